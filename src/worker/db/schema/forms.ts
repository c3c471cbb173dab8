// Forms: contact, feedback, letstalk, suggestions, translation misses.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { ContactReason, Language, LetstalkTime, UsageFrequency } from '#shared/enums'
import { ts, tsNow, createdAt, bool, id, linksTo } from './columns'
import { routes } from './content'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Forms: contact, feedback, letstalk, suggestions, translation misses (SPEC §3, §7, §9)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const contactRequests = sqliteTable(
  'contact_requests',
  {
    id: id(),
    email: text('email').notNull(),
    reason: text('reason').$type<ContactReason>().notNull(),
    message: text('message').notNull(), // form field "description"
    userId: linksTo('user_id', () => users.id),
    locale: text('locale').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
)

export const feedback = sqliteTable(
  'feedback',
  {
    id: id(),
    email: text('email').notNull(),
    usageFrequency: integer('usage_frequency').$type<UsageFrequency>(),
    problemToSolve: text('problem_to_solve'),
    problemSolved: text('problem_solved'),
    bestPart: text('best_part'),
    frustrations: text('frustrations'),
    improvements: text('improvements'),
    recommendationScore: integer('recommendation_score'),
    recommendationReason: text('recommendation_reason'),
    ideasOrSuggestions: text('ideas_or_suggestions'),
    priceFeedback: text('price_feedback'),
    userId: linksTo('user_id', () => users.id),
    locale: text('locale').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt),
    check(
      'feedback_recommendation_score_range',
      sql`recommendation_score IS NULL OR recommendation_score BETWEEN 1 AND 10`,
    ),
    check('feedback_usage_frequency_range', sql`usage_frequency IS NULL OR usage_frequency BETWEEN 1 AND 4`),
  ],
)

/** Letstalk: a 15-minute call-back request (SPEC §2, §9). */
export const callbackRequests = sqliteTable(
  'callback_requests',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    preferredTime: text('preferred_time').$type<LetstalkTime>().notNull(),
    /** The IANA zone the call window is in (the person's browser zone); NULL if not sent. */
    timezone: text('timezone'),
    userId: linksTo('user_id', () => users.id),
    locale: text('locale').$type<Language>(),
    handledAt: ts('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('callback_requests_created_idx').on(t.createdAt)],
)

/** "Would you like us to create a route for you" (SPEC §2 /suggestions). */
export const suggestions = sqliteTable(
  'suggestions',
  {
    id: id(),
    email: text('email'),
    userId: linksTo('user_id', () => users.id),
    text: text('text').notNull(),
    searchKeyword: text('search_keyword'),
    locale: text('locale').$type<Language>(),
    /** 'Tell me when such a route is published' (needs `email`). */
    notify: bool('notify').notNull().default(false),
    /** When the person was told (mail and in-app), once; NULL while waiting. */
    notifiedAt: ts('notified_at'),
    /** The published route they were told about. */
    notifiedRouteId: linksTo('notified_route_id', () => routes.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('suggestions_created_idx').on(t.createdAt),
    index('suggestions_waiting_idx').on(t.notify, t.notifiedAt, t.locale),
  ],
)

/** POST /translation: strings the client had no translation for (SPEC §7). Upsert bumps count. */
export const translationMisses = sqliteTable(
  'translation_misses',
  {
    id: id(),
    locale: text('locale').notNull(),
    text: text('text').notNull(),
    count: integer('count').notNull().default(1),
    firstSeen: tsNow('first_seen'),
    lastSeen: tsNow('last_seen'),
  },
  (t) => [uniqueIndex('translation_misses_locale_text_uq').on(t.locale, t.text)],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type ContactRequest = typeof contactRequests.$inferSelect
export type Feedback = typeof feedback.$inferSelect
export type CallbackRequest = typeof callbackRequests.$inferSelect
export type Suggestion = typeof suggestions.$inferSelect
