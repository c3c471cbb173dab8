import * as calls from '#shared/contract/rewards'
import { requireUser } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as engagement from './engagement.service'

/** Rewards and the streak (issue 11 §1–2): the signed-in caller's own. */
export const engagementRoutes = routes((on) => {
  on(calls.listRewards, requireUser, (_, ctx) => engagement.listRewards(ctx))
  on(calls.listUnclaimed, requireUser, (_, ctx) => engagement.unclaimed(ctx))
  on(calls.claimReward, requireUser, async (f, ctx) => {
    await engagement.claim(ctx, f.reward_id)
    return { reward_id: f.reward_id }
  })
})
