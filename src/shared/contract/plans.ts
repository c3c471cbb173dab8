// Plans: ordered routes with lock rules, assigned to users (issue 7; SPEC §3 "Plan", §4 plan
// route lock codes, §7 "Plans" rows). docs/API.md "Plans (issue 7)" has the rules.
import { recommendationSchema } from './care'
import { z } from './zod'
import { PLAN_LOCK_CODES, PlanVisibility } from '#shared/enums'
import { del, get, post } from './call'
import { envelope, imagesSchema, languageSchema, linkSchema, messageResponse } from './common'
import { bool01, int, languageField, line, idField, contentStatusField } from './fields'
import { listSchema, pageOf } from './list'
import { editCalls, editorFormHead } from './content.manage'
import { checkinStateSchema } from './checkins'
import { streakSchema } from './rewards'

const id = idField

export const planSchema = z.object({
  id: z.number().int(),
  language: languageSchema,
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  images: imagesSchema.nullable(),
  visibility: z.number().int(),
  status: z.number().int(),
})
export type PlanDto = z.infer<typeof planSchema>

/** A plan assigned to the caller, with when it was assigned and finished (ISO, or null). */
export const myPlanSchema = planSchema.extend({ assigned_at: z.string(), finished_at: z.string().nullable() })
export type MyPlanDto = z.infer<typeof myPlanSchema>

export const plansQuery = listSchema({
  filters: { language: languageField.optional() },
  orderBy: ['id', 'title'],
  defaultPerPage: 10,
})
export type PlansQuery = z.output<typeof plansQuery>

export const listPlans = get('/plans', plansQuery, pageOf('plans', planSchema))
export const listMyPlans = get('/my/plans', plansQuery, pageOf('plans', myPlanSchema))

/** The lock settings of one route of a plan. */
export const planSettingSchema = z.object({
  need_finished_appointment: z.boolean(),
  need_appointment: z.boolean(),
  waiting_time_minutes: z.number().int(),
})

export const planItemSchema = z.object({
  route: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    images: imagesSchema.nullable(),
  }),
  progress: z.number().int(),
  completed: z.boolean(),
  active: z.boolean(),
  locked: z.boolean(),
  next_to_unlock: z.boolean(),
  lock_code: z.enum(PLAN_LOCK_CODES).nullable(),
  lock_message: z.string().nullable(),
  setting: planSettingSchema,
})
export type PlanItemDto = z.infer<typeof planItemSchema>

export const planStatusSchema = z.object({
  plan: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), description: z.string().nullable() }),
  progress: z.number().int(),
  finished: z.boolean(),
  /** True on the one answer that found the plan finished (show the congratulation once). */
  just_finished: z.boolean(),
  items: z.array(planItemSchema),
})
export type PlanStatusDto = z.infer<typeof planStatusSchema>

/** `filters[plan_id]` or bare `plan_id`; without it, the caller's latest unfinished plan (else their latest). */
export const planStatusQuery = listSchema({ filters: { plan_id: id.optional() }, orderBy: ['id'] })
export type PlanStatusQuery = z.output<typeof planStatusQuery>
export const myPlanStatus = get('/my/plan/status', planStatusQuery, envelope({ status: planStatusSchema }))

const visibilityField = z
  .union([z.literal(PlanVisibility.public), z.literal(PlanVisibility.private), z.enum(['1', '2'])], {
    error: 'validation.choice',
  })
  .transform(Number)

/** POST /v1/plan: without `id` creates (language, slug, title required), with `id` updates the fields sent. */
export const planForm = z.object({
  ...editorFormHead,
  visibility: visibilityField.optional(),
  status: contentStatusField.optional(),
  category: line(50).optional(),
  /** 0 removes the next plan. */
  next_plan_id: int({ min: 0 })
    .transform((v) => (v === 0 ? null : v))
    .optional(),
})
export type PlanForm = z.output<typeof planForm>

/** POST /v1/plan/setting: the lock settings (and order) of one route of a plan; fields not sent stay. */
export const planSettingForm = z.object({
  plan_id: id,
  route_id: id,
  order: int({ min: -100000, max: 100000 }).optional(),
  waiting_time_hours: int({ min: 0, max: 8760 }).optional(),
  need_appointment: bool01.optional(),
  need_finished_appointment: bool01.optional(),
})
export type PlanSettingForm = z.output<typeof planSettingForm>

const planUser = z.object({ plan_id: id, user_id: id })
const planRoute = z.object({ plan_id: id, route_id: id })
const planRouteAdd = planRoute.extend({ order: int({ min: -100000, max: 100000 }).optional() })

export const { save: savePlan, remove: deletePlan } = editCalls('/plan', planForm, 'plan', planSchema, {
  updated: 'plans.plan_updated',
  created: 'plans.plan_created',
  deleted: 'plans.plan_deleted',
})
export const savePlanSetting = post(
  '/plan/setting',
  planSettingForm,
  envelope({ setting: planSettingSchema.extend({ order: z.number().int() }) }),
  { message: 'plans.setting_updated' },
)
export const assignPlan = post('/plan/assign', planUser, messageResponse, { status: 201, message: 'plans.assigned' })
export const unassignPlan = del('/plan/assign', planUser, messageResponse, { message: 'plans.unassigned' })
export const addPlanRoute = post('/plan/route', planRouteAdd, messageResponse, {
  status: 201,
  message: 'plans.route_added',
})
export const removePlanRoute = del('/plan/route', planRoute, messageResponse, { message: 'plans.route_removed' })

export const plansCalls = [
  listPlans,
  listMyPlans,
  myPlanStatus,
  savePlan,
  deletePlan,
  savePlanSetting,
  assignPlan,
  unassignPlan,
  addPlanRoute,
  removePlanRoute,
] as const

// ── Page data (issue 7 §5) ──────────────────────────────────────────────────────────────────

/** /journey: the caller's current plan and its routes; null when they have none (the empty state). */
/** /journey: the plan's status, and what the person's psychologists recommended after a session (issue 44 §3). */
export const journeyPageData = z.object({
  status: planStatusSchema.nullable(),
  recommendations: z.array(recommendationSchema),
})
export type JourneyPageData = z.infer<typeof journeyPageData>

/**
 * /plan/{slug}?plan_id=: a plan with its routes. For the person it is assigned to, their progress
 * and locks; for anyone else, the routes in order from the start (`assigned` false).
 */
export const planPageData = z.object({
  plan: planSchema,
  assigned: z.boolean(),
  progress: z.number().int(),
  items: z.array(planItemSchema),
})
export type PlanPageData = z.infer<typeof planPageData>

/** Why a route may not be opened now (SPEC §4 "Locked routes cannot be opened"). */
export const routeBlockSchema = z.object({
  route: z.object({ slug: z.string(), title: z.string() }),
  plan: linkSchema,
  lock_code: z.enum(PLAN_LOCK_CODES),
  lock_message: z.string(),
})
export type RouteBlockDto = z.infer<typeof routeBlockSchema>

/** The blocked-route and need-appointment pages: the lock, or null when the route is open now. */
export const routeBlockPageData = z.object({ block: routeBlockSchema.nullable() })
export type RouteBlockPageData = z.infer<typeof routeBlockPageData>

/** /performance: the caller's current plan (null: none), routes to explore, and today's check-in with its trend. */
export const performancePageData = z.object({
  status: planStatusSchema.nullable(),
  checkin: checkinStateSchema, // issue 34 §4 (contract/checkins.ts)
  // The streak and how many rewards wait to be claimed (issue 11 §7), the same figures as GET
  // /v1/rewards, read with the page so the block is painted by the server and its code waits for
  // the first touch (decision 072).
  engagement: z.object({ streak: streakSchema, unclaimed: z.number().int().nonnegative() }),
  routes: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      units_count: z.number().int(),
      images: imagesSchema.nullable().optional(),
    }),
  ),
})
export type PerformancePageData = z.infer<typeof performancePageData>
