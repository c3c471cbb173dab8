// Our own VAPID keys (RFC 8292), checked before any push is built (issue 41): a failure with our
// keys is ours, not the devices'. It used to be taken as "this device is gone" and wiped every
// device; now nothing is sent, no device is touched, the deliveries wait (the minute cron leases
// them again), the log says it once per isolate, and the admins get one notice per period.
import type { Env } from '#worker/env'
import { getDb } from '#worker/db/client'
import { takeWindowIfFree } from '#worker/http/rate-windows.repo'
import { en, es } from '#shared/i18n/push'
import { insertAdminAlert } from './alerts.repo'

/** At most one admin notice about our keys in this long (the log says it once per isolate). */
export const KEYS_ALERT_PERIOD_MS = 6 * 60 * 60 * 1000
const ALERT_WINDOW = 'push:vapid-keys-alert'

const b64u = (s: string) => {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0))
}
const toB64u = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/**
 * Why these keys cannot sign a push a push service would accept, or null when they can: the
 * private scalar signs a probe (ES256, as each push's JWT is signed) and the public point, the
 * one browsers subscribed with, verifies it. A pair that is not one (a secret rotated alone) fails here.
 */
export async function vapidPairProblem(publicKey: string, privateKey: string): Promise<string | null> {
  try {
    const point = b64u(publicKey)
    if (point.length !== 65 || point[0] !== 4) return 'the public key is not an uncompressed P-256 point'
    const jwk = { kty: 'EC', crv: 'P-256', x: toB64u(point.slice(1, 33)), y: toB64u(point.slice(33)), d: privateKey }
    const algo = { name: 'ECDSA', namedCurve: 'P-256' }
    const signer = await crypto.subtle.importKey('jwk', jwk, algo, false, ['sign'])
    const verifier = await crypto.subtle.importKey('raw', point, algo, false, ['verify'])
    const probe = new TextEncoder().encode('calma-vapid-probe')
    const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer, probe)
    const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifier, sig, probe)
    return ok ? null : 'the private key is not the pair of the public key'
  } catch (err) {
    return `the keys cannot be used (${err instanceof Error ? err.message : String(err)})`
  }
}

/** This isolate's verdict per key pair (the keys change only with a deploy). */
const verdicts = new Map<string, Promise<string | null>>()
const logged = new Set<string>()

/** Why this Worker cannot sign pushes now (keys missing or unusable), or null. */
export function pushKeysProblem(env: Env): Promise<string | null> {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT)
    return Promise.resolve('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY or VAPID_SUBJECT is missing')
  const key = `${env.VAPID_PUBLIC_KEY} ${env.VAPID_PRIVATE_KEY}`
  let verdict = verdicts.get(key)
  if (!verdict) verdicts.set(key, (verdict = vapidPairProblem(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)))
  return verdict
}

/**
 * Before a message's pushes are built: true when our keys can sign. Otherwise the failure is
 * logged (once per isolate and problem) and the admins are told (an in-app notice, at most one
 * per KEYS_ALERT_PERIOD_MS across isolates: one D1 statement takes the window), and false.
 */
export async function pushKeysReady(env: Env, now: number): Promise<boolean> {
  const problem = await pushKeysProblem(env)
  if (!problem) return true
  if (!logged.has(problem)) {
    logged.add(problem)
    console.error(`push: our VAPID keys cannot sign (${problem}); nothing is sent and every device is kept`)
  }
  const db = getDb(env.DB)
  if (await takeWindowIfFree(db, ALERT_WINDOW, now, KEYS_ALERT_PERIOD_MS))
    await insertAdminAlert(db, now, {
      es: { title: es.push.alerts.keys_title, description: es.push.alerts.keys_body },
      en: { title: en.push.alerts.keys_title, description: en.push.alerts.keys_body },
    })
  return false
}
