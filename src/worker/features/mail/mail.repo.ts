// Every query of the mail outbox (CONVENTIONS 3).
import { desc } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { emailOutbox } from '#worker/db/schema'

type NewMail = typeof emailOutbox.$inferInsert

export async function insertOutbox(db: Db, values: NewMail): Promise<number> {
  const row = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id }).get()
  return row.id
}

/**
 * Many mails in few statements (a notice's mail to thousands): 50 a statement through one JSON
 * parameter (D1 binds at most 100 parameters), all in one batch. Answers the new ids in order.
 * A mail of a notification's delivery carries its `deliveryId`, unique in the outbox: a delivery
 * written again (a redelivered block, the cron and a consumer at once) adds no second mail, and
 * its id is not answered. `alongside` runs in the same batch (one transaction), after the inserts.
 */
export async function insertOutboxMany(
  d1: D1Database,
  rows: {
    to: string
    subject: string
    html: string
    text: string
    headers: string | null
    attachments: string | null
    template: string
    locale: string
    status: 'pending' | 'sent'
    providerId: string | null
    sentAt: number | null
    deliveryId?: number | null
  }[],
  now: number,
  alongside: D1PreparedStatement[] = [],
) {
  if (!rows.length && !alongside.length) return []
  const statements = []
  for (let i = 0; i < rows.length; i += 50) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO email_outbox (to_address, subject, html, text, headers, attachments, template, locale, status, provider_id, sent_at, created_at, queued_at, delivery_id)
           SELECT json_extract(value, '$.to'), json_extract(value, '$.subject'), json_extract(value, '$.html'), json_extract(value, '$.text'),
                  json_extract(value, '$.headers'), json_extract(value, '$.attachments'), json_extract(value, '$.template'), json_extract(value, '$.locale'),
                  json_extract(value, '$.status'), json_extract(value, '$.providerId'), json_extract(value, '$.sentAt'), ?2,
                  CASE json_extract(value, '$.status') WHEN 'pending' THEN ?2 END, json_extract(value, '$.deliveryId')
           FROM json_each(?1) WHERE true ORDER BY key
           ON CONFLICT(delivery_id) DO NOTHING RETURNING id`,
        )
        .bind(JSON.stringify(rows.slice(i, i + 50)), now),
    )
  }
  const results = (await d1.batch<{ id: number }>([...statements, ...alongside])).slice(0, statements.length)
  // RETURNING's order is not promised: ids of one statement are consecutive, so sort them.
  return results.flatMap((r) => r.results.map((x) => x.id).sort((a, b) => a - b))
}

/** A mail as the queue consumer sends it: everything the provider needs, as stored. */
export interface OutboxMail {
  id: number
  to_address: string
  subject: string
  html: string | null
  text: string | null
  headers: string | null
  attachments: string | null
}

/** Of these ids, the mails still to send (pending); sent and dead ones are left alone. */
export async function pendingMails(d1: D1Database, ids: number[]): Promise<OutboxMail[]> {
  if (!ids.length) return []
  const r = await d1
    .prepare(
      `SELECT id, to_address, subject, html, text, headers, attachments FROM email_outbox WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending' ORDER BY id`,
    )
    .bind(JSON.stringify(ids))
    .all<OutboxMail>()
  return r.results
}

/**
 * The provider took these mails: sent, once (a mail already sent keeps its first record). Unless
 * `keepBody` (a local run's outbox page), the body goes: a sign-in link in a database is a credential.
 */
export async function markSent(
  d1: D1Database,
  sent: { id: number; providerId: string | null }[],
  now: number,
  keepBody: boolean,
) {
  if (!sent.length) return
  await d1
    .prepare(
      `UPDATE email_outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1, error = NULL,
         provider_id = (SELECT json_extract(s.value, '$.p') FROM json_each(?1) s WHERE json_extract(s.value, '$.id') = email_outbox.id),
         html = CASE WHEN ?3 THEN html END, text = CASE WHEN ?3 THEN text END,
         headers = CASE WHEN ?3 THEN headers END, attachments = CASE WHEN ?3 THEN attachments END
       WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(?1)) AND status = 'pending'`,
    )
    .bind(JSON.stringify(sent.map((s) => ({ id: s.id, p: s.providerId }))), now, keepBody ? 1 : 0)
    .run()
}

/** A failed try: counted, with why; the mail stays pending for the queue's next try. */
export async function markAttempt(d1: D1Database, ids: number[], error: string) {
  if (!ids.length) return
  await d1
    .prepare(
      `UPDATE email_outbox SET attempts = attempts + 1, error = ?2 WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending'`,
    )
    .bind(JSON.stringify(ids), error)
    .run()
}

/** Their retries ran out (the dead-letter queue's consumer): dead, for an admin to see and replay. */
export async function markDead(d1: D1Database, ids: number[], now: number) {
  if (!ids.length) return 0
  const r = await d1
    .prepare(
      `UPDATE email_outbox SET status = 'dead', dead_at = ?2 WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending'`,
    )
    .bind(JSON.stringify(ids), now)
    .run()
  return r.meta.changes ?? 0
}

export interface DeadMail {
  id: number
  to_address: string
  subject: string
  template: string | null
  attempts: number
  error: string | null
  dead_at: number
  created_at: number
}

/** The dead letters, newest first. */
export async function deadMails(d1: D1Database, limit: number) {
  const [rows, total] = await d1.batch([
    d1
      .prepare(
        `SELECT id, to_address, subject, template, attempts, error, dead_at, created_at FROM email_outbox WHERE status = 'dead' ORDER BY dead_at DESC, id DESC LIMIT ?1`,
      )
      .bind(limit),
    d1.prepare(`SELECT count(*) AS n FROM email_outbox WHERE status = 'dead'`),
  ])
  return { rows: rows!.results as DeadMail[], total: (total!.results[0] as { n: number }).n }
}

/** Back to pending (one, or every dead letter when `id` is null), answering the ids to enqueue again. */
export async function reviveDead(d1: D1Database, id: number | null, limit: number): Promise<number[]> {
  const r = await d1
    .prepare(
      `UPDATE email_outbox SET status = 'pending', dead_at = NULL
       WHERE id IN (SELECT id FROM email_outbox WHERE status = 'dead' AND (?1 IS NULL OR id = ?1) ORDER BY id LIMIT ?2) AND status = 'dead'
       RETURNING id`,
    )
    .bind(id, limit)
    .all<{ id: number }>()
  return r.results.map((x) => x.id)
}

/**
 * Take pending mail never tried by a consumer and not put on the queue since `before` (its
 * enqueue failed, or it was written without one): marked queued now and answered, so two runs
 * never take the same mail. Bounded per run.
 */
export async function takeStrandedMails(d1: D1Database, before: number, now: number, limit: number) {
  const r = await d1
    .prepare(
      `UPDATE email_outbox SET queued_at = ?2
       WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' AND attempts = 0 AND coalesce(queued_at, 0) < ?1 ORDER BY status, created_at LIMIT ?3)
         AND status = 'pending' AND attempts = 0
       RETURNING id`,
    )
    .bind(before, now, limit)
    .all<{ id: number }>()
  return r.results.map((x) => x.id).sort((a, b) => a - b)
}

/** The latest mail of the local outbox (dev page). */
export const latestOutbox = (db: Db, limit = 50) =>
  db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit).all()
