import { DurableObject } from 'cloudflare:workers'

/**
 * One per psychologist (host): books that host's sessions one request at a time (DESIGN §5).
 * A Durable Object runs one event at a time, so two guests asking for overlapping times cannot
 * both hold them: a hold is the session's interval [start, end), and no two guests hold
 * intervals that overlap, whatever their lengths (issue 41 §4: a host who changed the session
 * length offers starts that are not the old ones). D1's conditional write (appointments.repo
 * insertBooking / moveBooking: no live session of the host overlaps) is the last word on what is
 * already booked; this object keeps two requests in flight apart.
 * The hold lives in the object's own SQLite storage while the booking is written to D1.
 * It reads no binding, so it names none: env.ts names this class for SCHEDULES, and an import
 * back would close a circle (issue 33 §4).
 */
export class HostSchedule extends DurableObject<unknown> {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env)
    // The runtime holds every event until this settles; nothing is left to await here.
    void ctx.blockConcurrencyWhile(async () => {
      // `holds` (starts only) came before intervals; its holds lived 30 s, so it is simply dropped.
      this.ctx.storage.sql.exec('DROP TABLE IF EXISTS holds')
      this.ctx.storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS held (start_at INTEGER PRIMARY KEY, end_at INTEGER NOT NULL, guest_id INTEGER NOT NULL, expires_at INTEGER NOT NULL)',
      )
    })
  }

  /**
   * Hold [startAt, endAt) for `guestId` for `ttlMs`; false when another guest holds an interval
   * that overlaps it. `endAt` defaults to the start's own millisecond (a point).
   */
  async hold(startAt: number, guestId: number, ttlMs = 60_000, endAt = startAt + 1): Promise<boolean> {
    const now = Date.now()
    const sql = this.ctx.storage.sql
    sql.exec('DELETE FROM held WHERE expires_at <= ?', now)
    const others = sql
      .exec('SELECT 1 FROM held WHERE start_at < ? AND end_at > ? AND guest_id <> ?', endAt, startAt, guestId)
      .toArray()
    if (others.length) return false
    sql.exec(
      'INSERT INTO held (start_at, end_at, guest_id, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT(start_at) DO UPDATE SET end_at = excluded.end_at, expires_at = excluded.expires_at',
      startAt,
      endAt,
      guestId,
      now + ttlMs,
    )
    return true
  }

  /** Let a slot go (a booking failed or was cancelled). */
  async release(startAt: number, guestId: number): Promise<void> {
    this.ctx.storage.sql.exec('DELETE FROM held WHERE start_at = ? AND guest_id = ?', startAt, guestId)
  }

  /** The starts held now. */
  async held(): Promise<number[]> {
    return (await this.heldIntervals()).map((h) => h.start)
  }

  /** The intervals held now, [start, end), by start. */
  async heldIntervals(): Promise<{ start: number; end: number }[]> {
    const now = Date.now()
    return this.ctx.storage.sql
      .exec<{ start_at: number; end_at: number }>(
        'SELECT start_at, end_at FROM held WHERE expires_at > ? ORDER BY start_at',
        now,
      )
      .toArray()
      .map((r) => ({ start: r.start_at, end: r.end_at }))
  }
}
