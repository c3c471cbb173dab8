import { asJob } from '#worker/context'
import type { Env } from '#worker/env'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'

/**
 * Every minute: due notices go out (features/notifications, "A notice's path" in
 * docs/ARCHITECTURE.md). Their mail is awaited before the job ends.
 */
export const noticesJob = (env: Env, now: Date) => asJob(env, (ctx) => sendDueNotifications(ctx, now))
