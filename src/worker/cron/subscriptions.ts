import { getDb } from '#worker/db/client'
import type { Env } from '#worker/env'
import { refreshSessions } from '#worker/identity/sessions'
import { dailySubscriptions } from '#worker/features/payments/payments.service'

/** Daily: plans whose time is over end (subscriber flag off), yearly plans get each month's sessions. */
export async function subscriptionsJob(env: Env, now: Date) {
  const out = await dailySubscriptions(getDb(env.DB), now.getTime())
  // Their sessions carry the subscriber flag (identity/): one failure must not stop the rest.
  for (const id of out.users)
    await refreshSessions(env, id).catch((err) =>
      console.warn(`subscriptions: sessions of user ${id} not refreshed:`, err instanceof Error ? err.message : err),
    )
  console.log(`subscriptions: ${out.ended} ended, ${out.grants} monthly grants checked`)
  return out
}
