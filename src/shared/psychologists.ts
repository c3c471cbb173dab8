// A psychologist's profile extras and weekly hours (issue 9 §1; SPEC §3 "Psychologist extras",
// §9 "Degree list 13 values; nationalities and located-at options 5"): the closed lists the
// contract validates against and the profile page offers, the same on both sides. The texts
// shown for them are in i18n/psychologists.ts (`psychologist_profile.*`), keyed like these.

/**
 * SPEC §9 "Degree list 13 values" (the values themselves are not given: these are the usual
 * degrees of a psychologist in Spain and Latin America). The stored value is the English name
 * (what the landing and the booking show as is, and what the demo psychologists hold); the key
 * names its translation.
 */
export const DEGREES = {
  psychology: 'Degree in Psychology',
  general_health: 'Master in General Health Psychology',
  clinical: 'Master in Clinical Psychology',
  clinical_specialist: 'Specialist in Clinical Psychology (PIR)',
  child_adolescent: 'Master in Child and Adolescent Psychology',
  cbt: 'Master in Cognitive Behavioural Therapy',
  family_couples: 'Master in Family and Couples Therapy',
  psychotherapy: 'Master in Psychotherapy',
  neuropsychology: 'Master in Neuropsychology',
  trauma: 'Master in Trauma and Grief Therapy',
  addictions: 'Master in Addictions',
  phd: 'PhD in Psychology',
  phd_clinical: 'PhD in Clinical Psychology',
} as const
export type DegreeKey = keyof typeof DEGREES
export type Degree = (typeof DEGREES)[DegreeKey]
export const DEGREE_VALUES = Object.values(DEGREES) as Degree[]
/** The key of a stored degree (to translate it), or undefined for a value outside the list. */
export const degreeKeyOf = (value: string | null | undefined) =>
  Object.entries(DEGREES).find(([, v]) => v === value)?.[0] as DegreeKey | undefined

/** SPEC §9: the 5 options of nationality and of located at (stored as written here). */
export const PSYCHOLOGIST_COUNTRIES = ['Colombia', 'Mexico', 'Spain', 'India', 'Venezuela'] as const

/**
 * The symptom keys a psychologist may be a specialist in: the keys of the demo symptoms
 * (GET /v1/users/psychologists `filters[symptom]` matches them). A new one is added here with
 * its text in i18n/psychologists.ts.
 */
export const PSYCHOLOGIST_SYMPTOMS = [
  'anxiety',
  'insomnia',
  'stress',
  'panic',
  'overthinking',
  'rumination',
  'sadness',
  'low-mood',
] as const
export type PsychologistSymptom = (typeof PSYCHOLOGIST_SYMPTOMS)[number]

/** The route category keys a psychologist may specialise in (the demo route categories). */
export const PSYCHOLOGIST_CATEGORIES = ['calm', 'sleep', 'emotions', 'thoughts'] as const

/** The weekday fields of the availability form, in JS getDay order (0 Sunday … 6 Saturday). */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** Session length bounds (minutes) and the default when a psychologist has no hours yet. */
export const SLOT_MINUTES_MIN = 15
export const SLOT_MINUTES_MAX = 180
export const SLOT_MINUTES_DEFAULT = 60
/** At most this many ranges in one day. */
export const RANGES_PER_DAY_MAX = 12

/** The zones the agenda offers first (the psychologists' countries and the usual others); the current one is added. */
export const COMMON_TIME_ZONES = [
  'Europe/Madrid',
  'Atlantic/Canary',
  'Europe/Lisbon',
  'Europe/London',
  'America/Bogota',
  'America/Mexico_City',
  'America/Caracas',
  'America/Lima',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'UTC',
] as const

/** 'HH:MM' of minutes since midnight (1440 is '24:00'). */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

export interface MinuteRange {
  start: number
  end: number
}

export type RangesProblem = 'format' | 'order' | 'overlap' | 'too_many'

/**
 * One day's ranges, 'HH:MM-HH:MM,HH:MM-HH:MM' ('' is a day off), as minutes since midnight
 * [start, end), sorted; or what is wrong with them. '24:00' may end a range.
 */
export function parseRanges(text: string): { ranges: MinuteRange[] } | { problem: RangesProblem } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length > RANGES_PER_DAY_MAX) return { problem: 'too_many' }
  const ranges: MinuteRange[] = []
  for (const part of parts) {
    const m = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(part)
    if (!m) return { problem: 'format' }
    const [h1, m1, h2, m2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number]
    if (h1 > 23 || m1 > 59 || m2 > 59 || h2 > 24 || (h2 === 24 && m2 !== 0)) return { problem: 'format' }
    const start = h1 * 60 + m1
    const end = h2 * 60 + m2
    if (start >= end) return { problem: 'order' }
    ranges.push({ start, end })
  }
  ranges.sort((a, b) => a.start - b.start)
  for (let i = 1; i < ranges.length; i++) if (ranges[i]!.start < ranges[i - 1]!.end) return { problem: 'overlap' }
  return { ranges }
}

/** The ranges written back as the form and GET /v1/my/availability write them. */
export const formatRanges = (ranges: readonly MinuteRange[]) =>
  ranges.map((r) => `${hhmm(r.start)}-${hhmm(r.end)}`).join(',')

/** How many sessions of `slotMinutes` fit in the ranges (what GET /v1/appointment/slots offers on that weekday). */
export const slotsIn = (ranges: readonly MinuteRange[], slotMinutes: number) =>
  ranges.reduce((n, r) => n + Math.floor((r.end - r.start) / slotMinutes), 0)
