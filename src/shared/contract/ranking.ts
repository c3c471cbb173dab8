// The daily ranking (issue 11 §3; SPEC §3 "Ranking entry", §7 Ranking, §9 "updates at the end of each day").
import { z } from './zod'
import { get, post } from './call'
import { envelope } from './common'
import { bool01 } from './fields'

export const rankingEntrySchema = z.object({
  position: z.number().int(),
  /** Places moved since the previous day's ranking: positive is up, 0 unchanged or new. */
  position_change: z.number().int(),
  /** First name and initial ('Ana G.'); never the email. */
  name: z.string(),
  points: z.number().int(),
  is_me: z.boolean(),
})
export type RankingEntryDto = z.infer<typeof rankingEntrySchema>

/** GET /v1/ranking: the top of the last closed day, and the caller's own row. */
export const getRanking = get(
  '/ranking',
  z.object({}),
  envelope({
    day: z.string().nullable(),
    ranking: z.array(rankingEntrySchema),
    me: rankingEntrySchema.nullable(),
    hidden: z.boolean(),
  }),
)
export type RankingAnswer = z.infer<typeof getRanking.response>

/** POST /v1/ranking/visibility: leave (hidden=1) or come back to (hidden=0) the ranking, from the profile. */
export const setRankingVisibility = post(
  '/ranking/visibility',
  z.object({ hidden: bool01 }),
  envelope({ hidden: z.boolean() }),
)

export const rankingCalls = [getRanking, setRankingVisibility] as const
