import type { Env } from '../env'

/**
 * Every minute: admin notifications whose time has come become in-app notifications for their
 * receivers (SPEC §3 "Notification": explicit receivers, or a role, or email readers only, in
 * a language). Claiming a notification (pending → sent) and writing its deliveries happen in
 * one batch, and deliveries are unique per user and channel, so overlapping runs never send twice.
 * Email and best-moment scheduling belong to the notifications feature.
 */
export async function sendDueNotifications(env: Env, now: Date) {
  const due = await env.DB.prepare(
    `SELECT id, receivers, language, role_recipients, readers_only, title, description, content
     FROM admin_notifications
     WHERE status = 'pending' AND channel = 'in_app' AND coalesce(send_at, 0) <= ?1
     ORDER BY id LIMIT 20`,
  )
    .bind(now.getTime())
    .all<{ id: number; receivers: string | null; language: string | null; role_recipients: number | null; readers_only: number; title: string; description: string | null; content: string | null }>()
  let sent = 0
  for (const n of due.results) {
    const receivers: number[] | null = n.receivers ? JSON.parse(n.receivers) : null
    const audience = `SELECT id FROM users WHERE deleted_at IS NULL AND notifications_disabled_at IS NULL
      ${receivers ? `AND id IN (SELECT value FROM json_each(?2))` : ''}
      ${n.language ? 'AND language = ?3' : ''}
      ${n.role_recipients ? 'AND role = ?4' : ''}
      ${n.readers_only ? 'AND is_a_email_reader = 1' : ''}`
    const params = [now.getTime(), receivers ? JSON.stringify(receivers) : null, n.language, n.role_recipients, n.id]
    const results = await env.DB.batch([
      env.DB.prepare(`UPDATE admin_notifications SET status = 'sent', sent_at = ?1 WHERE id = ?5 AND status = 'pending'`).bind(...params),
      env.DB.prepare(
        `INSERT OR IGNORE INTO notification_deliveries (notification_id, user_id, channel, status, sent_at)
         SELECT ?5, id, 'in_app', 'sent', ?1 FROM (${audience})`,
      ).bind(...params),
      env.DB.prepare(
        `INSERT INTO in_app_notifications (user_id, notification_id, locale, level, type, title, description, content, created_at)
         SELECT d.user_id, n.id, coalesce(?3, u.language), 'info', 'admin', n.title, n.description, n.content, ?1
         FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
         WHERE d.notification_id = ?5 AND d.sent_at = ?1`,
      ).bind(...params),
    ])
    sent += results[1]?.meta.changes ?? 0
  }
  return { notifications: due.results.length, deliveries: sent }
}
