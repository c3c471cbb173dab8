// Every query of the mail outbox (CONVENTIONS 3).
// Statements over a JSON list of rows or ids (json_each) and UPDATE … RETURNING over a
// sub-select: drizzle's `sql` on `db`, rows checked (#worker/db/query, docs/decisions/032).
import { desc, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, D1_NOW_MS, rows as checkedRows, rowsIn, run, type Statement } from '#worker/db/query'
import { rowOf } from '#worker/db/rows'
import { emailOutbox } from '#worker/db/schema'

export const idRow = z.object({ id: z.number() })

/**
 * A new random key token (32 hex characters), made in D1: the random part of a mail's
 * Idempotency-Key (issue 32 §5, decision 040), for a new mail or one that must go under a new key.
 */
export const NEW_TOKEN = sql`lower(hex(randomblob(16)))`

type NewMail = typeof emailOutbox.$inferInsert

export async function insertOutbox(db: Db, values: NewMail): Promise<number> {
  const row = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id }).get()
  return row.id
}

/** What a mail row holds when written (outbox.repo's statements; send.ts renders it). */
export interface OutboxRow {
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
}

/**
 * One mail as a statement of someone else's batch (decision 084): written only when `onlyIf`
 * holds in that transaction (the write it tells of happened), with `fill.marker` in its subject,
 * bodies and attachments replaced by `fill.value` (SQL: e.g. the id the batch's own INSERT just
 * gave). Its row: `idRow` (none when `onlyIf` did not hold).
 */
export function insertOutboxIfStmt(row: OutboxRow, now: number, onlyIf: SQL, fill?: { marker: string; value: SQL }) {
  const filled = (v: string | null) => (fill ? sql`replace(${v}, ${fill.marker}, ${fill.value})` : sql`${v}`)
  return sql`INSERT INTO email_outbox (to_address, subject, html, text, headers, attachments, template, locale, status, provider_id, sent_at, created_at, queued_at, key_token)
      SELECT ${row.to}, ${filled(row.subject)}, ${filled(row.html)}, ${filled(row.text)}, ${row.headers}, ${filled(row.attachments)},
             ${row.template}, ${row.locale}, ${row.status}, ${row.providerId}, ${row.sentAt}, ${now},
             ${row.status === 'pending' ? now : null}, ${NEW_TOKEN}
      WHERE ${onlyIf}
      RETURNING id`
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
  rows: (OutboxRow & { deliveryId?: number | null })[],
  now: number,
  alongside: Statement[] = [],
) {
  if (!rows.length && !alongside.length) return []
  const statements = []
  for (let i = 0; i < rows.length; i += 50) {
    const json = JSON.stringify(rows.slice(i, i + 50))
    statements.push(
      sql`INSERT INTO email_outbox (to_address, subject, html, text, headers, attachments, template, locale, status, provider_id, sent_at, created_at, queued_at, delivery_id, key_token)
          SELECT json_extract(value, '$.to'), json_extract(value, '$.subject'), json_extract(value, '$.html'), json_extract(value, '$.text'),
                 json_extract(value, '$.headers'), json_extract(value, '$.attachments'), json_extract(value, '$.template'), json_extract(value, '$.locale'),
                 json_extract(value, '$.status'), json_extract(value, '$.providerId'), json_extract(value, '$.sentAt'), ${now},
                 CASE json_extract(value, '$.status') WHEN 'pending' THEN ${now} END, json_extract(value, '$.deliveryId'), ${NEW_TOKEN}
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

/**
 * How long after its first call a key is taken to be still the provider's: Resend keeps a key 24
 * hours; an hour to spare for the queue's delays and the clocks (docs/decisions/040).
 */
export const KEY_HORIZON_MS = 23 * 3_600_000

/**
 * A dead mail a call may have sent whose key the provider may no longer hold (or may never take
 * again with this content): sent again only when an admin confirms (issue 32 §5, decision 040).
 */
export const needsConfirmation = sql`(uncertain_at IS NOT NULL AND (batch_key IS NULL OR keyed_at IS NULL OR keyed_at < ${D1_NOW_MS} - ${KEY_HORIZON_MS}))`

/** The outbox's rows as raw SQL answers them (db/rows.ts); every mail read here names these first. */
export const mailRow = rowOf(emailOutbox)
export const MAIL = { id: true, to_address: true, subject: true } as const

/** A mail as the queue consumer sends it: everything the provider needs, as stored. */
const outboxMail = mailRow
  .pick({ ...MAIL, html: true, text: true, headers: true, attachments: true, batch_key: true, uncertain_at: true })
  .extend({
    /** Never null once claimed: the claim gives a mail without one its token. */
    key_token: z.string(),
    /** How long ago batch_key was first used (ms, D1's clock), or null. */
    key_age: z.number().nullable(),
  })
export type OutboxMail = z.infer<typeof outboxMail>

// The statements below that name their mails by id say `+status`: the unary plus keeps SQLite from
// choosing the (status, created_at) index, which made each of them read every pending mail (with
// its body): at 100,000 pending mails a claim took ~0.8 s of the database, every statement of
// every message waited behind it, and mail went at ~0.6 calls a second against the provider's 2
// (issue 43 §4, docs/decisions/070). By id, a statement reads its 100 rows.

/**
 * Claim these mails for one consumer for `leaseMs` (issue 32 §5, docs/decisions/040): of the ids,
 * the pending mails nobody holds, and with any mail tried before, every pending mail of its batch
 * (`batch_key`), wherever its id travels, so that the batch is sent again whole under its key.
 * One statement: two consumers holding the same ids (a message delivered twice, the cron's
 * re-enqueue beside the first message) never claim the same mail. Leases run on D1's clock: a
 * Worker whose clock is ahead cannot take a mail another still holds. A mail without a key token
 * (written by hand) gets one. Answers the claimed mails (by id) and, when some of the ids are
 * pending but held by another claim, for how long still (ms; else null).
 */
export async function claimMails(db: Db, ids: number[], leaseMs: number, token: string) {
  if (!ids.length) return { mails: [] as OutboxMail[], heldFor: null as number | null }
  const list = JSON.stringify(ids)
  const [claimed, held] = await batch(db, [
    sql`UPDATE email_outbox SET lease_until = ${D1_NOW_MS} + ${leaseMs}, lease_token = ${token}, key_token = coalesce(key_token, ${NEW_TOKEN})
        WHERE id IN (SELECT value FROM json_each(${list})
                     UNION SELECT k.id FROM email_outbox k
                     WHERE k.batch_key IN (SELECT batch_key FROM email_outbox WHERE id IN (SELECT value FROM json_each(${list})) AND batch_key IS NOT NULL))
          AND +status = 'pending' AND coalesce(lease_until, 0) <= ${D1_NOW_MS}
          AND ((batch_key IS NULL AND id IN (SELECT value FROM json_each(${list})))
            OR batch_key IN (SELECT batch_key FROM email_outbox WHERE id IN (SELECT value FROM json_each(${list})) AND batch_key IS NOT NULL))
        RETURNING id, to_address, subject, html, text, headers, attachments, batch_key, key_token, uncertain_at,
          ${D1_NOW_MS} - keyed_at AS key_age`,
    sql`SELECT max(lease_until) - ${D1_NOW_MS} AS held_for FROM email_outbox
        WHERE id IN (SELECT value FROM json_each(${list})) AND +status = 'pending' AND lease_token <> ${token} AND lease_until > ${D1_NOW_MS}`,
  ])
  return {
    mails: rowsIn(claimed, outboxMail).sort((a, b) => a.id - b.id),
    heldFor: rowsIn(held, z.object({ held_for: z.number().nullable() }))[0]?.held_for ?? null,
  }
}

/**
 * Give claimed mails that had none their call's key, before the provider is called with it.
 * Answers the mails it keyed: only those are this consumer's to send under the key (a mail whose
 * lease another claim took meanwhile is that claim's, and is keyed by it).
 */
export async function keyMails(db: Db, token: string, keys: { id: number; key: string }[]): Promise<number[]> {
  if (!keys.length) return []
  const json = JSON.stringify(keys.map((k) => ({ id: k.id, k: k.key })))
  const r = await checkedRows(
    db,
    sql`UPDATE email_outbox SET keyed_at = ${D1_NOW_MS},
          batch_key = (SELECT json_extract(s.value, '$.k') FROM json_each(${json}) s WHERE json_extract(s.value, '$.id') = email_outbox.id)
        WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(${json})) AND lease_token = ${token}
          AND batch_key IS NULL AND +status = 'pending'
        RETURNING id`,
    idRow,
  )
  return r.map((x) => x.id)
}

/**
 * Just before a call: its mails may be taken from now on (uncertain_at, kept from an earlier call
 * under the key). Answers the mails still this consumer's under `key`: a call is made only with
 * all of them, since the same key with fewer mails is another payload. Unless pace `paceKey` was
 * held (a 429's Retry-After, a quota) past `turnAt` since the turn was reserved: then nothing is
 * marked and the hold's end is answered (a 429 answered to another consumer holds this call too).
 * One D1 round
 * between a turn and its call (it was a read, then this write): the call arrives when its turn
 * says, not a round later (issue 43 §4).
 */
export async function markCallingUnlessHeld(db: Db, token: string, key: string, paceKey: string, turnAt: number) {
  const hold = `${paceKey}:hold`
  const [until, marked] = await batch(db, [
    sql`SELECT coalesce((SELECT last_at FROM rate_windows WHERE key = ${hold} AND last_at > ${D1_NOW_MS}), 0) AS until`,
    sql`UPDATE email_outbox SET uncertain_at = coalesce(uncertain_at, ${D1_NOW_MS})
        WHERE lease_token = ${token} AND batch_key = ${key} AND status = 'pending'
          AND NOT EXISTS (SELECT 1 FROM rate_windows
                          WHERE key = ${hold} AND last_at > ${D1_NOW_MS} AND last_at > ${turnAt})
        RETURNING id`,
  ])
  return {
    heldUntil: rowsIn(until, z.object({ until: z.number() }))[0]?.until ?? 0,
    ids: rowsIn(marked, idRow).map((x) => x.id),
  }
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
        WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(${json})) AND +status IN ('pending', 'dead')`,
  )
}

/**
 * The provider refused these mails of the call under `key` (an invalid address, a missing field):
 * dead at once with its reason, for an admin to see; a retry would be refused the same way. Also
 * a mail made a dead letter while the call was on its way (its message ran out of tries). The
 * provider sent nothing of them under the key, and may keep the key with that answer (a
 * permissive batch is processed even when every mail is refused), so they get a new key token:
 * a replay sends them under a new key, as new mails.
 */
export async function markRefused(db: Db, key: string, refused: { id: number; error: string }[], now: number) {
  if (!refused.length) return
  const json = JSON.stringify(refused.map((r) => ({ id: r.id, e: r.error.slice(0, 500) })))
  await run(
    db,
    sql`UPDATE email_outbox SET status = 'dead', dead_at = ${now}, attempts = attempts + 1,
          batch_key = NULL, keyed_at = NULL, uncertain_at = NULL, key_token = ${NEW_TOKEN},
          lease_until = NULL, lease_token = NULL,
          error = (SELECT json_extract(s.value, '$.e') FROM json_each(${json}) s WHERE json_extract(s.value, '$.id') = email_outbox.id)
        WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(${json})) AND batch_key = ${key} AND +status IN ('pending', 'dead')`,
  )
}

/**
 * The provider holds `key` with another payload (409 invalid_idempotent_request): a call under
 * it was processed, and whether it sent these mails is unknown (it may have; or it refused them;
 * or the key is another's). Not taken as sent: dead letters whose reason an admin sees, that may
 * have been sent; the key is spent (the same key never goes through with this payload), so sending
 * them again takes a new key and an admin's confirmation.
 */
export async function markUnknown(db: Db, key: string, ids: number[], error: string, now: number) {
  if (!ids.length) return
  await run(
    db,
    sql`UPDATE email_outbox SET status = 'dead', dead_at = ${now}, attempts = attempts + 1, error = ${error.slice(0, 500)},
          batch_key = NULL, keyed_at = NULL, uncertain_at = coalesce(uncertain_at, ${D1_NOW_MS}),
          lease_until = NULL, lease_token = NULL
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND batch_key = ${key} AND +status IN ('pending', 'dead')`,
  )
}

/**
 * Not called again: a call under their key may have sent them and the key is past the provider's
 * 24 hours, so the same call could send them twice. Dead letters that wait for an admin's
 * confirmation (docs/decisions/040).
 */
export async function holdBack(db: Db, token: string, ids: number[], error: string, now: number) {
  if (!ids.length) return
  await run(
    db,
    sql`UPDATE email_outbox SET status = 'dead', dead_at = ${now}, error = ${error.slice(0, 500)}, lease_until = NULL, lease_token = NULL
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND lease_token = ${token} AND +status = 'pending'`,
  )
}

/**
 * Let go of claimed mails without sending them. They stay pending, keeping their batch key, for
 * the queue's next try, due at `queuedAt` (the cron carries them only if no message did an hour
 * after). A try that reached the provider (`error` given) is counted, with why; a call that was
 * never made (a rate limit, no time left) is not. `settled`: the provider's answer said nothing
 * was taken (a 429 or a 4xx of the whole call), so a call under the key is uncertain only if an
 * earlier one was; `rekey` also gives them a new key (nothing was ever taken under the old one).
 */
export async function releaseMails(
  db: Db,
  token: string,
  ids: number[],
  opts: { error: string | null; queuedAt: number; settled?: boolean; rekey?: boolean },
) {
  if (!ids.length) return
  const settled = opts.settled || opts.rekey ? 1 : 0
  const rekey = opts.rekey ? 1 : 0
  await run(
    db,
    sql`UPDATE email_outbox SET lease_until = NULL, lease_token = NULL, queued_at = ${opts.queuedAt},
          attempts = attempts + ${opts.error === null ? 0 : 1}, error = coalesce(${opts.error}, error),
          uncertain_at = CASE WHEN ${settled} THEN NULL ELSE uncertain_at END,
          batch_key = CASE WHEN ${rekey} THEN NULL ELSE batch_key END,
          keyed_at = CASE WHEN ${rekey} THEN NULL ELSE keyed_at END,
          key_token = CASE WHEN ${rekey} THEN ${NEW_TOKEN} ELSE key_token END
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND lease_token = ${token} AND +status = 'pending'`,
  )
}

/**
 * A try that reached the provider and failed, made again at once by the consumer that holds the
 * mails (decision 082): counted, with why; the claim, the key and the mark that a call may have
 * sent them are kept for the next try under the same key.
 */
export async function countTry(db: Db, token: string, ids: number[], error: string) {
  if (!ids.length) return
  await run(
    db,
    sql`UPDATE email_outbox SET attempts = attempts + 1, error = ${error.slice(0, 500)}
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND lease_token = ${token} AND +status = 'pending'`,
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

/** Back on the queue later (`queuedAt`): the dead-letter queue's consumer spares them (a quota holds all sending). */
export async function markQueued(db: Db, ids: number[], queuedAt: number) {
  if (!ids.length) return
  await run(
    db,
    sql`UPDATE email_outbox SET queued_at = ${queuedAt}
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND +status = 'pending'`,
  )
}

/**
 * Take pending mail that no message carries (an enqueue failed, a replay's enqueue failed, a
 * message was lost) and no consumer holds: not due on the queue since `before` and unleased. Marked
 * queued now and answered, so two runs never take the same mail. Bounded per run.
 */
export async function takeStrandedMails(db: Db, before: number, now: number, limit: number) {
  const stranded = sql`status = 'pending' AND coalesce(queued_at, 0) < ${before} AND coalesce(lease_until, 0) <= ${D1_NOW_MS}`
  const r = await checkedRows(
    db,
    sql`UPDATE email_outbox SET queued_at = ${now}
        WHERE id IN (SELECT id FROM email_outbox WHERE ${stranded} ORDER BY status, created_at LIMIT ${limit}) AND ${stranded}
        RETURNING id`,
    idRow,
  )
  return r.map((x) => x.id).sort((a, b) => a - b)
}

/** The latest mail of the local outbox (dev page). */
export const latestOutbox = (db: Db, limit = 50) =>
  db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit).all()
