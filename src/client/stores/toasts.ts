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

/** The notification queue of SPEC §9: at most 10, 5 s each by default, duplicates dropped. */
export const $toasts = atom<Toast[]>([])
let nextId = 1

export function notify(
  text: string,
  level: ToastLevel = 'info',
  closeAfterMs: number = DELAYS_MS.notification,
  extra: Pick<Toast, 'title' | 'type' | 'key'> = {},
): number | null {
  const list = $toasts.get()
  if (
    list.some((x) =>
      extra.key ? x.key === extra.key : x.text === text && x.level === level && x.title === extra.title,
    )
  )
    return null
  const toast = { id: nextId++, level, text, ...extra }
  $toasts.set([...list, toast].slice(-NOTIFICATION_QUEUE_MAX))
  if (closeAfterMs > 0 && typeof window !== 'undefined') window.setTimeout(() => dismiss(toast.id), closeAfterMs)
  return toast.id
}

export function dismiss(id: number) {
  $toasts.set($toasts.get().filter((x) => x.id !== id))
}
