import { Role } from '#shared/enums'
import * as calls from '#shared/contract/content.manage'
import { anyone, requireRole } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as manage from './manage.service'

/** Content is edited by admins and publishers (SPEC §6); properties by admins only. */
const editors = requireRole(Role.admin, Role.publisher)
const admins = requireRole(Role.admin)
const edit = [editors, purgeAfterEdit]

export const contentManageRoutes = routes((on) => {
  on(calls.saveRoute, edit, async (f, ctx) => {
    const { route, created } = await manage.saveRoute(ctx, f)
    return answer({ route }, { created })
  })
  on(calls.deleteRoute, edit, async (f, ctx) => {
    await manage.deleteRoute(ctx, f.id)
  })
  on(calls.assignSymptom, edit, async (f, ctx) => ({
    symptoms: await manage.assignSymptom(ctx, f.route_id, f.symptom_id),
  }))
  on(calls.unassignSymptom, edit, async (f, ctx) => ({
    symptoms: await manage.unassignSymptom(ctx, f.route_id, f.symptom_id),
  }))
  on(calls.applyPrimarySymptom, edit, async (f, ctx) => ({
    symptoms: await manage.applyPrimary(ctx, f.route_id, f.symptom_id),
  }))
  on(calls.listRouteCategories, anyone, (q, ctx) => manage.listCategories(ctx, q))
  on(calls.saveRouteCategory, edit, async (f, ctx) => {
    const { category, created } = await manage.saveCategory(ctx, f)
    return answer({ category }, { created })
  })
  on(calls.deleteRouteCategory, edit, async (f, ctx) => {
    await manage.deleteCategory(ctx, f.id)
  })
  on(calls.listRouteSymptoms, anyone, async (q, ctx) => ({ symptoms: await manage.routeSymptoms(ctx, q) }))
  on(calls.listRouteProperties, admins, async (_, ctx) => ({ properties: await manage.listProperties(ctx) }))
  on(calls.saveSymptom, edit, async (f, ctx) => {
    const { symptom, created } = await manage.saveSymptom(ctx, f)
    return answer({ symptom }, { created })
  })
  on(calls.deleteSymptom, edit, async (f, ctx) => {
    await manage.deleteSymptom(ctx, f.id)
  })
})
