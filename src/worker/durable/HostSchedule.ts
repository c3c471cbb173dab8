import { DurableObject } from 'cloudflare:workers'

/**
 * One per psychologist (host): books that host's slots one request at a time (DESIGN §5).
 * A Durable Object runs one event at a time, so two guests asking for the same start
 * cannot both get it; the unique index on live (host, start) appointments backs this up.
 * The hold lives in the object's own SQLite storage while the booking is written to D1.
 * It reads no binding, so it names none: env.ts names this class for SCHEDULES, and an import
 * back would close a circle (issue 33 §4).
 */
export class HostSchedule extends DurableObject<unknown> {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env)
    // The runtime holds every event until this settles; nothing is left to await here.
    void ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS holds (start_at INTEGER PRIMARY KEY, guest_id INTEGER NOT NULL, expires_at INTEGER NOT NULL)',
      )
    })
  }

  /** Hold `startAt` for `guestId` for `ttlMs`; false when someone else holds it. */
  async hold(startAt: number, guestId: number, ttlMs = 60_000): Promise<boolean> {
    const now = Date.now()
    this.ctx.storage.sql.exec('DELETE FROM holds WHERE expires_at <= ?', now)
    const existing = this.ctx.storage.sql
      .exec<{ guest_id: number }>('SELECT guest_id FROM holds WHERE start_at = ?', startAt)
      .toArray()
    if (existing.length && existing[0]!.guest_id !== guestId) return false
    this.ctx.storage.sql.exec(
      'INSERT INTO holds (start_at, guest_id, expires_at) VALUES (?, ?, ?) ON CONFLICT(start_at) DO UPDATE SET expires_at = excluded.expires_at',
      startAt,
      guestId,
      now + ttlMs,
    )
    return true
  }

  /** Let a slot go (a booking failed or was cancelled). */
  async release(startAt: number, guestId: number): Promise<void> {
    this.ctx.storage.sql.exec('DELETE FROM holds WHERE start_at = ? AND guest_id = ?', startAt, guestId)
  }

  async held(): Promise<number[]> {
    const now = Date.now()
    return this.ctx.storage.sql
      .exec<{ start_at: number }>('SELECT start_at FROM holds WHERE expires_at > ? ORDER BY start_at', now)
      .toArray()
      .map((r) => r.start_at)
  }
}
