// The daily check-in's numbers and words (issue 34 §4), without zod: the page imports these,
// the contract (contract/checkins.ts) builds its schemas on them.

/** The five steps of the scale, 1 very low … 5 very good. */
export const MOODS = [1, 2, 3, 4, 5] as const
export type Mood = (typeof MOODS)[number]
/** The words of each step (i18n `checkins.moods.*`, `checkins.kind.*`). */
export const MOOD_KEY = { 1: 'very_low', 2: 'low', 3: 'okay', 4: 'good', 5: 'very_good' } as const satisfies Record<
  Mood,
  string
>
/** The step at which the page offers /help, gently. */
export const VERY_LOW: Mood = 1
/** A short note: a line or two, not a diary (the export carries it; nothing else reads it). */
export const CHECKIN_NOTE_MAX = 280
/** How many local days the trend shows, today included. */
export const TREND_DAYS = 30
