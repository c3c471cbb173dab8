// Every statement on rate_windows (CONVENTIONS 3): cooldowns and single-use marks. The
// atomicity the rules in ratelimit.ts rely on comes from each of these being ONE statement.
// Upserts with a WHERE on the conflict and RETURNING: drizzle's `sql` on `db`, rows checked
// (#worker/db/query, docs/decisions/032).
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { firstRow, rows, run } from '#worker/db/query'

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
 * A pace shared by every Worker (the mail provider's requests a second): row `key` holds the time
 * of the last call reserved, and reserving the next is one upsert, so concurrent callers get
 * distinct times at least `spacing` ms apart. Answers the time this call may go (ms).
 */
export async function takePaceSlot(db: Db, key: string, now: number, spacing: number): Promise<number> {
  const [row] = await rows(
    db,
    sql`INSERT INTO rate_windows (key, last_at) VALUES (${key}, ${now})
        ON CONFLICT(key) DO UPDATE SET last_at = max(rate_windows.last_at + ${spacing}, ${now})
        RETURNING last_at`,
    lastAtRow,
  )
  return row!.last_at
}

/** No call of pace `key` goes before `until` (ms): the other side said to wait (a 429's Retry-After). */
export async function holdPaceUntil(db: Db, key: string, until: number, spacing: number) {
  await run(
    db,
    sql`INSERT INTO rate_windows (key, last_at) VALUES (${key}, ${until - spacing})
        ON CONFLICT(key) DO UPDATE SET last_at = max(rate_windows.last_at, ${until - spacing})`,
  )
}
