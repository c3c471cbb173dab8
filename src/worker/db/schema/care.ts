// Care between sessions (issue 44): a person's safety plan, and the routes a psychologist
// recommends after a session. One domain of the D1 schema; ../schema.ts re-exports it and states
// the conventions. docs/decisions/068.

import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { SafetyContact } from '#shared/safety'
import { belongsTo, createdAt, id, json, linksTo, timestamps } from './columns'
import { appointments } from './appointments'
import { routes } from './content'
import { users } from './users'

/**
 * One safety plan per person, kept in their account when they choose (it lives on the device
 * first). Health data: read and written only by the person, gone with them (cascade), not in
 * analytics, not in any admin screen. `updated_at` is the instant the person last edited it on
 * whichever device (sent by the device, clamped to the server's clock): the later edit wins.
 */
export const safetyPlans = sqliteTable('safety_plans', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  warningSigns: json<string[]>('warning_signs').notNull(),
  coping: json<string[]>('coping').notNull(),
  distractions: json<string[]>('distractions').notNull(),
  people: json<SafetyContact[]>('people').notNull(),
  professionals: json<SafetyContact[]>('professionals').notNull(),
  environment: json<string[]>('environment').notNull(),
  ...timestamps(),
})

/**
 * What a psychologist recommended after a session they held (one per session: a second
 * recommendation replaces the first). The person keeps it when the psychologist leaves: `host_id`
 * is cleared with their account and the page says "a psychologist who has left", as the session
 * itself does (decision 058). It goes with the person (cascade on `user_id`, the session's guest).
 */
export const recommendations = sqliteTable(
  'recommendations',
  {
    id: id(),
    appointmentId: belongsTo('appointment_id', () => appointments.id),
    hostId: linksTo('host_id', () => users.id),
    userId: belongsTo('user_id', () => users.id),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recommendations_appointment_uq').on(t.appointmentId),
    index('recommendations_user_idx').on(t.userId, t.createdAt),
    index('recommendations_host_user_idx').on(t.hostId, t.userId),
  ],
)

/** The one to three routes of a recommendation, in the psychologist's order. */
export const recommendationRoutes = sqliteTable(
  'recommendation_routes',
  {
    recommendationId: belongsTo('recommendation_id', () => recommendations.id),
    routeId: belongsTo('route_id', () => routes.id),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recommendationId, t.routeId] }),
    index('recommendation_routes_route_idx').on(t.routeId),
  ],
)

export type SafetyPlanRow = typeof safetyPlans.$inferSelect
export type Recommendation = typeof recommendations.$inferSelect
