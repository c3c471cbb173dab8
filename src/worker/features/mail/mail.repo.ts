// Every query of the mail outbox (CONVENTIONS 3).
import { desc, eq } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { emailOutbox } from '#worker/db/schema'

type NewMail = typeof emailOutbox.$inferInsert

export async function insertOutbox(db: Db, values: NewMail): Promise<number> {
  const row = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id }).get()
  return row.id
}

export async function recordDelivery(db: Db, id: number, out: { status: 'sent' | 'failed'; providerId: string | null; error: string | null }) {
  await db
    .update(emailOutbox)
    .set({ ...out, attempts: 1, sentAt: out.status === 'sent' ? new Date() : null })
    .where(eq(emailOutbox.id, id))
}

/** The latest mail of the local outbox (dev page). */
export const latestOutbox = (db: Db, limit = 50) => db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit).all()
