// Queries of the routes a psychologist recommends after a session (issue 44 §3). Reads name the
// person (and the psychologist, when one reads); the service checks who may write.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rowsIn } from '#worker/db/query'
import { recommendationRoutes, recommendations } from '#worker/db/schema'

/** One recommendation: the session it followed, who made it (null: a psychologist who has left), its routes in order. */
export interface RecommendationRow {
  id: number
  appointmentId: number
  hostId: number | null
  userId: number
  routeIds: number[]
  note: string
  createdAt: Date
  updatedAt: Date
}

/**
 * The recommendations made to `userId`, newest first; with `hostId`, only those that psychologist
 * made. A psychologist reading them (the share of issue 44 §1) must have been checked first: this
 * function checks nothing but the ids.
 */
export async function recommendationsFor(
  db: Db,
  who: { userId: number; hostId?: number },
): Promise<RecommendationRow[]> {
  const mine = eq(recommendations.userId, who.userId)
  const heads = await db
    .select({
      id: recommendations.id,
      appointmentId: recommendations.appointmentId,
      hostId: recommendations.hostId,
      userId: recommendations.userId,
      note: recommendations.note,
      createdAt: recommendations.createdAt,
      updatedAt: recommendations.updatedAt,
    })
    .from(recommendations)
    .where(who.hostId === undefined ? mine : and(mine, eq(recommendations.hostId, who.hostId)))
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id))
    .all()
  if (!heads.length) return []
  const lines = await db
    .select({ recommendationId: recommendationRoutes.recommendationId, routeId: recommendationRoutes.routeId })
    .from(recommendationRoutes)
    .where(
      inArray(
        recommendationRoutes.recommendationId,
        heads.map((h) => h.id),
      ),
    )
    .orderBy(asc(recommendationRoutes.position))
    .all()
  return heads.map((h) => ({
    ...h,
    routeIds: lines.filter((l) => l.recommendationId === h.id).map((l) => l.routeId),
  }))
}

/** The ids of every route recommended to `userId`: these open for them whatever their plan's order. */
export async function recommendedRouteIds(db: Db, userId: number): Promise<Set<number>> {
  const found = await db
    .selectDistinct({ routeId: recommendationRoutes.routeId })
    .from(recommendationRoutes)
    .innerJoin(recommendations, eq(recommendations.id, recommendationRoutes.recommendationId))
    .where(eq(recommendations.userId, userId))
    .all()
  return new Set(found.map((r) => r.routeId))
}

/**
 * Keeps the recommendation made after `appointmentId`, replacing an earlier one for that session
 * (its routes and note), in one batch: one transaction, so a reader never sees it without its
 * routes and two saves at once leave one whole recommendation. Answers its id and whether it is
 * new (the person is told once).
 */
export async function saveRecommendation(
  db: Db,
  r: { appointmentId: number; hostId: number; userId: number; routeIds: readonly number[]; note: string; now: Date },
): Promise<{ id: number; created: boolean }> {
  const ofSession = sql`(SELECT id FROM ${recommendations} WHERE appointment_id = ${r.appointmentId})`
  const [head] = await batch(db, [
    db
      .insert(recommendations)
      .values({
        appointmentId: r.appointmentId,
        hostId: r.hostId,
        userId: r.userId,
        note: r.note,
        createdAt: r.now,
        updatedAt: r.now,
      })
      .onConflictDoUpdate({ target: recommendations.appointmentId, set: { note: r.note, updatedAt: r.now } })
      .returning({ id: recommendations.id, created_at: recommendations.createdAt }),
    sql`DELETE FROM ${recommendationRoutes} WHERE recommendation_id = ${ofSession}`,
    ...r.routeIds.map(
      (routeId, position) =>
        sql`INSERT INTO ${recommendationRoutes} (recommendation_id, route_id, position, created_at)
            VALUES (${ofSession}, ${routeId}, ${position}, ${r.now.getTime()})`,
    ),
  ])
  const [row] = rowsIn(head, z.object({ id: z.number(), created_at: z.number() }))
  if (!row) throw new Error('recommendation missing right after its write')
  return { id: row.id, created: row.created_at === r.now.getTime() }
}
