// Every statement on auth_counters (issue 14 §1–2, issue 20 §7; rules in throttle.ts). An attempt
// is counted by ONE upsert per subject, `count = count + 1 RETURNING count`, inside one D1 batch
// (a transaction): concurrent attempts each see their own number (1…N), none is lost, and no row
// is written per attempt — a subject has at most one row per window.
import type { AuthCounterKind } from '#worker/db/schema'

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
  d1: D1Database,
  subjects: readonly Counted[],
  now: number,
  windowMs: number,
): Promise<{ counts: number[]; windowStart: number }> {
  const windowStart = windowStartOf(now, windowMs)
  const results = await d1.batch<{ count: number }>([
    ...subjects.map((s) =>
      d1
        .prepare(
          'INSERT INTO auth_counters (kind, subject, window_start, count) VALUES (?1, ?2, ?3, 1) ON CONFLICT (kind, subject, window_start) DO UPDATE SET count = count + 1 RETURNING count',
        )
        .bind(s.kind, s.subject, windowStart),
    ),
    ...subjects.map((s) =>
      d1
        .prepare('SELECT count FROM auth_counters WHERE kind = ?1 AND subject = ?2 AND window_start = ?3')
        .bind(s.kind, s.subject, windowStart - windowMs),
    ),
  ])
  const counts = subjects.map((_, i) =>
    slidingCount(
      results[i]?.results[0]?.count ?? 1,
      results[subjects.length + i]?.results[0]?.count ?? 0,
      now,
      windowMs,
    ),
  )
  return { counts, windowStart }
}

/** The sliding count of one subject, without counting anything. */
export async function peekCount(d1: D1Database, s: Counted, now: number, windowMs: number): Promise<number> {
  const windowStart = windowStartOf(now, windowMs)
  const { results } = await d1
    .prepare(
      'SELECT window_start, count FROM auth_counters WHERE kind = ?1 AND subject = ?2 AND window_start IN (?3, ?4)',
    )
    .bind(s.kind, s.subject, windowStart, windowStart - windowMs)
    .all<{ window_start: number; count: number }>()
  const at = (w: number) => results.find((r) => r.window_start === w)?.count ?? 0
  return slidingCount(at(windowStart), at(windowStart - windowMs), now, windowMs)
}

/** Take back one count from `windowStart` (an attempt that turned out to succeed). */
export async function uncount(d1: D1Database, s: Counted, windowStart: number) {
  await d1
    .prepare(
      'UPDATE auth_counters SET count = count - 1 WHERE kind = ?1 AND subject = ?2 AND window_start = ?3 AND count > 0',
    )
    .bind(s.kind, s.subject, windowStart)
    .run()
}

/** Forget every window of one subject (an account's owner signed in). */
export async function clearCounts(d1: D1Database, s: Counted) {
  await d1.prepare('DELETE FROM auth_counters WHERE kind = ?1 AND subject = ?2').bind(s.kind, s.subject).run()
}

/** Drop windows that started before `before` (ms): the minute cron keeps the table to a day. */
export async function deleteCountersBefore(d1: D1Database, before: number): Promise<number> {
  const res = await d1.prepare('DELETE FROM auth_counters WHERE window_start < ?1').bind(before).run()
  return res.meta.changes ?? 0
}
