// Sending one push to one device (issue 34 §1): RFC 8030 (the push service's POST), RFC 8292
// (VAPID: `Authorization: vapid t=<ES256 JWT>, k=<public key>`) and RFC 8291 (the payload
// encrypted to the device's keys, aes128gcm of RFC 8188), with WebCrypto only (docs/decisions/051);
// payload.ts makes the request and signs one VAPID JWT per push service, not per push (decision 063).
import type { Env } from '#worker/env'
import { pushRequest } from './payload'
import type { DeviceRow } from './subscriptions.repo'

/** What the service worker shows (src/sw/push.ts): in the person's language, `url` the page to open. */
export type PushNotice = {
  title: string
  body: string
  url: string
  /** One notice per tag on a device: a second with the same tag replaces the first. */
  tag: string
}

/**
 * ok: delivered (201/202); gone: the push service says the subscription is no more (404/410),
 * dropped; failed: anything else (a redirect, 413, 429, 5xx, the network, a push that could
 * not be built), kept and counted.
 */
export type Outcome = { kind: 'ok' } | { kind: 'gone' } | { kind: 'failed'; status: number; retryAfter: number | null }

/** The VAPID keys and contact, or null when this Worker has none (no push is sent then). */
export function vapidOf(env: Env) {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
}

/** How long a push service keeps a notice for a device that is off: a day (RFC 8030 TTL). */
export const PUSH_TTL_SEC = 24 * 60 * 60

/** One device, one notice. Never throws for the service's answer; a network failure counts as failed (status 0). */
export async function sendPush(
  env: Env,
  device: DeviceRow,
  notice: PushNotice,
  connection: <T>(work: (signal: AbortSignal) => Promise<T>) => Promise<T> = (work) =>
    work(AbortSignal.timeout(PUSH_TIMEOUT_MS)),
): Promise<Outcome> {
  const vapid = vapidOf(env)
  if (!vapid) return { kind: 'failed', status: 0, retryAfter: null }
  let req: Awaited<ReturnType<typeof pushRequest>>
  try {
    req = await pushRequest(vapid, device, notice, { ttl: PUSH_TTL_SEC, urgency: 'normal', topic: topicOf(notice.tag) })
  } catch (err) {
    // Our own keys were checked before (./vapid.ts pushKeysReady), so this is the device's keys
    // (saved before the save checked them). Still not "gone": only the push service says a
    // subscription is gone (RFC 8030 §7.3, 404/410); the device is kept and counted, and the
    // others of the message still get theirs (issue 41; found from outside in 051).
    console.warn(`push to device ${device.id}: could not build it: ${err instanceof Error ? err.message : String(err)}`)
    return { kind: 'failed', status: 0, retryAfter: null }
  }
  // The request is built (the CPU) before a connection is taken; the connection is held from the
  // fetch to the answer's end, so the timeout (its signal) never runs while the fetch waits for one.
  const answered = await connection(async (signal) => {
    try {
      // A push service that never answers must not hold the message's other devices (found from outside).
      const res = await fetch(device.endpoint, {
        method: 'POST',
        headers: req.headers,
        body: req.body,
        signal,
        // Never followed: a push service answers a push with 201, and a 3xx from an allowed host
        // would make the Worker POST wherever it points (a loopback address, seen in issue 41).
        redirect: 'manual',
      })
      await res.body?.cancel()
      return res
    } catch (err) {
      console.warn(`push to device ${device.id} failed: ${err instanceof Error ? err.message : String(err)}`)
      return null
    }
  })
  if (!answered) return { kind: 'failed', status: 0, retryAfter: null }
  const res = answered
  if (res.status === 201 || res.status === 202) return { kind: 'ok' }
  if (res.status === 404 || res.status === 410) return { kind: 'gone' }
  if (res.status >= 300 && res.status < 400)
    console.warn(`push to device ${device.id}: the push service answered ${res.status} (a redirect, not followed)`)
  const after = Number(res.headers.get('retry-after'))
  return { kind: 'failed', status: res.status, retryAfter: Number.isFinite(after) && after > 0 ? after : null }
}

/** How long a push service may take to answer one push before it counts as failed (at least). */
export const PUSH_TIMEOUT_MS = 10_000

/** RFC 8030 Topic: at most 32 characters of the URL-safe base64 alphabet. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32)
