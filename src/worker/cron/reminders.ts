import { asJob } from '#worker/context'
import type { Env } from '#worker/env'
import { sendReminders } from '#worker/features/appointments/appointments.service'

/** Every minute: appointment reminders a day and an hour before (features/appointments). */
export const remindersJob = (env: Env, now: Date) => asJob(env, (ctx) => sendReminders(ctx, now.getTime()))
