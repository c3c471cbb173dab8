// What a notice and its in-app rows look like to the people and the queue consumers: shared by
// the service (the admin's calls, the minute cron) and the fan-out consumers, so neither imports
// the other.
import type { InAppNotificationDto } from '#shared/contract/notifications'
import type * as repo from './notifications.repo'

/** SPEC §9: a toast shows 5 s unless it says otherwise. */
export const DEFAULT_CLOSE_AFTER_MS = 5000

export function inAppDto(r: repo.InAppRow): InAppNotificationDto {
  return {
    id: r.id,
    key: r.notification_id ? `n:${r.notification_id}` : `i:${r.id}`,
    notification_id: r.notification_id,
    locale: r.locale,
    level: r.level,
    type: r.type,
    close_after: r.close_after,
    title: r.title,
    description: r.description,
    content: r.content,
    created_at: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
  }
}

/** The explicit receivers of a notification: null for "everyone matching", or the user ids. */
export function parseReceivers(raw: string | null): number[] | null {
  if (raw === null || raw === '') return null
  const value: unknown = JSON.parse(raw)
  if (!Array.isArray(value) || !value.every((id) => Number.isSafeInteger(id)))
    throw new Error('receivers is not a JSON array of user ids')
  return value as number[]
}

/** Whether a notification's realtime message can go once to the public channel of its locale. */
export const isBroadcast = (n: repo.NotificationRow, receivers: number[] | null) =>
  n.channel === 'in_app' && !receivers && !n.at_best_moment && !n.readers_only
