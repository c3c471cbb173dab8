// Every statement on rate_windows (CONVENTIONS 3): cooldowns and single-use marks. The
// atomicity the rules in ratelimit.ts rely on comes from each of these being ONE statement.

/**
 * Take window `key` at `now` if it is free (absent, or last taken `windowMs` or more ago).
 * D1 runs each statement alone, and the upsert's WHERE lets only a call that finds the window
 * free write and get a row back: true for that call, false for every other.
 */
export async function takeWindowIfFree(d1: D1Database, key: string, now: number, windowMs: number): Promise<boolean> {
  const row = await d1
    .prepare(
      `INSERT INTO rate_windows (key, last_at) VALUES (?1, ?2)
       ON CONFLICT(key) DO UPDATE SET last_at = excluded.last_at WHERE rate_windows.last_at <= ?2 - ?3
       RETURNING last_at`,
    )
    .bind(key, now, windowMs)
    .first<{ last_at: number }>()
  return !!row
}

/** When window `key` was last taken (ms), or null. */
export async function windowLastAt(d1: D1Database, key: string): Promise<number | null> {
  const row = await d1.prepare('SELECT last_at FROM rate_windows WHERE key = ?1').bind(key).first<{ last_at: number }>()
  return row?.last_at ?? null
}

export async function deleteWindow(d1: D1Database, key: string) {
  await d1.prepare('DELETE FROM rate_windows WHERE key = ?1').bind(key).run()
}

/** Insert `key` unless it exists: true only for the one call that inserted it. */
export async function insertOnce(d1: D1Database, key: string, now: number): Promise<boolean> {
  const row = await d1
    .prepare('INSERT INTO rate_windows (key, last_at) VALUES (?1, ?2) ON CONFLICT(key) DO NOTHING RETURNING last_at')
    .bind(key, now)
    .first()
  return !!row
}
