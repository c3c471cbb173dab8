// Plans, their routes and assignments (CONVENTIONS 3: SQL only here).
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { AppointmentStatus, ContentStatus, PLAN_LOCK_CODES, PlanVisibility } from '#shared/enums'
import type { Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import { byId, pairRows } from '#worker/db/by-id'
import { tablePage } from '#worker/db/page'
import { appointments, planAssignments, planRoutes, plans, routes, users, type Plan } from '#worker/db/schema'

const assignments = pairRows(planAssignments, planAssignments.planId, planAssignments.userId)
const planRouteLinks = pairRows(planRoutes, planRoutes.planId, planRoutes.routeId)

export const { find: findPlanById, insert: insertPlan, update: updatePlan, remove: deletePlanRow } = byId(plans)
export const userExists = async (db: Db, id: number) =>
  !!(await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get())
export const routeExists = async (db: Db, id: number) =>
  !!(await db.select({ id: routes.id }).from(routes).where(eq(routes.id, id)).get())

/** Public, visible plans (optionally of one language), one page and the total. */
export async function publicPlans(
  db: Db,
  language: Locale | undefined,
  order: { column: string; dir: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(plans.visibility, PlanVisibility.public),
    eq(plans.status, ContentStatus.visible),
    language ? eq(plans.language, language) : undefined,
  )
  const col = order.column === 'title' ? plans.title : plans.id
  return tablePage(db, plans, where, [order.dir === 'desc' ? desc(col) : asc(col), asc(plans.id)], { limit, offset })
}

/** The person's current plan first: unfinished before finished, then the latest assigned. */
const CURRENT_FIRST = [
  sql`${planAssignments.finishedAt} IS NULL DESC`,
  desc(planAssignments.assignedAt),
  desc(planAssignments.id),
] as const

const assignedCols = {
  id: plans.id,
  language: plans.language,
  slug: plans.slug,
  title: plans.title,
  description: plans.description,
  images: plans.images,
  visibility: plans.visibility,
  status: plans.status,
  nextPlanId: plans.nextPlanId,
  assignmentId: planAssignments.id,
  assignedAt: planAssignments.assignedAt,
  finishedAt: planAssignments.finishedAt,
}

/** The plans assigned to a user, latest first, one page and the total. */
export async function plansOfUser(db: Db, userId: number, language: Locale | undefined, limit: number, offset: number) {
  const where = and(eq(planAssignments.userId, userId), language ? eq(plans.language, language) : undefined)
  const [rows, [total]] = await Promise.all([
    db
      .select(assignedCols)
      .from(planAssignments)
      .innerJoin(plans, eq(plans.id, planAssignments.planId))
      .where(where)
      .orderBy(desc(planAssignments.assignedAt), desc(planAssignments.id))
      .limit(limit)
      .offset(offset)
      .all(),
    db.select({ n: count() }).from(planAssignments).innerJoin(plans, eq(plans.id, planAssignments.planId)).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/**
 * The plan id assignedPlan would find, as a subquery: a read of the plan's rows can start in the
 * same D1 round as assignedPlan itself (issue 43 §3: one round a call).
 */
export function assignedPlanId(db: Db, userId: number, planId: number | undefined) {
  return db
    .select({ id: planAssignments.planId })
    .from(planAssignments)
    .innerJoin(plans, eq(plans.id, planAssignments.planId))
    .where(
      and(eq(planAssignments.userId, userId), planId !== undefined ? eq(planAssignments.planId, planId) : undefined),
    )
    .orderBy(...CURRENT_FIRST)
    .limit(1)
}

/** One statement: the user's assignment of `planId`, or (no id) their latest unfinished one, else their latest. */
export function assignedPlan(db: Db, userId: number, planId: number | undefined) {
  return db
    .select(assignedCols)
    .from(planAssignments)
    .innerJoin(plans, eq(plans.id, planAssignments.planId))
    .where(
      and(eq(planAssignments.userId, userId), planId !== undefined ? eq(planAssignments.planId, planId) : undefined),
    )
    .orderBy(...CURRENT_FIRST)
    .limit(1)
    .get()
}

export const findPlanBySlug = (db: Db, slug: string, language: Locale): Promise<Plan | undefined> =>
  db
    .select()
    .from(plans)
    .where(and(eq(plans.slug, slug), eq(plans.language, language)))
    .get()

export type PlanItemRow = Awaited<ReturnType<typeof planItems>>[number]

/** One statement: the plan's visible routes in order, with their lock settings. */
export function planItems(db: Db, planId: number) {
  return db
    .select({
      routeId: routes.id,
      slug: routes.slug,
      title: routes.title,
      description: routes.description,
      images: routes.images,
      order: planRoutes.order,
      waitingTimeHours: planRoutes.waitingTimeHours,
      needAppointment: planRoutes.needAppointment,
      needFinishedAppointment: planRoutes.needFinishedAppointment,
    })
    .from(planRoutes)
    .innerJoin(routes, eq(routes.id, planRoutes.routeId))
    .where(and(eq(planRoutes.planId, planId), eq(routes.status, ContentStatus.visible)))
    .orderBy(asc(planRoutes.order), asc(planRoutes.id))
    .all()
}

/** One statement: how many appointments the user (as guest) has in each status. */
export async function appointmentCounts(db: Db, userId: number): Promise<Partial<Record<AppointmentStatus, number>>> {
  const rows = await db
    .select({ status: appointments.status, n: count() })
    .from(appointments)
    .where(eq(appointments.guestId, userId))
    .groupBy(appointments.status)
    .all()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

/** Mark an assignment finished once: only the call that flips finished_at from NULL gets true. */
export async function markFinished(db: Db, assignmentId: number, at: Date) {
  const row = await db
    .update(planAssignments)
    .set({ finishedAt: at })
    .where(and(eq(planAssignments.id, assignmentId), isNull(planAssignments.finishedAt)))
    .returning({ id: planAssignments.id })
    .get()
  return !!row
}

/** Assign once: false when the pair exists already (the unique index decides). Times are to the
 *  millisecond, so the latest assignment is the current plan even within one second. */
export async function insertAssignment(
  db: Db,
  planId: number,
  userId: number,
  assignedBy: number | null,
  at = new Date(),
) {
  return assignments.add(db, { planId, userId, assignedBy, assignedAt: at })
}
export const deleteAssignment = assignments.remove

/** Add once, last in order unless `order` is given: false when the route is in the plan already. */
export async function insertPlanRoute(db: Db, planId: number, routeId: number, order: number | undefined) {
  const ord = order ?? sql`(SELECT COALESCE(MAX("order"), 0) + 1 FROM plan_routes WHERE plan_id = ${planId})`
  return planRouteLinks.add(db, { planId, routeId, order: ord as number })
}
export const deletePlanRoute = planRouteLinks.remove

export const updatePlanRoute = (
  db: Db,
  planId: number,
  routeId: number,
  patch: Partial<typeof planRoutes.$inferInsert>,
) =>
  db
    .update(planRoutes)
    .set(patch)
    .where(and(eq(planRoutes.planId, planId), eq(planRoutes.routeId, routeId)))
    .returning()
    .get()
export const findPlanRoute = (db: Db, planId: number, routeId: number) =>
  db
    .select()
    .from(planRoutes)
    .where(and(eq(planRoutes.planId, planId), eq(planRoutes.routeId, routeId)))
    .get()

// ── Choosing plans for a person (plans.service.ts "Which plan") ─────────────────────────────────

/**
 * One statement: a visible plan of `language` for a starting person: of `category` when one is
 * given and exists, else of the default category (SPEC §9 "Defaults: category anxiety"), else
 * any; the oldest first, so the seeded plan wins over later copies.
 */
export function startingPlan(db: Db, language: Locale, category: string, fallback: string) {
  return db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.language, language), eq(plans.status, ContentStatus.visible)))
    .orderBy(
      sql`CASE WHEN ${plans.category} = ${category} THEN 0 WHEN ${plans.category} = ${fallback} THEN 1 ELSE 2 END`,
      asc(plans.id),
    )
    .limit(1)
    .get()
}

/**
 * One statement: the plan to follow a finished one: its `next_plan_id` when set and not yet
 * the person's, else the first visible plan of the same language the person has never had.
 */
export function nextPlanFor(
  db: Db,
  userId: number,
  finished: { id: number; language: Locale; nextPlanId: number | null },
) {
  const mine = db
    .select({ planId: planAssignments.planId })
    .from(planAssignments)
    .where(eq(planAssignments.userId, userId))
  return db
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(
        eq(plans.status, ContentStatus.visible),
        sql`${plans.id} NOT IN ${mine}`,
        sql`(${plans.id} = ${finished.nextPlanId ?? -1} OR ${plans.language} = ${finished.language})`,
      ),
    )
    .orderBy(sql`${plans.id} = ${finished.nextPlanId ?? -1} DESC`, asc(plans.id))
    .limit(1)
    .get()
}

/** Make `planId` the person's current plan: assigned now (again, if it was theirs before). */
export async function assignAsCurrent(db: Db, planId: number, userId: number, at: Date) {
  await db
    .insert(planAssignments)
    .values({ planId, userId, assignedAt: at })
    .onConflictDoUpdate({ target: [planAssignments.planId, planAssignments.userId], set: { assignedAt: at } })
    .run()
}

/** One statement: the category of the person's current plan (latest unfinished, else latest), if any. */
export async function currentCategory(db: Db, userId: number) {
  const row = await db
    .select({ category: plans.category })
    .from(planAssignments)
    .innerJoin(plans, eq(plans.id, planAssignments.planId))
    .where(eq(planAssignments.userId, userId))
    .orderBy(...CURRENT_FIRST)
    .limit(1)
    .get()
  return row ? (row.category ?? null) : undefined
}

/**
 * One statement: the plan that decides whether the person may open route `routeId` (the plan
 * `planId` when given, else their current one, as assignedPlan picks it) and whether the route
 * is in it. Undefined when the person has no such plan.
 */
/**
 * The id of the plan `lockingPlan` answers, as a subquery: reads that depend on it (the person's
 * progress in its routes) run beside it instead of after it (issue 21 §2).
 */
/**
 * Which of the person's plans decides a route's lock: the plan `planId` names when it is theirs
 * and holds the route, else their current plan. A plan_id is the page's hint of where the person
 * came from, never a key: one that is not theirs, or does not hold the route, cannot open a route
 * their plan still locks (found from outside: ?plan_id=999999 opened it with its media).
 */
/** Whether the assignment's plan holds the route. */
const holdsRoute = (routeId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM plan_routes pr WHERE pr.plan_id = ${planAssignments.planId} AND pr.route_id = ${routeId})`

function lockingOrder(userId: number, planId: number | undefined, routeId: number) {
  const named =
    planId === undefined ? [] : [sql`(${planAssignments.planId} = ${planId} AND ${holdsRoute(routeId)}) DESC`]
  return { where: eq(planAssignments.userId, userId), orderBy: [...named, ...CURRENT_FIRST] }
}

export function lockingPlanId(db: Db, userId: number, planId: number | undefined, routeId: number) {
  const { where, orderBy } = lockingOrder(userId, planId, routeId)
  return db
    .select({ id: planAssignments.planId })
    .from(planAssignments)
    .where(where)
    .orderBy(...orderBy)
    .limit(1)
}

export function lockingPlan(db: Db, userId: number, planId: number | undefined, routeId: number) {
  const { where, orderBy } = lockingOrder(userId, planId, routeId)
  return db
    .select({
      ...assignedCols,
      hasRoute: holdsRoute(routeId),
    })
    .from(planAssignments)
    .innerJoin(plans, eq(plans.id, planAssignments.planId))
    .where(where)
    .orderBy(...orderBy)
    .limit(1)
    .get()
}

// ── A route's lock as a condition of a write (issue 43 §3, docs/decisions/073) ─────────────────

/**
 * The lock that the person's current plan holds on route `routeId` now, as ONE SELECT that needs
 * nothing read before it: a row (the plan, the lock code, the time left of a `waiting_time`)
 * when the route is locked, none when it is open. It says in SQL what routeBlock says with
 * planLocks over the rows it read (locks.ts; test/plans/route-block-sql.test.ts holds the two
 * equal), so a write can carry it as a condition (`NOT EXISTS (…)`) in the same batch that
 * explains a refusal: the plan the person is on (their current assignment, as assignedPlan
 * orders them), the plan's visible routes in order, each one's completion (every visible unit)
 * and last completion, the person's appointments (booked: pending or confirmed; attended: attended
 * or finished by overtime), and a recommendation of the route (it then opens whatever the order).
 */
export function routeLockQuery(userId: number, routeId: SQL, now: number): SQL {
  const visible = ContentStatus.visible
  const booked = [AppointmentStatus.pending, AppointmentStatus.confirmed].join(', ')
  const attended = [AppointmentStatus.attended, AppointmentStatus.finished_by_overtime].join(', ')
  const before = sql.raw('(i.o < me.o OR (i.o = me.o AND i.k < me.k))')
  return sql`SELECT plan_id, slug, title, lock_code, wait_ms_left FROM (
    SELECT lp.id AS plan_id, lp.slug, lp.title,
      CASE WHEN me.done THEN NULL
           WHEN me.behind THEN 'route_not_completed'
           WHEN me.prev_last IS NOT NULL AND me.wait > 0 AND me.prev_last + me.wait * 3600000 > ${now} THEN 'waiting_time'
           WHEN me.nfa AND a.attended = 0 THEN 'need_finished_appointment'
           WHEN me.na AND a.booked + a.attended = 0 THEN 'need_appointment'
      END AS lock_code,
      me.prev_last + me.wait * 3600000 - ${now} AS wait_ms_left
    FROM (
      WITH items AS (
        SELECT pr.route_id, pr."order" AS o, pr.id AS k, pr.waiting_time_hours AS wait,
          pr.need_appointment AS na, pr.need_finished_appointment AS nfa,
          (SELECT count(*) > 0 AND count(p.completed_at) = count(*) FROM units u
             LEFT JOIN unit_progress p ON p.unit_id = u.id AND p.user_id = ${userId}
             WHERE u.route_id = pr.route_id AND u.status = ${visible}) AS done,
          (SELECT max(p.completed_at) FROM units u
             JOIN unit_progress p ON p.unit_id = u.id AND p.user_id = ${userId}
             WHERE u.route_id = pr.route_id AND u.status = ${visible}) AS last
        FROM plan_routes pr JOIN routes r ON r.id = pr.route_id AND r.status = ${visible}
        WHERE pr.plan_id = (SELECT id FROM (${currentPlan(userId)}))
      )
      SELECT me.*, (SELECT i.last FROM items i WHERE ${before} ORDER BY i.o DESC, i.k DESC LIMIT 1) AS prev_last,
        EXISTS (SELECT 1 FROM items i WHERE ${before} AND NOT i.done) AS behind
      FROM items me WHERE me.route_id = ${routeId}
    ) me
    JOIN (${currentPlan(userId)}) lp
    JOIN (SELECT coalesce(sum(status IN (${sql.raw(booked)})), 0) AS booked,
                 coalesce(sum(status IN (${sql.raw(attended)})), 0) AS attended
          FROM appointments WHERE guest_id = ${userId}) a
    WHERE NOT EXISTS (SELECT 1 FROM recommendation_routes rr JOIN recommendations rc ON rc.id = rr.recommendation_id
                      WHERE rc.user_id = ${userId} AND rr.route_id = ${routeId})
  ) WHERE lock_code IS NOT NULL`
}

/** The person's current plan (latest unfinished, else latest: CURRENT_FIRST), its id, slug and title. */
const currentPlan = (userId: number) =>
  sql`SELECT pa.plan_id AS id, p.slug, p.title FROM plan_assignments pa JOIN plans p ON p.id = pa.plan_id
      WHERE pa.user_id = ${userId} ORDER BY pa.finished_at IS NULL DESC, pa.assigned_at DESC, pa.id DESC LIMIT 1`

export const routeLockRow = z.object({
  plan_id: z.number(),
  slug: z.string(),
  title: z.string(),
  lock_code: z.enum(PLAN_LOCK_CODES),
  wait_ms_left: z.number().nullable(),
})
