import type { Env } from '#worker/env'
import { resendStranded } from '#worker/mail/consumer'

/** Every minute: pending mail never handed to the queue (its enqueue failed) is enqueued again (mail/). */
export const strandedMailJob = (env: Env, now: Date) => resendStranded(env, now.getTime())
