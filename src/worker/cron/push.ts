import type { Env } from '#worker/env'
import { queueDuePushes } from '#worker/push/deliver'

/** Every minute: push deliveries due now (a best moment, the end of quiet hours) go to the queue (src/worker/push). */
export const pushJob = (env: Env, now: Date) => queueDuePushes(env, now.getTime())
