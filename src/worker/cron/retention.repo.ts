// Every query of the retention job (CONVENTIONS 3). Each delete takes at most `limit` rows, the
// oldest first by id (ids grow with time, so old rows are found at the start of the table).

/** What each table keeps, as the SQL of one bounded delete (?1 = the cut-off in ms, ?2 = the limit). */
export const RETENTION_DELETES = {
  /** Usage events (features/tracking): raw events are for recent analysis only. */
  tracking_events: `DELETE FROM tracking_events WHERE id IN (SELECT id FROM tracking_events WHERE created_at < ?1 ORDER BY id LIMIT ?2)`,
  /** Deliveries already made: their in-app rows (the person's list) stay; the work record goes. */
  notification_deliveries: `DELETE FROM notification_deliveries WHERE id IN (SELECT id FROM notification_deliveries WHERE status = 'sent' AND coalesce(sent_at, created_at) < ?1 ORDER BY id LIMIT ?2)`,
  /** In-app notifications read long ago. */
  in_app_notifications: `DELETE FROM in_app_notifications WHERE id IN (SELECT id FROM in_app_notifications WHERE read_at IS NOT NULL AND read_at < ?1 ORDER BY id LIMIT ?2)`,
  /** Mail sent (its body is already gone): the delivery record. Dead letters stay until replayed. */
  email_outbox: `DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox WHERE status = 'sent' AND coalesce(sent_at, created_at) < ?1 ORDER BY id LIMIT ?2)`,
} as const

export type RetainedTable = keyof typeof RETENTION_DELETES

/** One bounded delete: answers how many rows went. */
export async function deleteOld(d1: D1Database, table: RetainedTable, before: number, limit: number) {
  const r = await d1.prepare(RETENTION_DELETES[table]).bind(before, limit).run()
  return r.meta.changes ?? 0
}
