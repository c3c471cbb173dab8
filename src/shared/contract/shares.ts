// What a person shares with each psychologist they have a session with, and what that
// psychologist sees before the session (issue 44 §1, §2; docs/decisions/067, docs/API.md
// "Shared with my psychologist"). Nothing is shared by default; every box is the person's choice.
import { z } from './zod'
import { get, post } from './call'
import { envelope } from './common'
import { bool01, idField } from './fields'
import { MOODS } from '#shared/checkins'

const moodSchema = z.literal(MOODS)

/** What the person chose for one psychologist; `active` false once withdrawn, ended or the psychologist left. */
export const shareSchema = z.object({
  host_id: z.number().int(),
  host: z.object({ id: z.number().int(), name: z.string().nullable(), avatar: z.string().nullable() }),
  checkins: z.boolean(),
  notes: z.boolean(),
  practice: z.boolean(),
  safety_plan: z.boolean(),
  /** Something is shared and the psychologist can see it now. */
  active: z.boolean(),
  /** The psychologist still sees people at Calma (a former one sees nothing). */
  host_active: z.boolean(),
  /** The end of the last session with this psychologist (null: none has ended yet). */
  last_session_at: z.string().nullable(),
  /** When the share ends by itself: 90 days after the last session (null while a session is to come). */
  ends_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})
export type ShareDto = z.infer<typeof shareSchema>

/** GET /v1/my/shares: one entry per psychologist the caller has had (or has booked) a session with. */
export const listShares = get('/my/shares', z.object({}), envelope({ shares: z.array(shareSchema) }))

export const shareRequest = z.object({
  host_id: idField,
  // A box not sent is off, as an unticked checkbox of a form: each POST states all four.
  checkins: bool01.optional().default(false),
  notes: bool01.optional().default(false),
  practice: bool01.optional().default(false),
  safety_plan: bool01.optional().default(false),
})

/** POST /v1/my/share: the four choices for one psychologist; all 0 withdraws, at once. */
export const saveShare = post('/my/share', shareRequest, envelope({ share: shareSchema }), {
  message: 'shares.saved',
})

export const shareViewSchema = z.object({
  id: z.number().int(),
  /** null: the psychologist has since closed their account. */
  host_id: z.number().int().nullable(),
  host_name: z.string().nullable(),
  appointment_id: z.number().int().nullable(),
  seen: z.array(z.enum(['checkins', 'notes', 'practice', 'safety_plan', 'recommendations'])),
  viewed_at: z.string(),
})
export type ShareViewDto = z.infer<typeof shareViewSchema>

/** GET /v1/my/share/views: every time a psychologist looked, newest first (the last 100). */
export const listShareViews = get('/my/share/views', z.object({}), envelope({ views: z.array(shareViewSchema) }))

export const practiceSchema = z.object({
  /** From the end of the previous session with this psychologist, or 30 days back. */
  since: z.string(),
  routes_completed: z.number().int(),
  units_completed: z.number().int(),
  minutes_listened: z.number().int(),
  days_active: z.number().int(),
  routes: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string() })),
  /** The routes this psychologist recommended, and whether each was done since (null: none recommended). */
  recommended: z
    .array(z.object({ id: z.number().int(), title: z.string(), slug: z.string(), done: z.boolean() }))
    .nullable(),
})
export type PracticeDto = z.infer<typeof practiceSchema>

const contactSchema = z.object({ name: z.string(), phone: z.string() })
/** The safety plan as shared: Stanley & Brown's six steps (src/shared/safety.ts), each a short list. */
export const sharedSafetyPlanSchema = z.object({
  warning_signs: z.array(z.string()),
  coping: z.array(z.string()),
  distractions: z.array(z.string()),
  people: z.array(contactSchema),
  professionals: z.array(contactSchema),
  environment: z.array(z.string()),
  updated_at: z.string(),
})
const routeRefSchema = z.object({ id: z.number().int(), title: z.string(), slug: z.string() })
/** One recommendation this psychologist made after a session: its routes and note. */
export const sharedRecommendationSchema = z.object({
  id: z.number().int(),
  appointment_id: z.number().int(),
  note: z.string(),
  routes: z.array(routeRefSchema),
  created_at: z.string(),
})

export const sharedSchema = {
  appointment_id: z.number().int(),
  guest: z.object({ id: z.number().int(), name: z.string().nullable() }),
  /** The 30-day trend on the person's clock, oldest first. */
  checkins: z.object({ days: z.array(z.object({ day: z.string(), mood: moodSchema.nullable() })) }).nullable(),
  notes: z.array(z.object({ day: z.string(), note: z.string() })).nullable(),
  practice: practiceSchema.nullable(),
  safety_plan: sharedSafetyPlanSchema.nullable(),
  recommendations: z.array(sharedRecommendationSchema).nullable(),
}
export type SharedDto = z.infer<z.ZodObject<typeof sharedSchema>>

/**
 * GET /v1/appointment/shared?id=N: what the guest of session N shares with its host, for that
 * host alone while they have a live or recent session with the person; each answer is a view.
 * `private, no-store`: no shared cache and no service worker keeps it.
 */
export const appointmentShared = get('/appointment/shared', z.object({ id: idField }), envelope(sharedSchema), {
  privateNoStore: true,
})

/** GET /v1/appointment/sharers: the people who share something with the caller now (no content, no view). */
export const listSharers = get('/appointment/sharers', z.object({}), envelope({ guest_ids: z.array(z.number().int()) }))

export const sharesCalls = [listShares, saveShare, listShareViews, appointmentShared, listSharers] as const
