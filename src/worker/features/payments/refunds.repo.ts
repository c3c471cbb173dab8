// Refunds' SQL: what a payment may still give back (its figures, read in the same batch that
// writes), what the bank refused, and the refund requests. Kept apart from payments.repo.ts
// because each figure is one SQL expression the batches of refunds.service.ts and
// stripe.actions.ts build on; the ledger's own rows are written by ledger.ts alone.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rowsIn } from '#worker/db/query'
import { refundRequests, transactions, users } from '#worker/db/schema'
import type { RefundsQuery } from '#shared/contract/payments'

/** A statement for one of the batches money moves in (db/query.ts `batch`). */
type Stmt = SQL

const idRow = z.object({ id: z.number() })

/**
 * SQL: the money of the payment `t` (an alias of transactions) given back or committed to: what is
 * refunded (refunded_cents: Stripe's word, which counts our refunds once they are made) plus our
 * own refunds decided and not made yet (stripe_actions neither done nor refused for good): both, not
 * the larger (issue 41: a Dashboard refund beside a pending approval counted once). Our refund
 * decided but not yet made counts at once: its credits go with it.
 */
const committedOf = (t: SQL) =>
  sql`MIN(${t}.amount_cents, ${t}.refunded_cents + COALESCE((SELECT SUM(COALESCE(a.amount_cents, ${t}.amount_cents - ${t}.refunded_cents))
      FROM stripe_actions a WHERE a.kind = 'refund_payment' AND a.target = ${t}.payment_intent AND a.failed_at IS NULL AND a.done_at IS NULL), 0))`

/**
 * SQL: the credits the payment of `grantKey` may have: floor(E × (A − committed) / A), E the credits
 * it buys in all. NULL when no payment has that key (then nothing is granted).
 */
export const capOf = (grantKey: string) =>
  sql`(SELECT CASE WHEN t.amount_cents > 0 THEN CAST((t.credit_cents * (t.amount_cents - ${committedOf(sql`t`)})) / t.amount_cents AS INTEGER)
      ELSE t.credit_cents END FROM transactions t WHERE t.grant_key = ${grantKey} ORDER BY t.id LIMIT 1)`

/** SQL: the money of the payment `txId` still to give back (A − committed). */
export const leftOf = (txId: number) =>
  sql`(SELECT t.amount_cents - ${committedOf(sql`t`)} FROM transactions t WHERE t.id = ${txId})`

const figuresRow = z.object({ committed: z.number(), cap: z.number().nullable() })

/** The payment's money given back or committed to, and its cap (null: it gives no credits we can trace). */
export async function paymentFigures(db: Db, txId: number, grantKey: string | null) {
  const row = await firstRow(
    db,
    sql`SELECT ${committedOf(sql`t`)} AS committed, ${grantKey ? capOf(grantKey) : sql`NULL`} AS cap FROM transactions t WHERE t.id = ${txId}`,
    figuresRow,
  )
  return { committed: row?.committed ?? 0, cap: row?.cap ?? null }
}

/**
 * The payment's refunded cents follow our own refunds Stripe confirmed (its charge.refunded may
 * come later, or never for a local payment); never lower, never above the payment.
 */
export const confirmOwnRefundsStmt = (paymentIntent: string, chargeRefunded: number | null = null): Stmt => {
  // Stripe's answer carried the charge (expand): its amount_refunded is the exact word, with ours in it.
  if (chargeRefunded !== null) {
    const next = sql`MIN(transactions.amount_cents, MAX(transactions.refunded_cents, ${chargeRefunded}))`
    return sql`UPDATE transactions SET refunded_cents = ${next},
        status = CASE WHEN ${next} >= transactions.amount_cents AND transactions.status = 'succeeded' THEN 'refunded' ELSE transactions.status END
      WHERE payment_intent = ${paymentIntent}`
  }
  // (An action Stripe answered "already refunded" is done too, but counts only once the charge is
  // whole: no refund of ours can be done after it.)
  const done = sql`COALESCE((SELECT SUM(COALESCE(a.amount_cents, transactions.amount_cents)) FROM stripe_actions a
        WHERE a.kind = 'refund_payment' AND a.target = transactions.payment_intent AND a.done_at IS NOT NULL AND a.failed_at IS NULL), 0)`
  const next = sql`MIN(transactions.amount_cents, MAX(transactions.refunded_cents, ${done}))`
  return sql`UPDATE transactions SET refunded_cents = ${next},
      status = CASE WHEN ${next} >= transactions.amount_cents AND transactions.status = 'succeeded' THEN 'refunded' ELSE transactions.status END
    WHERE payment_intent = ${paymentIntent}`
}

/** SQL: the failure of Stripe refund `refundId` is already applied (failed_refunds). */
export const failureApplied = (refundId: string) =>
  sql`EXISTS (SELECT 1 FROM failed_refunds WHERE refund_id = ${refundId})`

/**
 * A refund of `amountCents` failed at the bank: the payment's refunded cents count it no more (once:
 * the batch's last statement records the failure, `recordFailedRefundStmt`), and the payment is
 * refundable again.
 */
export const unrefundStmt = (txId: number, refundId: string, amountCents: number): Stmt => {
  const next = sql`MAX(0, transactions.refunded_cents - ${amountCents})`
  return sql`UPDATE transactions SET refunded_cents = ${next},
      status = CASE WHEN transactions.status = 'refunded' AND ${next} < transactions.amount_cents THEN 'succeeded' ELSE transactions.status END
    WHERE id = ${txId} AND NOT ${failureApplied(refundId)}`
}

/** Our refund action that made the failed refund is failed for good: its money no longer counts as committed. */
export const failActionStmt = (key: string, paymentIntent: string, error: string, now: number): Stmt =>
  sql`UPDATE stripe_actions SET failed_at = ${now}, last_error = ${error}, lease_until = NULL
      WHERE key = ${key} AND kind = 'refund_payment' AND target = ${paymentIntent} AND failed_at IS NULL`

export const recordFailedRefundStmt = (f: {
  refundId: string
  paymentIntent: string
  amountCents: number
  action: string | null
  refundAt: number | null
  failedAt: number
  now: number
}): Stmt =>
  sql`INSERT INTO failed_refunds (refund_id, payment_intent, amount_cents, action, refund_at, failed_at, created_at)
      VALUES (${f.refundId}, ${f.paymentIntent}, ${f.amountCents}, ${f.action}, ${f.refundAt}, ${f.failedAt}, ${f.now})
      ON CONFLICT (refund_id) DO NOTHING`

const failedRow = z.object({ n: z.number() })

/** Cents of the payment's refunds that failed at the bank, in all. */
export async function failedTotal(db: Db, paymentIntent: string) {
  const row = await firstRow(
    db,
    sql`SELECT COALESCE(SUM(amount_cents), 0) AS n FROM failed_refunds WHERE payment_intent = ${paymentIntent}`,
    failedRow,
  )
  return row?.n ?? 0
}

/**
 * Cents of the payment's refunds that Stripe's charge told at `at` (ms, the event's `created`) still
 * counted but that failed after it: made at or before `at`, failed after. A refund.failed delivered
 * before that charge.refunded was applied first; the charge's word is read without it, so the
 * person ends with exactly one of the money or the credits (issue 41). Seconds are Stripe's grain:
 * a failure told in the same second as the charge is taken as already out of it.
 */
export async function failedAfter(db: Db, paymentIntent: string, at: number) {
  const row = await firstRow(
    db,
    sql`SELECT COALESCE(SUM(amount_cents), 0) AS n FROM failed_refunds
        WHERE payment_intent = ${paymentIntent} AND refund_at IS NOT NULL AND refund_at <= ${at} AND failed_at > ${at}`,
    failedRow,
  )
  return row?.n ?? 0
}

/**
 * One statement: the request is stored only if the person sent none in the last `windowMs`
 * (SPEC §5 "once every 7 days"). D1 runs statements one at a time, so of 20 concurrent
 * requests exactly one is stored. RETURNING the new id: none when refused (or when the person was
 * erased meanwhile: no row may name them).
 */
const insertOnceStmt = (r: {
  userId: number
  transactionId: number | null
  reason: string
  now: number
  windowMs: number
}) =>
  sql`INSERT INTO refund_requests (user_id, transaction_id, reason, status, created_at)
      SELECT ${r.userId}, ${r.transactionId}, ${r.reason}, 'pending', ${r.now}
      WHERE NOT EXISTS (SELECT 1 FROM refund_requests WHERE user_id = ${r.userId} AND created_at > ${r.now - r.windowMs})
        AND EXISTS (SELECT 1 FROM users WHERE id = ${r.userId})
      RETURNING id`

/**
 * insertRefundRequestOnce and, in the same batch (one D1 round; issue 43 §3), the person's latest
 * request after it: the new one when it was stored, else the one that refused it (its instant
 * says until when), or none when the person was erased meanwhile.
 */
export async function requestRefundOnce(
  db: Db,
  r: { userId: number; transactionId: number | null; reason: string; now: number; windowMs: number },
): Promise<{ id: number | null; latest: RefundRow | undefined }> {
  const [inserted, latest] = await batch(db, [
    insertOnceStmt(r),
    sql`SELECT r.id, r.user_id, r.transaction_id, r.reason, r.status, r.created_at, r.resolved_at,
          t.amount_cents, u.name AS user_name, u.email AS user_email
        FROM refund_requests r
        LEFT JOIN transactions t ON t.id = r.transaction_id
        LEFT JOIN users u ON u.id = r.user_id
        WHERE r.user_id = ${r.userId}
        ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
  ])
  const row = rowsIn(latest, latestRow)[0]
  return {
    id: rowsIn(inserted, idRow)[0]?.id ?? null,
    latest: row && {
      id: row.id,
      userId: row.user_id,
      transactionId: row.transaction_id,
      reason: row.reason,
      status: row.status,
      createdAt: new Date(row.created_at),
      resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
      amountCents: row.amount_cents,
      userName: row.user_name,
      userEmail: row.user_email,
    },
  }
}

const latestRow = z.object({
  id: z.number(),
  user_id: z.number(),
  transaction_id: z.number().nullable(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.number(),
  resolved_at: z.number().nullable(),
  amount_cents: z.number().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
})

const refundColumns = {
  id: refundRequests.id,
  userId: refundRequests.userId,
  transactionId: refundRequests.transactionId,
  reason: refundRequests.reason,
  status: refundRequests.status,
  createdAt: refundRequests.createdAt,
  resolvedAt: refundRequests.resolvedAt,
  amountCents: transactions.amountCents,
  userName: users.name,
  userEmail: users.email,
}

const refundsJoined = (db: Db) =>
  db
    .select(refundColumns)
    .from(refundRequests)
    .leftJoin(transactions, eq(transactions.id, refundRequests.transactionId))
    .leftJoin(users, eq(users.id, refundRequests.userId))

export type RefundRow = Awaited<ReturnType<typeof findRefundRequest>> & {}

export const findRefundRequest = (db: Db, id: number) => refundsJoined(db).where(eq(refundRequests.id, id)).get()

/** The person's requests no admin has answered yet, oldest first. */
export const pendingRequestsOf = (db: Db, userId: number) =>
  refundsJoined(db)
    .where(and(eq(refundRequests.userId, userId), eq(refundRequests.status, 'pending')))
    .orderBy(refundRequests.id)
    .all()

export const latestRefundRequestOf = (db: Db, userId: number) =>
  refundsJoined(db)
    .where(eq(refundRequests.userId, userId))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .get()

export async function listRefundRequests(db: Db, q: RefundsQuery) {
  const conds = []
  if (q.filters.status) conds.push(eq(refundRequests.status, q.filters.status))
  if (q.filters.user_id) conds.push(eq(refundRequests.userId, q.filters.user_id))
  const where = conds.length ? and(...conds) : undefined
  const order = q.order.column === 'id' ? refundRequests.id : refundRequests.createdAt
  const [rows, total] = await Promise.all([
    refundsJoined(db)
      .where(where)
      .orderBy(q.order.dir === 'asc' ? order : desc(order))
      .limit(q.perPage)
      .offset(q.offset)
      .all(),
    db.$count(refundRequests, where),
  ])
  return { rows, total }
}

/** Resolve a pending request, once: answers whether this call resolved it. */
export const resolveRefundStmt = (
  id: number,
  status: 'approved' | 'rejected',
  by: number | null,
  at: number,
  onlyIf: SQL = sql`1`,
): Stmt =>
  sql`UPDATE refund_requests SET status = ${status}, resolved_at = ${at}, resolved_by = ${by}
      WHERE id = ${id} AND status = 'pending' AND ${onlyIf} RETURNING id`
