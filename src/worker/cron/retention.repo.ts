// Every query of the retention job (CONVENTIONS 3). Each delete takes at most `limit` rows, the
// oldest first by id (ids grow with time, so old rows are found at the start of the table).
// Bounded deletes and an upsert from a grouped select: drizzle's `sql` on `db` (docs/decisions/032).
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { batch, run } from '#worker/db/query'

/** What each table keeps, as one bounded delete of rows older than `before` (ms), at most `limit`. */
const RETENTION_DELETES = {
  /** Usage events (features/tracking): raw events are for recent analysis only. */
  tracking_events: (before: number, limit: number) =>
    sql`DELETE FROM tracking_events WHERE id IN (SELECT id FROM tracking_events WHERE created_at < ${before} ORDER BY id LIMIT ${limit})`,
  /** Deliveries already made: their in-app rows (the person's list) stay; the work record goes. */
  notification_deliveries: (before: number, limit: number) =>
    sql`DELETE FROM notification_deliveries WHERE id IN (SELECT id FROM notification_deliveries WHERE status = 'sent' AND coalesce(sent_at, created_at) < ${before} ORDER BY id LIMIT ${limit})`,
  /** In-app notifications read long ago. */
  in_app_notifications: (before: number, limit: number) =>
    sql`DELETE FROM in_app_notifications WHERE id IN (SELECT id FROM in_app_notifications WHERE read_at IS NOT NULL AND read_at < ${before} ORDER BY id LIMIT ${limit})`,
  /** Mail sent (its body is already gone): the delivery record. Dead letters stay until replayed. */
  email_outbox: (before: number, limit: number) =>
    sql`DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox WHERE status = 'sent' AND coalesce(sent_at, created_at) < ${before} ORDER BY id LIMIT ${limit})`,
} as const satisfies Record<string, (before: number, limit: number) => SQL>

export type RetainedTable = keyof typeof RETENTION_DELETES

/** One bounded delete: answers how many rows went. */
export const deleteOld = (db: Db, table: RetainedTable, before: number, limit: number) =>
  run(db, RETENTION_DELETES[table](before, limit))

// ── Activity days rolled up into months (issue 22; migration 0014) ──────────────────────────
// The same rows in both statements: the `limit` oldest days before the cut-off, in the order of
// the day index (day, id), which is unique, so the two sub-selects cannot pick different rows.
const oldestDays = (beforeDay: string, limit: number) =>
  sql`SELECT id FROM activity_days WHERE day < ${beforeDay} ORDER BY day, id LIMIT ${limit}`

/** Add the oldest days to their person's month rows (one upsert per person and month). */
const rollUpMonths = (
  beforeDay: string,
  limit: number,
) => sql`INSERT INTO activity_months (user_id, month, active_days, frozen_days, points)
  SELECT user_id, substr(day, 1, 7), sum(frozen = 0), sum(frozen != 0), sum(points)
  FROM activity_days WHERE id IN (${oldestDays(beforeDay, limit)})
  GROUP BY user_id, substr(day, 1, 7)
  ON CONFLICT(user_id, month) DO UPDATE SET
    active_days = activity_months.active_days + excluded.active_days,
    frozen_days = activity_months.frozen_days + excluded.frozen_days,
    points = activity_months.points + excluded.points`
/** Then delete them (no trigger on delete: the running ranking total stays as it was). */
const deleteRolledUp = (beforeDay: string, limit: number) =>
  sql`DELETE FROM activity_days WHERE id IN (${oldestDays(beforeDay, limit)})`

/**
 * Roll up at most `limit` active days older than `beforeDay` ('YYYY-MM-DD') into months: both
 * statements in one batch (one transaction), so a day is either still a day or already in its
 * month, never both or neither; run again, it takes the next days. Answers how many days went.
 */
export async function rollUpOldDays(db: Db, beforeDay: string, limit: number) {
  const [, deleted] = await batch(db, [rollUpMonths(beforeDay, limit), deleteRolledUp(beforeDay, limit)])
  return deleted?.meta.changes ?? 0
}
