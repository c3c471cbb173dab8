// Every query of units, progress and playback (CONVENTIONS 3: SQL lives only in *.repo.ts).
import { and, asc, count, eq, inArray, max, sql, type SQLWrapper } from 'drizzle-orm'
import { ContentStatus } from '#shared/enums'
import type { Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import { visibleRoute } from '#worker/db/visible'
import { planRoutes, routes, unitProgress, units } from '#worker/db/schema'

export type RouteRef = { id: number } | { slug: string; language: Locale }

/** A visible route by id (any language) or by slug in a language (1 statement). */
export function findVisibleRoute(db: Db, ref: RouteRef) {
  const which = 'id' in ref ? eq(routes.id, ref.id) : and(eq(routes.slug, ref.slug), eq(routes.language, ref.language))
  return db
    .select({ id: routes.id, slug: routes.slug, title: routes.title, language: routes.language })
    .from(routes)
    .where(and(visibleRoute, which))
    .get()
}

/**
 * Units with the caller's progress joined (user id 0 for a visitor: no row matches). Progress
 * columns are null for a unit never played.
 */
function unitsSelect(db: Db, userId: number | null) {
  return db
    .select({
      id: units.id,
      routeId: units.routeId,
      order: units.order,
      title: units.title,
      description: units.description,
      kind: units.kind,
      mediaKey: units.mediaKey,
      coverKey: units.coverKey,
      durationSeconds: units.durationSeconds,
      position: unitProgress.positionSeconds,
      completedAt: unitProgress.completedAt,
    })
    .from(units)
    .leftJoin(unitProgress, and(eq(unitProgress.unitId, units.id), eq(unitProgress.userId, userId ?? 0)))
}

export type UnitRow = Awaited<ReturnType<ReturnType<typeof unitsSelect>['all']>>[number]

/** The visible units of some visible routes in order, with the caller's progress (1 statement). */
export function unitsWithProgress(db: Db, routeIds: number[], userId: number | null): Promise<UnitRow[]> {
  if (!routeIds.length) return Promise.resolve([])
  return unitsSelect(db, userId)
    .innerJoin(routes, and(eq(routes.id, units.routeId), visibleRoute))
    .where(and(inArray(units.routeId, routeIds), eq(units.status, ContentStatus.visible)))
    .orderBy(asc(units.routeId), asc(units.order), asc(units.id))
    .all()
}

/**
 * The visible units of the visible route that holds `unitId`, in order, with the caller's
 * progress (1 statement). Empty when the unit or its route is not visible, or does not exist.
 */
export function unitsBesideUnit(db: Db, unitId: number, userId: number): Promise<UnitRow[]> {
  return unitsSelect(db, userId)
    .innerJoin(routes, and(eq(routes.id, units.routeId), visibleRoute))
    .where(
      and(
        eq(units.status, ContentStatus.visible),
        sql`${units.routeId} = (SELECT u2.route_id FROM units u2 WHERE u2.id = ${unitId})`,
      ),
    )
    .orderBy(asc(units.order), asc(units.id))
    .all()
}

/**
 * Save the caller's position in a unit, and its completion (1 statement, idempotent). A unit
 * once completed stays completed: completed_at keeps its first value whatever later saves say.
 */
export function saveProgress(
  db: Db,
  row: { userId: number; unitId: number; position: number; completed: boolean; now: Date },
) {
  return db
    .insert(unitProgress)
    .values({
      userId: row.userId,
      unitId: row.unitId,
      positionSeconds: row.position,
      completedAt: row.completed ? row.now : null,
      updatedAt: row.now,
    })
    .onConflictDoUpdate({
      target: [unitProgress.userId, unitProgress.unitId],
      set: {
        positionSeconds: sql`excluded.position_seconds`,
        completedAt: sql`coalesce(${unitProgress.completedAt}, excluded.completed_at)`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ position: unitProgress.positionSeconds, completedAt: unitProgress.completedAt })
    .get()
}

export interface RouteProgress {
  routeId: number
  /** Visible units of the route the user has completed. */
  completed: number
  /** Visible units of the route. */
  total: number
  /** completed / total as a whole percent, 0-100 (0 for a route without visible units). */
  percent: number
  /** The user's last unit completion in the route (plans: the waiting_time lock counts from it). */
  lastCompletedAt: Date | null
}

export const progressPercent = (completed: number, total: number) =>
  total > 0 ? Math.floor((completed * 100) / total) : 0

/** What both progress reads select: each route's visible units, and those `userId` completed. */
const progressQuery = (db: Db, userId: number) =>
  db
    .select({
      routeId: units.routeId,
      total: count(),
      completed: count(unitProgress.completedAt),
      last: max(unitProgress.completedAt),
    })
    .from(units)
    .leftJoin(unitProgress, and(eq(unitProgress.unitId, units.id), eq(unitProgress.userId, userId)))

function progressOf(r: { routeId: number; total: unknown; completed: unknown; last: unknown }): RouteProgress {
  const total = Number(r.total)
  const completed = Number(r.completed)
  const last =
    r.last === null || r.last === undefined ? null : r.last instanceof Date ? r.last : new Date(Number(r.last))
  return { routeId: r.routeId, completed, total, percent: progressPercent(completed, total), lastCompletedAt: last }
}

/**
 * A user's progress in some routes (SPEC §3 plan status "progress 0-100"): completed visible
 * units / visible units, one statement for any number of routes. Every id asked for is in the
 * answer (a route without visible units, or unknown, is 0 of 0). For the plans feature.
 */
export async function routeProgress(db: Db, userId: number, routeIds: number[]): Promise<Map<number, RouteProgress>> {
  const out = new Map<number, RouteProgress>()
  for (const id of routeIds) out.set(id, { routeId: id, completed: 0, total: 0, percent: 0, lastCompletedAt: null })
  if (!routeIds.length) return out
  const rows = await progressQuery(db, userId)
    .where(and(inArray(units.routeId, [...new Set(routeIds)]), eq(units.status, ContentStatus.visible)))
    .groupBy(units.routeId)
    .all()
  for (const r of rows) out.set(r.routeId, progressOf(r))
  return out
}

/**
 * The caller's progress in every route of plan `planId`, in one statement that needs nothing
 * read before it (the plan's routes are a subquery), so it runs beside the plan's own reads.
 */
export async function planRouteProgress(
  db: Db,
  userId: number,
  planId: number | SQLWrapper,
): Promise<Map<number, RouteProgress>> {
  const plan = typeof planId === 'number' ? eq(planRoutes.planId, planId) : inArray(planRoutes.planId, planId)
  const out = new Map<number, RouteProgress>()
  const rows = await progressQuery(db, userId)
    .where(
      and(
        inArray(units.routeId, db.select({ id: planRoutes.routeId }).from(planRoutes).where(plan)),
        eq(units.status, ContentStatus.visible),
      ),
    )
    .groupBy(units.routeId)
    .all()
  for (const r of rows) out.set(r.routeId, progressOf(r))
  return out
}

/** The units (any status) whose media is one of `keys`: who may read those files under /media. */
export function unitsPlayingMedia(db: Db, keys: string[]) {
  if (!keys.length) return Promise.resolve([])
  return db.select({ id: units.id, routeId: units.routeId }).from(units).where(inArray(units.mediaKey, keys)).all()
}
