// Care between sessions (issue 44 §3, §4): the routes a psychologist recommends after a session,
// and a person's safety plan. docs/API.md "Care between sessions" has the rules; decision 068.
import { z } from './zod'
import { get, post } from './call'
import { envelope, imagesSchema } from './common'
import { idField, instantField, line, paragraph } from './fields'
import { SAFETY_ITEMS_MAX, SAFETY_PHONE_MAX, SAFETY_TEXT_MAX, type SafetyPlanSteps } from '#shared/safety'

/** How many routes one recommendation names (issue 44 §3: one to three). */
export const RECOMMEND_ROUTES_MAX = 3
/** The psychologist's short note: a few lines, read on a phone. */
export const RECOMMEND_NOTE_MAX = 500

/**
 * POST /v1/appointment/recommend: after a session the caller held and closed as attended, one to
 * three routes in the person's language (`route_ids[]`), with a short note. A second call for the
 * same session replaces the first (and the person is not told twice).
 */
export const recommendForm = z.object({
  id: idField,
  route_ids: z
    .union([idField, z.array(idField)], { error: 'care.errors.route_ids' })
    .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
    .pipe(
      z
        .array(z.number())
        .min(1, { error: 'care.errors.route_ids' })
        .max(RECOMMEND_ROUTES_MAX, { error: 'care.errors.route_ids_max' }),
    ),
  note: paragraph(RECOMMEND_NOTE_MAX).optional(),
})
export type RecommendForm = z.output<typeof recommendForm>

const recommendedRoute = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  images: imagesSchema,
  /** 0–100: how much of it the person has done. */
  progress: z.number().int(),
})

/** One recommendation as the person reads it. `host` null: a psychologist who has left. */
export const recommendationSchema = z.object({
  id: z.number().int(),
  appointment_id: z.number().int(),
  host: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string(),
  routes: z.array(recommendedRoute),
  created_at: z.string(),
})
export type RecommendationDto = z.infer<typeof recommendationSchema>

export const recommend = post(
  '/appointment/recommend',
  recommendForm,
  envelope({
    recommendation: z.object({
      id: z.number().int(),
      appointment_id: z.number().int(),
      route_ids: z.array(z.number().int()),
      note: z.string(),
    }),
    created: z.boolean(),
  }),
  { message: 'care.recommended' },
)

/** GET /v1/my/recommendations: the caller's own, newest first. */
export const myRecommendations = get(
  '/my/recommendations',
  z.object({}),
  envelope({ recommendations: z.array(recommendationSchema) }),
)

// ── The safety plan ────────────────────────────────────────────────────────────────────────────

const item = line(SAFETY_TEXT_MAX)
const contact = z.object({
  name: line(SAFETY_TEXT_MAX),
  phone: z
    .string()
    .trim()
    .max(SAFETY_PHONE_MAX)
    .regex(/^[+\d][\d\s().\-*#]*$|^$/, { error: 'care.errors.phone' })
    .default(''),
})
const list = <T extends z.ZodType>(of: T) => z.array(of).max(SAFETY_ITEMS_MAX, { error: 'care.errors.too_many' })

/** The six steps, as kept and as sent: each a short list. */
export const safetyStepsSchema = z.object({
  warning_signs: list(item).default([]),
  coping: list(item).default([]),
  distractions: list(item).default([]),
  people: list(contact).default([]),
  professionals: list(contact).default([]),
  environment: list(item).default([]),
}) satisfies z.ZodType<SafetyPlanSteps, unknown>

/** The plan the account keeps, with the instant it was last edited (on whichever device). */
export const safetyPlanSchema = safetyStepsSchema.extend({ updated_at: z.string() })
export type SafetyPlanDto = z.infer<typeof safetyPlanSchema>

/** GET /v1/my/safety-plan: the caller's own, or null when the account keeps none. */
export const mySafetyPlan = get('/my/safety-plan', z.object({}), envelope({ plan: safetyPlanSchema.nullable() }))

/**
 * POST /v1/my/safety-plan: `plan`, the six steps as JSON (the same object GET answers), edited at
 * `updated_at` (the device's clock; now when absent, never later than now). The later edit wins:
 * an older edit is not kept, and the answer carries the plan the account holds (`kept` false).
 */
export const safetyPlanForm = z.object({
  // No message of its own: one would word every problem of the field ("required" for a plan too
  // long, or JSON that is not an object); the catalogue's wording per problem applies.
  plan: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' })
        return z.NEVER
      }
    })
    .pipe(safetyStepsSchema),
  updated_at: instantField.optional(),
})
export type SafetyPlanForm = z.output<typeof safetyPlanForm>
export const saveSafetyPlan = post(
  '/my/safety-plan',
  safetyPlanForm,
  envelope({ plan: safetyPlanSchema, kept: z.boolean() }),
  { message: 'care.plan_saved' },
)

export const careCalls = [recommend, myRecommendations, mySafetyPlan, saveSafetyPlan] as const
