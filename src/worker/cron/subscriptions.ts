import { getDb } from '#worker/db/client'
import type { Env } from '#worker/env'
import { dailySubscriptions } from '#worker/features/payments/payments.service'

/** Daily: plans whose time is over end (subscriber flag off), yearly plans get each month's sessions. */
export async function subscriptionsJob(env: Env, now: Date) {
  const out = await dailySubscriptions(getDb(env.DB), now.getTime())
  console.log(`subscriptions: ${out.ended} ended, ${out.grants} monthly grants checked`)
  return out
}
