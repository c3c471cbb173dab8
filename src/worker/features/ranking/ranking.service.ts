// The daily ranking (SPEC §9 "updates at the end of each day"); its SQL is in ranking.repo.ts.
import type { Env } from '#worker/env'
import { replaceRankingDay } from './ranking.repo'

/** 'YYYY-MM-DD' of a moment, in UTC (the ranking's day). */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/** Close the ranking of `now`'s UTC day. Re-running a day replaces it, so a retried cron changes nothing. */
export async function closeRankingDay(env: Env, now: Date) {
  const day = utcDay(now)
  return { day, ranked: await replaceRankingDay(env.DB, day) }
}
