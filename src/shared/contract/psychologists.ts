// A psychologist's own agenda and profile extras (issue 9 §1; SPEC §3 "Psychologist extras",
// §6 "Psychologist (host) ... has extra profile fields, can be open to appointments").
// docs/API.md "Appointments (issue 9)" › "A psychologist's agenda" has the rules.
import { z } from './zod'
import { LANGUAGES } from '#shared/enums'
import {
  DEGREE_VALUES,
  PSYCHOLOGIST_CATEGORIES,
  PSYCHOLOGIST_COUNTRIES,
  PSYCHOLOGIST_SYMPTOMS,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  WEEKDAYS,
  parseRanges,
  type MinuteRange,
  type Weekday,
} from '#shared/psychologists'
import { get, post } from './call'
import { envelope } from './common'
import { bool01, int, timezoneField } from './fields'
import { psychologistSchema } from './users'

// ── Weekly hours ─────────────────────────────────────────────────────────────────────────────

/** Each weekday's ranges as 'HH:MM-HH:MM,HH:MM-HH:MM'; '' is a day off. */
export const weekDaysSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, z.string()])) as Record<Weekday, z.ZodString>,
)

export const availabilitySchema = {
  /** The IANA zone the hours are in (the psychologist's clock). */
  timezone: z.string(),
  /** Open to appointments (`psychologist_open_to_get_appointment`): closed, nobody can book. */
  open: z.boolean(),
  /** The length of one session, minutes. */
  slot_minutes: z.number().int(),
  days: weekDaysSchema,
}

const PROBLEM_KEY = {
  format: 'psychologist_profile.errors.range_format',
  order: 'psychologist_profile.errors.range_order',
  overlap: 'psychologist_profile.errors.range_overlap',
  too_many: 'psychologist_profile.errors.too_many_ranges',
} as const

/** One weekday field of the form: comma-separated 'HH:MM-HH:MM' ranges (sorted, as minutes); absent or '' is a day off. */
const dayField = z
  .string()
  .max(400)
  .transform((text, ctx) => {
    const parsed = parseRanges(text)
    if ('problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: PROBLEM_KEY[parsed.problem] })
      return z.NEVER
    }
    return parsed.ranges
  })
  .optional()

/**
 * POST /v1/my/availability: the whole week at once (it replaces every row of the caller's).
 * Each range well formed ('24:00' may end one), starting before it ends, not overlapping another
 * of its day, and long enough for one session. The output is the rows to write (`hours`).
 */
export const availabilityForm = z
  .object({
    timezone: timezoneField,
    open: bool01,
    slot_minutes: int({ min: SLOT_MINUTES_MIN, max: SLOT_MINUTES_MAX }),
    ...(Object.fromEntries(WEEKDAYS.map((d) => [d, dayField])) as Record<Weekday, typeof dayField>),
  })
  .transform((f, ctx) => {
    const hours: { weekday: number; ranges: MinuteRange[] }[] = []
    WEEKDAYS.forEach((day, weekday) => {
      const ranges = f[day] ?? []
      if (ranges.some((r) => r.end - r.start < f.slot_minutes))
        ctx.addIssue({ code: 'custom', path: [day], message: 'psychologist_profile.errors.range_short' })
      else if (ranges.length) hours.push({ weekday, ranges })
    })
    return { timezone: f.timezone, open: f.open, slot_minutes: f.slot_minutes, hours }
  })
export type AvailabilityForm = z.output<typeof availabilityForm>

export const getMyAvailability = get('/my/availability', z.object({}), envelope(availabilitySchema))
export const saveMyAvailability = post('/my/availability', availabilityForm, envelope(availabilitySchema), {
  message: 'psychologist_profile.availability_saved',
})

// ── Profile extras ───────────────────────────────────────────────────────────────────────────

/** 'none' clears a field (SPEC §7 omits empty values, so '' cannot). */
const NONE = 'none'

const choice = <T extends readonly string[]>(values: T) =>
  z
    .string()
    .trim()
    .max(120)
    .refine((v) => v === NONE || (values as readonly string[]).includes(v), { error: 'validation.choice' })
    .transform((v) => (v === NONE ? null : (v as T[number])))

/** Keys joined by '|' or ',' (or sent as `name[]`), each one of `values`, without repeats; 'none' empties the list. */
const keyList = <T extends readonly string[]>(values: T, allowNone: boolean) =>
  z
    .union([z.string().max(500), z.array(z.string().max(60)).max(20)], { error: 'validation.choice' })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(/[|,]/)).map((x) => x.trim()).filter(Boolean))])
    .refine((list) => list.length <= 20, { error: 'validation.choice' })
    .refine(
      (list) =>
        (allowNone && list.length === 1 && list[0] === NONE) ||
        (list.length > 0 && list.every((x) => (values as readonly string[]).includes(x))),
      { error: 'validation.choice' },
    )
    .transform((list) => (list[0] === NONE ? [] : (list as T[number][])))

/**
 * POST /v1/my/psychologist: the extras of SPEC §3; every field optional, a field not sent
 * stays. `degree` one of the 13 of shared/psychologists.ts (its English name), nationality and
 * located_at one of the 5 countries, specialities and category keys of the shared lists,
 * speaks_in 'es' and/or 'en' (at least one). 'none' clears degree, category, nationality,
 * located_at and the specialities.
 */
export const psychologistExtrasForm = z.object({
  degree: choice(DEGREE_VALUES).optional(),
  specialist_in_symptoms: keyList(PSYCHOLOGIST_SYMPTOMS, true).optional(),
  specialized_in_the_category: choice(PSYCHOLOGIST_CATEGORIES).optional(),
  speaks_in: keyList(LANGUAGES, false).optional(),
  nationality: choice(PSYCHOLOGIST_COUNTRIES).optional(),
  located_at: choice(PSYCHOLOGIST_COUNTRIES).optional(),
})
export type PsychologistExtrasForm = z.output<typeof psychologistExtrasForm>

export const saveMyPsychologistProfile = post(
  '/my/psychologist',
  psychologistExtrasForm,
  envelope({ psychologist: psychologistSchema }),
  { message: 'psychologist_profile.extras_saved' },
)

export const psychologistsCalls = [getMyAvailability, saveMyAvailability, saveMyPsychologistProfile] as const
