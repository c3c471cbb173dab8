// Sessions and events (issue 8 §4): the browser's session and events (GET /v1/session,
// POST /v1/track), missing translations, and the events the server records itself (plan_finished).
import type { Ctx } from '#worker/context'
import { UTM_DEFAULTS, UUID, type SessionQuery, type TrackForm, type UtmName } from '#shared/contract/tracking'
import * as repo from './tracking.repo'

/**
 * A server-side event has no browser session: it is filed under `user:<id>`, so it is still
 * counted once per person and never joined to a session's utm values (docs/API.md "Tracking").
 * A failure is logged, never passed on: an event must not fail what the person did.
 */
export async function trackServerEvent(
  ctx: Ctx,
  userId: number,
  event: string,
  params: Record<string, unknown>,
  at = new Date(),
) {
  try {
    await repo.insertEvent(ctx.db, { sessionId: `user:${userId}`, userId, event, params, at })
  } catch (err) {
    console.warn(`[tracking] ${event} for user ${userId} not recorded:`, err instanceof Error ? err.message : err)
  }
}

/**
 * GET /v1/session: the browser's session when it sends one we know (its last visit noted, and
 * the person once signed in), else a new one with the utm values of this visit (SPEC §9
 * defaults: agency na, category anxiety) and `new_session` true.
 */
export async function openSession(ctx: Ctx, q: SessionQuery, now = new Date()) {
  const userId = ctx.user?.id ?? null
  if (q.session_id && UUID.test(q.session_id)) {
    const known = await repo.touchSession(ctx.db, q.session_id.toLowerCase(), userId, now)
    if (known) return { session_id: known, new_session: false }
  }
  const utm = (n: UtmName) => q[`utm_${n}`] ?? q[n] ?? UTM_DEFAULTS[n] ?? null
  const sessionId = crypto.randomUUID()
  await repo.insertSession(ctx.db, {
    sessionId,
    userId,
    utmSource: utm('source'),
    utmMedium: utm('medium'),
    utmCampaign: utm('campaign'),
    utmTerm: utm('term'),
    utmContent: utm('content'),
    utmDevice: utm('device'),
    utmVersion: utm('version'),
    utmAgency: utm('agency'),
    utmCategory: utm('category'),
    utmFbc: utm('fbc'),
    utmFbp: utm('fbp'),
    pathname: q.pathname ?? null,
    eventSourceUrl: q.event_source_url ?? null,
    createdAt: now,
    lastSeenAt: now,
  })
  return { session_id: sessionId, new_session: true }
}

/** POST /v1/track: one event of a session, with the page and its route, post or search. */
export async function trackEvent(ctx: Ctx, f: TrackForm, now = new Date()) {
  const params: Record<string, string> = {}
  if (f.route) params.route = f.route
  if (f.post) params.post = f.post
  if (f.search) params.search = f.search
  await repo.insertEvent(ctx.db, {
    sessionId: f.session_id.toLowerCase(),
    userId: ctx.user?.id ?? null,
    event: f.event,
    page: f.page ?? null,
    params: Object.keys(params).length ? params : null,
    at: now,
  })
}

/** POST /v1/translation: a text the page had no translation for, in the request's language. */
export async function reportMissingTranslation(ctx: Ctx, text: string, now = new Date()) {
  await repo.recordTranslationMiss(ctx.db, ctx.locale, text, now)
}
