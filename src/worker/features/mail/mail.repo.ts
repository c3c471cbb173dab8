// Every query of the mail outbox (CONVENTIONS 3).
// Statements over a JSON list of rows or ids (json_each) and UPDATE … RETURNING over a
// sub-select: drizzle's `sql` on `db`, rows checked (#worker/db/query, docs/decisions/032).
import { desc, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rows as checkedRows, rowsIn, run, type Statement } from '#worker/db/query'
import { emailOutbox } from '#worker/db/schema'

const idRow = z.object({ id: z.number() })

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
  db: Db,
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
  alongside: Statement[] = [],
) {
  if (!rows.length && !alongside.length) return []
  const statements = []
  for (let i = 0; i < rows.length; i += 50) {
    const json = JSON.stringify(rows.slice(i, i + 50))
    statements.push(
      sql`INSERT INTO email_outbox (to_address, subject, html, text, headers, attachments, template, locale, status, provider_id, sent_at, created_at, queued_at, delivery_id)
          SELECT json_extract(value, '$.to'), json_extract(value, '$.subject'), json_extract(value, '$.html'), json_extract(value, '$.text'),
                 json_extract(value, '$.headers'), json_extract(value, '$.attachments'), json_extract(value, '$.template'), json_extract(value, '$.locale'),
                 json_extract(value, '$.status'), json_extract(value, '$.providerId'), json_extract(value, '$.sentAt'), ${now},
                 CASE json_extract(value, '$.status') WHEN 'pending' THEN ${now} END, json_extract(value, '$.deliveryId')
          FROM json_each(${json}) WHERE true ORDER BY key
          ON CONFLICT(delivery_id) DO NOTHING RETURNING id`,
    )
  }
  const results = (await batch(db, [...statements, ...alongside])).slice(0, statements.length)
  // RETURNING's order is not promised: ids of one statement are consecutive, so sort them.
  return results.flatMap((r) =>
    rowsIn(r, idRow)
      .map((x) => x.id)
      .sort((a, b) => a - b),
  )
}

/** A mail as the queue consumer sends it: everything the provider needs, as stored. */
const outboxMail = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.string().nullable(),
  attachments: z.string().nullable(),
  batch_key: z.string().nullable(),
})
export type OutboxMail = z.infer<typeof outboxMail>

/**
 * Claim these mails for one consumer until `until` (issue 32 §5, docs/decisions/040): of the ids,
 * the pending mails nobody holds, and with any mail tried before, every pending mail of its batch
 * (`batch_key`), wherever its id travels, so that the batch is sent again whole under its key.
 * One statement: two consumers holding the same ids (a message delivered twice, the cron's
 * re-enqueue beside the first message) never claim the same mail. Answers the claimed mails (by id)
 * and, when some of the ids are pending but held by another claim, until when (else null).
 */
export async function claimMails(db: Db, ids: number[], now: number, until: number, token: string) {
  if (!ids.length) return { mails: [] as OutboxMail[], heldUntil: null as number | null }
  const list = JSON.stringify(ids)
  const [claimed, held] = await batch(db, [
    sql`UPDATE email_outbox SET lease_until = ${until}, lease_token = ${token}
        WHERE status = 'pending' AND coalesce(lease_until, 0) <= ${now}
          AND ((batch_key IS NULL AND id IN (SELECT value FROM json_each(${list})))
            OR batch_key IN (SELECT batch_key FROM email_outbox WHERE id IN (SELECT value FROM json_each(${list})) AND batch_key IS NOT NULL))
        RETURNING id, to_address, subject, html, text, headers, attachments, batch_key`,
    sql`SELECT max(lease_until) AS until FROM email_outbox
        WHERE id IN (SELECT value FROM json_each(${list})) AND status = 'pending' AND lease_token <> ${token} AND lease_until > ${now}`,
  ])
  return {
    mails: rowsIn(claimed, outboxMail).sort((a, b) => a.id - b.id),
    heldUntil: rowsIn(held, z.object({ until: z.number().nullable() }))[0]?.until ?? null,
  }
}

/** Give claimed mails that had none their batch's key, before the provider is called with it. */
export async function keyMails(db: Db, token: string, keys: { id: number; key: string }[]) {
  if (!keys.length) return
  const json = JSON.stringify(keys.map((k) => ({ id: k.id, k: k.key })))
  await run(
    db,
    sql`UPDATE email_outbox SET batch_key = (SELECT json_extract(s.value, '$.k') FROM json_each(${json}) s WHERE json_extract(s.value, '$.id') = email_outbox.id)
        WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(${json})) AND lease_token = ${token} AND batch_key IS NULL`,
  )
}

/**
 * The provider took these mails: sent, once (a mail already sent keeps its first record), and
 * free of any claim; also a mail made a dead letter while this call was on its way (its message
 * ran out of tries meanwhile): it did go. Unless `keepBody` (a local run's outbox page), the body
 * goes: a sign-in link in a database is a credential.
 */
export async function markSent(
  db: Db,
  sent: { id: number; providerId: string | null }[],
  now: number,
  keepBody: boolean,
) {
  if (!sent.length) return
  const json = JSON.stringify(sent.map((s) => ({ id: s.id, p: s.providerId })))
  const keep = keepBody ? 1 : 0
  await run(
    db,
    sql`UPDATE email_outbox SET status = 'sent', sent_at = ${now}, attempts = attempts + 1, error = NULL,
          lease_until = NULL, lease_token = NULL,
          provider_id = (SELECT json_extract(s.value, '$.p') FROM json_each(${json}) s WHERE json_extract(s.value, '$.id') = email_outbox.id),
          html = CASE WHEN ${keep} THEN html END, text = CASE WHEN ${keep} THEN text END,
          headers = CASE WHEN ${keep} THEN headers END, attachments = CASE WHEN ${keep} THEN attachments END,
          dead_at = NULL
        WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(${json})) AND status IN ('pending', 'dead')`,
  )
}

/**
 * The provider refused these mails themselves (an invalid address, a missing field): dead at once
 * with its reason, for an admin to see; a retry would be refused the same way. Nothing was sent,
 * so their batch key goes: a replay sends them as new mails.
 */
export async function markRefused(db: Db, refused: { id: number; error: string }[], now: number) {
  if (!refused.length) return
  const json = JSON.stringify(refused.map((r) => ({ id: r.id, e: r.error.slice(0, 500) })))
  await run(
    db,
    sql`UPDATE email_outbox SET status = 'dead', dead_at = ${now}, attempts = attempts + 1, batch_key = NULL,
          lease_until = NULL, lease_token = NULL,
          error = (SELECT json_extract(s.value, '$.e') FROM json_each(${json}) s WHERE json_extract(s.value, '$.id') = email_outbox.id)
        WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(${json})) AND status = 'pending'`,
  )
}

/**
 * Let go of claimed mails without sending them. A try that reached the provider (`error` given) is
 * counted, with why; a call that was never made (rate limit, no time left) is not. They stay
 * pending, keeping their batch key, for the queue's next try.
 */
export async function releaseMails(db: Db, token: string, ids: number[], error: string | null) {
  if (!ids.length) return
  await run(
    db,
    sql`UPDATE email_outbox SET lease_until = NULL, lease_token = NULL,
          attempts = attempts + ${error === null ? 0 : 1}, error = coalesce(${error}, error)
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND lease_token = ${token} AND status = 'pending'`,
  )
}

/**
 * Their retries ran out (the dead-letter queue's consumer): dead, for an admin to see and replay,
 * with the rest of any batch they were tried in (a batch lives and dies whole, so that a replay
 * sends it again whole under its key). A lease does not keep a mail from it: its holder may have
 * died with the last try, and nothing would carry the mail again (a holder still calling marks
 * it sent if the call goes through).
 */
export async function markDead(db: Db, ids: number[], now: number) {
  if (!ids.length) return 0
  const list = JSON.stringify(ids)
  return run(
    db,
    sql`UPDATE email_outbox SET status = 'dead', dead_at = ${now}, lease_until = NULL, lease_token = NULL
        WHERE status = 'pending'
          AND (id IN (SELECT value FROM json_each(${list}))
            OR batch_key IN (SELECT batch_key FROM email_outbox WHERE id IN (SELECT value FROM json_each(${list})) AND batch_key IS NOT NULL))`,
  )
}

const deadMail = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  dead_at: z.number(),
  created_at: z.number(),
})
export type DeadMail = z.infer<typeof deadMail>

/** The dead letters, newest first. */
export async function deadMails(db: Db, limit: number) {
  const [rows, total] = await batch(db, [
    sql`SELECT id, to_address, subject, template, attempts, error, dead_at, created_at FROM email_outbox
        WHERE status = 'dead' ORDER BY dead_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT count(*) AS n FROM email_outbox WHERE status = 'dead'`,
  ])
  return { rows: rowsIn(rows, deadMail), total: rowsIn(total, z.object({ n: z.number() }))[0]?.n ?? 0 }
}

/**
 * Back to pending (one, or every dead letter when `id` is null), answering the ids to enqueue
 * again. A dead letter that was tried in a batch comes back with its whole batch (all dead with
 * it): its last try may have reached the provider, and only the same mails under the same key
 * are answered without being sent again (within the provider's 24 hours).
 */
export async function reviveDead(db: Db, id: number | null, limit: number): Promise<number[]> {
  const r = await checkedRows(
    db,
    sql`UPDATE email_outbox SET status = 'pending', dead_at = NULL, lease_until = NULL, lease_token = NULL
        WHERE status = 'dead' AND (
          id IN (SELECT id FROM email_outbox WHERE status = 'dead' AND (${id} IS NULL OR id = ${id}) ORDER BY id LIMIT ${limit})
          OR batch_key IN (SELECT batch_key FROM email_outbox WHERE status = 'dead' AND batch_key IS NOT NULL AND (${id} IS NULL OR id = ${id}) ORDER BY id LIMIT ${limit}))
        RETURNING id`,
    idRow,
  )
  return r.map((x) => x.id).sort((a, b) => a - b)
}

/**
 * Take pending mail never tried by a consumer and not put on the queue since `before` (its
 * enqueue failed, or it was written without one): marked queued now and answered, so two runs
 * never take the same mail. Bounded per run.
 */
export async function takeStrandedMails(db: Db, before: number, now: number, limit: number) {
  const r = await checkedRows(
    db,
    sql`UPDATE email_outbox SET queued_at = ${now}
        WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' AND attempts = 0 AND coalesce(queued_at, 0) < ${before} ORDER BY status, created_at LIMIT ${limit})
          AND status = 'pending' AND attempts = 0
        RETURNING id`,
    idRow,
  )
  return r.map((x) => x.id).sort((a, b) => a - b)
}

/** The latest mail of the local outbox (dev page). */
export const latestOutbox = (db: Db, limit = 50) =>
  db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit).all()
