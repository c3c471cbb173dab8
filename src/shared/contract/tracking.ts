// Sessions and tracked events (issue 8 §4; SPEC §3 "Session", "Tracked event", §7 Session,
// Tracking, Translation; §9 utm variables). First-party only: rows in our own D1, never sent to
// an ad or analytics vendor (docs/decisions/019-consent-and-tracking.md).
import { z } from './zod'
import { defineCall } from './call'
import { envelope, messageResponse } from './common'
import { line } from './fields'

import { TRACKING_WIRE, UTM_NAMES, type UtmName } from './tracking.wire'

export { UTM_DEFAULTS, type UtmName } from './tracking.wire'

const utmValue = line(255).optional()
const utmFields = Object.fromEntries(
  UTM_NAMES.flatMap((n) => [
    [`utm_${n}`, utmValue],
    [n, utmValue],
  ]),
) as Record<`utm_${UtmName}` | UtmName, typeof utmValue>

export const sessionQuery = z.object({
  pathname: line(500).optional(),
  /** The id the browser holds; anything that is not a session we know starts a new one. */
  session_id: z.string().max(100).optional(),
  event_source_url: line(2000).optional(),
  ...utmFields,
})
export type SessionQuery = z.output<typeof sessionQuery>

/** GET /v1/session: the browser's session, or a new one (`new_session` true) with its utm values. */
export const getSession = defineCall({
  ...TRACKING_WIRE.session,
  request: sessionQuery,
  response: envelope({ session_id: z.string(), new_session: z.boolean() }),
})

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const trackForm = z.object({
  session_id: z.string().regex(UUID, { error: 'validation.invalid' }),
  /** A name like page_view, visit, search, new_session (lowercase, digits, underscores). */
  event: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'validation.invalid' }),
  /** The page's locale-free path. */
  page: line(500).optional(),
  /** Route and post pages: the slug shown. */
  route: line(200).optional(),
  post: line(200).optional(),
  /** The search event: the text searched (kept in our own table only). */
  search: line(200).optional(),
})
export type TrackForm = z.output<typeof trackForm>

/** POST /v1/track: stores one event (silent: the page never shows its answer). */
export const track = defineCall({ ...TRACKING_WIRE.track, status: 202, request: trackForm, response: messageResponse })

/** POST /v1/translation: a key the page had no text for, counted once per key and locale. */
export const translationForm = z.object({ text: line(300) })
export const reportTranslation = defineCall({
  ...TRACKING_WIRE.translation,
  status: 202,
  request: translationForm,
  response: messageResponse,
})

export const trackingCalls = [getSession, track, reportTranslation] as const
