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

// ── Activity days rolled up into months (issue 22; migration 0014) ──────────────────────────
// The same rows in both statements: the `limit` oldest days before the cut-off, in the order of
// the day index (day, id), which is unique, so the two sub-selects cannot pick different rows.
const OLDEST_DAYS = `SELECT id FROM activity_days WHERE day < ?1 ORDER BY day, id LIMIT ?2`

/** Add the oldest days to their person's month rows (one upsert per person and month). */
export const ROLLUP_MONTHS_SQL = `INSERT INTO activity_months (user_id, month, active_days, frozen_days, points)
  SELECT user_id, substr(day, 1, 7), sum(frozen = 0), sum(frozen != 0), sum(points)
  FROM activity_days WHERE id IN (${OLDEST_DAYS})
  GROUP BY user_id, substr(day, 1, 7)
  ON CONFLICT(user_id, month) DO UPDATE SET
    active_days = activity_months.active_days + excluded.active_days,
    frozen_days = activity_months.frozen_days + excluded.frozen_days,
    points = activity_months.points + excluded.points`
/** Then delete them (no trigger on delete: the running ranking total stays as it was). */
export const ROLLUP_DELETE_SQL = `DELETE FROM activity_days WHERE id IN (${OLDEST_DAYS})`

/**
 * Roll up at most `limit` active days older than `beforeDay` ('YYYY-MM-DD') into months: both
 * statements in one batch (one transaction), so a day is either still a day or already in its
 * month, never both or neither; run again, it takes the next days. Answers how many days went.
 */
export async function rollUpOldDays(d1: D1Database, beforeDay: string, limit: number) {
  const [, deleted] = await d1.batch([
    d1.prepare(ROLLUP_MONTHS_SQL).bind(beforeDay, limit),
    d1.prepare(ROLLUP_DELETE_SQL).bind(beforeDay, limit),
  ])
  return deleted?.meta.changes ?? 0
}
