import { Role } from '#shared/enums'
import * as calls from '#shared/contract/plans'
import { anyone, requireRole, requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as editing from './plan-editing.service'
import * as plans from './plans.service'

/** Plans are managed by admins only (SPEC §6 "Admin: manages ... plans"); edits of plans and
 *  their routes bump the shared content version (public pages may show them). */
const admins = requireRole(Role.admin)
const edit = [admins, purgeAfterEdit]

export const plansRoutes = routes((on) => {
  on(calls.listPlans, anyone, (q, ctx) => plans.listPlans(ctx, q))
  on(calls.listMyPlans, requireUser, (q, ctx) => plans.listMyPlans(ctx, q))
  on(calls.myPlanStatus, requireUser, async (q, ctx) => ({ status: await plans.planStatus(ctx, q) }))
  on(calls.savePlan, edit, async (f, ctx) => {
    const { plan, created } = await editing.savePlan(ctx, f)
    return answer({ plan }, { created })
  })
  on(calls.deletePlan, edit, async (f, ctx) => {
    await editing.deletePlan(ctx, f.id)
  })
  on(calls.savePlanSetting, edit, async (f, ctx) => ({ setting: await editing.savePlanSetting(ctx, f) }))
  on(calls.assignPlan, admins, async (f, ctx) => {
    await editing.assignPlan(ctx, f.plan_id, f.user_id)
  })
  on(calls.unassignPlan, admins, async (f, ctx) => {
    await editing.unassignPlan(ctx, f.plan_id, f.user_id)
  })
  on(calls.addPlanRoute, edit, async (f, ctx) => {
    await editing.addPlanRoute(ctx, f.plan_id, f.route_id, f.order)
  })
  on(calls.removePlanRoute, edit, async (f, ctx) => {
    await editing.removePlanRoute(ctx, f.plan_id, f.route_id)
  })
})
