// The fixed numbers and codes of SPEC §4 (states) and §6 (roles), plus the small closed lists of
// SPEC §3/§9 that the database, the API contract and the UI must agree on. Numeric values are
// the wire/database values: never renumber them. Limits and delays live in limits.ts, not here.
//
// Pattern: `export const X = { name: value } as const` + `export type X = value union`, so
// `AppointmentStatus.pending` is a value and `AppointmentStatus` is also the type of a value.

type ValueOf<T> = T[keyof T]

// ── Appointments (SPEC §4 "Appointment"): in appointment-enums.ts, so the appointments page
// brings these without every other enum (decision 072).

export { AppointmentStatus, CancellationReason, MeetingChannel } from './appointment-enums'

// ── Content (SPEC §4 "Content and other") ───────────────────────────────────────────────────

/** Posts, routes, symptoms, units and plans. */
export const ContentStatus = { visible: 1, hidden: 2 } as const
export type ContentStatus = ValueOf<typeof ContentStatus>

export const PlanVisibility = { public: 1, private: 2 } as const
export type PlanVisibility = ValueOf<typeof PlanVisibility>

/** The landing categories a plan serves (SPEC §9 utm category; default anxiety). */
export const PLAN_CATEGORIES = ['anxiety', 'insomnia'] as const
export type PlanCategory = (typeof PLAN_CATEGORIES)[number]

/** Why a route of a plan is locked (SPEC §4). */
export const PLAN_LOCK_CODES = [
  'route_not_completed',
  'waiting_time',
  'need_appointment',
  'need_finished_appointment',
] as const
export type PlanLockCode = (typeof PLAN_LOCK_CODES)[number]
// These lock codes show the appointment alert; the others show the lock message (SPEC §4). Their
// own module (plan-locks.ts): /journey reads them without the rest of this file (decision 071).
export { APPOINTMENT_ALERT_LOCK_CODES } from './plan-locks'

/** A unit is an audio or a video (SPEC §1). */
export const UNIT_KINDS = ['audio', 'video'] as const
export type UnitKind = (typeof UNIT_KINDS)[number]

/** What can be liked / counted (SPEC §3 Route and Post "stats", "liked_by_me"). */
export const CONTENT_TARGETS = ['route', 'post'] as const
export type ContentTarget = (typeof CONTENT_TARGETS)[number]

// ── Notifications (SPEC §3 "Notification", §4) ──────────────────────────────────────────────

export const NotificationStatus = { pending: 'pending', sent: 'sent', cancelled: 'cancelled' } as const
export type NotificationStatus = ValueOf<typeof NotificationStatus>

/** Delivery channels of an admin notification. SPEC §1 names in-app and email; push comes
 *  from the user's notification_push_token (SPEC §3). */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** "delay (hours, days or months)" (SPEC §3). */
export const NOTIFICATION_DELAY_UNITS = ['hours', 'days', 'months'] as const
export type NotificationDelayUnit = (typeof NOTIFICATION_DELAY_UNITS)[number]

/** In-app notification level; matches the toast colours (SPEC §8 "success or danger"). */
export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'danger'] as const
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number]

// ── Payments (SPEC §4) ──────────────────────────────────────────────────────────────────────

export const SubscriptionStatus = { active: 1, disabled: 2 } as const
export type SubscriptionStatus = ValueOf<typeof SubscriptionStatus>

export const SubscriptionType = { recurrent: 1, credit_based: 2 } as const
export type SubscriptionType = ValueOf<typeof SubscriptionType>

// ── Roles (SPEC §6) ─────────────────────────────────────────────────────────────────────────

// Their own module (role.ts): a page that only compares a role loads nothing else (decision 069).
export { Role } from './role'

/** Name of a role number, or 'unknown' for a number SPEC §6 does not define. */
// ── Rewards (SPEC §3 "Reward") ──────────────────────────────────────────────────────────────

export const REWARD_CATEGORIES = ['consistency', 'milestone', 'dedication'] as const
export type RewardCategory = (typeof REWARD_CATEGORIES)[number]

// ── Forms (SPEC §3, §9) ─────────────────────────────────────────────────────────────────────

/** Feedback form "usage_frequency" (SPEC §9). */
export const UsageFrequency = { daily: 1, weekly: 2, monthly: 3, first_time: 4 } as const
export type UsageFrequency = ValueOf<typeof UsageFrequency>

/** Contact form reasons (SPEC §9). */
export const CONTACT_REASONS = [
  'bug_report',
  'feature_request',
  'account_issue',
  'payment_issue',
  'general_question',
  'other',
] as const
export type ContactReason = (typeof CONTACT_REASONS)[number]

/** Letstalk preferred call windows: 9–12, 12–16, 16–20 (SPEC §9; hours live in limits.ts). */
export const LETSTALK_TIMES = ['morning', 'midday', 'evening'] as const
export type LetstalkTime = (typeof LETSTALK_TIMES)[number]

// ── Languages (SPEC §1, §9) ─────────────────────────────────────────────────────────────────

/** Spanish first: it is the default locale (SPEC §9). */
export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

// ── Files (SPEC §3 "File", §9 "File tags") ──────────────────────────────────────────────────

export const FileType = { cover: 'cover', audio: 'audio', video: 'video' } as const
export type FileType = ValueOf<typeof FileType>

export const FILE_TAGS = ['route_cover', 'unit_cover', 'post_cover', 'audio', 'video', 'user_avatar'] as const
export type FileTag = (typeof FILE_TAGS)[number]
