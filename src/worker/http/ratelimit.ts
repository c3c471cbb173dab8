// Two kinds of limits (issue 3 §6, docs/decisions/003-cooldowns-in-d1.md):
// - cooldowns that must hold under concurrency (SPEC §5: password recovery every 30 min, contact
//   every hour, refund every 7 days) are taken in ONE atomic D1 statement on rate_windows;
// - burst limits (login attempts) are counted in KV, which is fast but not atomic: a burst of
//   parallel requests may slip a few past the count, which is fine for slowing guessing down.
// The statements on rate_windows are in rate-windows.repo.ts; this file holds the rules.

import { deleteWindow, insertOnce, takeWindowIfFree, windowLastAt } from './rate-windows.repo'

export interface CooldownResult {
  ok: boolean
  /** When the window was last taken (ms): now when ok, the earlier time when refused. */
  lastAt: number
  /** When the next attempt may pass (ms). */
  retryAt: number
}

/**
 * Take the cooldown `key` for `windowMs`, atomically: of any number of concurrent calls inside
 * one window exactly one gets `ok` (one upsert statement, rate-windows.repo.ts).
 */
export async function takeCooldown(d1: D1Database, key: string, windowMs: number, now = Date.now()): Promise<CooldownResult> {
  if (await takeWindowIfFree(d1, key, now, windowMs)) return { ok: true, lastAt: now, retryAt: now + windowMs }
  const lastAt = (await windowLastAt(d1, key)) ?? now
  return { ok: false, lastAt, retryAt: lastAt + windowMs }
}

/** Forget a cooldown (e.g. the account it was about is deleted). */
export async function clearCooldown(d1: D1Database, key: string) {
  await deleteWindow(d1, key)
}

/**
 * Mark `key` as used, once: true for the first caller, false for every later or concurrent one.
 * Used for single-use tokens (a temporary sign-in link works once).
 */
export async function takeOnce(d1: D1Database, key: string, now = Date.now()): Promise<boolean> {
  return insertOnce(d1, key, now)
}

export interface BurstLimit {
  /** How many hits a window allows. */
  limit: number
  /** Window length in seconds (KV's minimum TTL is 60). */
  windowSec: number
}

const bucketKey = (key: string, windowSec: number, now: number) => `burst:${key}:${Math.floor(now / 1000 / windowSec)}`

/** True while `key` has hits left in the current fixed window (KV; best effort, see above). */
export async function burstAllowed(kv: KVNamespace, key: string, rule: BurstLimit, now = Date.now()): Promise<boolean> {
  const n = Number((await kv.get(bucketKey(key, rule.windowSec, now))) ?? 0)
  return n < rule.limit
}

/** Count one hit against `key` in the current window. */
export async function burstHit(kv: KVNamespace, key: string, rule: BurstLimit, now = Date.now()) {
  const k = bucketKey(key, rule.windowSec, now)
  const n = Number((await kv.get(k)) ?? 0)
  await kv.put(k, String(n + 1), { expirationTtl: Math.max(60, rule.windowSec) })
}

/** Forget the hits of `key` in the current window (a successful sign-in clears its failures). */
export async function burstReset(kv: KVNamespace, key: string, rule: BurstLimit, now = Date.now()) {
  await kv.delete(bucketKey(key, rule.windowSec, now))
}
