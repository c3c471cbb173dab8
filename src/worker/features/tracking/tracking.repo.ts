// Tracked events (SPEC §3 "Tracked event"; CONVENTIONS 3: SQL only here). Our own table, never
// sent to an ad or analytics vendor: a plan's progress is health data (DESIGN §6).
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { trackingEvents, trackingSessions, translationMisses, type TrackingSession } from '#worker/db/schema'

export interface EventRow {
  sessionId: string
  userId: number | null
  event: string
  page?: string | null
  params?: Record<string, unknown> | null
  at?: Date
}

export async function insertEvent(db: Db, row: EventRow) {
  await db
    .insert(trackingEvents)
    .values({
      sessionId: row.sessionId,
      userId: row.userId,
      event: row.event,
      page: row.page ?? null,
      params: row.params ?? null,
      ...(row.at ? { createdAt: row.at } : {}),
    })
    .run()
}

export const findSession = (
  db: Db,
  sessionId: string,
): Promise<Pick<TrackingSession, 'sessionId' | 'userId'> | undefined> =>
  db
    .select({ sessionId: trackingSessions.sessionId, userId: trackingSessions.userId })
    .from(trackingSessions)
    .where(eq(trackingSessions.sessionId, sessionId))
    .get()

export async function insertSession(db: Db, row: typeof trackingSessions.$inferInsert) {
  await db.insert(trackingSessions).values(row).run()
}

/** A known session seen again: its last visit, and its person once they have signed in. */
export async function touchSession(db: Db, sessionId: string, userId: number | null, at: Date) {
  await db.update(trackingSessions).set({ lastSeenAt: at }).where(eq(trackingSessions.sessionId, sessionId)).run()
  if (userId !== null)
    await db
      .update(trackingSessions)
      .set({ userId })
      .where(and(eq(trackingSessions.sessionId, sessionId), isNull(trackingSessions.userId)))
      .run()
}

/** One row per (locale, text): a second report only bumps its count and last_seen. */
export async function recordTranslationMiss(db: Db, locale: string, text: string, at: Date) {
  await db
    .insert(translationMisses)
    .values({ locale, text, firstSeen: at, lastSeen: at })
    .onConflictDoUpdate({
      target: [translationMisses.locale, translationMisses.text],
      set: { count: sql`${translationMisses.count} + 1`, lastSeen: at },
    })
    .run()
}
