// Events the server itself records (issue 7 §3 plan_finished). Issue 8 adds the browser's
// events (GET /v1/session, POST /v1/track) beside them.
import type { Ctx } from '#worker/context'
import * as repo from './tracking.repo'

/**
 * A server-side event has no browser session: it is filed under `user:<id>`, so it is still
 * counted once per person and never joined to a session's utm values (docs/API.md "Tracking").
 * A failure is logged, never passed on: an event must not fail what the person did.
 */
export async function trackServerEvent(ctx: Ctx, userId: number, event: string, params: Record<string, unknown>, at = new Date()) {
  try {
    await repo.insertEvent(ctx.db, { sessionId: `user:${userId}`, userId, event, params, at })
  } catch (err) {
    console.warn(`[tracking] ${event} for user ${userId} not recorded:`, err instanceof Error ? err.message : err)
  }
}
