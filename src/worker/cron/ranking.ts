import type { Env } from '#worker/env'
import { closeRankingDay } from '#worker/features/ranking/ranking.service'

/** 23:59 UTC: the day's ranking snapshot (features/ranking). */
export const rankingJob = (env: Env, now: Date) => closeRankingDay(env, now)
