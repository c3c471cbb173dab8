// Queries of the daily check-in (issue 34 §4). Every statement names the caller's user id: no
// query here can reach another person's rows.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { MOODS, type Mood } from '#shared/checkins'
import type { Db } from '#worker/db/client'
import { batch, rowsIn } from '#worker/db/query'
import { checkins, users } from '#worker/db/schema'

export interface CheckinRow {
  day: string
  mood: Mood
  note: string | null
  updatedAt: Date
}

const rowOf = z
  .object({ day: z.string(), mood: z.literal(MOODS), note: z.string().nullable(), updated_at: z.number() })
  .transform((r) => ({ day: r.day, mood: r.mood, note: r.note, updatedAt: new Date(r.updated_at) }))

/** The person's check-ins from day `from` to day `to` (YYYY-MM-DD, both included), oldest first. */
export function checkinsBetween(db: Db, userId: number, from: string, to: string): Promise<CheckinRow[]> {
  return db
    .select({ day: checkins.day, mood: checkins.mood, note: checkins.note, updatedAt: checkins.updatedAt })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), gte(checkins.day, from), lte(checkins.day, to)))
    .orderBy(asc(checkins.day))
    .all()
}

/**
 * Writes `day`'s check-in, replacing that day's if there is one (the unique index on user and
 * day: two devices at once still leave one row), and reads back whether one was there and the
 * days from `from` to `day`: one batch, one round, one transaction.
 */
export async function upsertCheckin(
  db: Db,
  row: { userId: number; day: string; mood: Mood; note: string | null; now: Date },
  from: string,
): Promise<{ existed: boolean; days: CheckinRow[] }> {
  const [before, , after] = await batch(db, [
    sql`SELECT count(*) AS n FROM ${checkins} WHERE user_id = ${row.userId} AND day = ${row.day}`,
    db
      .insert(checkins)
      .values({
        userId: row.userId,
        day: row.day,
        mood: row.mood,
        note: row.note,
        createdAt: row.now,
        updatedAt: row.now,
      })
      .onConflictDoUpdate({
        target: [checkins.userId, checkins.day],
        set: { mood: sql`excluded.mood`, note: sql`excluded.note`, updatedAt: sql`excluded.updated_at` },
      }),
    sql`SELECT day, mood, note, updated_at FROM ${checkins}
        WHERE user_id = ${row.userId} AND day >= ${from} AND day <= ${row.day} ORDER BY day`,
  ])
  return {
    existed: (rowsIn(before, z.object({ n: z.number() }))[0]?.n ?? 0) > 0,
    days: rowsIn(after, rowOf),
  }
}

/**
 * The zone the caller's days are counted in, kept on their profile: the one they have, else
 * `zone` (their browser's) written there now, in one statement, so a later request sending another
 * header cannot count a second "today" for them (found from outside: Kiritimati and Pago Pago
 * were two days at one instant). Answers what the row holds after the write.
 */
export async function keepZone(db: Db, userId: number, zone: string): Promise<string | null> {
  const rows = await db
    .update(users)
    .set({ timezone: sql`coalesce(${users.timezone}, ${zone})` })
    .where(eq(users.id, userId))
    .returning({ timezone: users.timezone })
  return rows[0]?.timezone ?? null
}

/** The zone on the person's row in D1 (the one their first check-in kept), or null. */
export async function storedZone(db: Db, userId: number): Promise<string | null> {
  const row = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).get()
  return row?.timezone ?? null
}
