// The daily ranking (SPEC §9 "updates at the end of each day"; issue 11 §3); its SQL is in
// ranking.repo.ts. Points: docs/API.md "Engagement" (10 a day with practice, nothing for minutes).
import type { RankingEntryDto } from '#shared/contract/ranking'
import type { Ctx } from '#worker/context'
import type { Env } from '#worker/env'
import { clearMemo, memo } from '#worker/http/memo'
import { AppError } from '#worker/http/errors'
import { hideFromRanking } from '#worker/features/engagement/engagement.service'
import {
  beginRankingDay,
  clearRankingRows,
  completeRankingDay,
  dropRankingDay,
  latestDay,
  myRow,
  previousCompleteDay,
  rankPage,
  staleRankingDays,
  topOf,
  type RankCursor,
  type RankingRow,
} from './ranking.repo'

/** How many rows GET /v1/ranking shows above the caller's own. */
export const RANKING_TOP = 50

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
export async function closeRankingDay(env: Pick<Env, 'DB'>, now: Date, opts: { page?: number } = {}) {
  const day = utcDay(now)
  const d1 = env.DB
  await beginRankingDay(d1, day, now.getTime())
  while ((await clearRankingRows(d1, day, DELETE_PAGE)) > 0) {}
  const prevDay = await previousCompleteDay(d1, day)
  let cursor: RankCursor | null = null
  let ranked = 0
  for (;;) {
    const page = await rankPage(d1, day, prevDay, cursor, opts.page ?? RANKING_PAGE)
    ranked += page.ranked
    if (!page.cursor || page.cursor.position === cursor?.position) break
    cursor = page.cursor
  }
  await completeRankingDay(d1, day, ranked, Date.now())
  clearMemo(topKey(day)) // a day closed again (by hand) is read anew here; elsewhere within the minute
  const dropped = await dropOldRankingDays(env)
  return { day, ranked, dropped }
}

/** Snapshot days past the newest RANKING_DAYS_KEPT complete ones go, their rows in bounded deletes. */
export async function dropOldRankingDays(env: Pick<Env, 'DB'>) {
  const stale = await staleRankingDays(env.DB, RANKING_DAYS_KEPT)
  for (const day of stale) {
    while ((await clearRankingRows(env.DB, day, DELETE_PAGE)) > 0) {}
    await dropRankingDay(env.DB, day)
  }
  return stale
}

function me(ctx: Ctx) {
  if (!ctx.user) throw new AppError('unauthenticated')
  return ctx.user
}

const entry = (r: RankingRow, myId: number): RankingEntryDto => ({
  position: r.position,
  position_change: r.position_change,
  name: r.name,
  points: r.points,
  is_me: r.user_id === myId,
})

/** GET /v1/ranking: the top of the last closed day and the caller's own row (null when not ranked or hidden). */
export async function ranking(ctx: Ctx) {
  const user = me(ctx)
  const day = await latestDay(ctx.env.DB)
  // The day's top is the same for everyone: kept a minute per isolate, keyed by the snapshot
  // day (issue 21 §3); the caller's own row is read beside it. Someone who leaves the ranking
  // is out of it in this isolate at once (setHidden) and in the others within the minute.
  const [{ hidden, row }, top] = await Promise.all([
    myRow(ctx.env.DB, day, user.id),
    day ? memo(topKey(day), TOP_TTL_MS, () => topOf(ctx.env.DB, day, RANKING_TOP)) : Promise.resolve([]),
  ])
  return { day, ranking: top.map((r) => entry(r, user.id)), me: row ? entry(row, user.id) : null, hidden }
}

/** POST /v1/ranking/visibility: leave or rejoin; leaving also takes the caller off the current day's ranking. */
export async function setHidden(ctx: Ctx, hidden: boolean) {
  const user = me(ctx)
  await hideFromRanking(ctx.env, user.id, hidden, Date.now())
  clearMemo(topKey(await latestDay(ctx.env.DB)))
}

const TOP_TTL_MS = 60_000
const topKey = (day: string | null) => `ranking-top:${day ?? ''}`
