import type { Env } from '#worker/env'
import { rankingJob } from './ranking'
import { dueNotificationsJob } from './notifications'

/** Each cron expression of wrangler.toml goes to its own job (DESIGN §2). */
export const CRON_JOBS: Record<string, (env: Env, now: Date) => Promise<unknown>> = {
  '59 23 * * *': rankingJob,
  '* * * * *': dueNotificationsJob,
}

export async function runScheduled(cron: string, env: Env, now: Date) {
  const job = CRON_JOBS[cron]
  if (!job) {
    console.warn(`no job for cron "${cron}"`)
    return
  }
  await job(env, now)
}
