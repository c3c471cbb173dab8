// Engagement: rewards, activity, ranking and notifications.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type {
  Language,
  NotificationChannel,
  NotificationDelayUnit,
  NotificationLevel,
  NotificationStatus,
  RewardCategory,
  Role,
} from '#shared/enums'
import { ts, tsNow, createdAt, bool, json, id, belongsTo, linksTo } from './columns'
import { users } from './users'

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
)

export const userRewards = sqliteTable(
  'user_rewards',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    rewardId: belongsTo('reward_id', () => rewards.id),
    acquiredAt: tsNow('acquired_at'),
    claimedAt: ts('claimed_at'),
  },
  (t) => [uniqueIndex('user_rewards_user_reward_uq').on(t.userId, t.rewardId)],
)

/**
 * One row per user and day of their streak: a day they were active ('YYYY-MM-DD' on their own
 * clock, grace hours included; docs/API.md "Engagement"), or a missed day a freeze covered
 * (`frozen`, 0 points). Streaks and ranking points read it.
 */
export const activityDays = sqliteTable(
  'activity_days',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    day: text('day').notNull(), // 'YYYY-MM-DD' on the person's clock
    points: integer('points').notNull().default(0),
    frozen: bool('frozen').notNull().default(false),
  },
  (t) => [uniqueIndex('activity_days_user_day_uq').on(t.userId, t.day), index('activity_days_day_idx').on(t.day)],
)

/**
 * A person's active days of one month older than the retention horizon (60 days), rolled up by
 * the retention job (cron/retention.ts) and deleted from activity_days (migration 0014, WITHOUT
 * ROWID there: drizzle does not spell it). The reward counts add these to the days still kept.
 */
export const activityMonths = sqliteTable(
  'activity_months',
  {
    userId: belongsTo('user_id', () => users.id),
    month: text('month').notNull(), // 'YYYY-MM' of the days' own calendar
    activeDays: integer('active_days').notNull().default(0),
    frozenDays: integer('frozen_days').notNull().default(0),
    points: integer('points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
)

/** A person's streak state and ranking choice (one row per user, made on their first active day). */
export const userEngagement = sqliteTable(
  'user_engagement',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Last day of the streak ('YYYY-MM-DD', the person's clock); NULL before the first active day. */
    lastDay: text('last_day'),
    currentStreak: integer('current_streak').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    /** Freezes held (earned one per 7 streak days, at most 2); each covers one missed day. */
    freezes: integer('freezes').notNull().default(0),
    /** Left the ranking from the profile: never ranked, never shown. */
    rankingHidden: bool('ranking_hidden').notNull().default(false),
    updatedAt: ts('updated_at'),
    /** Running total of activity_days.points, kept by the trigger activity_days_running_points (migration 0013). */
    points: integer('points').notNull().default(0),
    /** The person's first day in activity_days: the ranking's tie-break. */
    firstDay: text('first_day'),
  },
  (t) => [index('user_engagement_rank_idx').on(sql`${t.points} DESC`, t.firstDay, t.userId, t.rankingHidden)],
)

/** A snapshot day of the ranking: the read shows only the newest `complete` one (issue 22). */
export const rankingDays = sqliteTable(
  'ranking_days',
  {
    day: text('day').primaryKey(),
    status: text('status').$type<'building' | 'complete'>().notNull().default('building'),
    ranked: integer('ranked').notNull().default(0),
    startedAt: integer('started_at').notNull(),
    completedAt: integer('completed_at'),
  },
  (t) => [index('ranking_days_status_day_idx').on(t.status, t.day)],
)

/** Written once a day by the ranking cron (SPEC §9 "updates at the end of each day"). */
export const rankingSnapshots = sqliteTable(
  'ranking_snapshots',
  {
    id: id(),
    day: text('day').notNull(), // 'YYYY-MM-DD' UTC
    userId: belongsTo('user_id', () => users.id),
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
)

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
    /** The copy in each language it goes out in: { es: { title, description? }, en: {...} }. */
    copy: json<Partial<Record<Language, { title: string; description?: string | null }>>>('copy'),
    level: text('level').$type<NotificationLevel>().notNull().default('info'),
    title: text('title').notNull(),
    description: text('description'),
    content: text('content'),
    sentAt: ts('sent_at'),
    createdBy: linksTo('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('admin_notifications_status_send_idx').on(t.status, t.sendAt)],
)

/** Fan-out of an admin notification: one row per user and channel (unique → idempotent cron). */
export const notificationDeliveries = sqliteTable(
  'notification_deliveries',
  {
    id: id(),
    notificationId: belongsTo('notification_id', () => adminNotifications.id),
    userId: belongsTo('user_id', () => users.id),
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
)

/** What the client shows (SPEC §3 "In-app notification"). user_id NULL = public, per locale. */
export const inAppNotifications = sqliteTable(
  'in_app_notifications',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    notificationId: linksTo('notification_id', () => adminNotifications.id),
    /** The delivery it was written for: unique, so two cron runs write it once. */
    deliveryId: linksTo('delivery_id', () => notificationDeliveries.id),
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
    uniqueIndex('in_app_notifications_delivery_uq').on(t.deliveryId),
  ],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type Reward = typeof rewards.$inferSelect
export type UserReward = typeof userRewards.$inferSelect
export type RankingSnapshot = typeof rankingSnapshots.$inferSelect
export type AdminNotification = typeof adminNotifications.$inferSelect
export type NewAdminNotification = typeof adminNotifications.$inferInsert
export type InAppNotification = typeof inAppNotifications.$inferSelect
export type UserEngagement = typeof userEngagement.$inferSelect
