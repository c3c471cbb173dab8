// Rewards that arrive together (a unit's end can earn several at once, issue 34 §2) are shown as
// ONE toast: four stacked toasts covered the player on a phone. Each is still its own unread
// notification in the bell; only the toast is shared.
import type { InAppNotificationDto } from '#shared/contract/notifications'
import type { Translate } from '#shared/i18n/index'

/** How long a reward waits for the others of the same moment before its toast shows. */
export const GROUP_MS = 600

/** The one notification a toast shows for rewards that arrived together (one: itself). */
export function groupRewards(list: InAppNotificationDto[], t: Translate): InAppNotificationDto {
  const [first] = list
  if (!first) throw new Error('groupRewards needs at least one notification')
  if (list.length === 1) return first
  const items = list.map((n) => n.description ?? n.title)
  return {
    ...first,
    // One line says it all ("3 new rewards: …"): no title above it.
    title: '',
    description: t('engagement.rewards.grouped', { count: list.length, list: items.join(' · ') }),
    key: list.map((n) => n.key).join('+'),
    close_after: list.some((n) => n.close_after === null) ? null : Math.max(...list.map((n) => n.close_after ?? 0)),
  }
}

/**
 * Holds reward notifications for GROUP_MS after the last one, then hands the group to `show`
 * (other notifications pass straight through).
 */
export function rewardBatcher(
  show: (n: InAppNotificationDto) => void,
  t: () => Translate,
  schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
  cancel: (handle: unknown) => void = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
) {
  let pending: InAppNotificationDto[] = []
  let handle: unknown = null
  const flush = () => {
    handle = null
    const group = pending
    pending = []
    if (group.length) show(groupRewards(group, t()))
  }
  return (n: InAppNotificationDto) => {
    if (n.type !== 'reward') return show(n)
    pending.push(n)
    if (handle !== null) cancel(handle)
    handle = schedule(flush, GROUP_MS)
  }
}
