// Rewards and kind streaks (issue 11 §1–2; SPEC §3 "Reward", §7 Rewards, §9 streaks and levels).
// docs/API.md "Engagement" has the rules.
import { z } from './zod'
import { get, post } from './call'
import { envelope } from './common'
import { idField } from './fields'

export const rewardSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  category: z.string(),
  /** The machine rule: the metric named by the key reaches `gte`. */
  criteria: z.object({ metric: z.string(), gte: z.number() }),
  description: z.string(),
  /** SPEC §9 icons: white heart (levels 1–7), green heart (8), pink heart (9), fire (10). */
  level: z.object({
    id: z.number().int(),
    title: z.string(),
    icon: z.enum(['white_heart', 'green_heart', 'pink_heart', 'fire']),
  }),
  is_acquired: z.boolean(),
  acquired_at: z.string().nullable(),
  is_claimed: z.boolean(),
})
export type RewardDto = z.infer<typeof rewardSchema>

/** A type of reward (its key) with its title, description and rewards (SPEC §3 "grouped by a key"). */
export const rewardTypeSchema = z.object({
  key: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  rewards: z.array(rewardSchema),
})
export type RewardTypeDto = z.infer<typeof rewardTypeSchema>

/** The kind streak: never a reset shown on its own, always "N of the last 7 days". */
export const streakSchema = z.object({
  current: z.number().int(),
  longest: z.number().int(),
  freezes: z.number().int(),
  last_7_days: z.number().int(),
  week: z.array(z.object({ day: z.string(), active: z.boolean() })),
  today_done: z.boolean(),
})
export type StreakDto = z.infer<typeof streakSchema>

/** GET /v1/rewards */
export const listRewards = get(
  '/rewards',
  z.object({}),
  envelope({
    rewards: z.array(rewardTypeSchema),
    user_progress: z.number().int().min(0).max(100),
    streak: streakSchema,
  }),
)
export type RewardsAnswer = z.infer<typeof listRewards.response>

/** GET /v1/rewards/unclaimed */
export const listUnclaimed = get('/rewards/unclaimed', z.object({}), envelope({ rewards: z.array(rewardSchema) }))

/** POST /v1/rewards/claim: once per reward. */
export const claimReward = post(
  '/rewards/claim',
  z.object({ reward_id: idField }),
  envelope({ reward_id: z.number().int() }),
  { message: 'engagement.rewards.claimed' },
)

export const rewardsCalls = [listRewards, listUnclaimed, claimReward] as const
