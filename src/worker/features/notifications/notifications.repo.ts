// Every query of admin notifications, their deliveries and in-app notifications (CONVENTIONS 3:
// SQL lives only in *.repo.ts). Raw, set-based SQL on the D1 binding: a notice's audience is
// written one block of people a statement (notifications.fanout.ts, docs/SCALING.md).
import { sql } from 'drizzle-orm'
import type { MailTarget } from './notifications.mail'

/** An admin notification as stored (raw row). */
export interface NotificationRow {
  id: number
  status: 'pending' | 'sent' | 'cancelled'
  /** JSON array of user ids, as stored (checked by the service before use), or null. */
  receivers: string | null
  send_at: number | null
  language: 'es' | 'en' | null
  channel: 'in_app' | 'email'
  role_recipients: number | null
  readers_only: number
  delay_amount: number | null
  delay_unit: 'hours' | 'days' | 'months' | null
  at_best_moment: number
  level: 'info' | 'success' | 'warning' | 'danger'
  copy: string | null
  title: string
  description: string | null
  content: string | null
  sent_at: number | null
  created_at: number
  deliveries?: number
}

const COLUMNS = `id, status, receivers, send_at, language, channel, role_recipients, readers_only, delay_amount, delay_unit,
  at_best_moment, level, copy, title, description, content, sent_at, created_at`

export async function insertNotification(
  d1: D1Database,
  n: Omit<NotificationRow, 'id' | 'status' | 'sent_at' | 'created_at' | 'deliveries'>,
  createdBy: number,
  now: number,
) {
  return (await d1
    .prepare(
      `INSERT INTO admin_notifications (receivers, send_at, language, channel, role_recipients, readers_only, delay_amount, delay_unit,
         at_best_moment, level, copy, title, description, content, created_by, created_at, status)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 'pending') RETURNING ${COLUMNS}`,
    )
    .bind(
      n.receivers,
      n.send_at,
      n.language,
      n.channel,
      n.role_recipients,
      n.readers_only,
      n.delay_amount,
      n.delay_unit,
      n.at_best_moment,
      n.level,
      n.copy,
      n.title,
      n.description,
      n.content,
      createdBy,
      now,
    )
    .first<NotificationRow>())!
}

export async function findNotification(d1: D1Database, id: number) {
  return d1
    .prepare(
      `SELECT ${COLUMNS}, (SELECT count(*) FROM notification_deliveries WHERE notification_id = ?1) AS deliveries FROM admin_notifications WHERE id = ?1`,
    )
    .bind(id)
    .first<NotificationRow>()
}

export async function listNotifications(
  d1: D1Database,
  q: { status?: string; order: { column: string; dir: 'asc' | 'desc' }; perPage: number; offset: number },
) {
  const where = q.status ? 'WHERE status = ?1' : 'WHERE ?1 IS NULL'
  const order = `${q.order.column === 'send_at' ? 'send_at' : 'id'} ${q.order.dir === 'asc' ? 'ASC' : 'DESC'}`
  const [rows, total] = await d1.batch([
    d1
      .prepare(
        `SELECT ${COLUMNS}, (SELECT count(*) FROM notification_deliveries d WHERE d.notification_id = admin_notifications.id) AS deliveries FROM admin_notifications ${where} ORDER BY ${order}, id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(q.status ?? null, q.perPage, q.offset),
    d1.prepare(`SELECT count(*) AS n FROM admin_notifications ${where}`).bind(q.status ?? null),
  ])
  return { rows: rows!.results as NotificationRow[], total: (total!.results[0] as { n: number }).n }
}

/** Pending notifications due at `now`, oldest first. */
export async function dueNotifications(d1: D1Database, now: Date, limit = 20): Promise<NotificationRow[]> {
  const due = await d1
    .prepare(
      `SELECT ${COLUMNS} FROM admin_notifications WHERE status = 'pending' AND coalesce(send_at, 0) <= ?1 ORDER BY id LIMIT ?2`,
    )
    .bind(now.getTime(), limit)
    .all<NotificationRow>()
  return due.results
}

/**
 * Take a pending notification out of the queue without sending it (an admin's cancel, or a row
 * the cron cannot read). Only a pending one: true when this call cancelled it.
 */
export async function cancelNotification(d1: D1Database, id: number): Promise<boolean> {
  const res = await d1
    .prepare(`UPDATE admin_notifications SET status = 'cancelled' WHERE id = ?1 AND status = 'pending'`)
    .bind(id)
    .run()
  return (res.meta.changes ?? 0) > 0
}

/**
 * The audience of a notification, as SQL over `users u`: not opted out, in the language, of the
 * role, email readers only, the explicit receivers, and (email) with an address; people who
 * chose their channels (notification_channels) only on those. Binds ?2..?5.
 */
function audience(n: NotificationRow, receivers: number[] | null) {
  return `FROM users u WHERE u.notifications_disabled_at IS NULL
    ${receivers ? 'AND u.id IN (SELECT value FROM json_each(?2))' : 'AND ?2 IS NULL'}
    AND (?3 IS NULL OR u.language = ?3)
    AND (?4 IS NULL OR u.role = ?4)
    ${n.readers_only ? 'AND u.is_a_email_reader = 1' : ''}
    ${n.channel === 'email' ? 'AND u.email IS NOT NULL' : ''}
    AND (u.notification_channels IS NULL OR json_type(u.notification_channels) IS NOT 'array'
         OR EXISTS (SELECT 1 FROM json_each(u.notification_channels) WHERE value = ?5))`
}

/** The distinct (zone, best time) pairs of an audience: few, however many people (best-moment scheduling). */
export async function audienceMoments(d1: D1Database, n: NotificationRow, receivers: number[] | null) {
  const r = await d1
    .prepare(
      `SELECT DISTINCT coalesce(u.timezone, 'UTC') AS tz, u.perfect_time_to_send_notifications AS at ${audience(n, receivers)} AND u.perfect_time_to_send_notifications IS NOT NULL`,
    )
    .bind(null, receivers ? JSON.stringify(receivers) : null, n.language, n.role_recipients, n.channel)
    .all<{ tz: string; at: string }>()
  return r.results
}

export interface ClaimedDelivery {
  id: number
  notification_id: number
  user_id: number
  channel: 'in_app' | 'email' | 'push'
}

/**
 * Claim up to `limit` due deliveries for this run and write the in-app notifications of the
 * claimed in-app ones, in one batch. The claim is one UPDATE … RETURNING, so two runs at once
 * claim disjoint rows; the in-app rows are unique per delivery, so nothing is written twice.
 */
export async function claimDue(
  d1: D1Database,
  now: Date,
  channel: 'in_app' | 'email',
  limit: number,
  closeAfterMs: number,
): Promise<ClaimedDelivery[]> {
  const [claimed] = await d1.batch([
    d1
      .prepare(
        `UPDATE notification_deliveries SET status = 'sent', sent_at = ?1
         WHERE id IN (SELECT id FROM notification_deliveries WHERE status = 'pending' AND channel = ?3 AND coalesce(due_at, 0) <= ?1 ORDER BY due_at, id LIMIT ?2)
           AND status = 'pending'
         RETURNING id, notification_id, user_id, channel`,
      )
      .bind(now.getTime(), limit, channel),
    d1
      .prepare(
        `INSERT OR IGNORE INTO in_app_notifications (user_id, notification_id, delivery_id, locale, level, type, close_after, title, description, content, created_at)
         SELECT d.user_id, n.id, d.id, coalesce(n.language, u.language), n.level, 'admin', ?3,
                coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title),
                coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description),
                n.content, ?1
         FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
         WHERE d.status = 'sent' AND d.sent_at = ?1 AND d.channel = 'in_app' AND ?2 = 'in_app'
           AND NOT EXISTS (SELECT 1 FROM in_app_notifications x WHERE x.delivery_id = d.id)`,
      )
      .bind(now.getTime(), channel, closeAfterMs),
  ])
  return (claimed?.results ?? []) as ClaimedDelivery[]
}

export interface InAppRow {
  id: number
  user_id: number | null
  notification_id: number | null
  locale: 'es' | 'en' | null
  level: 'info' | 'success' | 'warning' | 'danger'
  type: string | null
  close_after: number | null
  title: string
  description: string | null
  content: string | null
  read_at: number | null
  created_at: number
}
const IN_APP =
  'id, user_id, notification_id, locale, level, type, close_after, title, description, content, read_at, created_at'

/** The in-app notifications written for these deliveries. */
export async function inAppOfDeliveries(d1: D1Database, deliveryIds: number[]) {
  if (!deliveryIds.length) return []
  const r = await d1
    .prepare(`SELECT ${IN_APP} FROM in_app_notifications WHERE delivery_id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(deliveryIds))
    .all<InAppRow>()
  return r.results
}

/** The admin notifications of these ids (the cron asks which of its claimed rows came from a broadcast). */
export async function notificationsByIds(d1: D1Database, ids: number[]) {
  if (!ids.length) return []
  const r = await d1
    .prepare(`SELECT ${COLUMNS} FROM admin_notifications WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<NotificationRow>()
  return r.results
}

/** One in-app notification for one person (a reward earned), answered as stored. */
export async function insertInApp(
  d1: D1Database,
  row: Omit<InAppRow, 'id' | 'read_at' | 'created_at' | 'notification_id'>,
  now: number,
) {
  return (await d1
    .prepare(
      `INSERT INTO in_app_notifications (user_id, locale, level, type, close_after, title, description, content, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING ${IN_APP}`,
    )
    .bind(row.user_id, row.locale, row.level, row.type, row.close_after, row.title, row.description, row.content, now)
    .first<InAppRow>())!
}

/** A person's unread in-app notifications, newest first. */
export async function unreadOf(d1: D1Database, userId: number, limit = 50) {
  const r = await d1
    .prepare(
      `SELECT ${IN_APP} FROM in_app_notifications WHERE user_id = ?1 AND read_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ?2`,
    )
    .bind(userId, limit)
    .all<InAppRow>()
  return r.results
}

/** Mark a person's own in-app notifications read: one (`id` or admin `notificationId`) or all. */
export async function markRead(
  d1: D1Database,
  userId: number,
  which: { id?: number; notificationId?: number },
  now: number,
) {
  const r = await d1
    .prepare(
      `UPDATE in_app_notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL
       AND (?3 IS NULL OR id = ?3) AND (?4 IS NULL OR notification_id = ?4)`,
    )
    .bind(userId, now, which.id ?? null, which.notificationId ?? null)
    .run()
  return r.meta.changes ?? 0
}

/** Who an email delivery goes to, with the copy in their language. */
export async function emailTargets(d1: D1Database, deliveryIds: number[]) {
  if (!deliveryIds.length) return []
  const r = await d1
    .prepare(
      `SELECT d.id, u.id AS user_id, u.email, u.name, coalesce(n.language, u.language) AS locale,
              coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title) AS title,
              coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description) AS description
       FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
       WHERE d.id IN (SELECT value FROM json_each(?1)) AND u.email IS NOT NULL AND u.notifications_disabled_at IS NULL`,
    )
    .bind(JSON.stringify(deliveryIds))
    .all<MailTarget>()
  return r.results
}

/**
 * A block's email deliveries due by `now` and still pending, at most `limit` (by id), with what
 * their mail needs; `email` is null for a person with nobody to mail (no address, or
 * notifications off). Read by the notice's unique key (notification, person, channel).
 */
export async function blockEmailDue(
  d1: D1Database,
  notificationId: number,
  from: number,
  to: number,
  now: number,
  limit: number,
) {
  const r = await d1
    .prepare(
      `SELECT d.id, u.id AS user_id, CASE WHEN u.notifications_disabled_at IS NULL THEN u.email END AS email, u.name,
              coalesce(n.language, u.language) AS locale,
              coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title) AS title,
              coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description) AS description
       FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
       WHERE d.notification_id = ?1 AND d.user_id BETWEEN ?2 AND ?3 AND d.channel = 'email' AND d.status = 'pending'
         AND coalesce(d.due_at, 0) <= ?4
       ORDER BY d.id LIMIT ?5`,
    )
    .bind(notificationId, from, to, now, limit)
    .all<{
      id: number
      user_id: number
      email: string | null
      name: string | null
      locale: 'es' | 'en'
      title: string
      description: string | null
    }>()
  return r.results
}

/** Deliveries marked sent, if still pending (a statement for the batch that writes their mails). */
export const markDeliveriesSent = (ids: number[], now: number) =>
  sql`UPDATE notification_deliveries SET status = 'sent', sent_at = ${now}
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND status = 'pending'`

// ── Fan-out through the queue (issue 22; docs/SCALING.md) ──────────────────────────────────

/** Take a due notification for sending (pending → sent): true only for the one call that took it. */
export async function claimNotification(d1: D1Database, id: number, now: number): Promise<boolean> {
  const r = await d1
    .prepare(`UPDATE admin_notifications SET status = 'sent', sent_at = ?1 WHERE id = ?2 AND status = 'pending'`)
    .bind(now, id)
    .run()
  return (r.meta.changes ?? 0) > 0
}

/** Give a claim back (its blocks could not be enqueued): the next minute tries again. */
export async function unclaimNotification(d1: D1Database, id: number) {
  await d1
    .prepare(`UPDATE admin_notifications SET status = 'pending', sent_at = NULL WHERE id = ?1 AND status = 'sent'`)
    .bind(id)
    .run()
}

/** The range of user ids (blocks are id ranges: `id BETWEEN a AND b`, by the primary key). */
export async function userIdRange(d1: D1Database) {
  const r = await d1
    .prepare('SELECT min(id) AS lo, max(id) AS hi FROM users')
    .first<{ lo: number | null; hi: number | null }>()
  return { lo: r?.lo ?? 0, hi: r?.hi ?? -1 }
}

/**
 * One block of a claimed notification: a pending delivery per person of the audience with an id
 * in [from, to] (unique per notification, person and channel: INSERT OR IGNORE, so a block
 * written twice writes nothing new). Only while the notification is claimed ('sent').
 * Answers how many were written.
 */
export async function writeBlock(
  d1: D1Database,
  n: NotificationRow,
  receivers: number[] | null,
  from: number,
  to: number,
  moments: Record<string, number>,
  at: number,
): Promise<number> {
  const r = await d1
    .prepare(
      `INSERT OR IGNORE INTO notification_deliveries (notification_id, user_id, channel, status, due_at, created_at)
       SELECT ?6, u.id, ?5, 'pending',
              coalesce(json_extract(?7, '$."' || coalesce(u.timezone, 'UTC') || '|' || coalesce(u.perfect_time_to_send_notifications, '') || '"'), ?1), ?1
       ${audience(n, receivers)} AND u.id BETWEEN ?8 AND ?9
         AND EXISTS (SELECT 1 FROM admin_notifications WHERE id = ?6 AND status = 'sent')`,
    )
    .bind(
      at,
      receivers ? JSON.stringify(receivers) : null,
      n.language,
      n.role_recipients,
      n.channel,
      n.id,
      JSON.stringify(moments),
      from,
      to,
    )
    .run()
  return r.meta.changes ?? 0
}

/**
 * The block's in-app deliveries due by `now`: claimed (pending → sent) and their in-app
 * notifications written (created at `now`), in one batch; both steps skip what is already
 * done, so a block run twice writes nothing twice. Answers the in-app rows this call wrote, at
 * most `limit`, to push (a block run again at a later `now` finds none to push again).
 */
export async function deliverBlock(
  d1: D1Database,
  notificationId: number,
  from: number,
  to: number,
  now: number,
  closeAfterMs: number,
  limit: number,
) {
  const [, , rows] = await d1.batch([
    d1
      .prepare(
        `UPDATE notification_deliveries SET status = 'sent', sent_at = ?2
         WHERE notification_id = ?1 AND user_id BETWEEN ?3 AND ?4 AND channel = 'in_app' AND status = 'pending' AND coalesce(due_at, 0) <= ?2`,
      )
      .bind(notificationId, now, from, to),
    d1
      .prepare(
        `INSERT OR IGNORE INTO in_app_notifications (user_id, notification_id, delivery_id, locale, level, type, close_after, title, description, content, created_at)
         SELECT d.user_id, n.id, d.id, coalesce(n.language, u.language), n.level, 'admin', ?5,
                coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.title'), n.title),
                coalesce(json_extract(n.copy, '$.' || coalesce(n.language, u.language) || '.description'), n.description),
                n.content, ?2
         FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
         WHERE d.notification_id = ?1 AND d.user_id BETWEEN ?3 AND ?4 AND d.channel = 'in_app' AND d.status = 'sent'
           AND NOT EXISTS (SELECT 1 FROM in_app_notifications x WHERE x.delivery_id = d.id)`,
      )
      .bind(notificationId, now, from, to, closeAfterMs),
    d1
      .prepare(
        `SELECT ${IN_APP} FROM in_app_notifications WHERE notification_id = ?1 AND user_id BETWEEN ?2 AND ?3 AND created_at = ?4 ORDER BY id LIMIT ?5`,
      )
      .bind(notificationId, from, to, now, limit),
  ])
  return rows!.results as InAppRow[]
}

/** In-app notifications by id (a push message's). */
export async function inAppByIds(d1: D1Database, ids: number[]) {
  if (!ids.length) return []
  const r = await d1
    .prepare(`SELECT ${IN_APP} FROM in_app_notifications WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<InAppRow>()
  return r.results
}
