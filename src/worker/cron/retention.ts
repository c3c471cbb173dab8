import type { Env } from '#worker/env'
import { dropOldRankingDays } from '#worker/features/ranking/ranking.service'
import { addDays } from '#worker/lib/zones'
import { getDb } from '#worker/db/client'
import { deleteOld, rollUpOldDays, type RetainedTable } from './retention.repo'

const DAY = 86_400_000

/**
 * How long each table keeps its rows (issue 22 §3; docs/SCALING.md "Retention"). Sign-in
 * counters keep a day (features/users/throttle.ts, hourly); ranking snapshots the newest 8
 * complete days (features/ranking). Everything else is kept for as long as the account.
 */
export const RETENTION_DAYS: Record<RetainedTable, number> = {
  tracking_events: 90,
  notification_deliveries: 30,
  in_app_notifications: 90,
  email_outbox: 30,
}
/** Rows one delete takes, and deletes one table gets per run: no statement or run grows with the table. */
export const RETENTION_ROWS_PER_DELETE = 5_000
export const RETENTION_DELETES_PER_RUN = 20
/**
 * Active days older than this are rolled into one row per person and month (activity_months):
 * streaks read only the last days (the state is in user_engagement; the week shown is 7 days),
 * the reward counts add the months, and the ranking keeps its running total.
 */
export const ACTIVITY_DAYS_KEPT = 60

/**
 * Every hour (at minute 30 of the minute cron): each table loses what is past its horizon, in
 * bounded deletes (at most 100,000 rows a table a run, 2.4 M a day); what is left waits for the
 * next hour. Answers how many rows each table lost.
 */
export async function retentionJob(env: Env, now: Date, opts: { force?: boolean; rowsPerStep?: number } = {}) {
  if (!opts.force && now.getUTCMinutes() !== 30) return null
  const db = getDb(env.DB)
  const removed: Partial<Record<RetainedTable | 'activity_days', number>> = {}
  for (const [table, days] of Object.entries(RETENTION_DAYS) as [RetainedTable, number][]) {
    let total = 0
    for (let i = 0; i < RETENTION_DELETES_PER_RUN; i++) {
      const n = await deleteOld(db, table, now.getTime() - days * DAY, RETENTION_ROWS_PER_DELETE)
      total += n
      if (n < RETENTION_ROWS_PER_DELETE) break
    }
    removed[table] = total
  }
  // Old active days into their months, in the same bounded steps (2.4 M days a day: a million
  // people active two days in three add 670,000).
  let rolled = 0
  const cut = addDays(now.toISOString().slice(0, 10), -ACTIVITY_DAYS_KEPT)
  for (let i = 0; i < RETENTION_DELETES_PER_RUN; i++) {
    const n = await rollUpOldDays(db, cut, opts.rowsPerStep ?? RETENTION_ROWS_PER_DELETE)
    rolled += n
    if (n < (opts.rowsPerStep ?? RETENTION_ROWS_PER_DELETE)) break
  }
  removed.activity_days = rolled
  // A ranking day the nightly job could not finish dropping is dropped here.
  await dropOldRankingDays({ db })
  return removed
}
