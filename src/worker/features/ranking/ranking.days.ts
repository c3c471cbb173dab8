// Closing a ranking day (the nightly job, issue 22 "ranking that stays flat") and dropping old
// ones. Apart from the service so the demo seed, which runs under Node, can close its days with
// the job's own code (the service reaches engagement and the realtime objects).
import type { Db } from '#worker/db/client'
import type { Ctx } from '#worker/context'
import { clearMemo } from '#worker/http/memo'
import {
  beginRankingDay,
  clearRankingRows,
  completeRankingDay,
  dropRankingDay,
  previousCompleteDay,
  rankPage,
  staleRankingDays,
  type RankCursor,
} from './ranking.repo'

/** The memo key of a day's top 50 (ranking.service reads it; closing the day again clears it). */
export const topKey = (day: string | null) => `ranking-top:${day ?? ''}`

/** 'YYYY-MM-DD' of a moment, in UTC (the ranking's day). */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/** People one statement ranks (keyset pages: each statement stays well inside D1's per-query limits). */
export const RANKING_PAGE = 100_000
/** Complete snapshot days kept (yesterday's gives position_change; a week more to look back on). */
export const RANKING_DAYS_KEPT = 8
/** Rows one statement deletes when a day is rebuilt or dropped. */
const DELETE_PAGE = 50_000

/**
 * Close the ranking of `now`'s UTC day (issue 22 "ranking that stays flat"): the day is marked
 * building, ranked page by page from the running points totals into its snapshot rows, and
 * only then marked complete, so the read never shows half a day. Re-running a day rebuilds it,
 * so a retried cron changes nothing. Days older than the newest RANKING_DAYS_KEPT are dropped.
 */
export const closeRankingDay = (ctx: Pick<Ctx, 'db'>, now: Date, opts: { page?: number } = {}) =>
  closeRankingDayOn(ctx.db, now, opts)

/** closeRankingDay on a database handle (the seed's own). */
export async function closeRankingDayOn(db: Db, now: Date, opts: { page?: number } = {}) {
  const day = utcDay(now)
  await beginRankingDay(db, day, now.getTime())
  while ((await clearRankingRows(db, day, DELETE_PAGE)) > 0) {}
  const prevDay = await previousCompleteDay(db, day)
  let cursor: RankCursor | null = null
  let ranked = 0
  for (;;) {
    const page = await rankPage(db, day, prevDay, cursor, opts.page ?? RANKING_PAGE)
    ranked += page.ranked
    if (!page.cursor || page.cursor.position === cursor?.position) break
    cursor = page.cursor
  }
  await completeRankingDay(db, day, ranked, Date.now())
  clearMemo(topKey(day)) // a day closed again (by hand) is read anew here; elsewhere within the minute
  const dropped = await dropOldRankingDaysOn(db)
  return { day, ranked, dropped }
}

/** Snapshot days past the newest RANKING_DAYS_KEPT complete ones go, their rows in bounded deletes. */
export const dropOldRankingDays = (ctx: Pick<Ctx, 'db'>) => dropOldRankingDaysOn(ctx.db)

async function dropOldRankingDaysOn(db: Db) {
  const stale = await staleRankingDays(db, RANKING_DAYS_KEPT)
  for (const day of stale) {
    while ((await clearRankingRows(db, day, DELETE_PAGE)) > 0) {}
    await dropRankingDay(db, day)
  }
  return stale
}
