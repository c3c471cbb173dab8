// Reminders on this device (issue 34 §1): one Web Push subscription per person and browser.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { Language } from '#shared/enums'
import { bool, createdAt, id, ts, belongsTo } from './columns'
import { users } from './users'

/**
 * SPEC §3 `notification_push_token`, one row per device: the push service endpoint and the two
 * keys the payload is encrypted to (RFC 8291). Gone with the person (cascade = erasure), with the
 * session that saved it (every way a session ends, its expiry included), when the person removes
 * it from their profile, and when the push service answers 404/410 (decision 060).
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The person's language when they saved it (a notice without a language of its own uses it). */
    language: text('language').$type<Language>().notNull(),
    /** Nothing between 22:00 and 08:00 on the person's clock (docs/API.md "Reminders on this device"). */
    quietHours: bool('quiet_hours').notNull().default(true),
    /**
     * The KV hash of the session that saved it: the device ends with that session, by every path
     * (a logout, GET /logout, a password change, sign-out everywhere; docs/decisions/060).
     */
    sessionHash: text('session_hash'),
    /** When that session ends by itself (ms): after it, nothing is sent and the row goes. */
    sessionExpiresAt: ts('session_expires_at'),
    /** The browser's own IANA zone, sent with the subscription: its quiet hours are on that clock. */
    timezone: text('timezone'),
    /** What the person sees in their list ("Chrome on Android"), from the browser that saved it. */
    label: text('label'),
    createdAt: createdAt(),
    lastOkAt: ts('last_ok_at'),
    /** Answers other than 2xx/404/410 in a row (413, 429, 5xx); reset by a 201. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)
