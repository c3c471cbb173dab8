import { Hono } from 'hono'
import * as calls from '#shared/contract/rewards'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as engagement from './engagement.service'

/** Rewards and the streak (issue 11 §1–2): the signed-in caller's own. */
export const engagementRoutes = new Hono<AppEnv>()
  .on(
    calls.listRewards.method,
    calls.listRewards.path,
    requireUser,
    ...endpoint(calls.listRewards, async (c) => reply(c, calls.listRewards, await engagement.listRewards(ctxOf(c)))),
  )
  .on(
    calls.listUnclaimed.method,
    calls.listUnclaimed.path,
    requireUser,
    ...endpoint(calls.listUnclaimed, async (c) => reply(c, calls.listUnclaimed, await engagement.unclaimed(ctxOf(c)))),
  )
  .on(
    calls.claimReward.method,
    calls.claimReward.path,
    requireUser,
    ...endpoint(calls.claimReward, async (c, f) => {
      await engagement.claim(ctxOf(c), f.reward_id)
      return reply(c, calls.claimReward, { reward_id: f.reward_id }, { message: 'engagement.rewards.claimed' })
    }),
  )
