import type { Env } from '#worker/env'
import { rankingJob } from './ranking'
import { dueNotificationsJob } from './notifications'
import { subscriptionsJob } from './subscriptions'
import { runStripeActions } from '#worker/features/payments/stripe.actions'

/** Each cron expression of wrangler.toml goes to its own job (DESIGN §2). */
export const CRON_JOBS: Record<string, (env: Env, now: Date) => Promise<unknown>> = {
  // The day's end: the ranking, and the subscriptions' daily upkeep (one failing does not stop the other).
  '59 23 * * *': async (env, now) => {
    const results = await Promise.allSettled([rankingJob(env, now), subscriptionsJob(env, now)])
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    return results
  },
  // Every minute: due notifications, and what we still owe Stripe (cancel, refund) with backoff.
  '* * * * *': async (env, now) => {
    const results = await Promise.allSettled([dueNotificationsJob(env, now), runStripeActions(env, { now: now.getTime() })])
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    return results
  },
}

export async function runScheduled(cron: string, env: Env, now: Date) {
  const job = CRON_JOBS[cron]
  if (!job) {
    console.warn(`no job for cron "${cron}"`)
    return
  }
  await job(env, now)
}
