// The admins' writes of plans (issue 7; SPEC §6 "Admin: manages ... plans"): a plan, its
// routes and their settings, and who is assigned to it. The routes file purges the public cache
// after each (plans.routes.ts).
import type { PlanDto, PlanForm, PlanSettingForm } from '#shared/contract/plans'
import type { Ctx } from '#worker/context'
import type { NewPlan } from '#worker/db/schema'
import { patchOf } from '#worker/db/patch'
import { AppError } from '#worker/http/errors'
import { absentOf, required, uniqueSlug } from '#worker/lib/editing'
import * as repo from './plans.repo'
import { notFound, planDto } from './service.shared'

/** POST /v1/plan: create (language, slug, title required) or update the fields sent. */
export async function savePlan(ctx: Ctx, f: PlanForm): Promise<{ plan: PlanDto; created: boolean }> {
  const patch: Partial<NewPlan> = patchOf(f, ['language', 'slug', 'title', 'description', 'status', 'category'])
  if (f.visibility !== undefined) patch.visibility = f.visibility as 1 | 2
  if (f.next_plan_id !== undefined) {
    if (f.next_plan_id !== null && !(await repo.findPlanById(ctx.db, f.next_plan_id)))
      throw notFound('plans.next_plan_missing')
    patch.nextPlanId = f.next_plan_id
  }
  if (f.id === undefined) {
    const absent = absentOf(f, ['language', 'slug', 'title'] as const)
    if (absent.length) throw required(absent)
    const row = await uniqueSlug(() =>
      repo.insertPlan(ctx.db, { ...patch, createdBy: ctx.user?.id ?? null } as NewPlan),
    )
    return { plan: planDto(row), created: true }
  }
  const current = await repo.findPlanById(ctx.db, f.id)
  if (!current) throw notFound('plans.plan_missing')
  const row = Object.keys(patch).length
    ? await uniqueSlug(() => repo.updatePlan(ctx.db, f.id!, { ...patch, updatedAt: new Date() }))
    : current
  if (!row) throw notFound('plans.plan_missing')
  return { plan: planDto(row), created: false }
}

export async function deletePlan(ctx: Ctx, id: number) {
  if (!(await repo.deletePlanRow(ctx.db, id))) throw notFound('plans.plan_missing')
}

export async function savePlanSetting(ctx: Ctx, f: PlanSettingForm) {
  const patch: Parameters<typeof repo.updatePlanRoute>[3] = patchOf(f, [
    'order',
    'waiting_time_hours',
    'need_appointment',
    'need_finished_appointment',
  ])
  const row = Object.keys(patch).length
    ? await repo.updatePlanRoute(ctx.db, f.plan_id, f.route_id, patch)
    : await repo.findPlanRoute(ctx.db, f.plan_id, f.route_id)
  if (!row) throw notFound('plans.route_not_in_plan')
  return {
    need_finished_appointment: row.needFinishedAppointment,
    need_appointment: row.needAppointment,
    waiting_time_minutes: row.waitingTimeHours * 60,
    order: row.order,
  }
}

export async function assignPlan(ctx: Ctx, planId: number, userId: number) {
  const [plan, user] = await Promise.all([repo.findPlanById(ctx.db, planId), repo.userExists(ctx.db, userId)])
  if (!plan) throw notFound('plans.plan_missing')
  if (!user) throw notFound('plans.user_missing')
  if (!(await repo.insertAssignment(ctx.db, planId, userId, ctx.user?.id ?? null)))
    throw new AppError('conflict', { message: 'plans.already_assigned' })
}

export async function unassignPlan(ctx: Ctx, planId: number, userId: number) {
  if (!(await repo.deleteAssignment(ctx.db, planId, userId))) throw notFound('plans.not_assigned')
}

export async function addPlanRoute(ctx: Ctx, planId: number, routeId: number, order: number | undefined) {
  const [plan, route] = await Promise.all([repo.findPlanById(ctx.db, planId), repo.routeExists(ctx.db, routeId)])
  if (!plan) throw notFound('plans.plan_missing')
  if (!route) throw notFound('plans.route_missing')
  if (!(await repo.insertPlanRoute(ctx.db, planId, routeId, order)))
    throw new AppError('conflict', { message: 'plans.route_in_plan' })
}

export async function removePlanRoute(ctx: Ctx, planId: number, routeId: number) {
  if (!(await repo.deletePlanRoute(ctx.db, planId, routeId))) throw notFound('plans.route_not_in_plan')
}
