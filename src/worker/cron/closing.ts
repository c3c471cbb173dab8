import { asJob } from '#worker/context'
import type { Env } from '#worker/env'
import { closePastSessions } from '#worker/features/appointments/closing.service'

/** Every minute: sessions that ended 6 hours ago close by themselves (features/appointments/closing.service.ts). */
export const closingJob = (env: Env, now: Date) => asJob(env, (ctx) => closePastSessions(ctx, now.getTime()))
