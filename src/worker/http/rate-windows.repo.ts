// Every statement on rate_windows (CONVENTIONS 3): cooldowns and single-use marks. The
// atomicity the rules in ratelimit.ts rely on comes from each of these being ONE statement.
// Upserts with a WHERE on the conflict and RETURNING: drizzle's `sql` on `db`, rows checked
// (#worker/db/query, docs/decisions/032).
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, D1_NOW_MS, firstRow, rowsIn, run } from '#worker/db/query'

const lastAtRow = z.object({ last_at: z.number() })

/**
 * Take window `key` at `now` if it is free (absent, or last taken `windowMs` or more ago).
 * D1 runs each statement alone, and the upsert's WHERE lets only a call that finds the window
 * free write and get a row back: true for that call, false for every other.
 */
export async function takeWindowIfFree(db: Db, key: string, now: number, windowMs: number): Promise<boolean> {
  const row = await firstRow(
    db,
    sql`INSERT INTO rate_windows (key, last_at) VALUES (${key}, ${now})
        ON CONFLICT(key) DO UPDATE SET last_at = excluded.last_at WHERE rate_windows.last_at <= ${now - windowMs}
        RETURNING last_at`,
    lastAtRow,
  )
  return !!row
}

/** When window `key` was last taken (ms), or null. */
export async function windowLastAt(db: Db, key: string): Promise<number | null> {
  const row = await firstRow(db, sql`SELECT last_at FROM rate_windows WHERE key = ${key}`, lastAtRow)
  return row?.last_at ?? null
}

export async function deleteWindow(db: Db, key: string) {
  await run(db, sql`DELETE FROM rate_windows WHERE key = ${key}`)
}

/** Insert `key` unless it exists: true only for the one call that inserted it. */
export async function insertOnce(db: Db, key: string, now: number): Promise<boolean> {
  const row = await firstRow(
    db,
    sql`INSERT INTO rate_windows (key, last_at) VALUES (${key}, ${now}) ON CONFLICT(key) DO NOTHING RETURNING last_at`,
    lastAtRow,
  )
  return !!row
}

/**
 * A pace shared by every Worker (the mail provider's requests a second), kept by D1's clock so
 * that a Worker whose clock is ahead or behind neither takes the others' turns nor waits for
 * nothing: row `key` holds the time of the last turn reserved, and reserving the next is one
 * upsert, so concurrent callers get distinct turns at least `spacing` ms apart, none before a
 * hold (`<key>:hold`, holdPace), and none sooner than `lead` ms from now (time for what the caller
 * does before its turn: an idle pace's turn would otherwise be late by that, and the next one on
 * time, closer than the spacing). A turn more than
 * `maxWait` ms away is not reserved (the caller comes back later instead of holding a turn it
 * will not use). Answers when the turn is (`at`, D1's clock), how long to wait for it, and
 * whether it is this caller's.
 */
export async function takePaceTurn(db: Db, key: string, spacing: number, maxWait: number, lead = 0) {
  const held = sql`coalesce((SELECT h.last_at FROM rate_windows h WHERE h.key = ${`${key}:hold`}), 0)`
  const soonest = sql`${D1_NOW_MS} + ${Math.max(0, Math.round(lead))}`
  const turn = sql`max(rate_windows.last_at + ${spacing}, ${soonest}, ${held})`
  const [taken, next] = await batch(db, [
    sql`INSERT INTO rate_windows (key, last_at) SELECT ${key}, max(${soonest}, ${held})
          WHERE max(${soonest}, ${held}) - ${D1_NOW_MS} <= ${Math.max(0, maxWait)}
        ON CONFLICT(key) DO UPDATE SET last_at = ${turn} WHERE ${turn} - ${D1_NOW_MS} <= ${Math.max(0, maxWait)}
        RETURNING last_at AS at, max(0, last_at - ${D1_NOW_MS}) AS wait`,
    sql`SELECT max(coalesce(p.last_at + ${spacing}, 0), ${held}, ${D1_NOW_MS}) AS at,
          max(0, coalesce(p.last_at + ${spacing}, 0) - ${D1_NOW_MS}, ${held} - ${D1_NOW_MS}) AS wait
        FROM (SELECT 1) LEFT JOIN rate_windows p ON p.key = ${key}`,
  ])
  const row = z.object({ at: z.number(), wait: z.number() })
  const mine = rowsIn(taken, row)[0]
  if (mine) return { taken: true, ...mine }
  return { taken: false, ...(rowsIn(next, row)[0] ?? { at: 0, wait: 0 }) }
}

/**
 * No turn of pace `key` comes before `ms` from now (D1's clock): the other side said to wait (a
 * 429's Retry-After, a quota until it resets). The hold is also kept on its own row, `<key>:hold`
 * (and `<key>:quota` for a quota), so that a caller whose turn was reserved before it sees it
 * after sleeping (paceHeldUntil) and waits too.
 */
export async function holdPace(db: Db, key: string, ms: number, spacing: number, quota = false) {
  const until = sql`${D1_NOW_MS} + ${Math.max(0, Math.round(ms))}`
  const hold = (k: string, at: SQL) =>
    sql`INSERT INTO rate_windows (key, last_at) VALUES (${k}, ${at})
        ON CONFLICT(key) DO UPDATE SET last_at = max(rate_windows.last_at, excluded.last_at)`
  await batch(db, [
    hold(key, sql`${until} - ${spacing}`),
    hold(`${key}:hold`, until),
    ...(quota ? [hold(`${key}:quota`, until)] : []),
  ])
}

/** Until when (D1's clock, ms) pace `key` is held, or 0: `quota` for a quota's hold only. */
export async function paceHeldUntil(db: Db, key: string, quota = false): Promise<number> {
  const row = await firstRow(
    db,
    sql`SELECT last_at FROM rate_windows WHERE key = ${`${key}:${quota ? 'quota' : 'hold'}`} AND last_at > ${D1_NOW_MS}`,
    lastAtRow,
  )
  return row?.last_at ?? 0
}
