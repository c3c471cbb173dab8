import type { Env } from '#worker/env'
import { sendDueNotifications } from '#worker/features/notifications/notifications.service'

/** Every minute: due admin notifications go out (features/notifications). */
export const dueNotificationsJob = (env: Env, now: Date) => sendDueNotifications(env, now)
