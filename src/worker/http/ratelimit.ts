// Cooldowns that must hold under concurrency (SPEC §5: password recovery every 30 min, contact
// every hour, refund every 7 days; docs/decisions/011-cooldowns-in-d1.md) are taken in ONE
// atomic D1 statement on rate_windows. Sign-in failures and register probes are counted per
// window in auth_counters instead (features/users/throttle.ts). The statements on rate_windows
// are in rate-windows.repo.ts; this file holds the rules.

import type { Db } from '#worker/db/client'
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
export async function takeCooldown(db: Db, key: string, windowMs: number, now = Date.now()): Promise<CooldownResult> {
  if (await takeWindowIfFree(db, key, now, windowMs)) return { ok: true, lastAt: now, retryAt: now + windowMs }
  const lastAt = (await windowLastAt(db, key)) ?? now
  return { ok: false, lastAt, retryAt: lastAt + windowMs }
}

/** Forget a cooldown (e.g. the account it was about is deleted). */
export async function clearCooldown(db: Db, key: string) {
  await deleteWindow(db, key)
}

/**
 * Mark `key` as used, once: true for the first caller, false for every later or concurrent one.
 * Used for single-use tokens (a temporary sign-in link works once).
 */
export async function takeOnce(db: Db, key: string, now = Date.now()): Promise<boolean> {
  return insertOnce(db, key, now)
}
