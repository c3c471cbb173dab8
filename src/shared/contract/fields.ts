// Field pieces of SPEC §7's wire format, shared by every domain's request schemas. Message
// keys (e.g. 'validation.number') are translated by shared/contract/validation.ts, on the
// server for the 422 and in the browser before a form is sent: the same words either way.
import { z } from './zod'
import { isCover } from '#shared/media'

/** Booleans travel as 0 or 1 (true/false tolerated; code may pass the numbers 0 and 1). */
export const bool01 = z
  .union([z.boolean(), z.literal([0, 1]), z.enum(['0', '1', 'true', 'false'], { error: 'validation.boolean' })])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')

/**
 * A whole number from a query or form string, written in decimal only: '0x10', '1e3', '١٢'
 * and ' 5' are refused rather than read as something the person did not type (issue 14 §5).
 */
export const int = (bounds: { min?: number; max?: number } = {}) => {
  let n = z.number().int({ error: 'validation.integer' })
  if (bounds.min !== undefined) n = n.min(bounds.min)
  if (bounds.max !== undefined) n = n.max(bounds.max)
  return z
    .union([z.number(), z.string().regex(/^-?\d{1,15}$/, { error: 'validation.number' })], {
      // A value left out is "required" (validation.ts), as for any field; not "must be a number".
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.number',
    })
    .transform((v) => Number(v))
    .pipe(n)
}

// Text hygiene (issue 14 §5): C0/C1 control characters (NUL included) are never text a person
// meant, and bidirectional overrides let a name display as something else.
// oxlint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// oxlint-disable-next-line no-control-regex -- likewise, less the line breaks
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** Trimmed, bounded text with none of the characters `control` matches. */
const cleanText = (control: RegExp, max: number, min: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !control.test(v), { error: 'validation.control_characters' })

/** One line of text: trimmed, bounded, no control characters. */
export const line = (max = 255, min = 1) => cleanText(CONTROL, max, min)

/** Text that may span lines (a message, a consent text): no other control characters. */
export const paragraph = (max = 5000, min = 1) => cleanText(CONTROL_BUT_LINES, max, min)

/** A person's name: one line, and no bidirectional overrides. */
export const personName = (max = 100) =>
  line(max).refine((v) => !BIDI.test(v), { error: 'validation.control_characters' })

/** What a search box sends: one line; empty means no search. */
export const searchField = z
  .string()
  .trim()
  .max(200)
  .refine((v) => !CONTROL.test(v), { error: 'validation.control_characters' })

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'validation.email' }))

export const languageField = z.enum(['es', 'en'], { error: 'validation.choice' })

/** A row id named in a form or query. */
export const idField = int({ min: 1 })

/** A category to set, or 0 to remove it (SPEC §7 omits empty values, so '' cannot clear it). */
export const categoryRefField = int({ min: 0 }).transform((v) => (v === 0 ? null : v))

/** SPEC §4 visible 1 / hidden 2, for routes, posts, symptoms, units and plans. */
export const contentStatusField = z
  .union([z.literal(1), z.literal(2), z.enum(['1', '2'])], { error: 'validation.choice' })
  .transform((v) => Number(v) as 1 | 2)

/** Values joined by '|' (SPEC §7), e.g. filters[symptoms]=panic|sleep; at most 20. */
export const pipeValues = z
  .string()
  .max(500)
  .refine((v) => !CONTROL.test(v), { error: 'validation.control_characters' })
  .transform((s) =>
    s
      .split('|')
      .map((x) => x.trim())
      .filter(Boolean)
      .slice(0, 20),
  )

/** Every IANA time zone name the runtime knows, in its canonical spelling ('Europe/Madrid'). */
export function canonicalTimeZone(v: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(v)) return null
  try {
    return new Intl.DateTimeFormat('en', { timeZone: v }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** An IANA time zone name only (issue 13: `timezone` accepted any text). Stored canonical. */
export const timezoneField = z
  .string()
  .trim()
  .max(64)
  .transform((v, ctx) => {
    const tz = canonicalTimeZone(v)
    if (!tz) {
      ctx.addIssue({ code: 'custom', message: 'validation.timezone' })
      return z.NEVER
    }
    return tz
  })

// Dates (moved from appointments.ts: notifications reuse them, and must not bring appointments's
// calls into every signed-in page).
/** Whether the text starts with a real calendar date YYYY-MM-DD (no 30 February, any year 0000-9999). */
function realDate(s: string) {
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return true // the format's own check answers
  const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number]
  const t = new Date(0)
  t.setUTCFullYear(y, m - 1, d)
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
}
/** YYYY-MM-DD, a real calendar date. How far ahead a day may be is the service's (BOOKING_HORIZON_DAYS). */
export const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine(realDate, { error: 'validation.date' })
/** An ISO instant with its offset ('2026-11-30T09:00:00.000Z'), as SPEC §7 sends dates; a real calendar date and time. */
export const instantField = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/, {
    error: 'validation.date',
  })
  .refine(realDate, { error: 'validation.date' })
  .transform((s) => Date.parse(s))
  .refine((ms) => Number.isFinite(ms), { error: 'validation.date' })

/**
 * A cover or square picture (posts, routes): an upload's R2 key, a path of this site's media or
 * an Unsplash picture, and nothing else (shared/media.ts mediaUrl says why: every reader's
 * browser fetches it, `/logout` or an ad beacon included).
 */
export const coverField = line(500).refine(isCover, { error: 'validation.picture' })

/**
 * A page's `keyword` query as its search box would send it: control characters (which
 * `searchField` refuses) and direction marks read as spaces, at most 200 UTF-16 units
 * (searchField's max). A page is not a form with field errors: `/blog?keyword=%00` answered 500 (the loader's parse threw; found from
 * outside, decision 036), and now searches for what else it says.
 */
export const pageKeyword = (raw: string | undefined) =>
  (raw ?? '')
    .replace(new RegExp(`${CONTROL.source}|${BIDI.source}`, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
    .replace(/[\ud800-\udbff]$/, '') // a pair cut in two by the slice
    .trim()
