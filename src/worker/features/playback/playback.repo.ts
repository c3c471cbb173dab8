// Every query of units, progress and playback (CONVENTIONS 3: SQL lives only in *.repo.ts).
import { and, asc, count, eq, inArray, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { z } from 'zod'
import { rowsIn, type RunResult } from '#worker/db/query'
import { rowOf } from '#worker/db/rows'
import { ContentStatus, UNIT_KINDS } from '#shared/enums'
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

// ── A save in one batch (issue 43 §3, docs/decisions/073) ──────────────────────────────────────

/**
 * The visible units of the visible route that holds `unitId`, in order, with the caller's
 * progress, as one statement of a batch (read with unitRowsOf). Empty when the unit or its route
 * is not visible, or does not exist.
 */
export const unitsBesideUnitQuery = (unitId: number, userId: number): SQL =>
  sql`SELECT u.id, u.route_id, u."order", u.title, u.description, u.kind, u.media_key, u.cover_key, u.duration_seconds,
        p.position_seconds AS position, p.completed_at
      FROM units u JOIN routes ON routes.id = u.route_id AND ${visibleRoute}
      LEFT JOIN unit_progress p ON p.unit_id = u.id AND p.user_id = ${userId}
      WHERE u.status = ${ContentStatus.visible} AND u.route_id = (SELECT u2.route_id FROM units u2 WHERE u2.id = ${unitId})
      ORDER BY u."order", u.id`

const unitRow = rowOf(units)
  .pick({
    id: true,
    route_id: true,
    order: true,
    title: true,
    description: true,
    kind: true,
    media_key: true,
    cover_key: true,
    duration_seconds: true,
  })
  .extend({
    kind: z.enum(UNIT_KINDS).catch('audio'),
    position: z.number().nullable(),
    completed_at: z.number().nullable(),
  })

/** The rows of unitsBesideUnitQuery as the builder's reads answer them (UnitRow). */
export const unitRowsOf = (result: RunResult | undefined): UnitRow[] =>
  rowsIn(result, unitRow).map((r) => ({
    id: r.id,
    routeId: r.route_id,
    order: r.order,
    title: r.title,
    description: r.description,
    kind: r.kind,
    mediaKey: r.media_key,
    coverKey: r.cover_key,
    durationSeconds: r.duration_seconds,
    position: r.position,
    completedAt: r.completed_at === null ? null : new Date(r.completed_at),
  }))

/** What a save asks for, and what the rules already know of the caller (playback.service locksOf). */
export interface SaveAsk {
  userId: number
  unitId: number
  position: number
  completed: boolean
  /** Free access or a subscription: any unit after the first (else only the first). */
  playsEverything: boolean
  /** Admins and publishers: out of order. */
  skipsOrder: boolean
  /** A SELECT that answers a row when the unit's route is locked for the caller (plans), or null. */
  routeLock: (routeId: SQL) => SQL | null
  /** How far into a unit of known length a completion must be (COMPLETE_AT). */
  completeAt: number
}

/**
 * The unit a save may write, as one SELECT (a row, or none when it is refused): visible, in a
 * visible route, open for the caller (the first unit, else free access or a subscription and the
 * unit before completed, unless they skip the order: locksOf), not locked by their plan; with the
 * position clamped to its length (`pos`) and whether the save completes it (`completing`: asked,
 * and the end reached).
 */
export function savableUnit(a: SaveAsk): SQL {
  const previous = sql`(SELECT v.id FROM units v WHERE v.route_id = u.route_id AND v.status = ${ContentStatus.visible}
      AND (v."order" < u."order" OR (v."order" = u."order" AND v.id < u.id)) ORDER BY v."order" DESC, v.id DESC LIMIT 1)`
  const open = !a.playsEverything
    ? sql`${previous} IS NULL`
    : a.skipsOrder
      ? sql`1`
      : sql`(${previous} IS NULL OR EXISTS (SELECT 1 FROM unit_progress q WHERE q.user_id = ${a.userId}
            AND q.unit_id = ${previous} AND q.completed_at IS NOT NULL))`
  const lock = a.routeLock(sql`u.route_id`)
  return sql`SELECT s.unit_id, s.pos,
      (${a.completed ? 1 : 0} AND (s.dur IS NULL OR s.dur <= 0 OR s.pos >= s.dur * ${a.completeAt})) AS completing
    FROM (SELECT u.id AS unit_id, u.duration_seconds AS dur,
            CASE WHEN u.duration_seconds IS NOT NULL AND u.duration_seconds >= 0 THEN min(${a.position}, u.duration_seconds)
                 ELSE ${a.position} END AS pos
          FROM units u JOIN routes ON routes.id = u.route_id AND ${visibleRoute}
          WHERE u.id = ${a.unitId} AND u.status = ${ContentStatus.visible} AND ${open}
            ${lock ? sql`AND NOT EXISTS (${lock})` : sql``}) s`
}

/**
 * True (SQL) when the save would write and its activity counts for the day (a unit completed, or
 * listened to for `minListen` seconds), read before the save writes: the gate of the activity's
 * statements that run before it in the same batch.
 */
export const saveCounts = (a: SaveAsk, minListen: number): SQL =>
  sql`EXISTS (SELECT 1 FROM (${savableUnit(a)}) s
        LEFT JOIN unit_progress old ON old.user_id = ${a.userId} AND old.unit_id = s.unit_id
        WHERE old.completed_at IS NOT NULL OR s.completing OR s.pos >= ${minListen})`

/**
 * Save the caller's position in the unit, and its completion, when savableUnit allows it (one
 * statement, idempotent): answers the row saved, none when refused. A unit once completed stays
 * completed: completed_at keeps its first value whatever later saves say.
 */
export const saveProgressStatement = (a: SaveAsk, now: number): SQL =>
  sql`INSERT INTO unit_progress (user_id, unit_id, position_seconds, completed_at, updated_at)
      SELECT ${a.userId}, s.unit_id, s.pos, CASE WHEN s.completing THEN ${now} END, ${now} FROM (${savableUnit(a)}) s WHERE 1
      ON CONFLICT(user_id, unit_id) DO UPDATE SET position_seconds = excluded.position_seconds,
        completed_at = coalesce(unit_progress.completed_at, excluded.completed_at), updated_at = excluded.updated_at
      RETURNING position_seconds AS position, completed_at`

export const savedRow = z.object({ position: z.number(), completed_at: z.number().nullable() })

/**
 * True (SQL) just after saveProgressStatement when it wrote (`changes()`) and the day counts (the
 * unit completed, or listened to for `minListen` seconds): the gate of the rewards' statements
 * that follow it in the batch.
 */
export const savedAndCounts = (userId: number, unitId: number, minListen: number): SQL =>
  sql`changes() > 0 AND EXISTS (SELECT 1 FROM unit_progress WHERE user_id = ${userId} AND unit_id = ${unitId}
        AND (completed_at IS NOT NULL OR position_seconds >= ${minListen}))`

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
