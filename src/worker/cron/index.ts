import { asJob } from '#worker/context'
import type { Env } from '#worker/env'
import { countedD1, d1DelayOf, type D1Rounds } from '#worker/db/rounds'
import { peopleChanged } from '#worker/http/person-cache'
import { rankingJob } from './ranking'
import { noticesJob } from './notices'
import { remindersJob } from './reminders'
import { attemptsJob } from './attempts'
import { strandedMailJob } from './stranded-mail'
import { subscriptionsJob } from './subscriptions'
import { moneyMinute } from '#worker/features/payments/payments.service'
import { cleanHtmlJob } from './clean-html'
import { retentionJob } from './retention'
import { pushJob } from './push'
import { closingJob } from './closing'

/** Several jobs on one cron: one failing does not stop the others (its error is thrown after). */
const together =
  (...jobs: ((env: Env, now: Date) => Promise<unknown>)[]) =>
  async (env: Env, now: Date) => {
    const results = await Promise.allSettled(jobs.map((job) => job(env, now)))
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    return results
  }

/** Each cron expression of wrangler.toml goes to its own job (DESIGN §2). */
export const CRON_JOBS: Record<string, (env: Env, now: Date) => Promise<unknown>> = {
  // The day's end: the ranking, and the subscriptions' daily upkeep.
  '59 23 * * *': together(rankingJob, subscriptionsJob),
  // Due notices; appointment reminders; old sign-in attempts (hourly); mail whose enqueue failed;
  // post bodies not yet through the HTML allowlist; refunds waiting for a payment that came, and
  // what we still owe Stripe (cancel, refund), with backoff; once an hour, retention
  // (cron/retention.ts); sessions that ended 6 hours ago closed (cron/closing.ts). One job a file;
  // one failing does not stop the others.
  '* * * * *': together(
    noticesJob,
    remindersJob,
    attemptsJob,
    strandedMailJob,
    cleanHtmlJob,
    (env, now) => asJob(env, (ctx) => moneyMinute(ctx, now.getTime())),
    (env, now) => retentionJob(env, now),
    pushJob,
    closingJob,
  ),
}

export async function runScheduled(cron: string, env: Env, now: Date) {
  const job = CRON_JOBS[cron]
  if (!job) {
    console.warn(`no job for cron "${cron}"`)
    return
  }
  // A job that changed rows may have changed anyone's (the ranking, access expiry, Stripe
  // refunds…): the people's cached rows are dropped (http/person-cache.ts).
  const count: D1Rounds = { rounds: 0, calls: 0, wrote: false, changed: false }
  try {
    await job({ ...env, DB: countedD1(env.DB, count, undefined, d1DelayOf(env)) }, now)
  } finally {
    if (count.changed) await peopleChanged(env)
  }
}
