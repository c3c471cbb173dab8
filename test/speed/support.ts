import { afterAll, beforeAll } from 'vitest'
import { personCache } from '#worker/http/person-cache'
import { forgetSessions, sessionMemo } from '#worker/identity/memo'

/**
 * The per-isolate speed layers a real run has and the test pool leaves off (decision 034): the
 * person's rows and pages kept, and the memo of verified sessions, on for this file only. The
 * public cache is on in every file already (test/reset.ts).
 */
export function withSpeedCaches() {
  beforeAll(() => {
    personCache.enabled = true
    sessionMemo.enabled = true
  })
  afterAll(() => {
    personCache.enabled = false
    sessionMemo.enabled = false
    forgetSessions('all')
  })
}
