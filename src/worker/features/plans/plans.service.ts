// Plans (issue 7; SPEC §3 "Plan", §4 lock codes and "A plan is finished when progress is 100"):
// the public list, the caller's plans and plan status, and the admins' writes.
import { pagination } from '#shared/contract/list'
import type { MyPlanDto, PlanDto, PlanForm, PlansQuery, PlanSettingForm, PlanStatusDto, PlanStatusQuery } from '#shared/contract/plans'
import { createTranslator, type Translate } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import type { NewPlan, Plan } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { absentOf, required, uniqueSlug } from '#worker/features/content/editing'
import { routeProgress } from '#worker/features/playback/playback.repo'
import { planLocks, planProgress } from './locks'
import * as repo from './plans.repo'

const notFound = (message: 'plans.plan_missing' | 'plans.route_missing' | 'plans.user_missing' | 'plans.not_assigned' | 'plans.route_not_in_plan' | 'plans.no_plan' | 'plans.next_plan_missing') =>
  new AppError('not_found', { message })

type PlanRow = Pick<Plan, 'id' | 'language' | 'slug' | 'title' | 'description' | 'images' | 'visibility' | 'status'>
const planDto = (p: PlanRow): PlanDto => ({
  id: p.id,
  language: p.language,
  slug: p.slug,
  title: p.title,
  description: p.description ?? null,
  images: p.images ?? null,
  visibility: p.visibility,
  status: p.status,
})

export async function listPlans(ctx: Ctx, q: PlansQuery) {
  const { rows, total } = await repo.publicPlans(ctx.db, q.filters.language, q.order, q.perPage, q.offset)
  return { plans: rows.map(planDto), pagination: pagination(q, total, rows.length) }
}

export async function listMyPlans(ctx: Ctx, q: PlansQuery) {
  const { rows, total } = await repo.plansOfUser(ctx.db, ctx.user!.id, q.filters.language, q.perPage, q.offset)
  const plans: MyPlanDto[] = rows.map((r) => ({ ...planDto(r), assigned_at: r.assignedAt.toISOString(), finished_at: r.finishedAt ? r.finishedAt.toISOString() : null }))
  return { plans, pagination: pagination(q, total, plans.length) }
}

/** "2 h 5 min" / "12 min", rounded up to the minute. */
function timeLeft(t: Translate, ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return minutes < 60 ? t('plans.time.minutes', { n: minutes }) : t('plans.time.hours', { h: Math.floor(minutes / 60), m: minutes % 60 })
}

/**
 * GET /v1/my/plan/status: 4 D1 statements whatever the number of routes (the assignment and
 * plan; the plan's routes; their progress; the caller's appointments by status), plus 1 or 2 on
 * the one call that finds the plan just finished (mark it finished; assign the next plan).
 */
export async function planStatus(ctx: Ctx, q: PlanStatusQuery, now = new Date()): Promise<PlanStatusDto> {
  const userId = ctx.user!.id
  const plan = await repo.assignedPlan(ctx.db, userId, q.filters.plan_id)
  if (!plan) throw notFound(q.filters.plan_id !== undefined ? 'plans.plan_missing' : 'plans.no_plan')
  const items = await repo.planItems(ctx.db, plan.id)
  const [progress, appointments] = await Promise.all([
    routeProgress(ctx.db, userId, items.map((i) => i.routeId)),
    repo.appointmentCounts(ctx.db, userId),
  ])
  const facts = items.map((i) => {
    const p = progress.get(i.routeId)
    return {
      percent: p?.percent ?? 0,
      lastCompletedAt: p?.lastCompletedAt ?? null,
      setting: { waitingTimeHours: i.waitingTimeHours, needAppointment: i.needAppointment, needFinishedAppointment: i.needFinishedAppointment },
    }
  })
  const locks = planLocks(facts, appointments, now)
  const percent = planProgress(facts)
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  let finished = plan.finishedAt !== null
  if (!finished && items.length > 0 && percent >= 100) {
    // Only the call whose UPDATE flips finished_at assigns the next plan (SPEC §4), so two
    // concurrent calls finish the plan once.
    if (await repo.markFinished(ctx.db, plan.assignmentId, now)) {
      if (plan.nextPlanId) await repo.insertAssignment(ctx.db, plan.nextPlanId, userId, null)
    }
    finished = true
  }
  return {
    plan: { id: plan.id, slug: plan.slug, title: plan.title, description: plan.description ?? null },
    progress: percent,
    finished,
    items: items.map((i, n) => {
      const l = locks[n]!
      const f = facts[n]!
      return {
        route: { id: i.routeId, slug: i.slug, title: i.title, description: i.description ?? null, images: i.images ?? null },
        progress: f.percent,
        completed: l.completed,
        active: l.active,
        locked: l.locked,
        next_to_unlock: l.nextToUnlock,
        lock_code: l.lockCode,
        lock_message: l.lockCode === null ? null : l.lockCode === 'waiting_time' ? t('plans.locks.waiting_time', { time: timeLeft(t, l.waitMsLeft ?? 0) }) : t(`plans.locks.${l.lockCode}`),
        setting: { need_finished_appointment: i.needFinishedAppointment, need_appointment: i.needAppointment, waiting_time_minutes: i.waitingTimeHours * 60 },
      }
    }),
  }
}

/** POST /v1/plan: create (language, slug, title required) or update the fields sent. */
export async function savePlan(ctx: Ctx, f: PlanForm): Promise<{ plan: PlanDto; created: boolean }> {
  const patch: Partial<NewPlan> = {}
  if (f.language !== undefined) patch.language = f.language
  if (f.slug !== undefined) patch.slug = f.slug
  if (f.title !== undefined) patch.title = f.title
  if (f.description !== undefined) patch.description = f.description
  if (f.visibility !== undefined) patch.visibility = f.visibility as 1 | 2
  if (f.status !== undefined) patch.status = f.status
  if (f.category !== undefined) patch.category = f.category
  if (f.next_plan_id !== undefined) {
    if (f.next_plan_id !== null && !(await repo.findPlanById(ctx.db, f.next_plan_id))) throw notFound('plans.next_plan_missing')
    patch.nextPlanId = f.next_plan_id
  }
  if (f.id === undefined) {
    const absent = absentOf(f, ['language', 'slug', 'title'] as const)
    if (absent.length) throw required(absent)
    const row = await uniqueSlug(() => repo.insertPlan(ctx.db, { ...patch, createdBy: ctx.user?.id ?? null } as NewPlan))
    return { plan: planDto(row), created: true }
  }
  const current = await repo.findPlanById(ctx.db, f.id)
  if (!current) throw notFound('plans.plan_missing')
  const row = Object.keys(patch).length ? await uniqueSlug(() => repo.updatePlan(ctx.db, f.id!, { ...patch, updatedAt: new Date() })) : current
  if (!row) throw notFound('plans.plan_missing')
  return { plan: planDto(row), created: false }
}

export async function deletePlan(ctx: Ctx, id: number) {
  if (!(await repo.deletePlanRow(ctx.db, id))) throw notFound('plans.plan_missing')
}

export async function savePlanSetting(ctx: Ctx, f: PlanSettingForm) {
  const patch: Parameters<typeof repo.updatePlanRoute>[3] = {}
  if (f.order !== undefined) patch.order = f.order
  if (f.waiting_time_hours !== undefined) patch.waitingTimeHours = f.waiting_time_hours
  if (f.need_appointment !== undefined) patch.needAppointment = f.need_appointment
  if (f.need_finished_appointment !== undefined) patch.needFinishedAppointment = f.need_finished_appointment
  const row = Object.keys(patch).length ? await repo.updatePlanRoute(ctx.db, f.plan_id, f.route_id, patch) : await repo.findPlanRoute(ctx.db, f.plan_id, f.route_id)
  if (!row) throw notFound('plans.route_not_in_plan')
  return { need_finished_appointment: row.needFinishedAppointment, need_appointment: row.needAppointment, waiting_time_minutes: row.waitingTimeHours * 60, order: row.order }
}

export async function assignPlan(ctx: Ctx, planId: number, userId: number) {
  const [plan, user] = await Promise.all([repo.findPlanById(ctx.db, planId), repo.userExists(ctx.db, userId)])
  if (!plan) throw notFound('plans.plan_missing')
  if (!user) throw notFound('plans.user_missing')
  if (!(await repo.insertAssignment(ctx.db, planId, userId, ctx.user?.id ?? null))) throw new AppError('conflict', { message: 'plans.already_assigned' })
}

export async function unassignPlan(ctx: Ctx, planId: number, userId: number) {
  if (!(await repo.deleteAssignment(ctx.db, planId, userId))) throw notFound('plans.not_assigned')
}

export async function addPlanRoute(ctx: Ctx, planId: number, routeId: number, order: number | undefined) {
  const [plan, route] = await Promise.all([repo.findPlanById(ctx.db, planId), repo.routeExists(ctx.db, routeId)])
  if (!plan) throw notFound('plans.plan_missing')
  if (!route) throw notFound('plans.route_missing')
  if (!(await repo.insertPlanRoute(ctx.db, planId, routeId, order))) throw new AppError('conflict', { message: 'plans.route_in_plan' })
}

export async function removePlanRoute(ctx: Ctx, planId: number, routeId: number) {
  if (!(await repo.deletePlanRoute(ctx.db, planId, routeId))) throw notFound('plans.route_not_in_plan')
}
