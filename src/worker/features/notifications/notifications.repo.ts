// Every query of admin notifications and their deliveries (CONVENTIONS 3: SQL lives only in
// *.repo.ts). Raw, set-based SQL on the D1 binding: one statement fans a notification out to
// its whole audience, however large (docs/SCALING.md).

/** An admin notification whose time has come, as the cron reads it. */
export interface DueNotification {
  id: number
  /** JSON array of user ids, as stored (checked by the service before use), or null. */
  receivers: string | null
  language: string | null
  role_recipients: number | null
  readers_only: number
  title: string
  description: string | null
  content: string | null
}

/** Pending in-app notifications due at `now`, oldest first. */
export async function dueNotifications(d1: D1Database, now: Date, limit = 20): Promise<DueNotification[]> {
  const due = await d1
    .prepare(
      `SELECT id, receivers, language, role_recipients, readers_only, title, description, content
       FROM admin_notifications
       WHERE status = 'pending' AND channel = 'in_app' AND coalesce(send_at, 0) <= ?1
       ORDER BY id LIMIT ?2`,
    )
    .bind(now.getTime(), limit)
    .all<DueNotification>()
  return due.results
}

/**
 * Take a pending notification out of the queue without sending it. The status column allows
 * only pending | sent | cancelled (NotificationStatus, SPEC §3), so 'cancelled' is the one
 * that stops the cron; admin_notifications has no column for the reason, so the caller logs it.
 */
export async function cancelNotification(d1: D1Database, id: number): Promise<boolean> {
  const res = await d1.prepare(`UPDATE admin_notifications SET status = 'cancelled' WHERE id = ?1 AND status = 'pending'`).bind(id).run()
  return (res.meta.changes ?? 0) > 0
}

/**
 * Send one notification to its audience, in one batch: claim it (pending → sent), write one
 * delivery per user (unique per user and channel, so overlapping runs never send twice), and
 * the in-app notifications of those deliveries. Answers how many deliveries were written.
 */
export async function deliverInApp(d1: D1Database, n: DueNotification, receivers: number[] | null, now: Date): Promise<number> {
  const audience = `SELECT id FROM users WHERE notifications_disabled_at IS NULL
    ${receivers ? `AND id IN (SELECT value FROM json_each(?2))` : ''}
    ${n.language ? 'AND language = ?3' : ''}
    ${n.role_recipients ? 'AND role = ?4' : ''}
    ${n.readers_only ? 'AND is_a_email_reader = 1' : ''}`
  const params = [now.getTime(), receivers ? JSON.stringify(receivers) : null, n.language, n.role_recipients, n.id]
  const results = await d1.batch([
    d1.prepare(`UPDATE admin_notifications SET status = 'sent', sent_at = ?1 WHERE id = ?5 AND status = 'pending'`).bind(...params),
    d1
      .prepare(
        `INSERT OR IGNORE INTO notification_deliveries (notification_id, user_id, channel, status, sent_at)
         SELECT ?5, id, 'in_app', 'sent', ?1 FROM (${audience})`,
      )
      .bind(...params),
    d1
      .prepare(
        `INSERT INTO in_app_notifications (user_id, notification_id, locale, level, type, title, description, content, created_at)
         SELECT d.user_id, n.id, coalesce(?3, u.language), 'info', 'admin', n.title, n.description, n.content, ?1
         FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
         WHERE d.notification_id = ?5 AND d.sent_at = ?1`,
      )
      .bind(...params),
  ])
  return results[1]?.meta.changes ?? 0
}
