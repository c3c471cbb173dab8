// Every query of admin notifications, their deliveries and in-app notifications (CONVENTIONS 3:
// SQL lives only in *.repo.ts). Set-based SQL (INSERT … SELECT over an audience, UPDATE …
// RETURNING over a sub-select, json_each lists): drizzle's `sql` on `db`, rows checked
// (#worker/db/query, docs/decisions/032). A notice's audience is written one block of people a
// statement (notifications.fanout.ts, docs/SCALING.md).
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows, rowsIn, run, type RunResult } from '#worker/db/query'
import { rowOf } from '#worker/db/rows'
import { adminNotifications, inAppNotifications, notificationDeliveries } from '#worker/db/schema'

const locale = z.enum(['es', 'en'])
const level = z.enum(['info', 'success', 'warning', 'danger'])

/** An admin notification as stored (raw row; `receivers` the JSON text of user ids, checked by the service before use). */
const notificationRow = rowOf(adminNotifications)
  .omit({ created_by: true })
  .extend({
    status: z.enum(['pending', 'sent', 'cancelled']),
    language: locale.nullable(),
    channel: z.enum(['in_app', 'email', 'push']),
    delay_unit: z.enum(['hours', 'days', 'months']).nullable(),
    level,
    deliveries: z.number().optional(),
  })
export type NotificationRow = z.infer<typeof notificationRow>

const COLUMNS =
  sql.raw(`id, status, receivers, send_at, language, channel, role_recipients, readers_only, delay_amount, delay_unit,
  at_best_moment, level, copy, title, description, content, sent_at, created_at`)
const ids = (list: number[]) => JSON.stringify(list)

export async function insertNotification(
  db: Db,
  n: Omit<NotificationRow, 'id' | 'status' | 'sent_at' | 'created_at' | 'deliveries'>,
  createdBy: number,
  now: number,
) {
  return (await firstRow(
    db,
    sql`INSERT INTO admin_notifications (receivers, send_at, language, channel, role_recipients, readers_only, delay_amount, delay_unit,
          at_best_moment, level, copy, title, description, content, created_by, created_at, status)
        VALUES (${n.receivers}, ${n.send_at}, ${n.language}, ${n.channel}, ${n.role_recipients}, ${n.readers_only}, ${n.delay_amount},
          ${n.delay_unit}, ${n.at_best_moment}, ${n.level}, ${n.copy}, ${n.title}, ${n.description}, ${n.content}, ${createdBy}, ${now},
          'pending') RETURNING ${COLUMNS}`,
    notificationRow,
  ))!
}

export async function findNotification(db: Db, id: number) {
  return (
    (await firstRow(
      db,
      sql`SELECT ${COLUMNS}, (SELECT count(*) FROM notification_deliveries WHERE notification_id = ${id}) AS deliveries
          FROM admin_notifications WHERE id = ${id}`,
      notificationRow,
    )) ?? null
  )
}

export async function listNotifications(
  db: Db,
  q: { status?: string; order: { column: string; dir: 'asc' | 'desc' }; perPage: number; offset: number },
) {
  const where = q.status ? sql`WHERE status = ${q.status}` : sql``
  const order = sql.raw(`${q.order.column === 'send_at' ? 'send_at' : 'id'} ${q.order.dir === 'asc' ? 'ASC' : 'DESC'}`)
  const [list, total] = await batch(db, [
    sql`SELECT ${COLUMNS}, (SELECT count(*) FROM notification_deliveries d WHERE d.notification_id = admin_notifications.id) AS deliveries
        FROM admin_notifications ${where} ORDER BY ${order}, id DESC LIMIT ${q.perPage} OFFSET ${q.offset}`,
    sql`SELECT count(*) AS n FROM admin_notifications ${where}`,
  ])
  return { rows: rowsIn(list, notificationRow), total: rowsIn(total, z.object({ n: z.number() }))[0]?.n ?? 0 }
}

/** Pending notifications due at `now`, oldest first. */
export const dueNotifications = (db: Db, now: Date, limit = 20): Promise<NotificationRow[]> =>
  rows(
    db,
    sql`SELECT ${COLUMNS} FROM admin_notifications WHERE status = 'pending' AND coalesce(send_at, 0) <= ${now.getTime()} ORDER BY id LIMIT ${limit}`,
    notificationRow,
  )

/**
 * Take a pending notification out of the queue without sending it (an admin's cancel, or a row
 * the cron cannot read). Only a pending one: true when this call cancelled it.
 */
export async function cancelNotification(db: Db, id: number): Promise<boolean> {
  return (
    (await run(db, sql`UPDATE admin_notifications SET status = 'cancelled' WHERE id = ${id} AND status = 'pending'`)) >
    0
  )
}

/**
 * The audience of a notification, as SQL over `users u`: not opted out, in the language, of the
 * role, email readers only, the explicit receivers, and (email) with an address; people who
 * chose their channels (notification_channels) only on those.
 */
/** What decides a notification's audience (its row, or what a channel is handed of it). */
export type AudienceOf = Pick<NotificationRow, 'language' | 'role_recipients' | 'readers_only' | 'channel'>

export function audience(n: AudienceOf, receivers: number[] | null): SQL {
  return sql`FROM users u WHERE u.notifications_disabled_at IS NULL
    ${receivers ? sql`AND u.id IN (SELECT value FROM json_each(${ids(receivers)}))` : sql``}
    AND (${n.language} IS NULL OR u.language = ${n.language})
    AND (${n.role_recipients} IS NULL OR u.role = ${n.role_recipients})
    ${n.readers_only ? sql`AND u.is_a_email_reader = 1` : sql``}
    ${n.channel === 'email' ? sql`AND u.email IS NOT NULL` : sql``}
    ${n.channel === 'push' ? sql`AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)` : sql``}
    AND (u.notification_channels IS NULL OR json_type(u.notification_channels) IS NOT 'array'
         OR EXISTS (SELECT 1 FROM json_each(u.notification_channels) WHERE value = ${n.channel}))`
}

/**
 * Of `userIds` (the signed-in people with a socket on a public channel), those in the audience
 * of notice `n` as D1 has them now whose chosen language is `locale`: a broadcast in `locale`
 * reaches only them (NotificationChannel.publish; SPEC §7, issue 32 §6).
 */
export async function audienceAmong(db: Db, n: AudienceOf, locale: 'es' | 'en', userIds: number[]): Promise<number[]> {
  if (!userIds.length) return []
  const found = await rows(
    db,
    sql`SELECT u.id AS id ${audience(n, userIds)} AND u.language = ${locale}`,
    z.object({ id: z.number() }),
  )
  return found.map((r) => r.id)
}

/** The distinct (zone, best time) pairs of an audience: few, however many people (best-moment scheduling). */
export const audienceMoments = (db: Db, n: NotificationRow, receivers: number[] | null) =>
  rows(
    db,
    sql`SELECT DISTINCT coalesce(u.timezone, 'UTC') AS tz, u.perfect_time_to_send_notifications AS at ${audience(n, receivers)}
        AND u.perfect_time_to_send_notifications IS NOT NULL`,
    z.object({ tz: z.string(), at: z.string() }),
  )

const claimedDelivery = rowOf(notificationDeliveries)
  .pick({ id: true, notification_id: true, user_id: true })
  .extend({ channel: z.enum(['in_app', 'email', 'push']) })
export type ClaimedDelivery = z.infer<typeof claimedDelivery>

/**
 * The in-app notification of each sent in-app delivery that `where` picks (over `d`, the
 * delivery) and that has none yet: in the person's language (the notice's own, or theirs), with
 * that language's copy where the notice has one, written at `at`.
 */
export const writeInApp = (closeAfterMs: number, at: number, where: SQL) =>
  sql`INSERT OR IGNORE INTO in_app_notifications (user_id, notification_id, delivery_id, locale, level, type, close_after, title, description, content, created_at)
      SELECT d.user_id, n.id, d.id, coalesce(n.language, u.language), n.level, 'admin', ${closeAfterMs},
             coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title),
             coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description),
             n.content, ${at}
      FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
      WHERE ${where} AND NOT EXISTS (SELECT 1 FROM in_app_notifications x WHERE x.delivery_id = d.id)`

/**
 * Claim up to `limit` due deliveries for this run and write the in-app notifications of the
 * claimed in-app ones, in one batch. The claim is one UPDATE … RETURNING, so two runs at once
 * claim disjoint rows; the in-app rows are unique per delivery, so nothing is written twice.
 */
export async function claimDue(
  db: Db,
  now: Date,
  channel: 'in_app' | 'email',
  limit: number,
  closeAfterMs: number,
): Promise<ClaimedDelivery[]> {
  const at = now.getTime()
  const [claimed] = await batch(db, [
    sql`UPDATE notification_deliveries SET status = 'sent', sent_at = ${at}
        WHERE id IN (SELECT id FROM notification_deliveries WHERE status = 'pending' AND channel = ${channel} AND coalesce(due_at, 0) <= ${at} ORDER BY due_at, id LIMIT ${limit})
          AND status = 'pending'
        RETURNING id, notification_id, user_id, channel`,
    writeInApp(
      closeAfterMs,
      at,
      sql`d.status = 'sent' AND d.sent_at = ${at} AND d.channel = 'in_app' AND ${channel} = 'in_app'`,
    ),
  ])
  return rowsIn(claimed, claimedDelivery)
}

export const inAppRow = rowOf(inAppNotifications)
  .omit({ delivery_id: true })
  .extend({ locale: locale.nullable(), level })
export type InAppRow = z.infer<typeof inAppRow>
export const IN_APP = sql.raw(
  'id, user_id, notification_id, locale, level, type, close_after, title, description, content, read_at, created_at',
)

/**
 * The rows `select` reads whose `column` is one of `list`, as `row`: no query for an empty list.
 * The list goes as one JSON parameter (D1 binds at most 100 values a statement).
 */
async function rowsWhereIn<S extends z.ZodType>(db: Db, select: SQL, column: SQL, list: number[], row: S) {
  if (!list.length) return []
  return rows(db, sql`${select} WHERE ${column} IN (SELECT value FROM json_each(${ids(list)}))`, row)
}

/** The in-app notifications written for these deliveries. */
export const inAppOfDeliveries = (db: Db, deliveryIds: number[]) =>
  rowsWhereIn(db, sql`SELECT ${IN_APP} FROM in_app_notifications`, sql`delivery_id`, deliveryIds, inAppRow)

/** The admin notifications of these ids (the cron asks which of its claimed rows came from a broadcast). */
export const notificationsByIds = (db: Db, list: number[]) =>
  rowsWhereIn(db, sql`SELECT ${COLUMNS} FROM admin_notifications`, sql`id`, list, notificationRow)

/** One in-app notification for one person (a reward earned), answered as stored. */
export async function insertInApp(
  db: Db,
  row: Omit<InAppRow, 'id' | 'read_at' | 'created_at' | 'notification_id'>,
  now: number,
) {
  return (await firstRow(
    db,
    sql`INSERT INTO in_app_notifications (user_id, locale, level, type, close_after, title, description, content, created_at)
        VALUES (${row.user_id}, ${row.locale}, ${row.level}, ${row.type}, ${row.close_after}, ${row.title}, ${row.description},
          ${row.content}, ${now}) RETURNING ${IN_APP}`,
    inAppRow,
  ))!
}

/**
 * In-app notifications written by a SELECT that answers, in order, user_id, locale, level, type,
 * close_after, title, description, content and created_at: one statement of a caller's batch,
 * whose answer (rowsIn with inAppRowsOf) is the rows as stored (issue 43 §3: a reward's notice in
 * the batch that gives it).
 */
export const insertInAppSelect = (select: SQL): SQL =>
  sql`INSERT INTO in_app_notifications (user_id, locale, level, type, close_after, title, description, content, created_at)
      ${select} RETURNING ${IN_APP}`

/** The rows a batched insertInAppSelect answered. */
export const inAppRowsOf = (result: RunResult | undefined) => rowsIn(result, inAppRow)

/** A person's unread in-app notifications, newest first. */
export const unreadOf = (db: Db, userId: number, limit = 50) =>
  rows(
    db,
    sql`SELECT ${IN_APP} FROM in_app_notifications WHERE user_id = ${userId} AND read_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    inAppRow,
  )

/** A person to mail a notification to (emailTargets / blockEmailDue; the mail: deliver.ts). */
export interface MailTarget {
  id: number
  user_id: number
  email: string
  name: string | null
  locale: 'es' | 'en'
  title: string
  description: string | null
}

/** Mark a person's own in-app notifications read: one (`id` or admin `notificationId`) or all. */
export async function markRead(db: Db, userId: number, which: { id?: number; notificationId?: number }, now: number) {
  const id = which.id ?? null
  const notificationId = which.notificationId ?? null
  return run(
    db,
    sql`UPDATE in_app_notifications SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL
        AND (${id} IS NULL OR id = ${id}) AND (${notificationId} IS NULL OR notification_id = ${notificationId})`,
  )
}

const mailTarget = z.object({
  id: z.number(),
  user_id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  locale,
  title: z.string(),
  description: z.string().nullable(),
}) satisfies z.ZodType<MailTarget>

/** Who an email delivery goes to, with the copy in their language. */
export async function emailTargets(db: Db, deliveryIds: number[]): Promise<MailTarget[]> {
  if (!deliveryIds.length) return []
  return rows(
    db,
    sql`SELECT d.id, u.id AS user_id, u.email, u.name, coalesce(n.language, u.language) AS locale,
               coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title) AS title,
               coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description) AS description
        FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
        WHERE d.id IN (SELECT value FROM json_each(${ids(deliveryIds)})) AND u.email IS NOT NULL AND u.notifications_disabled_at IS NULL`,
    mailTarget,
  )
}

/**
 * A block's email deliveries due by `now` and still pending, at most `limit` (by id), with what
 * their mail needs; `email` is null for a person with nobody to mail (no address, or
 * notifications off). Read by the notice's unique key (notification, person, channel).
 */
export const blockEmailDue = (db: Db, notificationId: number, from: number, to: number, now: number, limit: number) =>
  rows(
    db,
    sql`SELECT d.id, u.id AS user_id, CASE WHEN u.notifications_disabled_at IS NULL THEN u.email END AS email, u.name,
               coalesce(n.language, u.language) AS locale,
               coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title) AS title,
               coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description) AS description
        FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
        WHERE d.notification_id = ${notificationId} AND d.user_id BETWEEN ${from} AND ${to} AND d.channel = 'email' AND d.status = 'pending'
          AND coalesce(d.due_at, 0) <= ${now}
        ORDER BY d.id LIMIT ${limit}`,
    mailTarget.extend({ email: z.string().nullable() }),
  )

/** Deliveries marked sent, if still pending (a statement for the batch that writes their mails). */
export const markDeliveriesSent = (ids: number[], now: number) =>
  sql`UPDATE notification_deliveries SET status = 'sent', sent_at = ${now}
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND status = 'pending'`

// ── Fan-out through the queue (issue 22; docs/SCALING.md) ──────────────────────────────────

/** Take a due notification for sending (pending → sent): true only for the one call that took it. */
export async function claimNotification(db: Db, id: number, now: number): Promise<boolean> {
  return (
    (await run(
      db,
      sql`UPDATE admin_notifications SET status = 'sent', sent_at = ${now} WHERE id = ${id} AND status = 'pending'`,
    )) > 0
  )
}

/** Give a claim back (its blocks could not be enqueued): the next minute tries again. */
export async function unclaimNotification(db: Db, id: number) {
  await run(
    db,
    sql`UPDATE admin_notifications SET status = 'pending', sent_at = NULL WHERE id = ${id} AND status = 'sent'`,
  )
}

/** In-app notifications by id (a push message's). */
export const inAppByIds = (db: Db, list: number[]) =>
  rowsWhereIn(db, sql`SELECT ${IN_APP} FROM in_app_notifications`, sql`id`, list, inAppRow)
