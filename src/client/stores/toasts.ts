import { atom } from 'nanostores'
import { DELAYS_MS, NOTIFICATION_QUEUE_MAX } from '#shared/limits'

export type ToastLevel = 'success' | 'danger' | 'info' | 'warning'
export interface Toast {
  id: number
  level: ToastLevel
  text: string
  /** In-app notifications (issue 11): a title above the text, their type, and the key duplicates are known by. */
  title?: string
  type?: string | null
  key?: string
}

/**
 * The notification queue of SPEC §9: at most 10, 5 s each by default, duplicates dropped. A
 * message said again while it is still shown (the same text a second booking answers) is not
 * shown twice, but its time starts again: dropped as it was, the shown one closed on the first
 * one's timer, moments after the second action, and the second action seemed to say nothing.
 */
export const $toasts = atom<Toast[]>([])
let nextId = 1
/** Each shown toast's closing timer, so a repeat can start it again. */
const timers = new Map<number, number>()

function closeLater(id: number, closeAfterMs: number) {
  if (closeAfterMs <= 0 || typeof window === 'undefined') return
  window.clearTimeout(timers.get(id))
  timers.set(
    id,
    window.setTimeout(() => dismiss(id), closeAfterMs),
  )
}

export function notify(
  text: string,
  level: ToastLevel = 'info',
  closeAfterMs: number = DELAYS_MS.notification,
  extra: Pick<Toast, 'title' | 'type' | 'key'> = {},
): number | null {
  const list = $toasts.get()
  const shown = list.find((x) =>
    extra.key ? x.key === extra.key : x.text === text && x.level === level && x.title === extra.title,
  )
  if (shown) {
    // Keyed notifications (in-app rows) come again on every reconnect: they keep their own time.
    if (!extra.key && timers.has(shown.id)) closeLater(shown.id, closeAfterMs)
    return null
  }
  const toast = { id: nextId++, level, text, ...extra }
  $toasts.set([...list, toast].slice(-NOTIFICATION_QUEUE_MAX))
  closeLater(toast.id, closeAfterMs)
  return toast.id
}

export function dismiss(id: number) {
  if (typeof window !== 'undefined') window.clearTimeout(timers.get(id))
  timers.delete(id)
  $toasts.set($toasts.get().filter((x) => x.id !== id))
}
