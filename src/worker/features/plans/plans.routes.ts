import { Hono } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/plans'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireRole, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as plans from './plans.service'

/** Plans are managed by admins only (SPEC §6 "Admin: manages ... plans"); edits of plans and
 *  their routes bump the shared content version (public pages may show them). */
const admins = requireRole(Role.admin)

export const plansRoutes = new Hono<AppEnv>()
  .on(
    calls.listPlans.method,
    calls.listPlans.path,
    anyone,
    ...endpoint(calls.listPlans, async (c, q) => reply(c, calls.listPlans, await plans.listPlans(ctxOf(c), q))),
  )
  .on(
    calls.listMyPlans.method,
    calls.listMyPlans.path,
    requireUser,
    ...endpoint(calls.listMyPlans, async (c, q) => reply(c, calls.listMyPlans, await plans.listMyPlans(ctxOf(c), q))),
  )
  .on(
    calls.myPlanStatus.method,
    calls.myPlanStatus.path,
    requireUser,
    ...endpoint(calls.myPlanStatus, async (c, q) =>
      reply(c, calls.myPlanStatus, { status: await plans.planStatus(ctxOf(c), q) }),
    ),
  )
  .on(
    calls.savePlan.method,
    calls.savePlan.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.savePlan, async (c, f) => {
      const { plan, created } = await plans.savePlan(ctxOf(c), f)
      return reply(
        c,
        calls.savePlan,
        { plan },
        { status: created ? 201 : 200, message: created ? 'plans.plan_created' : 'plans.plan_updated' },
      )
    }),
  )
  .on(
    calls.deletePlan.method,
    calls.deletePlan.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.deletePlan, async (c, f) => {
      await plans.deletePlan(ctxOf(c), f.id)
      return reply(c, calls.deletePlan, {}, { message: 'plans.plan_deleted' })
    }),
  )
  .on(
    calls.savePlanSetting.method,
    calls.savePlanSetting.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.savePlanSetting, async (c, f) =>
      reply(
        c,
        calls.savePlanSetting,
        { setting: await plans.savePlanSetting(ctxOf(c), f) },
        { message: 'plans.setting_updated' },
      ),
    ),
  )
  .on(
    calls.assignPlan.method,
    calls.assignPlan.path,
    admins,
    ...endpoint(calls.assignPlan, async (c, f) => {
      await plans.assignPlan(ctxOf(c), f.plan_id, f.user_id)
      return reply(c, calls.assignPlan, {}, { status: 201, message: 'plans.assigned' })
    }),
  )
  .on(
    calls.unassignPlan.method,
    calls.unassignPlan.path,
    admins,
    ...endpoint(calls.unassignPlan, async (c, f) => {
      await plans.unassignPlan(ctxOf(c), f.plan_id, f.user_id)
      return reply(c, calls.unassignPlan, {}, { message: 'plans.unassigned' })
    }),
  )
  .on(
    calls.addPlanRoute.method,
    calls.addPlanRoute.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.addPlanRoute, async (c, f) => {
      await plans.addPlanRoute(ctxOf(c), f.plan_id, f.route_id, f.order)
      return reply(c, calls.addPlanRoute, {}, { status: 201, message: 'plans.route_added' })
    }),
  )
  .on(
    calls.removePlanRoute.method,
    calls.removePlanRoute.path,
    admins,
    purgeAfterEdit,
    ...endpoint(calls.removePlanRoute, async (c, f) => {
      await plans.removePlanRoute(ctxOf(c), f.plan_id, f.route_id)
      return reply(c, calls.removePlanRoute, {}, { message: 'plans.route_removed' })
    }),
  )
