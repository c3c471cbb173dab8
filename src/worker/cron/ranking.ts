import { asJob } from '#worker/context'
import type { Env } from '#worker/env'
import { closeRankingDay } from '#worker/features/ranking/ranking.service'

/** 23:59 UTC: the day's ranking snapshot (features/ranking). */
export const rankingJob = (env: Env, now: Date) => asJob(env, (ctx) => closeRankingDay(ctx, now))
