// Plans (issue 7; SPEC §3 "Plan", §4 lock codes and "A plan is finished when progress is 100"):
// the public list, the caller's plans and plan status, a plan's page and the locks that block a
// route. The admins' writes are in plan-editing.service.ts, the starting plan in starting-plan.service.ts.
import type { SQL } from 'drizzle-orm'
import { rowsIn, type RunResult } from '#worker/db/query'
import { isRecommended, recommendedRouteIds } from '#worker/features/care/care.service'
import { servedImages } from '#shared/media'
import { pagination } from '#shared/contract/list'
import {
  planStatusQuery,
  type MyPlanDto,
  type PlanItemDto,
  type PlanPageData,
  type PlansQuery,
  type RouteBlockDto,
  type PlanStatusDto,
  type PlanStatusQuery,
} from '#shared/contract/plans'
import { ContentStatus, PlanVisibility, Role, type PlanLockCode } from '#shared/enums'
import { createTranslator, type Translate } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import { personal } from '#worker/http/person-cache'
import { findVisibleRoute, planRouteProgress, type RouteProgress } from '#worker/features/playback/progress'
import { sharedAnswer } from '#worker/http/public-cache'
import { planLocks, planProgress, type RouteLock } from './locks'
import { trackServerEvent } from '#worker/features/tracking/tracking.service'
import * as repo from './plans.repo'
import { awardRewards } from '#worker/features/engagement/engagement.service'
import { notFound, planDto } from './service.shared'
import { assignStartingPlan } from './starting-plan.service'

export async function listPlans(ctx: Ctx, q: PlansQuery) {
  const { rows, total } = await repo.publicPlans(ctx.db, q.filters.language, q.order, q.perPage, q.offset)
  return { plans: rows.map(planDto), pagination: pagination(q, total, rows.length) }
}

export async function listMyPlans(ctx: Ctx, q: PlansQuery) {
  const { rows, total } = await repo.plansOfUser(ctx.db, ctx.user!.id, q.filters.language, q.perPage, q.offset)
  const plans: MyPlanDto[] = rows.map((r) => ({
    ...planDto(r),
    assigned_at: r.assignedAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  }))
  return { plans, pagination: pagination(q, total, plans.length) }
}

/** "2 h 5 min" / "12 min", rounded up to the minute. */
function timeLeft(t: Translate, ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  return minutes < 60
    ? t('plans.time.minutes', { n: minutes })
    : t('plans.time.hours', { h: Math.floor(minutes / 60), m: minutes % 60 })
}

type AssignedPlan = NonNullable<Awaited<ReturnType<typeof repo.assignedPlan>>>

/** The lock state of every route of `plan` for the caller: 3 statements (routes, progress, appointments). */
async function computeStatus(ctx: Ctx, plan: AssignedPlan, now: Date, read?: PersonsPlanRows) {
  const userId = ctx.user!.id
  // One round: the plan's routes are the same for everyone (the versioned public cache, purged
  // by every plan edit), the person's progress and appointments are their own rows.
  // The person's rows are kept between their requests (http/person-cache.ts): a warm status reads no D1.
  const [items, progress, appointments, recommended] = await Promise.all([
    sharedPlanItems(ctx, plan.id),
    read?.progress ?? personal(ctx, 'plan-route-progress', plan.id, () => planRouteProgress(ctx.db, userId, plan.id)),
    read?.appointments ?? personal(ctx, 'appointment-counts', null, () => repo.appointmentCounts(ctx.db, userId)),
    read?.recommended ?? recommendedOf(ctx, userId),
  ])
  const status = statusOf(items, progress, appointments, now)
  // A route their psychologist recommended opens whatever the plan's order (issue 44 §3), in the
  // plan's list as at its own URL (routeBlock): open, not the frontier, no lock to explain.
  const open = new Set(recommended)
  status.locks = status.locks.map((l, n) =>
    l.locked && open.has(items[n]!.routeId)
      ? { ...l, locked: false, nextToUnlock: false, lockCode: null, waitMsLeft: null }
      : l,
  )
  return status
}

const recommendedOf = (ctx: Ctx, userId: number) =>
  personal(ctx, 'recommended-routes', null, () => recommendedRouteIds(ctx.db, userId))

type PersonsPlanRows = {
  progress: Awaited<ReturnType<typeof personal<Map<number, RouteProgress>>>>
  appointments: Awaited<ReturnType<typeof personal<Awaited<ReturnType<typeof repo.appointmentCounts>>>>>
  recommended: Awaited<ReturnType<typeof recommendedOf>>
}

/**
 * The person's plan and its rows in ONE D1 round (issue 43 §3): the progress is read for the plan
 * the assignment read finds (its id a subquery), side by side with that read and the
 * appointments, instead of after it. At a replica 80 ms away that is 80 ms, not 160.
 */
async function planAndRows(ctx: Ctx, planId: number | undefined) {
  const userId = ctx.user!.id
  const [plan, progress, appointments, recommended] = await Promise.all([
    personal(ctx, 'assigned-plan', planId ?? null, () => repo.assignedPlan(ctx.db, userId, planId)),
    personal(ctx, 'assigned-plan-progress', planId ?? null, () =>
      planRouteProgress(ctx.db, userId, repo.assignedPlanId(ctx.db, userId, planId)),
    ),
    personal(ctx, 'appointment-counts', null, () => repo.appointmentCounts(ctx.db, userId)),
    recommendedOf(ctx, userId),
  ])
  return { plan, read: { progress, appointments, recommended } satisfies PersonsPlanRows }
}

function statusOf(
  items: repo.PlanItemRow[],
  progress: ReadonlyMap<number, Readonly<RouteProgress>>,
  appointments: Awaited<ReturnType<typeof repo.appointmentCounts>>,
  now: Date,
) {
  const facts = items.map((i) => {
    const p = progress.get(i.routeId)
    return {
      percent: p?.percent ?? 0,
      lastCompletedAt: p?.lastCompletedAt ? new Date(p.lastCompletedAt) : null,
      setting: {
        waitingTimeHours: i.waitingTimeHours,
        needAppointment: i.needAppointment,
        needFinishedAppointment: i.needFinishedAppointment,
      },
    }
  })
  return { items, facts, locks: planLocks(facts, appointments, now), percent: planProgress(facts) }
}

/** The plan's visible routes in order: shared by everyone on that plan (http/public-cache.ts). */
export const sharedPlanItems = (ctx: Ctx, planId: number) =>
  sharedAnswer(ctx.env, ctx.waitUntil, 'plan-items', planId, () => repo.planItems(ctx.db, planId))

function lockMessage(t: Translate, l: RouteLock) {
  if (l.lockCode === null) return null
  return l.lockCode === 'waiting_time'
    ? t('plans.locks.waiting_time', { time: timeLeft(t, l.waitMsLeft ?? 0) })
    : t(`plans.locks.${l.lockCode}`)
}

/**
 * GET /v1/my/plan/status: 5 D1 statements in 2 rounds whatever the number of routes (the
 * assignment and plan; then together the plan's routes, from the public cache when warm, their
 * progress, the caller's appointments by status and the routes recommended to them), plus a few on
 * the one call that finds the plan just finished (mark it, record plan_finished, assign the
 * next plan) and on a person's first call when they have no plan at all (the starting plan).
 */
export async function planStatus(ctx: Ctx, q: PlanStatusQuery, now = new Date()): Promise<PlanStatusDto> {
  const userId = ctx.user!.id
  const first = await planAndRows(ctx, q.filters.plan_id)
  let plan = first.plan
  let read: PersonsPlanRows | undefined = first.read
  // A person who never had a plan (signed up with Google, created by an admin, or before plans
  // existed) gets the starting plan of their language on their first look (issue 7 §4).
  if (
    !plan &&
    q.filters.plan_id === undefined &&
    (await assignStartingPlan(ctx, userId, ctx.user!.language, undefined, now))
  ) {
    plan = await repo.assignedPlan(ctx.db, userId, undefined)
    read = undefined // read before the plan existed
  }
  if (!plan) throw notFound(q.filters.plan_id !== undefined ? 'plans.plan_missing' : 'plans.no_plan')
  const { items, facts, locks, percent } = await computeStatus(ctx, plan, now, read)
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  let finished = plan.finishedAt !== null
  let justFinished = false
  if (!finished && items.length > 0 && percent >= 100) {
    justFinished = await finishPlan(ctx, plan, now)
    finished = true
  }
  return {
    plan: { id: plan.id, slug: plan.slug, title: plan.title, description: plan.description ?? null },
    progress: percent,
    finished,
    just_finished: justFinished,
    items: items.map((i, n) => itemDto(t, i, locks[n]!, facts[n]!.percent)),
  }
}

function itemDto(t: Translate, i: repo.PlanItemRow, l: RouteLock, percent: number): PlanItemDto {
  return {
    route: {
      id: i.routeId,
      slug: i.slug,
      title: i.title,
      description: i.description ?? null,
      images: servedImages(i.images),
    },
    progress: percent,
    completed: l.completed,
    active: l.active,
    locked: l.locked,
    next_to_unlock: l.nextToUnlock,
    lock_code: l.lockCode,
    lock_message: lockMessage(t, l),
    setting: {
      need_finished_appointment: i.needFinishedAppointment,
      need_appointment: i.needAppointment,
      waiting_time_minutes: i.waitingTimeHours * 60,
    },
  }
}

/**
 * A plan reached 100 (SPEC §4): only the call whose UPDATE flips finished_at goes on, so two
 * concurrent calls finish it once: it records plan_finished and assigns the next plan, which
 * becomes the person's current plan. True for that one call.
 */
async function finishPlan(ctx: Ctx, plan: AssignedPlan, now: Date) {
  const userId = ctx.user!.id
  if (!(await repo.markFinished(ctx.db, plan.assignmentId, now))) return false
  const next = await repo.nextPlanFor(ctx.db, userId, {
    id: plan.id,
    language: plan.language,
    nextPlanId: plan.nextPlanId,
  })
  if (next) await repo.insertAssignment(ctx.db, next.id, userId, null, now)
  await trackServerEvent(ctx, userId, 'plan_finished', { plan_id: plan.id, next_plan_id: next?.id ?? null }, now)
  await awardRewards(ctx, userId, ctx.locale, now.getTime()).catch((err) =>
    console.warn(`rewards of user ${userId} not awarded: ${String(err)}`),
  ) // issue 11: plans completed
  return true
}
/** Why the caller may not open route `routeId` now (SPEC §4 "Locked routes cannot be opened"). */
export interface RouteBlock {
  plan: { id: number; slug: string; title: string }
  lock_code: PlanLockCode
  lock_message: string
}

/**
 * Whether the caller's plan (`planId` when given, else their current plan) holds route
 * `routeId` locked. One statement when the route is not in that plan; four when it is.
 * Admins and publishers review content and are never blocked; nor are visitors (they cannot
 * play anyway) or people without a plan.
 */
export async function routeBlock(
  ctx: Ctx,
  routeId: number,
  planId?: number,
  now = new Date(),
): Promise<RouteBlock | null> {
  const user = ctx.user
  if (!user || user.role === Role.admin || user.role === Role.publisher) return null
  // One round: the plan, the person's progress in its routes (the plan as a subquery) and their
  // appointments together; the plan's routes come from the public cache (issue 21 §2, §3).
  // Kept between the person's requests (http/person-cache.ts).
  const [plan, progress, appointments, recommended] = await personal(
    ctx,
    'route-block',
    [planId ?? null, routeId],
    () =>
      Promise.all([
        repo.lockingPlan(ctx.db, user.id, planId, routeId),
        planRouteProgress(ctx.db, user.id, repo.lockingPlanId(ctx.db, user.id, planId, routeId)),
        repo.appointmentCounts(ctx.db, user.id),
        isRecommended(ctx.db, user.id, routeId),
      ]),
  )
  // A route their psychologist recommended opens whatever the plan's order (issue 44 §3); what a
  // subscription gates is checked by playback after this, and stays gated.
  if (!plan || !plan.hasRoute || recommended) return null
  const items = await sharedPlanItems(ctx, plan.id)
  const { locks } = statusOf(items, progress, appointments, now)
  const n = items.findIndex((i) => i.routeId === routeId)
  const l = n >= 0 ? locks[n]! : null
  if (!l || !l.locked || !l.lockCode) return null
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  return {
    plan: { id: plan.id, slug: plan.slug, title: plan.title },
    lock_code: l.lockCode,
    lock_message: lockMessage(t, l)!,
  }
}

/**
 * routeBlock as a SELECT a write carries as its condition (issue 43 §3, docs/decisions/073): a row
 * when the caller's current plan holds route `routeId` (a subquery, e.g. a unit's route) locked
 * at `now`; null when nobody's plan can lock it for this caller (admins, publishers review
 * content). The same rules as routeBlock without a `plan_id` (plans.repo routeLockQuery).
 */
export function routeLockQuery(ctx: Ctx, routeId: SQL, now: number): SQL | null {
  const user = ctx.user
  if (!user || user.role === Role.admin || user.role === Role.publisher) return null
  return repo.routeLockQuery(user.id, routeId, now)
}

/** The row of routeLockQuery as routeBlock answers it (the lock's message in the caller's language). */
export function blockOfRow(ctx: Ctx, result: RunResult | undefined): RouteBlock | null {
  const [row] = rowsIn(result, repo.routeLockRow)
  if (!row) return null
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  const lock = { lockCode: row.lock_code, waitMsLeft: row.wait_ms_left } as RouteLock
  return {
    plan: { id: row.plan_id, slug: row.slug, title: row.title },
    lock_code: row.lock_code,
    lock_message: lockMessage(t, lock)!,
  }
}

/**
 * /plan/{slug}?plan_id=: the plan by id (else by slug in the page's language). The person it is
 * assigned to sees their progress and locks (the status call's); anyone else sees its routes in
 * order from the start. A private or hidden plan is found only by those it is assigned to.
 */
export async function planPage(
  ctx: Ctx,
  slug: string,
  planId: number | undefined,
  now = new Date(),
): Promise<PlanPageData> {
  const plan =
    planId !== undefined ? await repo.findPlanById(ctx.db, planId) : await repo.findPlanBySlug(ctx.db, slug, ctx.locale)
  if (!plan) throw notFound('plans.plan_missing')
  const mine = ctx.user ? await repo.assignedPlan(ctx.db, ctx.user.id, plan.id) : undefined
  if (mine) {
    const status = await planStatus(ctx, planStatusQuery.parse({ plan_id: String(plan.id) }), now)
    return { plan: planDto(plan), assigned: true, progress: status.progress, items: status.items }
  }
  if (plan.visibility !== PlanVisibility.public || plan.status !== ContentStatus.visible)
    throw notFound('plans.plan_missing')
  const items = await repo.planItems(ctx.db, plan.id)
  const facts = items.map((i) => ({
    percent: 0,
    lastCompletedAt: null,
    setting: {
      waitingTimeHours: i.waitingTimeHours,
      needAppointment: i.needAppointment,
      needFinishedAppointment: i.needFinishedAppointment,
    },
  }))
  const locks = planLocks(facts, {}, now)
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  return { plan: planDto(plan), assigned: false, progress: 0, items: items.map((i, n) => itemDto(t, i, locks[n]!, 0)) }
}

/**
 * The plan a route page was opened from (`?plan_id=`), for its back link (SPEC §2: back goes to
 * the plan): a public visible plan or one assigned to the caller, else null (back to the journey).
 */
export async function planLinkOf(
  ctx: Ctx,
  planId: number,
): Promise<{ id: number; slug: string; title: string } | null> {
  const plan = await repo.findPlanById(ctx.db, planId)
  if (!plan) return null
  const open = plan.visibility === PlanVisibility.public && plan.status === ContentStatus.visible
  if (!open && !(ctx.user && (await repo.assignedPlan(ctx.db, ctx.user.id, plan.id)))) return null
  return { id: plan.id, slug: plan.slug, title: plan.title }
}
/** The blocked-route page reached by its own URL (?route=slug): the lock now, or null when open. */
export async function blockOfSlug(ctx: Ctx, slug: string, planId: number | undefined): Promise<RouteBlockDto | null> {
  const route = slug ? await findVisibleRoute(ctx, { slug: slug.slice(0, 200), language: ctx.locale }) : undefined
  if (!route) return null
  const block = await routeBlock(ctx, route.id, planId)
  return (
    block && {
      route: { slug: route.slug, title: route.title },
      plan: block.plan,
      lock_code: block.lock_code,
      lock_message: block.lock_message,
    }
  )
}
