// Which endpoints a subscription may name (issue 34 §1; found from outside): the Worker POSTs to
// a device's endpoint, so an endpoint the browser did not get from a push service would make the
// Worker call any address a person writes (SSRF: 169.254.169.254, 10.0.0.1, localhost, any site).
// Only the push services browsers use are accepted, at their default port, without credentials;
// the endpoint is kept in one spelling (`URL.href`: the host in lower case, no :443, no
// fragment), so one browser is one device.
import type { Env } from '#worker/env'

/** The push services of Chrome/Android (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS). */
const EXACT = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
]
const SUFFIXES = ['.push.apple.com', '.notify.windows.com']

/** The endpoint in its one spelling, or null when it is not a push service's. */
export function pushEndpoint(env: Env, raw: string): string | null {
  if (!URL.canParse(raw)) return null
  const url = new URL(raw)
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return null
  const extra = (env.PUSH_SERVICE_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
  const host = url.hostname
  const known = EXACT.includes(host) || SUFFIXES.some((s) => host.endsWith(s)) || extra.includes(host)
  // A fragment never reaches the push service (a browser's fetch drops it), so `…#x` is the same
  // device as `…`: kept without it (issue 41).
  url.hash = ''
  return known ? url.href : null
}

/** Whether `p256dh` is a point on P-256 (a key of the right length may still be none). */
export async function isP256Point(bytes: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
    return true
  } catch {
    return false
  }
}
