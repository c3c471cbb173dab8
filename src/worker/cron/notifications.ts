import type { Env } from '#worker/env'
import { sendDueNotifications } from '#worker/features/notifications/notifications.service'
import { forgetOldAttempts } from '#worker/features/users/throttle'

/**
 * Every minute: due admin notifications go out (features/notifications); once an hour old
 * sign-in and register attempts are deleted (features/users/throttle.ts).
 */
export async function dueNotificationsJob(env: Env, now: Date) {
  await sendDueNotifications(env, now)
  await forgetOldAttempts(now, env.DB)
}
