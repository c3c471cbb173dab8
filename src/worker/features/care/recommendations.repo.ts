// Queries of the routes a psychologist recommends after a session (issue 44 §3). Reads name the
// person (and the psychologist, when one reads); the service checks who may write.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { ContentStatus } from '#shared/enums'
import { batch, rowsIn } from '#worker/db/query'
import {
  appointments,
  recommendationRoutes,
  recommendations,
  routes,
  unitProgress,
  units,
  users,
} from '#worker/db/schema'

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

/** What a recommendation needs to know of its session: whose it is, and how it ended. */
export interface SessionFacts {
  id: number
  guestId: number
  hostId: number | null
  status: number
  guestLanguage: 'es' | 'en'
  guestName: string
}

/** Session `id` with its guest's language, or undefined. */
export async function sessionFacts(db: Db, id: number): Promise<SessionFacts | undefined> {
  const row = await db
    .select({
      id: appointments.id,
      guestId: appointments.guestId,
      hostId: appointments.hostId,
      status: appointments.status,
      guestLanguage: users.language,
      guestName: users.name,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.guestId))
    .where(eq(appointments.id, id))
    .get()
  return row && { ...row, guestLanguage: row.guestLanguage === 'en' ? 'en' : 'es', guestName: row.guestName ?? '' }
}

/** Routes `ids` as a recommendation checks them: language, and whether a person can open them now. */
export function routesToRecommend(db: Db, ids: readonly number[]) {
  return db
    .select({ id: routes.id, language: routes.language, status: routes.status, isActive: routes.isActive })
    .from(routes)
    .where(inArray(routes.id, [...ids]))
    .all()
}

const cardRow = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  images: z.string().nullable(),
  total: z.number(),
  done: z.number(),
})

/**
 * What the person reads of their own recommendations (GET /v1/my/recommendations, /journey) in
 * ONE batch (issue 43 §3, decision 079; it was three rounds, each waiting on the ids the one
 * before found): the recommendations newest first, their routes in order, the routes as the page
 * shows them with the person's progress (completed visible units / visible units; hidden routes
 * left out) and the names of the psychologists who made them.
 */
export async function personsRecommendations(db: Db, userId: number) {
  const theirs = sql`SELECT id FROM ${recommendations} WHERE user_id = ${userId}`
  const [heads, lines, cards, hosts] = await batch(db, [
    sql`SELECT id, appointment_id, host_id, user_id, note, created_at, updated_at FROM ${recommendations}
        WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`,
    sql`SELECT recommendation_id, route_id FROM ${recommendationRoutes}
        WHERE recommendation_id IN (${theirs}) ORDER BY position`,
    sql`SELECT r.id, r.slug, r.title, r.description, r.images,
          (SELECT count(*) FROM ${units} u WHERE u.route_id = r.id AND u.status = ${ContentStatus.visible}) AS total,
          (SELECT count(*) FROM ${units} u JOIN ${unitProgress} p ON p.unit_id = u.id AND p.user_id = ${userId}
            WHERE u.route_id = r.id AND u.status = ${ContentStatus.visible} AND p.completed_at IS NOT NULL) AS done
        FROM ${routes} r
        WHERE r.id IN (SELECT route_id FROM ${recommendationRoutes} WHERE recommendation_id IN (${theirs}))
          AND r.status = ${ContentStatus.visible}`,
    sql`SELECT id, name FROM ${users} WHERE id IN (SELECT host_id FROM ${recommendations} WHERE user_id = ${userId})`,
  ])
  const routeLines = rowsIn(lines, z.object({ recommendation_id: z.number(), route_id: z.number() }))
  const list: RecommendationRow[] = rowsIn(
    heads,
    z.object({
      id: z.number(),
      appointment_id: z.number(),
      host_id: z.number().nullable(),
      user_id: z.number(),
      note: z.string(),
      created_at: z.number(),
      updated_at: z.number(),
    }),
  ).map((h) => ({
    id: h.id,
    appointmentId: h.appointment_id,
    hostId: h.host_id,
    userId: h.user_id,
    note: h.note,
    createdAt: new Date(h.created_at),
    updatedAt: new Date(h.updated_at),
    routeIds: routeLines.filter((l) => l.recommendation_id === h.id).map((l) => l.route_id),
  }))
  return {
    list,
    cards: rowsIn(cards, cardRow),
    hosts: rowsIn(hosts, z.object({ id: z.number(), name: z.string().nullable() })).map(
      (u) => [u.id, u.name ?? ''] as [number, string],
    ),
  }
}

/** Whether route `routeId` was recommended to `userId`: it then opens whatever their plan's order. */
export async function isRecommended(db: Db, userId: number, routeId: number): Promise<boolean> {
  const found = await db
    .select({ id: recommendationRoutes.routeId })
    .from(recommendationRoutes)
    .innerJoin(recommendations, eq(recommendations.id, recommendationRoutes.recommendationId))
    .where(and(eq(recommendations.userId, userId), eq(recommendationRoutes.routeId, routeId)))
    .limit(1)
    .all()
  return found.length > 0
}
