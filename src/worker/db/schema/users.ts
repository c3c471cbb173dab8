// Users and consents, with the email outbox and rate-limit windows.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core'
import type { Language, Role } from '#shared/enums'
import { ts, createdAt, bool, json, id, language, linksTo, timestamps } from './columns'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Users (SPEC §3 "User", §5, §6; DESIGN §4)
// Session tokens and temporary (recover / appointment-link) tokens live in KV, not here.
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const users = sqliteTable(
  'users',
  {
    id: id(),
    name: text('name'),
    // Nullable: a Google/Apple-only account may have no email. SQLite UNIQUE allows many NULLs.
    // Stored lower-cased by the users service.
    email: text('email').unique(),
    /** 'pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>' (DESIGN §4); NULL for provider-only accounts. */
    passwordHash: text('password_hash'),
    /**
     * The fingerprint of password_hash a session keeps (identity/records.ts passwordFingerprint),
     * so a write can hold its caller's session as one of its own SQL conditions (decision 089).
     * Only a cache: NULL until the caller is next confirmed, and cleared by a trigger whenever
     * password_hash changes without it (migration 0031), so it never outlives its password.
     */
    passwordFp: text('password_fp'),
    googleId: text('google_id').unique(),
    appleId: text('apple_id').unique(),
    role: integer('role').$type<Role>().notNull().default(1),
    subscriber: bool('subscriber').notNull().default(false),
    avatar: text('avatar'), // R2 key (file tag user_avatar)
    language: language(),
    appLanguage: text('app_language').$type<Language>(),
    countryCode: text('country_code'), // ISO 3166-1 alpha-2
    phone: text('phone'), // E.164, '+' and country code required (SPEC §5)
    timezone: text('timezone'), // IANA name
    notificationChannels: json<string[]>('notification_channels'),
    notificationPushToken: text('notification_push_token'),
    perfectTimeToSendNotifications: text('perfect_time_to_send_notifications'), // 'HH:MM' local
    isAEmailReader: bool('is_a_email_reader').notNull().default(false),
    /**
     * The person's quiet hours, 'HH:MM' on each device's clock (issue 42 §3): reminders wait
     * from `quiet_from` until `quiet_until` (over midnight when from > until). Both null: none.
     */
    quietFrom: text('quiet_from').default('22:00'),
    quietUntil: text('quiet_until').default('08:00'),
    preferredPsychologistId: linksTo('preferred_psychologist_id', (): AnySQLiteColumn => users.id),
    stripeId: text('stripe_id'),
    razorPayId: text('razor_pay_id'),
    /** End of the new-user free access window (SPEC §1, §9: 3 days). */
    freeAccessUntil: ts('free_access_until'),

    // Psychologist extras (SPEC §3).
    psychologistOpenToGetAppointment: bool('psychologist_open_to_get_appointment').notNull().default(false),
    specialistInSymptoms: json<string[]>('specialist_in_symptoms'),
    specializedInTheCategory: text('specialized_in_the_category'),
    speaksIn: json<string[]>('speaks_in'),
    nationality: text('nationality'),
    locatedAt: text('located_at'),
    degree: text('degree'),

    // Consent and legal age (SPEC §2 register and insomnia landing, §5 "legal age").
    consentText: text('consent_text'),
    consentVersion: text('consent_version'),
    consentedAt: ts('consented_at'),
    legalAgeConfirmedAt: ts('legal_age_confirmed_at'),
    /** Set by the disable-notifications page (SPEC §2). */
    notificationsDisabledAt: ts('notifications_disabled_at'),

    ...timestamps(),
  },
  (t) => [index('users_role_idx').on(t.role), index('users_stripe_id_idx').on(t.stripeId)],
)

/** Every consent given (register, landing kit invitation, cookies), kept as evidence. */
export const consentRecords = sqliteTable(
  'consent_records',
  {
    id: id(),
    userId: linksTo('user_id', () => users.id),
    sessionId: text('session_id'),
    kind: text('kind').$type<'registration' | 'landing_kit' | 'cookies' | 'legal_age'>().notNull(),
    version: text('version'),
    text: text('text'),
    granted: bool('granted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId)],
)

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Infrastructure: email outbox, rate-limit windows (DESIGN §7, SPEC §5 rate limits)
// ═════════════════════════════════════════════════════════════════════════════════════════════

/** Every email goes through here; locally it is only shown at a dev page (DESIGN §7). */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: id(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text'),
    template: text('template'),
    locale: text('locale').$type<Language>(),
    /** pending until the provider took it; dead once its retries ran out (an admin may replay it). */
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'dead'>().notNull().default('pending'),
    providerId: text('provider_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** JSON of the mail's own headers (List-Unsubscribe) and attachments, kept with the body until sent (issue 22). */
    headers: text('headers'),
    attachments: text('attachments'),
    /** When its retries ran out and it went to the dead-letter queue (ms); replaying clears it. */
    deadAt: integer('dead_at'),
    /** When its id was last put on the mail queue (ms): mail never tried an hour after is put there again. */
    queuedAt: integer('queued_at'),
    /** The notification delivery this mail is (migration 0014): at most one mail per delivery. */
    deliveryId: integer('delivery_id'),
    /**
     * The provider call this mail was first tried in, as its Idempotency-Key (issue 32 §5,
     * docs/decisions/040): `calma-mail-<id>` alone through POST /emails, or `calma-batch-<sha-256 of
     * the ids>` with the mails that share it. Written before the call; every later try sends the
     * same mails under the same key, so the provider answers a call it already took without sending.
     */
    batchKey: text('batch_key'),
    /** A consumer holds the mail until then (ms) while it calls the provider; no other sends it meanwhile. */
    leaseUntil: integer('lease_until'),
    /** Which consumer's claim holds it (a random token per claim). */
    leaseToken: text('lease_token'),
    /**
     * The random part of the mail's Idempotency-Key (issue 32 §5, decision 040): made at insert,
     * so no other database (staging, a preview, a restored copy) derives the same key from the same
     * id; replaced only when the mail must go under a new key (the provider refused it, or an admin
     * confirmed sending again a mail that may have been sent).
     */
    keyToken: text('key_token').$defaultFn(() => crypto.randomUUID().replace(/-/g, '')),
    /** When batch_key was written, just before its first call (ms, D1's clock): Resend keeps a key 24 hours. */
    keyedAt: integer('keyed_at'),
    /**
     * Since when a call under batch_key may have been taken (ms, D1's clock): written before each
     * call, undone by a definite refusal. Replaying such a mail after the key's 24 hours could send
     * it twice, so it waits for an admin's confirmation.
     */
    uncertainAt: integer('uncertain_at'),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('email_outbox_delivery_uq').on(t.deliveryId),
    index('email_outbox_batch_idx').on(t.batchKey),
  ],
)

/**
 * Cooldowns (SPEC §5: recovery 30 min, contact 1 h, refund 7 days), taken atomically in one
 * statement; a row back means "allowed", no row means "too soon":
 *   INSERT INTO rate_windows (key, last_at) VALUES (?1, ?2)
 *   ON CONFLICT(key) DO UPDATE SET last_at = excluded.last_at WHERE rate_windows.last_at <= ?2 - ?3
 *   RETURNING last_at
 * key e.g. 'contact:user:42', 'recover:email:a@b.c'; last_at is ms since epoch (plain number).
 */
export const rateWindows = sqliteTable('rate_windows', {
  key: text('key').primaryKey(),
  lastAt: integer('last_at').notNull(),
})

/**
 * Sign-in attempts and register probes (issue 14 §1–2, issue 20 §7), COUNTED: one row per
 * (kind, subject, fixed window), raised by ONE upsert statement
 * (`INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`), so a burst of
 * concurrent attempts is counted in full and writes no row per attempt. `kind` says what is
 * counted ('sign_in:account', 'sign_in:address', 'register_taken:address'); `subject` is an HMAC
 * of the email (never the address itself: whether someone tried an email is personal data) or
 * the caller's IP. The rules are in features/users/throttle.ts; rows older than a day are
 * deleted by the minute cron.
 */
export const authCounters = sqliteTable(
  'auth_counters',
  {
    kind: text('kind').$type<AuthCounterKind>().notNull(),
    subject: text('subject').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject, t.windowStart] }),
    index('auth_counters_window_idx').on(t.windowStart),
  ],
)
export type AuthCounterKind = 'sign_in:account' | 'sign_in:address' | 'register_taken:address'

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type EmailOutboxRow = typeof emailOutbox.$inferSelect
