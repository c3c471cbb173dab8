// Two kinds of limits (issue 3 §6, docs/decisions/003-cooldowns-in-d1.md):
// - cooldowns that must hold under concurrency (SPEC §5: password recovery every 30 min, contact
//   every hour, refund every 7 days) are taken in ONE atomic D1 statement on rate_windows;
// - burst limits (login attempts) are counted in KV, which is fast but not atomic: a burst of
//   parallel requests may slip a few past the count, which is fine for slowing guessing down.

export interface CooldownResult {
  ok: boolean
  /** When the window was last taken (ms): now when ok, the earlier time when refused. */
  lastAt: number
  /** When the next attempt may pass (ms). */
  retryAt: number
}

/**
 * Take the cooldown `key` for `windowMs`, atomically: of any number of concurrent calls inside
 * one window exactly one gets `ok`. D1 runs each statement alone, and the upsert's WHERE lets
 * only a call that finds the window free (or absent) write and get a row back.
 */
export async function takeCooldown(d1: D1Database, key: string, windowMs: number, now = Date.now()): Promise<CooldownResult> {
  const row = await d1
    .prepare(
      `INSERT INTO rate_windows (key, last_at) VALUES (?1, ?2)
       ON CONFLICT(key) DO UPDATE SET last_at = excluded.last_at WHERE rate_windows.last_at <= ?2 - ?3
       RETURNING last_at`,
    )
    .bind(key, now, windowMs)
    .first<{ last_at: number }>()
  if (row) return { ok: true, lastAt: now, retryAt: now + windowMs }
  const prev = await d1.prepare('SELECT last_at FROM rate_windows WHERE key = ?1').bind(key).first<{ last_at: number }>()
  const lastAt = prev?.last_at ?? now
  return { ok: false, lastAt, retryAt: lastAt + windowMs }
}

/** Forget a cooldown (e.g. the account it was about is deleted). */
export async function clearCooldown(d1: D1Database, key: string) {
  await d1.prepare('DELETE FROM rate_windows WHERE key = ?1').bind(key).run()
}

/**
 * Mark `key` as used, once: true for the first caller, false for every later or concurrent one.
 * Used for single-use tokens (a temporary sign-in link works once).
 */
export async function takeOnce(d1: D1Database, key: string, now = Date.now()): Promise<boolean> {
  const row = await d1
    .prepare('INSERT INTO rate_windows (key, last_at) VALUES (?1, ?2) ON CONFLICT(key) DO NOTHING RETURNING last_at')
    .bind(key, now)
    .first()
  return !!row
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
