// The daily check-in (issue 34 §4): how a person feels today, once a day on their own clock, and
// the last 30 days as a trend. docs/API.md "Check-ins" has the rules.
import { z } from './zod'
import { get, post } from './call'
import { envelope } from './common'
import { paragraph } from './fields'
import { CHECKIN_NOTE_MAX, MOODS, type Mood } from '#shared/checkins'

/** A mood from a form ('1'…'5') or code (1…5); anything else is one translated refusal. */
export const moodField = z
  .union([z.literal(MOODS), z.enum(['1', '2', '3', '4', '5'])], { error: 'checkins.errors.mood' })
  .transform((v) => Number(v) as Mood)

const moodSchema = z.literal(MOODS)

/** One day's check-in, the person's own. `day` is YYYY-MM-DD on their clock. */
export const checkinSchema = z.object({
  day: z.string(),
  mood: moodSchema,
  note: z.string().nullable(),
  updated_at: z.string(),
})
export type CheckinDto = z.infer<typeof checkinSchema>

/** The last TREND_DAYS local days, oldest first; `mood` null on a day without a check-in. */
export const trendSchema = z.object({
  days: z.array(z.object({ day: z.string(), mood: moodSchema.nullable() })),
})
export type TrendDto = z.infer<typeof trendSchema>

/** What /performance and GET /v1/checkins show: today's check-in (null: not yet) and the trend. */
export const checkinStateSchema = z.object({
  today: checkinSchema.nullable(),
  trend: trendSchema,
})
export type CheckinState = z.infer<typeof checkinStateSchema>

/** GET /v1/checkins: the caller's own, today and the trend. */
export const listCheckins = get('/checkins', z.object({}), envelope(checkinStateSchema.shape))

export const checkinRequest = z.object({
  mood: moodField,
  note: paragraph(CHECKIN_NOTE_MAX).optional(),
})

/**
 * POST /v1/checkin: today's check-in on the caller's clock; a second one the same day replaces
 * that day's (`updated`). The message is the kind words for that mood.
 */
export const saveCheckin = post(
  '/checkin',
  checkinRequest,
  envelope({ ...checkinStateSchema.shape, updated: z.boolean() }),
)
export type SaveCheckinAnswer = z.infer<typeof saveCheckin.response>

export const checkinsCalls = [listCheckins, saveCheckin] as const
