// First-party session and events (issue 8 §4; SPEC §7 Session, Tracking; §9 utm variables):
// to our own /v1 only, never to a vendor (docs/decisions/019-consent-and-tracking.md).
import { TRACKING_WIRE, UTM_NAMES, isSessionAnswer } from '#shared/contract/tracking.wire'
import { beacon } from '#client/api.ts'
import { logoutCount, readLocal, writeLocal } from '#client/stores/session.ts'
import { isOffline } from '#client/pwa/register.ts'

let session: Promise<string | null> | null = null

/** The answer of /track and /translation: the envelope and nothing the page uses. */
const isMessage = (json: unknown): json is { success: true } =>
  typeof json === 'object' && json !== null && (json as { success?: unknown }).success === true

/**
 * The browser's session: GET /v1/session once per page with the stored id, the page, and the
 * utm values of this visit; the id is kept (localStorage `session_id`), and a new session sends
 * `new_session` once (SPEC §4).
 */
export function startSession(pathname: string, query: Record<string, string>): Promise<string | null> {
  session ??= (async () => {
    const epoch = logoutCount()
    // Just signed out by /logout (?logged_out=1): the stored session was the person's, never reused.
    const stored = query.logged_out ? null : readLocal<string>('session_id')
    const input: Record<string, string> = { pathname, event_source_url: window.location.href.slice(0, 2000) }
    if (stored) input.session_id = stored
    for (const n of UTM_NAMES) {
      const v = query[`utm_${n}`] ?? query[n]
      if (v) input[`utm_${n}`] = v.slice(0, 255)
    }
    // Offline (issue 23): no session call; the next page online asks.
    if (isOffline()) return null
    const res = await beacon(TRACKING_WIRE.session, input, isSessionAnswer)
    if (!res.success) return null
    // Signed out while this was asked: the answer belongs to the session that ended.
    if (logoutCount() !== epoch) return null
    writeLocal('session_id', res.session_id)
    if (res.new_session) void send(res.session_id, 'new_session', { page: pathname })
    return res.session_id
  })()
  return session
}

async function send(
  sessionId: string,
  event: string,
  extra: { page?: string; route?: string; post?: string; search?: string },
) {
  if (isOffline()) return // a usage event is not worth keeping for later (issue 23): dropped offline
  await beacon(TRACKING_WIRE.track, { session_id: sessionId, event, ...extra }, isMessage)
}

/** One event of this session (silent: nothing is shown, a failure is dropped). */
export async function trackEvent(
  event: string,
  extra: { page?: string; route?: string; post?: string; search?: string } = {},
) {
  // Offline (issue 23): a page shown from its kept copy sends no event (it would only fail).
  if (isOffline()) return
  const id = await (session ?? Promise.resolve(readLocal<string>('session_id')))
  if (id) await send(id, event, extra)
}

const reported = new Set<string>()
/** SPEC §7 POST /translation: a key the page had no text for, once per page. */
export function reportMissing(key: string) {
  if (reported.has(key) || typeof window === 'undefined') return
  reported.add(key)
  void beacon(TRACKING_WIRE.translation, { text: key.slice(0, 300) }, isMessage)
}
