// What a D1 error means, for the repos and services of every feature.

/** An error's message: its `message` when it has one, the thrown text itself, or ''. */
function messageOf(e: unknown): string {
  if (typeof e === 'string') return e
  const message = (e as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : ''
}

/** True when the error is SQLite's unique constraint (a slug or a pair already taken). */
export function isUniqueViolation(err: unknown): boolean {
  // drizzle wraps D1's error ('Failed query: …') and keeps SQLite's in `cause`.
  for (
    let e = err as { message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (/UNIQUE constraint failed/i.test(messageOf(e))) return true
  }
  return false
}

/**
 * True when the error is SQLite's foreign key constraint: a write named a row that is gone (the
 * caller's own users row after an erasure elsewhere, whose session another location still
 * serves for up to KV's 60 s; a route deleted meanwhile).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  for (
    let e = err as { message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (/FOREIGN KEY constraint failed/i.test(messageOf(e))) return true
  }
  return false
}
