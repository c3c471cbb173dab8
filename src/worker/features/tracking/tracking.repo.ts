// Tracked events (SPEC §3 "Tracked event"; CONVENTIONS 3: SQL only here). Our own table, never
// sent to an ad or analytics vendor: a plan's progress is health data (DESIGN §6).
import type { Db } from '#worker/db/client'
import { trackingEvents } from '#worker/db/schema'

export interface EventRow {
  sessionId: string
  userId: number | null
  event: string
  page?: string | null
  params?: Record<string, unknown> | null
  at?: Date
}

export async function insertEvent(db: Db, row: EventRow) {
  await db.insert(trackingEvents).values({ sessionId: row.sessionId, userId: row.userId, event: row.event, page: row.page ?? null, params: row.params ?? null, ...(row.at ? { createdAt: row.at } : {}) }).run()
}
