// Signed media URLs (docs/decisions/017-who-may-play.md). A player fetches a unit's audio in
// many Range requests; looking the session up for each (a KV and a D1 read) is what commit
// 1d1924f removed. So the unit call, which knows the caller, hands out
// `/media/<key>?exp=<unix s>&sig=<HMAC>` for the units they may play, and /media checks the
// HMAC alone. Expiry is rounded up to the hour, so the URL stays the same for an hour (the
// browser's cache keeps working across reloads) and works for 2 to 3 hours. After that a
// browser is still served through its session cookie (media.routes.ts), so a paused tab that
// resumes later keeps playing.

import type { Env } from '#worker/env'
import { hmac, safeEqual, serverSecret } from '#worker/lib/crypto'

/** At least this long before a signed URL stops working (seconds). */
export const MEDIA_GRANT_MIN_SEC = 2 * 60 * 60
const BUCKET_SEC = 60 * 60

/** The expiry (unix seconds) of URLs signed at `nowMs`: now + 2 h, rounded up to the hour. */
export function grantExpiry(nowMs = Date.now()): number {
  return Math.ceil((Math.floor(nowMs / 1000) + MEDIA_GRANT_MIN_SEC) / BUCKET_SEC) * BUCKET_SEC
}

const signature = (env: Env, key: string, exp: number) => hmac(serverSecret(env), `media:${key}:${exp}`)

/**
 * The URLs signed for one expiry, per key: the same for an hour by design (above), so each is
 * signed once per isolate and hour rather than on every unit list (an HMAC per playable unit and
 * transcript was a tenth of a warm `/v1/route/units`, issue 21). A new expiry or secret starts
 * afresh; SIGNED_MAX bounds it.
 */
let signed = { exp: 0, secret: '', urls: new Map<string, string>() }
const SIGNED_MAX = 10_000

/** `/media/<key>?exp=…&sig=…`. Keys are [A-Za-z0-9._-/] only (media.routes.ts KEY), so they need no escaping. */
export async function signedMediaUrl(env: Env, key: string, exp: number): Promise<string> {
  const secret = serverSecret(env)
  if (signed.exp !== exp || signed.secret !== secret) signed = { exp, secret, urls: new Map() }
  const kept = signed.urls
  const hit = kept.get(key)
  if (hit) return hit
  const url = `/media/${key}?exp=${exp}&sig=${await signature(env, key, exp)}`
  if (kept.size < SIGNED_MAX) kept.set(key, url)
  return url
}

/** Whether `exp` and `sig` (from the query) grant `key` now. Any malformed value is simply no grant. */
export async function validGrant(
  env: Env,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false
  const at = Number(exp)
  // Not expired, and not further ahead than we ever sign (a stolen secret aside, this cannot happen).
  if (at * 1000 <= nowMs || at * 1000 > nowMs + (MEDIA_GRANT_MIN_SEC + BUCKET_SEC) * 1000) return false
  return safeEqual(await signature(env, key, at), sig)
}
