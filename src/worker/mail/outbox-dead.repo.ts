// The outbox's dead letters (CONVENTIONS 3): listed for the admin and brought back to pending,
// beside outbox.repo.ts, whose mail shape and key rules they share.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rowsIn } from '#worker/db/query'
import { MAIL, NEW_TOKEN, idRow, mailRow, needsConfirmation } from './outbox.repo'

const deadMail = mailRow.pick({ ...MAIL, template: true, attempts: true, error: true, created_at: true }).extend({
  dead_at: z.number(), // set on every dead letter
  may_have_been_sent: z.number().transform(Boolean),
  needs_confirmation: z.number().transform(Boolean),
})

/** The dead letters, newest first, with whether each may have been sent and needs confirmation to go again. */
export async function deadMails(db: Db, limit: number) {
  const [rows, total] = await batch(db, [
    sql`SELECT id, to_address, subject, template, attempts, error, dead_at, created_at,
          uncertain_at IS NOT NULL AS may_have_been_sent, ${needsConfirmation} AS needs_confirmation
        FROM email_outbox WHERE status = 'dead' ORDER BY dead_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT count(*) AS n FROM email_outbox WHERE status = 'dead'`,
  ])
  return { rows: rowsIn(rows, deadMail), total: rowsIn(total, z.object({ n: z.number() }))[0]?.n ?? 0 }
}

/**
 * Back to pending (one, or every dead letter when `id` is null, at most `limit`), answering the
 * ids to enqueue again and how many were left for want of a confirmation. A dead letter that was
 * tried in a batch comes back with its whole batch (all dead with it): its last try may have
 * reached the provider, and only the same mails under the same key are answered without being
 * sent again. That holds within the key's 24 hours: a dead letter a call may have sent whose key
 * is older (or spent, see markUnknown) could be sent twice, and comes back only with `confirm`,
 * then under a new key (the admin chose to send it again). All in one transaction.
 */
export async function reviveDead(db: Db, id: number | null, limit: number, confirm: boolean, queuedAt: number) {
  const chosen = sql`status = 'dead' AND (${id} IS NULL OR id = ${id})`
  const [confirmed, revived, left] = await batch(db, [
    ...(confirm
      ? [
          sql`UPDATE email_outbox SET status = 'pending', dead_at = NULL, lease_until = NULL, lease_token = NULL, queued_at = ${queuedAt},
                batch_key = NULL, keyed_at = NULL, uncertain_at = NULL, key_token = ${NEW_TOKEN}
              WHERE id IN (SELECT id FROM email_outbox WHERE ${chosen} AND ${needsConfirmation} ORDER BY id LIMIT ${limit})
              RETURNING id`,
        ]
      : [sql`SELECT id FROM email_outbox WHERE 0`]),
    sql`UPDATE email_outbox SET status = 'pending', dead_at = NULL, lease_until = NULL, lease_token = NULL, queued_at = ${queuedAt}
        WHERE status = 'dead' AND NOT ${needsConfirmation} AND (
          id IN (SELECT id FROM email_outbox WHERE ${chosen} AND NOT ${needsConfirmation} ORDER BY id LIMIT ${limit})
          OR batch_key IN (SELECT batch_key FROM email_outbox WHERE ${chosen} AND NOT ${needsConfirmation} AND batch_key IS NOT NULL ORDER BY id LIMIT ${limit}))
        RETURNING id`,
    sql`SELECT count(*) AS n FROM email_outbox WHERE ${chosen} AND ${needsConfirmation}`,
  ])
  return {
    ids: [...rowsIn(confirmed, idRow), ...rowsIn(revived, idRow)].map((x) => x.id).sort((a, b) => a - b),
    unconfirmed: rowsIn(left, z.object({ n: z.number() }))[0]?.n ?? 0,
  }
}
