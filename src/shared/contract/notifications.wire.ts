// What every signed-in page needs of the notifications calls without zod (issue 21 §5): the bell
// asks for the unread list when its socket opens, right after hydration, and that call alone
// pulled the schemas' chunk (~21 KB gzip) into every signed-in page's first seconds. The unread
// list is checked by hand here; notifications.ts builds the call's path from NOTIFICATIONS_WIRE and
// test/client/api.test.ts holds `isUnreadAnswer` equal to the response schema.
//
// This file sits below notifications.ts and imports nothing of it (issue 33 §4: no import circle):
// the in-app notification's type is written here, and notifications.ts holds its schema equal to it.
import type { NotificationLevel } from '#shared/enums'

/** One in-app notification as the app receives it (notifications.ts `inAppNotificationSchema`). */
export interface InAppNotificationDto {
  id: number
  /** Same key, same notification: the toast queue drops a second one ('n:<admin id>' or 'i:<id>'). */
  key: string
  /** The admin notification it came from (mark read by it after a public-channel message). */
  notification_id: number | null
  locale: 'es' | 'en' | null
  level: NotificationLevel
  type: string | null
  /** Milliseconds the toast stays (SPEC §9 default 5 s); null: until closed. */
  close_after: number | null
  title: string
  description: string | null
  content: string | null
  created_at: string
  read: boolean
}

export const NOTIFICATIONS_WIRE = {
  unread: { method: 'GET', path: '/notifications/unread' },
} as const

/**
 * The levels (enums.ts NOTIFICATION_LEVELS; the type holds them equal), here so every signed-in
 * page's bell does not bring the whole enums module (decision 069).
 */
const LEVELS: Record<NotificationLevel, true> = { info: true, success: true, warning: true, danger: true }

const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v)
const nullable = (v: unknown, check: (v: unknown) => boolean) => v === null || check(v)
const isString = (v: unknown) => typeof v === 'string'

function isNotification(v: unknown): v is InAppNotificationDto {
  if (typeof v !== 'object' || v === null) return false
  const n = v as Record<string, unknown>
  return (
    isInt(n.id) &&
    isString(n.key) &&
    nullable(n.notification_id, isInt) &&
    nullable(n.locale, (x) => x === 'es' || x === 'en') &&
    typeof n.level === 'string' &&
    Object.hasOwn(LEVELS, n.level) &&
    nullable(n.type, isString) &&
    nullable(n.close_after, isInt) &&
    isString(n.title) &&
    nullable(n.description, isString) &&
    nullable(n.content, isString) &&
    isString(n.created_at) &&
    typeof n.read === 'boolean'
  )
}

/** GET /v1/notifications/unread's answer, as notifications.ts's `listUnread` response describes it. */
export function isUnreadAnswer(json: unknown): json is { notifications: InAppNotificationDto[] } {
  if (typeof json !== 'object' || json === null) return false
  const o = json as Record<string, unknown>
  return o.success === true && Array.isArray(o.notifications) && o.notifications.every(isNotification)
}
