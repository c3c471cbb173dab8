import { getDb } from '#worker/db/client'
import type { Env } from '#worker/env'
import { forgetOldAttempts } from '#worker/features/users/throttle'

/** Every minute (it acts once an hour): old sign-in and register attempts are deleted (features/users/throttle.ts). */
export const attemptsJob = (env: Env, now: Date) => forgetOldAttempts(now, getDb(env.DB))
