// Content: routes, units, symptoms, categories, properties, likes and stats.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { ContentTarget, UnitKind } from '#shared/enums'
import {
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
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Content: routes, units, symptoms, categories, properties (SPEC §3 Route/Unit/Symptom)
// Slugs are unique per language; the unique index leads with slug so slug-only lookups use it.
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const routeCategories = sqliteTable(
  'route_categories',
  {
    ...slugged(),
    createdAt: createdAt(),
  },
  (t) => [slugPerLanguage('route_categories', t)],
)

export const routes = sqliteTable(
  'routes',
  {
    ...slugged(),
    description: text('description'),
    status: contentStatus(),
    isPublic: bool('is_public').notNull().default(true),
    /** Route active/inactive, separate from visible/hidden (SPEC §4). */
    isActive: bool('is_active').notNull().default(true),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    tag: text('tag'),
    categoryId: linksTo('category_id', () => routeCategories.id),
    order: integer('order').notNull().default(0),
    needsAppointment: bool('needs_appointment').notNull().default(false),
    properties: json<Record<string, unknown>>('properties'),
    images: json<Images>('images'),
    createdBy: linksTo('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [slugPerLanguage('routes', t), index('routes_language_status_order_idx').on(t.language, t.status, t.order)],
)

export const units = sqliteTable(
  'units',
  {
    id: id(),
    routeId: belongsTo('route_id', () => routes.id),
    order: integer('order').notNull().default(0),
    status: contentStatus(),
    title: text('title').notNull(),
    description: text('description'),
    kind: text('kind').$type<UnitKind>().notNull().default('audio'),
    /** R2 key, served by /media/* with Range support (DESIGN §1). */
    mediaKey: text('media_key'),
    coverKey: text('cover_key'),
    durationSeconds: integer('duration_seconds'),
    // Credits shown with the unit (SPEC §3).
    creditsCreator: text('credits_creator'),
    creditsDubbing: text('credits_dubbing'),
    creditsInterpretation: text('credits_interpretation'),
    creditsAuthor: text('credits_author'),
    ...timestamps(),
  },
  (t) => [index('units_route_order_idx').on(t.routeId, t.order)],
)

export const symptoms = sqliteTable(
  'symptoms',
  {
    ...slugged(),
    status: contentStatus(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    ...timestamps(),
  },
  (t) => [slugPerLanguage('symptoms', t), languageStatusIndex('symptoms', t)],
)

/** SPEC §5 "A symptom cannot be assigned twice to the same route"; SPEC §3 "one may be primary". */
export const routeSymptoms = sqliteTable(
  'route_symptoms',
  {
    id: id(),
    routeId: belongsTo('route_id', () => routes.id),
    symptomId: belongsTo('symptom_id', () => symptoms.id),
    isPrimary: bool('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('route_symptoms_route_symptom_uq').on(t.routeId, t.symptomId),
    index('route_symptoms_symptom_idx').on(t.symptomId),
    // At most one primary symptom per route: clear the old one first in the same db.batch.
    uniqueIndex('route_symptoms_one_primary_uq')
      .on(t.routeId)
      .where(sql`is_primary = 1`),
  ],
)

/** Admin-editable key/value settings (SPEC §2 "property editing", §6). */
export const properties = sqliteTable('properties', {
  id: id(),
  key: text('key').notNull().unique(),
  value: text('value'),
  description: text('description'),
  updatedBy: linksTo('updated_by', () => users.id),
  ...timestamps(),
})

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Likes and stats (SPEC §3 "stats (views, likes)", "liked_by_me"; §4 like toggle)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const likes = sqliteTable(
  'likes',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    targetType: text('target_type').$type<ContentTarget>().notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('likes_user_target_uq').on(t.userId, t.targetType, t.targetId),
    index('likes_target_idx').on(t.targetType, t.targetId),
  ],
)

/** Counters per route/post, bumped with INSERT ... ON CONFLICT(target_type, target_id) DO UPDATE. */
export const contentStats = sqliteTable(
  'content_stats',
  {
    id: id(),
    targetType: text('target_type').$type<ContentTarget>().notNull(),
    targetId: integer('target_id').notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_stats_target_uq').on(t.targetType, t.targetId)],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type Route = typeof routes.$inferSelect
export type NewRoute = typeof routes.$inferInsert
export type Unit = typeof units.$inferSelect
export type NewUnit = typeof units.$inferInsert
export type Symptom = typeof symptoms.$inferSelect
export type RouteCategory = typeof routeCategories.$inferSelect
export type Property = typeof properties.$inferSelect
