import type { Env } from '../env'
import { closeRankingDay } from './ranking'
import { sendDueNotifications } from './notifications'

/** Each cron expression of wrangler.toml goes to its own job (DESIGN §2). */
export const CRON_JOBS: Record<string, (env: Env, now: Date) => Promise<unknown>> = {
  '59 23 * * *': closeRankingDay,
  '* * * * *': sendDueNotifications,
}

export async function runScheduled(cron: string, env: Env, now: Date) {
  const job = CRON_JOBS[cron]
  if (!job) {
    console.warn(`no job for cron "${cron}"`)
    return
  }
  await job(env, now)
}
