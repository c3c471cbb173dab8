// Plans and progress.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { PlanVisibility } from '#shared/enums'
import {
  ts,
  tsNow,
  createdAt,
  updatedAt,
  bool,
  json,
  id,
  contentStatus,
  type Images,
  belongsTo,
  linksTo,
  timestamps,
  slugged,
  slugPerLanguage,
  languageStatusIndex,
} from './columns'
import { routes, units } from './content'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Plans and progress (SPEC §3 "Plan", §4 lock codes)
// Route progress = completed units / visible units of the route (derived from unit_progress);
// the waiting_time lock counts from the last unit completion of the previous route.
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const plans = sqliteTable(
  'plans',
  {
    ...slugged(),
    description: text('description'),
    images: json<Images>('images'),
    visibility: integer('visibility').$type<PlanVisibility>().notNull().default(1),
    status: contentStatus(),
    /** SPEC §3 "timeout" (unit not shown): hours an assignment lasts; NULL = no limit. */
    timeoutHours: integer('timeout_hours'),
    /** SPEC §3 "accessibility" (values not shown), e.g. 'free' | 'subscribers'. */
    accessibility: text('accessibility'),
    /** Landing category this plan serves (SPEC §9 utm category: anxiety | insomnia). */
    category: text('category'),
    /** Plan created/assigned automatically when this one is finished (SPEC §4). */
    nextPlanId: linksTo('next_plan_id', (): AnySQLiteColumn => plans.id),
    createdBy: linksTo('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [slugPerLanguage('plans', t), languageStatusIndex('plans', t)],
)

/** Ordered routes of a plan with their lock settings. SPEC §5 "A route cannot be added twice to a plan". */
export const planRoutes = sqliteTable(
  'plan_routes',
  {
    id: id(),
    planId: belongsTo('plan_id', () => plans.id),
    routeId: belongsTo('route_id', () => routes.id),
    order: integer('order').notNull().default(0),
    /** Lock 'waiting_time': hours after the previous route is completed. 0 = none. */
    waitingTimeHours: integer('waiting_time_hours').notNull().default(0),
    /** Lock 'need_appointment': a booked (pending/confirmed) appointment is required. */
    needAppointment: bool('need_appointment').notNull().default(false),
    /** Lock 'need_finished_appointment': an attended appointment is required. */
    needFinishedAppointment: bool('need_finished_appointment').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_routes_plan_route_uq').on(t.planId, t.routeId),
    index('plan_routes_plan_order_idx').on(t.planId, t.order),
    index('plan_routes_route_idx').on(t.routeId),
  ],
)

export const planAssignments = sqliteTable(
  'plan_assignments',
  {
    id: id(),
    planId: belongsTo('plan_id', () => plans.id),
    userId: belongsTo('user_id', () => users.id),
    assignedBy: linksTo('assigned_by', () => users.id),
    assignedAt: tsNow('assigned_at'),
    /** Set when progress reaches 100 (fires plan_finished, SPEC §4). */
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('plan_assignments_plan_user_uq').on(t.planId, t.userId),
    index('plan_assignments_user_idx').on(t.userId, t.assignedAt),
  ],
)

/** Listening position and completion per unit. The unique (user_id, unit_id) also serves
 *  "all progress of a user" queries (leftmost prefix). */
export const unitProgress = sqliteTable(
  'unit_progress',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    unitId: belongsTo('unit_id', () => units.id),
    positionSeconds: integer('position_seconds').notNull().default(0),
    completedAt: ts('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('unit_progress_user_unit_uq').on(t.userId, t.unitId),
    index('unit_progress_unit_idx').on(t.unitId),
  ],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type Plan = typeof plans.$inferSelect
export type NewPlan = typeof plans.$inferInsert
export type PlanRoute = typeof planRoutes.$inferSelect
export type PlanAssignment = typeof planAssignments.$inferSelect
export type UnitProgress = typeof unitProgress.$inferSelect
