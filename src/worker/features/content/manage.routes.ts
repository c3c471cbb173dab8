import { Hono } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/content.manage'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireRole } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as manage from './manage.service'

/** Content is edited by admins and publishers (SPEC §6); properties by admins only. */
const editors = requireRole(Role.admin, Role.publisher)
const admins = requireRole(Role.admin)

export const contentManageRoutes = new Hono<AppEnv>()
  .on(
    calls.saveRoute.method,
    calls.saveRoute.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.saveRoute, async (c, f) => {
      const { route, created } = await manage.saveRoute(ctxOf(c), f)
      return reply(
        c,
        calls.saveRoute,
        { route },
        {
          status: created ? 201 : 200,
          message: created ? 'content_manage.route_created' : 'content_manage.route_updated',
        },
      )
    }),
  )
  .on(
    calls.deleteRoute.method,
    calls.deleteRoute.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.deleteRoute, async (c, f) => {
      await manage.deleteRoute(ctxOf(c), f.id)
      return reply(c, calls.deleteRoute, {}, { message: 'content_manage.route_deleted' })
    }),
  )
  .on(
    calls.assignSymptom.method,
    calls.assignSymptom.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.assignSymptom, async (c, f) =>
      reply(
        c,
        calls.assignSymptom,
        { symptoms: await manage.assignSymptom(ctxOf(c), f.route_id, f.symptom_id) },
        { message: 'content_manage.symptom_assigned' },
      ),
    ),
  )
  .on(
    calls.unassignSymptom.method,
    calls.unassignSymptom.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.unassignSymptom, async (c, f) =>
      reply(
        c,
        calls.unassignSymptom,
        { symptoms: await manage.unassignSymptom(ctxOf(c), f.route_id, f.symptom_id) },
        { message: 'content_manage.symptom_unassigned' },
      ),
    ),
  )
  .on(
    calls.applyPrimarySymptom.method,
    calls.applyPrimarySymptom.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.applyPrimarySymptom, async (c, f) =>
      reply(
        c,
        calls.applyPrimarySymptom,
        { symptoms: await manage.applyPrimary(ctxOf(c), f.route_id, f.symptom_id) },
        { message: 'content_manage.primary_set' },
      ),
    ),
  )
  .on(
    calls.listRouteCategories.method,
    calls.listRouteCategories.path,
    anyone,
    ...endpoint(calls.listRouteCategories, async (c, q) =>
      reply(c, calls.listRouteCategories, await manage.listCategories(ctxOf(c), q)),
    ),
  )
  .on(
    calls.saveRouteCategory.method,
    calls.saveRouteCategory.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.saveRouteCategory, async (c, f) => {
      const { category, created } = await manage.saveCategory(ctxOf(c), f)
      return reply(
        c,
        calls.saveRouteCategory,
        { category },
        {
          status: created ? 201 : 200,
          message: created ? 'content_manage.category_created' : 'content_manage.category_updated',
        },
      )
    }),
  )
  .on(
    calls.deleteRouteCategory.method,
    calls.deleteRouteCategory.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.deleteRouteCategory, async (c, f) => {
      await manage.deleteCategory(ctxOf(c), f.id)
      return reply(c, calls.deleteRouteCategory, {}, { message: 'content_manage.category_deleted' })
    }),
  )
  .on(
    calls.listRouteSymptoms.method,
    calls.listRouteSymptoms.path,
    anyone,
    ...endpoint(calls.listRouteSymptoms, async (c, q) =>
      reply(c, calls.listRouteSymptoms, { symptoms: await manage.routeSymptoms(ctxOf(c), q) }),
    ),
  )
  .on(
    calls.listRouteProperties.method,
    calls.listRouteProperties.path,
    admins,
    ...endpoint(calls.listRouteProperties, async (c) =>
      reply(c, calls.listRouteProperties, { properties: await manage.listProperties(ctxOf(c)) }),
    ),
  )
  .on(
    calls.saveSymptom.method,
    calls.saveSymptom.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.saveSymptom, async (c, f) => {
      const { symptom, created } = await manage.saveSymptom(ctxOf(c), f)
      return reply(
        c,
        calls.saveSymptom,
        { symptom },
        {
          status: created ? 201 : 200,
          message: created ? 'content_manage.symptom_created' : 'content_manage.symptom_updated',
        },
      )
    }),
  )
  .on(
    calls.deleteSymptom.method,
    calls.deleteSymptom.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.deleteSymptom, async (c, f) => {
      await manage.deleteSymptom(ctxOf(c), f.id)
      return reply(c, calls.deleteSymptom, {}, { message: 'content_manage.symptom_deleted' })
    }),
  )
