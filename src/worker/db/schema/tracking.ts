// Tracking sessions and events.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { tsNow, createdAt, json, id, linksTo } from './columns'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Tracking (SPEC §3 "Session", "Tracked event"; §7 GET /session, POST /track; §9 utm variables)
// Never joined with health data for third parties (DESIGN §6).
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const trackingSessions = sqliteTable(
  'tracking_sessions',
  {
    sessionId: text('session_id').primaryKey(), // uuid
    userId: linksTo('user_id', () => users.id),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    utmDevice: text('utm_device'),
    utmVersion: text('utm_version'),
    utmAgency: text('utm_agency'), // default 'na' (SPEC §9)
    utmCategory: text('utm_category'), // default 'anxiety' (SPEC §9)
    utmFbc: text('utm_fbc'),
    utmFbp: text('utm_fbp'),
    pathname: text('pathname'),
    eventSourceUrl: text('event_source_url'),
    createdAt: createdAt(),
    lastSeenAt: tsNow('last_seen_at'),
  },
  (t) => [index('tracking_sessions_user_idx').on(t.userId), index('tracking_sessions_created_idx').on(t.createdAt)],
)

/** No foreign key to tracking_sessions on purpose: POST /track is silent and must never fail. */
export const trackingEvents = sqliteTable(
  'tracking_events',
  {
    id: id(),
    sessionId: text('session_id').notNull(),
    userId: linksTo('user_id', () => users.id),
    event: text('event').notNull(),
    page: text('page'),
    params: json<Record<string, unknown>>('params'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_events_session_idx').on(t.sessionId),
    index('tracking_events_event_created_idx').on(t.event, t.createdAt),
  ],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type TrackingSession = typeof trackingSessions.$inferSelect
export type TrackingEvent = typeof trackingEvents.$inferSelect
