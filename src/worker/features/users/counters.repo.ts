// Every statement on auth_counters (issue 14 §1–2, issue 20 §7; rules in throttle.ts). An attempt
// is counted by ONE upsert per subject, `count = count + 1 RETURNING count`, inside one D1 batch
// (a transaction): concurrent attempts each see their own number (1…N), none is lost, and no row
// is written per attempt — a subject has at most one row per window.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rows, rowsIn, run } from '#worker/db/query'
import type { AuthCounterKind } from '#worker/db/schema'

const countRow = z.object({ count: z.number() })

export interface Counted {
  kind: AuthCounterKind
  subject: string
}

/** The fixed window that holds `now`. */
export const windowStartOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs

/**
 * The sliding-window estimate from two fixed windows: all of the current one plus the share of
 * the previous one that still lies inside [now − windowMs, now], rounded up (so right after a
 * window turns, the previous one still counts in full: nothing is forgotten at a boundary).
 */
export function slidingCount(current: number, previous: number, now: number, windowMs: number) {
  const elapsed = (now - windowStartOf(now, windowMs)) / windowMs
  return current + Math.ceil(previous * (1 - elapsed))
}

/**
 * Count one attempt against each of `subjects` and answer each one's sliding count, this attempt
 * included, in one batch: the upserts (RETURNING the new count) and the previous windows' counts.
 */
export async function countAttempt(
  db: Db,
  subjects: readonly Counted[],
  now: number,
  windowMs: number,
): Promise<{ counts: number[]; windowStart: number }> {
  const windowStart = windowStartOf(now, windowMs)
  const results = await batch(db, [
    ...subjects.map(
      (s) =>
        sql`INSERT INTO auth_counters (kind, subject, window_start, count) VALUES (${s.kind}, ${s.subject}, ${windowStart}, 1)
            ON CONFLICT (kind, subject, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
    ),
    ...subjects.map(
      (s) =>
        sql`SELECT count FROM auth_counters WHERE kind = ${s.kind} AND subject = ${s.subject} AND window_start = ${windowStart - windowMs}`,
    ),
  ])
  const counts = subjects.map((_, i) =>
    slidingCount(
      rowsIn(results[i], countRow)[0]?.count ?? 1,
      rowsIn(results[subjects.length + i], countRow)[0]?.count ?? 0,
      now,
      windowMs,
    ),
  )
  return { counts, windowStart }
}

/** The sliding count of one subject, without counting anything. */
export async function peekCount(db: Db, s: Counted, now: number, windowMs: number): Promise<number> {
  const windowStart = windowStartOf(now, windowMs)
  const results = await rows(
    db,
    sql`SELECT window_start, count FROM auth_counters
        WHERE kind = ${s.kind} AND subject = ${s.subject} AND window_start IN (${windowStart}, ${windowStart - windowMs})`,
    z.object({ window_start: z.number(), count: z.number() }),
  )
  const at = (w: number) => results.find((r) => r.window_start === w)?.count ?? 0
  return slidingCount(at(windowStart), at(windowStart - windowMs), now, windowMs)
}

/** Take back one count from `windowStart` (an attempt that turned out to succeed). */
export async function uncount(db: Db, s: Counted, windowStart: number) {
  await run(
    db,
    sql`UPDATE auth_counters SET count = count - 1
        WHERE kind = ${s.kind} AND subject = ${s.subject} AND window_start = ${windowStart} AND count > 0`,
  )
}

/** Forget every window of one subject (an account's owner signed in). */
export async function clearCounts(db: Db, s: Counted) {
  await run(db, sql`DELETE FROM auth_counters WHERE kind = ${s.kind} AND subject = ${s.subject}`)
}

/** Drop windows that started before `before` (ms): the minute cron keeps the table to a day. */
export const deleteCountersBefore = (db: Db, before: number): Promise<number> =>
  run(db, sql`DELETE FROM auth_counters WHERE window_start < ${before}`)
