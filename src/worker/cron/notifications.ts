import type { Env } from '#worker/env'
import { sendDueNotifications } from '#worker/features/notifications/notifications.service'
import { forgetOldAttempts } from '#worker/features/users/throttle'
import { sendReminders } from '#worker/features/appointments/appointments.service'
import { getDb } from '#worker/db/client'
import { resendStranded } from '#worker/mail/consumer'

/**
 * Every minute: due admin notifications go out (features/notifications); appointment reminders
 * a day and an hour before (features/appointments); once an hour old sign-in and register
 * attempts are deleted (features/users/throttle.ts); pending mail never handed to the queue is
 * enqueued again.
 */
export async function dueNotificationsJob(env: Env, now: Date) {
  // Mail deliveries are awaited before the job ends (a scheduled run has no answer to wait for).
  const pending: Promise<unknown>[] = []
  await sendDueNotifications(env, now, { waitUntil: (p) => void pending.push(p) })
  await sendReminders(
    {
      env,
      db: getDb(env.DB),
      locale: 'es',
      user: null,
      ip: null,
      linkBase: env.APP_URL.replace(/\/$/, ''),
      waitUntil: (p) => void pending.push(p),
    },
    now.getTime(),
  )
  await Promise.allSettled(pending)
  await forgetOldAttempts(now, getDb(env.DB))
  // Mail whose enqueue failed goes on the queue again (features/mail).
  await resendStranded(env, now.getTime())
}
