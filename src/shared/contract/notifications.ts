// Notifications (issue 11 §4–6; SPEC §3 "Notification" and "In-app notification", §4 statuses,
// §6 admins send to a role or to email readers only, §7 realtime). docs/API.md "Engagement".
import { z } from './zod'
import { NOTIFICATION_DELAY_UNITS, NOTIFICATION_LEVELS, Role } from '#shared/enums'
import { defineCall, get, post } from './call'
import { envelope } from './common'
import { bool01, idField, instantField, int, languageField, line, paragraph } from './fields'
import { listSchema, pageOf } from './list'
import { deadMailSchema } from './mail'
import { NOTIFICATIONS_WIRE, type InAppNotificationDto } from './notifications.wire'

const copySchema = z.object({ title: z.string(), description: z.string().nullable().optional() })

export const adminNotificationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'sent', 'cancelled']),
  receivers: z.array(z.number().int()).nullable(),
  send_at: z.string().nullable(),
  /** The audience's language; null: both, each person in theirs. */
  language: z.enum(['es', 'en']).nullable(),
  channel: z.enum(['in_app', 'email', 'push']),
  role_recipients: z.number().int().nullable(),
  readers_only: z.boolean(),
  delay_amount: z.number().int().nullable(),
  delay_unit: z.enum(NOTIFICATION_DELAY_UNITS).nullable(),
  at_best_moment: z.boolean(),
  level: z.enum(NOTIFICATION_LEVELS),
  copy: z.object({ es: copySchema.optional(), en: copySchema.optional() }),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  deliveries: z.number().int(),
})
export type AdminNotificationDto = z.infer<typeof adminNotificationSchema>

export const notificationsQuery = listSchema({
  filters: { status: z.enum(['pending', 'sent', 'cancelled'], { error: 'validation.choice' }).optional() },
  orderBy: ['id', 'send_at'],
  defaultOrder: 'id desc',
})
export type NotificationsQuery = z.output<typeof notificationsQuery>

/** GET /v1/notifications (admin) */
export const listNotifications = get(
  '/notifications',
  notificationsQuery,
  pageOf('notifications', adminNotificationSchema),
)

const ROLES = new Set<number>(Object.values(Role))
/** Explicit receivers: user ids joined by '|' or ',' (at most 500; larger audiences go by role or language). */
const receiversField = z
  .string()
  .max(4000)
  .regex(/^\d{1,12}([|,]\d{1,12}){0,499}$/, { error: 'validation.invalid' })
  .transform((s) => [...new Set(s.split(/[|,]/).map(Number))])

export const createNotificationForm = z
  .object({
    channel: z.enum(['in_app', 'email', 'push'], { error: 'validation.choice' }).default('in_app'),
    language: languageField.optional(),
    role_recipients: int({ min: 1, max: 32 })
      .refine((r) => ROLES.has(r), { error: 'validation.choice' })
      .optional(),
    receivers: receiversField.optional(),
    readers_only: bool01.optional(),
    /** When it goes out; absent: now (plus the delay, if any). */
    send_at: instantField.optional(),
    delay_amount: int({ min: 1, max: 1000 }).optional(),
    delay_unit: z.enum(NOTIFICATION_DELAY_UNITS, { error: 'validation.choice' }).optional(),
    at_best_moment: bool01.optional(),
    level: z.enum(NOTIFICATION_LEVELS, { error: 'validation.choice' }).optional(),
    title_es: line(120).optional(),
    description_es: paragraph(1000).optional(),
    title_en: line(120).optional(),
    description_en: paragraph(1000).optional(),
  })
  .superRefine((f, ctx) => {
    // The copy of every language it goes out in (both when no language is chosen).
    for (const lang of f.language ? [f.language] : (['es', 'en'] as const)) {
      if (!f[`title_${lang}`])
        ctx.addIssue({ code: 'custom', path: [`title_${lang}`], message: 'engagement.notifications.copy_required' })
    }
    if ((f.delay_amount === undefined) !== (f.delay_unit === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [f.delay_amount === undefined ? 'delay_amount' : 'delay_unit'],
        message: 'validation.required',
      })
  })
export type CreateNotificationForm = z.output<typeof createNotificationForm>

/** POST /v1/notification (admin): create and schedule. */
export const createNotification = post(
  '/notification',
  createNotificationForm,
  envelope({ notification: adminNotificationSchema }),
  { status: 201, message: 'engagement.notifications.created' },
)

/** POST /v1/notification/cancel (admin): a pending one only. */
export const cancelNotification = post(
  '/notification/cancel',
  z.object({ id: idField }),
  envelope({ notification: adminNotificationSchema }),
  { message: 'engagement.notifications.cancelled' },
)

// ── In the app ───────────────────────────────────────────────────────────────────────────────

export const inAppNotificationSchema = z.object({
  id: z.number().int(),
  /** Same key, same notification: the toast queue drops a second one ('n:<admin id>' or 'i:<id>'). */
  key: z.string(),
  /** The admin notification it came from (mark read by it after a public-channel message). */
  notification_id: z.number().int().nullable(),
  locale: z.enum(['es', 'en']).nullable(),
  level: z.enum(NOTIFICATION_LEVELS),
  type: z.string().nullable(),
  /** Milliseconds the toast stays (SPEC §9 default 5 s); null: until closed. */
  close_after: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
})
// The type is written by hand in notifications.wire.ts (the zod-free side the bell reads); this
// fails to compile when the schema and that type part ways, in either direction.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
true satisfies Same<z.infer<typeof inAppNotificationSchema>, InAppNotificationDto>
export type { InAppNotificationDto }

/** GET /v1/notifications/unread: the caller's unread in-app notifications, newest first (at most 50). */
export const listUnread = defineCall({
  ...NOTIFICATIONS_WIRE.unread,
  request: z.object({}),
  response: envelope({ notifications: z.array(inAppNotificationSchema) }),
})

/** POST /v1/notifications/read: one (`id`, or `notification_id` for a public message) or, with neither, all. */
export const markRead = post(
  '/notifications/read',
  z.object({ id: idField.optional(), notification_id: idField.optional() }),
  envelope({ updated: z.number().int() }),
)

// ── Dead letters (issue 22): mail whose retries ran out, for an admin to see and replay ─────

export type DeadMailDto = z.infer<typeof deadMailSchema>

/** GET /v1/notifications/dead-mail (admin): the newest 50 dead letters and how many there are. */
export const listDeadMail = get(
  '/notifications/dead-mail',
  z.object({}),
  envelope({ mails: z.array(deadMailSchema), total: z.number().int() }),
)

/**
 * POST /v1/notifications/dead-mail/replay (admin): one (`id`) or, without, every dead letter (at
 * most 1,000 a call) goes back on the queue. One that may have been sent more than the provider's
 * 24 hours ago goes only with `confirm` (it could reach the person twice): without it, one is
 * refused (409, a field error on `confirm`) and "all" leaves them, counted in `needs_confirmation`.
 */
export const replayDeadMail = post(
  '/notifications/dead-mail/replay',
  z.object({ id: idField.optional(), confirm: bool01.optional() }),
  envelope({ replayed: z.number().int(), needs_confirmation: z.number().int() }),
)

export const notificationsCalls = [
  listNotifications,
  createNotification,
  cancelNotification,
  listUnread,
  markRead,
  listDeadMail,
  replayDeadMail,
] as const

/** What the realtime channels send (/ws/notifications and /ws/public/{locale}). */
export const socketMessageSchema = z.object({
  type: z.literal('notification'),
  notification: inAppNotificationSchema,
  /** Public channel only: the role it is for (null: everyone of that locale). */
  role: z.number().int().nullable().optional(),
})
export type SocketMessage = z.infer<typeof socketMessageSchema>
