import type { Env } from '#worker/env'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'

/**
 * Every minute: due notices go out (features/notifications, "A notice's path" in
 * docs/ARCHITECTURE.md). Their mail is awaited before the job ends.
 */
export async function noticesJob(env: Env, now: Date) {
  const pending: Promise<unknown>[] = []
  try {
    return await sendDueNotifications(env, now, { waitUntil: (p) => void pending.push(p) })
  } finally {
    await Promise.allSettled(pending)
  }
}
