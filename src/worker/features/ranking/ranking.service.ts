// The daily ranking (SPEC §9 "updates at the end of each day"; issue 11 §3); its SQL is in
// ranking.repo.ts. Points: docs/API.md "Engagement" (10 a day with practice, nothing for minutes).
import type { RankingEntryDto } from '#shared/contract/ranking'
import type { Ctx } from '#worker/context'
import { clearMemo, memo } from '#worker/http/memo'
import { personal } from '#worker/http/person-cache'
import { hideFromRanking } from '#worker/features/engagement/engagement.service'
import { latestDay, myRowOfLatestDay, topOf, type RankingRow } from './ranking.repo'
import { topKey } from './ranking.days'
import { me } from '#worker/identity/caller'

export { closeRankingDay, dropOldRankingDays, RANKING_DAYS_KEPT } from './ranking.days'

/** How many rows GET /v1/ranking shows above the caller's own. */
export const RANKING_TOP = 50

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
  // The last closed day and the caller's own row in it are kept between their requests
  // (http/person-cache.ts: the nightly job, a cron run, drops them for everyone).
  // A cold read brings the day's top in the same batch (issue 43 §3: one round, even where this
  // isolate has not kept the top yet); it is not kept with the person's rows.
  let freshTop: RankingRow[] | null = null
  const { day, hidden, row } = await personal(ctx, 'ranking-mine', null, async () => {
    const { top, ...mine } = await myRowOfLatestDay(ctx.db, user.id, RANKING_TOP)
    freshTop = top
    return mine
  })
  // The day's top is the same for everyone: kept a minute per isolate, keyed by the snapshot
  // day (issue 21 §3). Someone who leaves the ranking is out of it in this isolate at once
  // (setHidden) and in the others within the minute.
  const top = day ? await memo(topKey(day), TOP_TTL_MS, async () => freshTop ?? topOf(ctx.db, day, RANKING_TOP)) : []
  return { day, ranking: top.map((r) => entry(r, user.id)), me: row ? entry(row, user.id) : null, hidden }
}

/** POST /v1/ranking/visibility: leave or rejoin; leaving also takes the caller off the current day's ranking. */
export async function setHidden(ctx: Ctx, hidden: boolean) {
  const user = me(ctx)
  // The setting and the day whose kept top it clears, side by side: one D1 round (issue 43 §3).
  const [, day] = await Promise.all([hideFromRanking(ctx, user.id, hidden, Date.now()), latestDay(ctx.db)])
  clearMemo(topKey(day))
}

const TOP_TTL_MS = 60_000
