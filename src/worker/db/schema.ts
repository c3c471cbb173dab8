// The single source of truth for the D1 database (DESIGN §5). Migrations in /migrations are
// generated from this file with `npm run db:generate` and never edited by hand once committed.
//
// Conventions (everyone relies on them):
// - SQL names are snake_case and written out explicitly on every column, so no drizzle `casing`
//   option is needed anywhere (raw `sql` and `drizzle(d1)` without options both work).
// - Ids: INTEGER PRIMARY KEY AUTOINCREMENT (except natural keys: stripe_events.id,
//   tracking_sessions.session_id, rate_windows.key).
// - Times: UTC, INTEGER milliseconds since the epoch (`mode: 'timestamp_ms'` → JS Date).
//   created_at is filled by drizzle on insert and, for raw SQL inserts, by a SQL default.
//   Exceptions: rate_windows.last_at is a plain number (ms) for raw SQL compares; calendar days
//   (activity_days.day, ranking_snapshots.day) are TEXT 'YYYY-MM-DD' in UTC.
// - Booleans: INTEGER 0/1 (`mode: 'boolean'`). JSON: TEXT (`mode: 'json'`), typed with $type.
// - Money and credits: INTEGER cents (DESIGN §5); a credit balance is SUM(credit_ledger.amount_cents).
// - Enum columns store the numbers/codes of src/shared/enums.ts (SPEC §4, §6).
// - CHECK and partial-index SQL name bare columns (not ${t.col}): drizzle would qualify them with
//   the table name, which breaks when drizzle-kit later rebuilds a table under a temporary name.
// - Deleting a user cascades to what is only theirs (progress, likes, assignments, rewards...)
//   and sets NULL where the row must outlive them (authorship, ledger, transactions, forms).

import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import type {
  AppointmentStatus,
  CancellationReason,
  ContactReason,
  ContentStatus,
  ContentTarget,
  FileTag,
  FileType,
  Language,
  LetstalkTime,
  MeetingChannel,
  NotificationChannel,
  NotificationDelayUnit,
  NotificationLevel,
  NotificationStatus,
  PlanVisibility,
  RewardCategory,
  Role,
  SubscriptionStatus,
  SubscriptionType,
  UnitKind,
  UsageFrequency,
} from '../../shared/enums';

// ── Column helpers ───────────────────────────────────────────────────────────────────────────

const now = () => new Date();
/** A nullable UTC instant (ms). */
const ts = (name: string) => integer(name, { mode: 'timestamp_ms' });
/** NOT NULL instant defaulting to "now" (drizzle inserts ms; raw SQL inserts get second precision). */
const tsNow = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(now);
const createdAt = () => tsNow('created_at');
const updatedAt = () => tsNow('updated_at').$onUpdateFn(now);
const bool = (name: string) => integer(name, { mode: 'boolean' });
const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();
const id = () => integer('id').primaryKey({ autoIncrement: true });
const language = () => text('language').$type<Language>().notNull().default('es');
const contentStatus = () => integer('status').$type<ContentStatus>().notNull().default(1);

/** R2 keys of a content item's pictures; the two cover ratios of SPEC §9 (19:11 and 11:11). */
export type Images = { cover?: string; square?: string; [name: string]: string | undefined };
/** R2 keys (or external URLs) of the media attached to a post (SPEC §3 "audios", "videos"). */
export type MediaRef = { key: string; title?: string; duration_seconds?: number };

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
    preferredPsychologistId: integer('preferred_psychologist_id').references(
      (): AnySQLiteColumn => users.id,
      { onDelete: 'set null' },
    ),
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

    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_role_idx').on(t.role),
    index('users_stripe_id_idx').on(t.stripeId),
  ],
);

/** Every consent given (register, landing kit invitation, cookies), kept as evidence. */
export const consentRecords = sqliteTable(
  'consent_records',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    kind: text('kind').$type<'registration' | 'landing_kit' | 'cookies' | 'legal_age'>().notNull(),
    version: text('version'),
    text: text('text'),
    granted: bool('granted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('consent_records_user_idx').on(t.userId)],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Content: routes, units, symptoms, categories, properties (SPEC §3 Route/Unit/Symptom)
// Slugs are unique per language; the unique index leads with slug so slug-only lookups use it.
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const routeCategories = sqliteTable(
  'route_categories',
  {
    id: id(),
    language: language(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('route_categories_slug_language_uq').on(t.slug, t.language)],
);

export const routes = sqliteTable(
  'routes',
  {
    id: id(),
    language: language(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: contentStatus(),
    isPublic: bool('is_public').notNull().default(true),
    /** Route active/inactive, separate from visible/hidden (SPEC §4). */
    isActive: bool('is_active').notNull().default(true),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    tag: text('tag'),
    categoryId: integer('category_id').references(() => routeCategories.id, { onDelete: 'set null' }),
    order: integer('order').notNull().default(0),
    needsAppointment: bool('needs_appointment').notNull().default(false),
    properties: json<Record<string, unknown>>('properties'),
    images: json<Images>('images'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('routes_slug_language_uq').on(t.slug, t.language),
    index('routes_language_status_order_idx').on(t.language, t.status, t.order),
  ],
);

export const units = sqliteTable(
  'units',
  {
    id: id(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('units_route_order_idx').on(t.routeId, t.order)],
);

export const symptoms = sqliteTable(
  'symptoms',
  {
    id: id(),
    language: language(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    status: contentStatus(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('symptoms_slug_language_uq').on(t.slug, t.language),
    index('symptoms_language_status_idx').on(t.language, t.status),
  ],
);

/** SPEC §5 "A symptom cannot be assigned twice to the same route"; SPEC §3 "one may be primary". */
export const routeSymptoms = sqliteTable(
  'route_symptoms',
  {
    id: id(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    symptomId: integer('symptom_id')
      .notNull()
      .references(() => symptoms.id, { onDelete: 'cascade' }),
    isPrimary: bool('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('route_symptoms_route_symptom_uq').on(t.routeId, t.symptomId),
    index('route_symptoms_symptom_idx').on(t.symptomId),
    // At most one primary symptom per route: clear the old one first in the same db.batch.
    uniqueIndex('route_symptoms_one_primary_uq').on(t.routeId).where(sql`is_primary = 1`),
  ],
);

/** Admin-editable key/value settings (SPEC §2 "property editing", §6). */
export const properties = sqliteTable('properties', {
  id: id(),
  key: text('key').notNull().unique(),
  value: text('value'),
  description: text('description'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Blog (SPEC §3 "Post", "Post category")
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const postCategories = sqliteTable(
  'post_categories',
  {
    id: id(),
    language: language(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('post_categories_slug_language_uq').on(t.slug, t.language)],
);

export const posts = sqliteTable(
  'posts',
  {
    id: id(),
    language: language(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    /** HTML; h2/h3 headings build the table of contents (SPEC §2). */
    content: text('content'),
    status: contentStatus(),
    tag: text('tag'),
    tags: json<string[]>('tags'),
    quality: integer('quality'),
    /** Minutes, at 200 words per minute (SPEC §9). */
    timeForReading: integer('time_for_reading'),
    categoryId: integer('category_id').references(() => postCategories.id, { onDelete: 'set null' }),
    author: text('author'),
    /** Whether search engines may index the post and it goes in the sitemap. */
    index: bool('index').notNull().default(true),
    images: json<Images>('images'),
    audios: json<MediaRef[]>('audios'),
    videos: json<MediaRef[]>('videos'),
    publishedAt: ts('published_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Soft delete: the slug then shows the deleted-article page (SPEC §2) instead of not-found. */
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(), // "last update" (SPEC §2)
  },
  (t) => [
    uniqueIndex('posts_slug_language_uq').on(t.slug, t.language),
    index('posts_language_status_published_idx').on(t.language, t.status, t.publishedAt),
  ],
);

/** Related posts. SPEC §5 "A post cannot be correlated with itself". Store one row per direction
 *  or query both columns; the pair is unique either way. */
export const postCorrelations = sqliteTable(
  'post_correlations',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    relatedPostId: integer('related_post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_correlations_pair_uq').on(t.postId, t.relatedPostId),
    index('post_correlations_related_idx').on(t.relatedPostId),
    check('post_correlations_not_self', sql`post_id <> related_post_id`),
  ],
);

/** Routes related to a post (SPEC §3 "related routes"). */
export const postRoutes = sqliteTable(
  'post_routes',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_routes_pair_uq').on(t.postId, t.routeId),
    index('post_routes_route_idx').on(t.routeId),
  ],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Plans and progress (SPEC §3 "Plan", §4 lock codes)
// Route progress = completed units / visible units of the route (derived from unit_progress);
// the waiting_time lock counts from the last unit completion of the previous route.
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const plans = sqliteTable(
  'plans',
  {
    id: id(),
    language: language(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
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
    nextPlanId: integer('next_plan_id').references((): AnySQLiteColumn => plans.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_slug_language_uq').on(t.slug, t.language),
    index('plans_language_status_idx').on(t.language, t.status),
  ],
);

/** Ordered routes of a plan with their lock settings. SPEC §5 "A route cannot be added twice to a plan". */
export const planRoutes = sqliteTable(
  'plan_routes',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
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
);

export const planAssignments = sqliteTable(
  'plan_assignments',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: tsNow('assigned_at'),
    /** Set when progress reaches 100 (fires plan_finished, SPEC §4). */
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('plan_assignments_plan_user_uq').on(t.planId, t.userId),
    index('plan_assignments_user_idx').on(t.userId, t.assignedAt),
  ],
);

/** Listening position and completion per unit. The unique (user_id, unit_id) also serves
 *  "all progress of a user" queries (leftmost prefix). */
export const unitProgress = sqliteTable(
  'unit_progress',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull().default(0),
    completedAt: ts('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('unit_progress_user_unit_uq').on(t.userId, t.unitId),
    index('unit_progress_unit_idx').on(t.unitId),
  ],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Likes and stats (SPEC §3 "stats (views, likes)", "liked_by_me"; §4 like toggle)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const likes = sqliteTable(
  'likes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<ContentTarget>().notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('likes_user_target_uq').on(t.userId, t.targetType, t.targetId),
    index('likes_target_idx').on(t.targetType, t.targetId),
  ],
);

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
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Appointments (SPEC §3 "Appointment", §4; DESIGN §5 slot booking)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const appointments = sqliteTable(
  'appointments',
  {
    id: id(),
    /** Calendar/meeting provider event id (SPEC §3 "event id"). */
    eventId: text('event_id'),
    guestId: integer('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').$type<AppointmentStatus>().notNull().default(1),
    meetingChannel: integer('meeting_channel').$type<MeetingChannel>(),
    meetingLink: text('meeting_link'),
    meetingIndications: text('meeting_indications'),
    startAt: integer('start_at', { mode: 'timestamp_ms' }).notNull(),
    endAt: integer('end_at', { mode: 'timestamp_ms' }).notNull(),
    /** Credits charged at booking (cents), refunded from this on cancel. */
    priceCents: integer('price_cents').notNull().default(0),
    confirmedByGuestAt: ts('confirmed_by_guest_at'),
    confirmedByHostAt: ts('confirmed_by_host_at'),
    cancellationReason: integer('cancellation_reason').$type<CancellationReason>(),
    cancellationReasonText: text('cancellation_reason_text'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    reminderSentAt: ts('reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_guest_start_idx').on(t.guestId, t.startAt),
    index('appointments_host_start_idx').on(t.hostId, t.startAt),
    // One live (pending 1 / confirmed 2) appointment per host and start: backs HostSchedule (DESIGN §5).
    uniqueIndex('appointments_host_live_slot_uq')
      .on(t.hostId, t.startAt)
      .where(sql`status IN (1, 2)`),
    check('appointments_end_after_start', sql`end_at > start_at`),
  ],
);

/** Weekly opening hours of a psychologist, in their own timezone (DESIGN §5). */
export const psychologistAvailability = sqliteTable(
  'psychologist_availability',
  {
    id: id(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday (JS getDay). */
    weekday: integer('weekday').notNull(),
    /** Minutes since local midnight, [start, end). */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(60),
    timezone: text('timezone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('psychologist_availability_host_idx').on(t.hostId, t.weekday),
    check('psychologist_availability_weekday', sql`weekday BETWEEN 0 AND 6`),
    check(
      'psychologist_availability_range',
      sql`start_minute >= 0 AND end_minute <= 1440 AND start_minute < end_minute AND slot_minutes > 0`,
    ),
  ],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Payments: credits, subscriptions, transactions, webhooks, refunds (SPEC §3, §5, §9; DESIGN §5)
// ═════════════════════════════════════════════════════════════════════════════════════════════

/** Append-only: never UPDATE or DELETE a row (user_id goes NULL when the user is deleted).
 *  Balance = SUM(amount_cents) WHERE user_id = ?. (reason, reference) is unique, so crediting
 *  the same payment / refunding the same appointment twice fails instead of doubling money. */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** e.g. 'topup', 'subscription_grant', 'appointment_booking', 'appointment_refund', 'admin_adjustment'. */
    reason: text('reason').notNull(),
    /** What caused it, e.g. 'stripe:pi_…', 'appointment:42'. NULL = not deduplicated. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_ledger_reason_reference_uq').on(t.reason, t.reference),
  ],
);

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: integer('type').$type<SubscriptionType>().notNull().default(1),
    status: integer('status').$type<SubscriptionStatus>().notNull().default(1),
    /** 'month' | 'year' for recurrent subscriptions (SPEC §9 monthly / yearly plans). */
    interval: text('interval').$type<'month' | 'year'>(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    endAt: ts('end_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.status)],
);

export const transactions = sqliteTable(
  'transactions',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    kind: text('kind').$type<'subscription' | 'topup' | 'refund' | 'appointment'>().notNull(),
    provider: text('provider').$type<'stripe' | 'razorpay' | 'internal'>().notNull().default('stripe'),
    providerRef: text('provider_ref'),
    status: text('status')
      .$type<'pending' | 'succeeded' | 'failed' | 'refunded'>()
      .notNull()
      .default('pending'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('transactions_provider_ref_uq').on(t.provider, t.providerRef),
  ],
);

/** Stripe webhook idempotency: INSERT the event id first; a replay hits the primary key (DESIGN §5). */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(), // Stripe's evt_… id
  type: text('type').notNull(),
  payload: json<unknown>('payload'),
  receivedAt: tsNow('received_at'),
  appliedAt: ts('applied_at'),
});

/** SPEC §5/§9: once every 7 days per user (the message shows the earlier request's time). */
export const refundRequests = sqliteTable(
  'refund_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refund_requests_user_idx').on(t.userId, t.createdAt)],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Rewards and ranking (SPEC §3 "Reward", "Ranking entry"; §9 streaks and levels)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const rewards = sqliteTable(
  'rewards',
  {
    id: id(),
    /** Group key, e.g. 'usage_streak', 'plans_completed' (SPEC §3 "grouped by a key"). */
    key: text('key').notNull(),
    typeTitle: text('type_title').notNull(),
    typeDescription: text('type_description'),
    description: text('description'),
    /** Machine-readable rule, e.g. { metric: 'streak_days', gte: 7 }. */
    criteria: json<Record<string, unknown>>('criteria'),
    levelId: integer('level_id').notNull(), // 1..10
    levelTitle: text('level_title').notNull(),
    category: text('category').$type<RewardCategory>().notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rewards_key_level_uq').on(t.key, t.levelId)],
);

export const userRewards = sqliteTable(
  'user_rewards',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    acquiredAt: tsNow('acquired_at'),
    claimedAt: ts('claimed_at'),
  },
  (t) => [uniqueIndex('user_rewards_user_reward_uq').on(t.userId, t.rewardId)],
);

/** One row per user and active UTC day: streaks and ranking points. */
export const activityDays = sqliteTable(
  'activity_days',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(), // 'YYYY-MM-DD' UTC
    points: integer('points').notNull().default(0),
  },
  (t) => [
    uniqueIndex('activity_days_user_day_uq').on(t.userId, t.day),
    index('activity_days_day_idx').on(t.day),
  ],
);

/** Written once a day by the ranking cron (SPEC §9 "updates at the end of each day"). */
export const rankingSnapshots = sqliteTable(
  'ranking_snapshots',
  {
    id: id(),
    day: text('day').notNull(), // 'YYYY-MM-DD' UTC
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    positionChange: integer('position_change').notNull().default(0),
    points: integer('points').notNull(),
    /** Display name at snapshot time (first name / initial; never the email). */
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('ranking_snapshots_day_user_uq').on(t.day, t.userId),
    index('ranking_snapshots_day_position_idx').on(t.day, t.position),
  ],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Notifications (SPEC §3 "Notification", §4, §6 admin sends by role / to email readers)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const adminNotifications = sqliteTable(
  'admin_notifications',
  {
    id: id(),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    /** Explicit user ids; NULL = everyone matching the filters below. */
    receivers: json<number[]>('receivers'),
    sendAt: ts('send_at'),
    language: text('language').$type<Language>(),
    channel: text('channel').$type<NotificationChannel>().notNull().default('in_app'),
    roleRecipients: integer('role_recipients').$type<Role>(),
    readersOnly: bool('readers_only').notNull().default(false),
    delayAmount: integer('delay_amount'),
    delayUnit: text('delay_unit').$type<NotificationDelayUnit>(),
    /** true: at each user's perfect_time_to_send_notifications; false: immediately. */
    atBestMoment: bool('at_best_moment').notNull().default(false),
    title: text('title').notNull(),
    description: text('description'),
    content: text('content'),
    sentAt: ts('sent_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_notifications_status_send_idx').on(t.status, t.sendAt)],
);

/** Fan-out of an admin notification: one row per user and channel (unique → idempotent cron). */
export const notificationDeliveries = sqliteTable(
  'notification_deliveries',
  {
    id: id(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => adminNotifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    /** When it is due for this user (at_best_moment shifts it per user). */
    dueAt: ts('due_at'),
    sentAt: ts('sent_at'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_uq').on(t.notificationId, t.userId, t.channel),
    index('notification_deliveries_user_idx').on(t.userId),
    index('notification_deliveries_status_due_idx').on(t.status, t.dueAt),
  ],
);

/** What the client shows (SPEC §3 "In-app notification"). user_id NULL = public, per locale. */
export const inAppNotifications = sqliteTable(
  'in_app_notifications',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => adminNotifications.id, {
      onDelete: 'set null',
    }),
    locale: text('locale').$type<Language>(),
    level: text('level').$type<NotificationLevel>().notNull().default('info'),
    type: text('type'),
    /** Milliseconds before it closes itself; NULL = stays (SPEC §9 default display 5 s). */
    closeAfter: integer('close_after'),
    title: text('title').notNull(),
    description: text('description'),
    content: text('content'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('in_app_notifications_user_idx').on(t.userId, t.createdAt),
    index('in_app_notifications_locale_idx').on(t.locale, t.createdAt),
  ],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Files (SPEC §3 "File", §9 file tags)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const files = sqliteTable(
  'files',
  {
    id: id(),
    title: text('title'),
    type: text('type').$type<FileType>().notNull(),
    tag: text('tag').$type<FileTag>(),
    size: integer('size').notNull().default(0), // bytes
    r2Key: text('r2_key').notNull().unique(),
    contentType: text('content_type'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_type_tag_idx').on(t.type, t.tag)],
);

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Tracking (SPEC §3 "Session", "Tracked event"; §7 GET /session, POST /track; §9 utm variables)
// Never joined with health data for third parties (DESIGN §6).
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const trackingSessions = sqliteTable(
  'tracking_sessions',
  {
    sessionId: text('session_id').primaryKey(), // uuid
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
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
);

/** No foreign key to tracking_sessions on purpose: POST /track is silent and must never fail. */
export const trackingEvents = sqliteTable(
  'tracking_events',
  {
    id: id(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    page: text('page'),
    params: json<Record<string, unknown>>('params'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_events_session_idx').on(t.sessionId),
    index('tracking_events_event_created_idx').on(t.event, t.createdAt),
  ],
);

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
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);

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
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
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
);

/** Letstalk: a 15-minute call-back request (SPEC §2, §9). */
export const callbackRequests = sqliteTable(
  'callback_requests',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    preferredTime: text('preferred_time').$type<LetstalkTime>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').$type<Language>(),
    handledAt: ts('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('callback_requests_created_idx').on(t.createdAt)],
);

/** "Would you like us to create a route for you" (SPEC §2 /suggestions). */
export const suggestions = sqliteTable(
  'suggestions',
  {
    id: id(),
    email: text('email'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    searchKeyword: text('search_keyword'),
    locale: text('locale').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [index('suggestions_created_idx').on(t.createdAt)],
);

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
);

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
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    providerId: text('provider_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);

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
});

// ── Row types ────────────────────────────────────────────────────────────────────────────────

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Route = typeof routes.$inferSelect;
export type NewRoute = typeof routes.$inferInsert;
export type Unit = typeof units.$inferSelect;
export type NewUnit = typeof units.$inferInsert;
export type Symptom = typeof symptoms.$inferSelect;
export type RouteCategory = typeof routeCategories.$inferSelect;
export type PostCategory = typeof postCategories.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanRoute = typeof planRoutes.$inferSelect;
export type PlanAssignment = typeof planAssignments.$inferSelect;
export type UnitProgress = typeof unitProgress.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;
export type PsychologistAvailability = typeof psychologistAvailability.$inferSelect;
export type CreditLedgerEntry = typeof creditLedger.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type RefundRequest = typeof refundRequests.$inferSelect;
export type Reward = typeof rewards.$inferSelect;
export type UserReward = typeof userRewards.$inferSelect;
export type RankingSnapshot = typeof rankingSnapshots.$inferSelect;
export type AdminNotification = typeof adminNotifications.$inferSelect;
export type NewAdminNotification = typeof adminNotifications.$inferInsert;
export type InAppNotification = typeof inAppNotifications.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type TrackingSession = typeof trackingSessions.$inferSelect;
export type TrackingEvent = typeof trackingEvents.$inferSelect;
export type ContactRequest = typeof contactRequests.$inferSelect;
export type Feedback = typeof feedback.$inferSelect;
export type CallbackRequest = typeof callbackRequests.$inferSelect;
export type Suggestion = typeof suggestions.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
