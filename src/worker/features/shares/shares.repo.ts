// Queries of what a person shares with a psychologist (issue 44 §1, §2; decision 067). Every
// statement names the person (user_id) or the pair (person and host): none reaches a stranger's rows.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { MOODS } from '#shared/checkins'
import { AppointmentStatus, ContentStatus, Role } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows, rowsIn } from '#worker/db/query'
import {
  activityDays,
  appointments,
  checkins,
  recommendationRoutes,
  recommendations,
  routes,
  safetyPlans,
  shares,
  shareViews,
  unitProgress,
  units,
  users,
} from '#worker/db/schema'
import type { ShareViewPart } from '#worker/db/schema'

const CANCELLED = AppointmentStatus.cancelled
/** Roles that see people (appointments.service hostsNow): a psychologist, or an admin who hosts. */
const HOSTING = sql`(${Role.psychologist}, ${Role.admin})`
const flag = z.union([z.number(), z.null()]).transform((v) => v === 1)
const when = z.union([z.number(), z.null()]).transform((v) => (v === null ? null : new Date(v)))

const shareRow = z.object({
  host_id: z.number(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.number(),
  checkins: flag,
  notes: flag,
  practice: flag,
  safety_plan: flag,
  updated_at: when,
  last_end: when,
  last_held: when,
})
export type ShareRow = z.output<typeof shareRow>

/**
 * The person's psychologists: each host of a session of theirs that was not cancelled (held, or to
 * come), and each host they have a share row with, with that share's boxes, the end of the last
 * session of the pair (to come or not: the 90 days count from it) and of the last one that has
 * ended by `now` (a session to come must not hide the one held). Newest session first.
 */
export function sharesOf(db: Db, userId: number, hostId?: number, now = Date.now()): Promise<ShareRow[]> {
  return rows(db, sharesQuery(userId, hostId, now), shareRow)
}

function sharesQuery(userId: number, hostId?: number, now = Date.now()) {
  const onlyHost = hostId === undefined ? sql`` : sql`AND u.id = ${hostId}`
  return sql`SELECT u.id AS host_id, u.name, u.avatar, u.role,
          s.checkins, s.notes, s.practice, s.safety_plan, s.updated_at,
          (SELECT max(a.end_at) FROM ${appointments} a
            WHERE a.guest_id = ${userId} AND a.host_id = u.id AND a.status <> ${CANCELLED}) AS last_end,
          (SELECT max(a.end_at) FROM ${appointments} a
            WHERE a.guest_id = ${userId} AND a.host_id = u.id AND a.status <> ${CANCELLED}
              AND a.end_at <= ${now}) AS last_held
        FROM ${users} u
        LEFT JOIN ${shares} s ON s.host_id = u.id AND s.user_id = ${userId}
        WHERE u.id IN (
          SELECT host_id FROM ${appointments}
            WHERE guest_id = ${userId} AND host_id IS NOT NULL AND status <> ${CANCELLED}
          UNION SELECT host_id FROM ${shares} WHERE user_id = ${userId}
        ) ${onlyHost}
        ORDER BY last_end DESC, u.id`
}

/**
 * The four boxes for the pair, as sent, in one D1 batch (issue 43 §3: was three rounds): the pair
 * as it was, the write, the pair as it is. A second save replaces the first (one row per pair).
 * The write happens only under the rules saveShare (shares.service.ts) explains a refusal by, as
 * SQL of the same transaction: the person has a session with the host that was not cancelled and
 * the host still sees people, or (`anything` false: withdrawing) the pair has a session or a share
 * at all. Answers the pair before and after; `after` differs only when this batch wrote.
 */
export async function saveShare(
  db: Db,
  row: { userId: number; hostId: number; checkins: boolean; notes: boolean; practice: boolean; safetyPlan: boolean },
  now: Date,
) {
  const { userId, hostId } = row
  const anything = row.checkins || row.notes || row.practice || row.safetyPlan
  const session = sql`EXISTS (SELECT 1 FROM ${appointments} WHERE guest_id = ${userId} AND host_id = ${hostId} AND status <> ${CANCELLED})`
  const allowed = anything
    ? sql`${session} AND EXISTS (SELECT 1 FROM ${users} WHERE id = ${hostId} AND role IN ${HOSTING})`
    : sql`(${session} OR EXISTS (SELECT 1 FROM ${shares} WHERE user_id = ${userId} AND host_id = ${hostId}))`
  const at = now.getTime()
  const [before, , after] = await batch(db, [
    sharesQuery(userId, hostId, at),
    sql`INSERT INTO ${shares} (user_id, host_id, checkins, notes, practice, safety_plan, created_at, updated_at)
        SELECT ${userId}, ${hostId}, ${row.checkins ? 1 : 0}, ${row.notes ? 1 : 0}, ${row.practice ? 1 : 0},
               ${row.safetyPlan ? 1 : 0}, ${at}, ${at}
        WHERE ${allowed}
        ON CONFLICT (user_id, host_id) DO UPDATE SET checkins = excluded.checkins, notes = excluded.notes,
          practice = excluded.practice, safety_plan = excluded.safety_plan, updated_at = excluded.updated_at`,
    sharesQuery(userId, hostId, at),
  ])
  return { before: rowsIn(before, shareRow)[0], after: rowsIn(after, shareRow)[0] }
}

const sessionRow = z.object({
  id: z.number(),
  guest_id: z.number(),
  host_id: z.number().nullable(),
  start_at: z.number(),
  host_role: z.number().nullable(),
  host_name: z.string().nullable(),
  guest_name: z.string().nullable(),
  guest_zone: z.string().nullable(),
  checkins: flag,
  notes: flag,
  practice: flag,
  safety_plan: flag,
  live_or_recent: z.number(),
  last_end: when,
  previous_end: when,
})
export type SessionShare = z.output<typeof sessionRow>

/**
 * Session `id` with what its guest shares with its host: the host's role as D1 has it now (a
 * demotion counts at once), whether the pair has a live session or one that ended since
 * `recentFrom`, the end of the pair's last session (the share's 90 days count from it) and of
 * the last one that ended before this one started (the practice counts from it). One statement.
 */
export function sessionShare(db: Db, id: number, recentFrom: number): Promise<SessionShare | undefined> {
  const pair = sql`p.guest_id = a.guest_id AND p.host_id = a.host_id AND p.status <> ${CANCELLED}`
  return firstRow(
    db,
    sql`SELECT a.id, a.guest_id, a.host_id, a.start_at, h.role AS host_role, h.name AS host_name,
          g.name AS guest_name, g.timezone AS guest_zone,
          s.checkins, s.notes, s.practice, s.safety_plan,
          EXISTS (SELECT 1 FROM ${appointments} p WHERE ${pair}
            AND (p.status IN (${AppointmentStatus.pending}, ${AppointmentStatus.confirmed}) OR p.end_at >= ${recentFrom})
          ) AS live_or_recent,
          (SELECT max(p.end_at) FROM ${appointments} p WHERE ${pair}) AS last_end,
          (SELECT max(p.end_at) FROM ${appointments} p WHERE ${pair} AND p.id <> a.id AND p.end_at <= a.start_at) AS previous_end
        FROM ${appointments} a
        LEFT JOIN ${users} h ON h.id = a.host_id
        JOIN ${users} g ON g.id = a.guest_id
        LEFT JOIN ${shares} s ON s.user_id = a.guest_id AND s.host_id = a.host_id
        WHERE a.id = ${id}`,
    sessionRow,
  )
}

/** The person's moods and notes from day `from` to day `to` (both included), oldest first. */
export function checkinsOf(db: Db, userId: number, from: string, to: string) {
  return rows(
    db,
    sql`SELECT day, mood, note FROM ${checkins}
        WHERE user_id = ${userId} AND day >= ${from} AND day <= ${to} ORDER BY day`,
    z.object({ day: z.string(), mood: z.literal(MOODS), note: z.string().nullable() }),
  )
}

const count = z.object({ n: z.number().nullable() }).transform((r) => r.n ?? 0)

/**
 * The person's practice since `since` (ms) and local day `sinceDay`: units completed, minutes
 * listened (each unit touched since then counts its position, or its length once completed: a
 * unit's time is counted in the window it was last played in), days active (not frozen), and
 * the routes whose every visible unit is completed, the last of them since then.
 */
export async function practiceOf(db: Db, userId: number, since: number, sinceDay: string) {
  const [done, seconds, days, finished] = await Promise.all([
    firstRow(
      db,
      sql`SELECT count(*) AS n FROM ${unitProgress} WHERE user_id = ${userId} AND completed_at >= ${since}`,
      count,
    ),
    firstRow(
      db,
      sql`SELECT sum(CASE WHEN p.completed_at IS NOT NULL THEN coalesce(u.duration_seconds, p.position_seconds)
                         ELSE p.position_seconds END) AS n
          FROM ${unitProgress} p JOIN ${units} u ON u.id = p.unit_id
          WHERE p.user_id = ${userId} AND p.updated_at >= ${since}`,
      count,
    ),
    firstRow(
      db,
      sql`SELECT count(*) AS n FROM ${activityDays} WHERE user_id = ${userId} AND day >= ${sinceDay} AND frozen = 0`,
      count,
    ),
    rows(
      db,
      sql`SELECT r.id, r.title, r.slug FROM ${routes} r
          JOIN ${units} u ON u.route_id = r.id AND u.status = ${ContentStatus.visible}
          LEFT JOIN ${unitProgress} p ON p.unit_id = u.id AND p.user_id = ${userId}
          WHERE r.id IN (SELECT u2.route_id FROM ${unitProgress} p2 JOIN ${units} u2 ON u2.id = p2.unit_id
                         WHERE p2.user_id = ${userId} AND p2.completed_at >= ${since})
          GROUP BY r.id HAVING count(*) = count(p.completed_at) AND max(p.completed_at) >= ${since}
          ORDER BY max(p.completed_at)`,
      z.object({ id: z.number(), title: z.string(), slug: z.string() }),
    ),
  ])
  return { unitsCompleted: done ?? 0, seconds: seconds ?? 0, daysActive: days ?? 0, routes: finished }
}

/** One view: who looked at whose share, for which session, what the answer held. */
export function recordView(
  db: Db,
  v: { userId: number; hostId: number; hostName: string | null; appointmentId: number; seen: ShareViewPart[] },
  now: Date,
) {
  return db
    .insert(shareViews)
    .values({ ...v, createdAt: now })
    .run()
}

/** The person's views, newest first. */
export function viewsOf(db: Db, userId: number, limit: number) {
  return rows(
    db,
    sql`SELECT v.id, v.host_id, coalesce(h.name, v.host_name) AS host_name, v.appointment_id, v.seen, v.created_at
        FROM ${shareViews} v LEFT JOIN ${users} h ON h.id = v.host_id
        WHERE v.user_id = ${userId} ORDER BY v.created_at DESC, v.id DESC LIMIT ${limit}`,
    z.object({
      id: z.number(),
      host_id: z.number().nullable(),
      host_name: z.string().nullable(),
      appointment_id: z.number().nullable(),
      seen: z.string(),
      created_at: z.number(),
    }),
  )
}

/** The guests who share something with `hostId` and have a live or recent session with them. */
export function sharersOf(db: Db, hostId: number, recentFrom: number) {
  return rows(
    db,
    sql`SELECT s.user_id AS id FROM ${shares} s
        WHERE s.host_id = ${hostId} AND (s.checkins = 1 OR s.notes = 1 OR s.practice = 1 OR s.safety_plan = 1)
          AND EXISTS (SELECT 1 FROM ${appointments} p
            WHERE p.guest_id = s.user_id AND p.host_id = s.host_id AND p.status <> ${CANCELLED}
              AND (p.status IN (${AppointmentStatus.pending}, ${AppointmentStatus.confirmed}) OR p.end_at >= ${recentFrom}))
          AND (SELECT role FROM ${users} WHERE id = ${hostId}) IN ${HOSTING}`,
    z.object({ id: z.number() }),
  )
}

// ── What the care feature keeps (safety_plans, recommendations; its repos are the writers) ──────
// Read here, not through features/care's repos (a feature reaches another only through its
// service, and the lookups are two selects): only after the share was checked above.

const stringList = z.string().transform((v) => z.array(z.string()).parse(JSON.parse(v)))
const contactList = z
  .string()
  .transform((v) => z.array(z.object({ name: z.string(), phone: z.string() })).parse(JSON.parse(v)))

/** The safety plan `userId` keeps in their account, or undefined. */
export function safetyPlanOf(db: Db, userId: number) {
  return firstRow(
    db,
    sql`SELECT warning_signs, coping, distractions, people, professionals, environment, updated_at
        FROM ${safetyPlans} WHERE user_id = ${userId}`,
    z.object({
      warning_signs: stringList,
      coping: stringList,
      distractions: stringList,
      people: contactList,
      professionals: contactList,
      environment: stringList,
      updated_at: z.number(),
    }),
  )
}

/** What `hostId` recommended to `userId`, newest first, each with its routes in the psychologist's order. */
export async function recommendationsOf(db: Db, userId: number, hostId: number) {
  const heads = await rows(
    db,
    sql`SELECT id, appointment_id, note, created_at FROM ${recommendations}
        WHERE user_id = ${userId} AND host_id = ${hostId} ORDER BY created_at DESC, id DESC`,
    z.object({ id: z.number(), appointment_id: z.number(), note: z.string(), created_at: z.number() }),
  )
  if (!heads.length) return []
  const lines = await rows(
    db,
    sql`SELECT rr.recommendation_id, r.id, r.title, r.slug FROM ${recommendationRoutes} rr
        JOIN ${routes} r ON r.id = rr.route_id
        WHERE rr.recommendation_id IN (SELECT id FROM ${recommendations} WHERE user_id = ${userId} AND host_id = ${hostId})
        ORDER BY rr.position`,
    z.object({ recommendation_id: z.number(), id: z.number(), title: z.string(), slug: z.string() }),
  )
  return heads.map((h) => ({
    ...h,
    routes: lines.filter((l) => l.recommendation_id === h.id).map(({ id, title, slug }) => ({ id, title, slug })),
  }))
}
