// Tracked events (SPEC §3 "Tracked event"; CONVENTIONS 3: SQL only here). Our own table, never
// sent to an ad or analytics vendor: a plan's progress is health data (DESIGN §6).
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { trackingEvents, trackingSessions, translationMisses } from '#worker/db/schema'

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

export async function insertSession(db: Db, row: typeof trackingSessions.$inferInsert) {
  await db.insert(trackingSessions).values(row).run()
}

/**
 * A known session seen again: its last visit, and its person once they have signed in (a person
 * already noted stays). One statement, so one D1 round (it was a read and two writes: three at a
 * replica's distance, issue 43 §3). Answers the session id, or undefined when it is unknown.
 */
export async function touchSession(db: Db, sessionId: string, userId: number | null, at: Date) {
  const row = await db
    .update(trackingSessions)
    .set({ lastSeenAt: at, userId: sql`coalesce(${trackingSessions.userId}, ${userId})` })
    .where(eq(trackingSessions.sessionId, sessionId))
    .returning({ sessionId: trackingSessions.sessionId })
    .get()
  return row?.sessionId
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
