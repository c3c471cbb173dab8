// The one owner of credits (issue 20 §1, DESIGN §9): the only module that writes credit_ledger
// or reads a balance. Every movement is a row with its source (payment, appointment, admin,
// seed) and an idempotency key, (reason, reference), unique in the table: writing the same
// movement twice changes nothing. The balance is always SUM(amount_cents) of the person's rows.
//
// Movements are statements (drizzle `sql`, run by db/query.ts `batch`), so each feature puts them in the same batch (one transaction) as
// the fact that causes them: the appointment row and its debit, the payment row and its grant.
//
// A payment's credits carry its `payment_key` (transactions.grant_key): the payment's net, the sum
// of its rows, is what it gave less what was taken back. A payment of A cents buys E cents of
// credits in all (a yearly plan: twelve months), and what it may have at any time is its cap,
// floor(E × (A − refunded) / A) (payments computes it, `cap` below): grants give no more than the
// cap leaves, a refund takes back what is above it, so money back plus the value of the credits
// kept or spent never exceeds what was paid (DESIGN §9, docs/decisions/037).
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { firstRow } from '#worker/db/query'
import { z } from 'zod'

/** A movement: a statement for the batch of the fact that causes it (db/query.ts `batch`). */
type Stmt = SQL

/**
 * Why credits moved; with `reference`, the movement's idempotency key. (Its `source` is 'payment',
 * 'appointment', 'admin' or 'seed'.)
 */
type LedgerReason =
  | 'topup'
  | 'subscription_grant'
  | 'refund'
  | 'appointment_booking'
  | 'appointment_refund'
  | 'admin_adjustment'
  | 'seed'
  | 'refund_undone'

const INSERT = sql.raw(
  'INSERT INTO credit_ledger (user_id, amount_cents, reason, reference, source, payment_key, created_at)',
)

/** The row `balanceStmt` answers. */
export const balanceRow = z.object({ n: z.number() })

/** The person's balance in cents: the sum of their ledger. */
export async function balanceCents(db: Db, userId: number): Promise<number> {
  const row = await firstRow(db, balanceStmt(userId), balanceRow)
  return row?.n ?? 0
}

/** The balance as a statement, for a batch that must read it after its own writes (its row: `balanceRow`). */
export const balanceStmt = (userId: number): SQL =>
  sql`SELECT COALESCE(SUM(amount_cents), 0) AS n FROM credit_ledger WHERE user_id = ${userId}`

/** SQL that is the balance of `userId` (a value or a column), for a guard inside another statement. */
export const balanceOf = (userId: number | SQL) =>
  sql`(SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE user_id = ${userId})`

/** SQL: a payment's net, the sum of its rows (grants less what was taken back). */
export const netOf = (paymentKey: string) =>
  sql`(SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE payment_key = ${paymentKey})`

/**
 * Credits a payment gives (a pack, a plan's sessions), once per (reason, reference): `cents`, but
 * never past the payment's cap (`cap`, SQL: what of the credits it buys is not refunded), so a
 * partly refunded yearly plan's later months shrink or stop. `onlyIf`: a condition that must hold,
 * e.g. "the plan is live". Nothing is written when nothing is due (a later grant may then write).
 */
export function grantStmt(g: {
  userId: number
  cents: number
  reason: Extract<LedgerReason, 'topup' | 'subscription_grant'>
  reference: string
  paymentKey: string
  cap: SQL
  at: number
  onlyIf?: SQL
}): Stmt {
  const due = sql`MIN(${g.cents}, (${g.cap}) - ${netOf(g.paymentKey)})`
  return sql`${INSERT} SELECT ${g.userId}, ${due}, ${g.reason}, ${g.reference}, 'payment', ${g.paymentKey}, ${g.at}
    WHERE ${due} > 0${g.onlyIf ? sql` AND (${g.onlyIf})` : sql``} ON CONFLICT (reason, reference) DO NOTHING`
}

const netRow = z.object({ net: z.number() })

/** A payment's net (cents): what it gave less what was taken back. */
export async function paymentNet(db: Db, paymentKey: string): Promise<number> {
  return (await firstRow(db, sql`SELECT ${netOf(paymentKey)} AS net`, netRow))?.net ?? 0
}

/**
 * Stripe refunded money of a payment: its credits above its new cap are taken back, even spent
 * (the balance may go below zero: a debt; never the money and the credits both). `reference`
 * names the refund step (the payment and its cumulative refunded cents), so a step applied
 * again writes nothing. `userId` null: an erased person's anonymised rows, kept for the accounts.
 */
export const reverseToCapStmt = (r: {
  userId: number | null
  paymentKey: string
  cap: SQL
  reference: string
  at: number
}): Stmt => {
  const over = sql`(${netOf(r.paymentKey)} - (${r.cap}))`
  return sql`${INSERT} SELECT ${r.userId}, -${over}, 'refund', ${r.reference}, 'payment', ${r.paymentKey}, ${r.at}
      WHERE ${over} > 0 ON CONFLICT (reason, reference) DO NOTHING`
}

/** SQL: what an approval may take back of a payment: its credits still in the person's balance. */
export const unspentOf = (userId: number, paymentKey: string) =>
  sql`MAX(0, MIN(${netOf(paymentKey)}, ${balanceOf(userId)}))`

/**
 * An admin's approval takes back the payment's unspent credits, read when the row is written (a
 * booking made meanwhile is not taken back: it was paid for), once per request. `onlyIf`: the
 * request is still pending and there is money to give back.
 */
export const reverseUnspentStmt = (r: {
  userId: number
  paymentKey: string
  reference: string
  at: number
  onlyIf: SQL
}): Stmt =>
  sql`${INSERT} SELECT ${r.userId}, -${unspentOf(r.userId, r.paymentKey)}, 'refund', ${r.reference}, 'payment', ${r.paymentKey}, ${r.at}
      WHERE ${unspentOf(r.userId, r.paymentKey)} > 0 AND (${r.onlyIf}) ON CONFLICT (reason, reference) DO NOTHING`

/** SQL: the credits the approval `reference` took back (0 when it took none). */
export const takenBy = (reference: string) =>
  sql`COALESCE((SELECT -amount_cents FROM credit_ledger WHERE reason = 'refund' AND reference = ${reference}), 0)`

/**
 * Stripe refused an approval's refund for good (a disputed charge, more than is left): what the
 * approval took back comes back, within the payment's cap, once.
 */
export const restoreTakenStmt = (r: {
  userId: number | null
  paymentKey: string
  takenReference: string
  reference: string
  cap: SQL
  at: number
}): Stmt => {
  const back = sql`MIN(${takenBy(r.takenReference)}, (${r.cap}) - ${netOf(r.paymentKey)})`
  return sql`${INSERT} SELECT ${r.userId}, ${back}, 'refund_undone', ${r.reference}, 'payment', ${r.paymentKey}, ${r.at}
      WHERE ${r.userId} IS NOT NULL AND ${back} > 0 ON CONFLICT (reason, reference) DO NOTHING`
}

/**
 * SQL: the credits of a payment Stripe's refund steps took back (`reverseToCapStmt`, references
 * `payment:…`) and that failed refunds have not given back yet.
 */
const takenBySteps = (paymentKey: string) =>
  sql`(COALESCE((SELECT -SUM(amount_cents) FROM credit_ledger WHERE payment_key = ${paymentKey} AND reason = 'refund' AND reference LIKE 'payment:%'), 0)
     - COALESCE((SELECT SUM(amount_cents) FROM credit_ledger WHERE payment_key = ${paymentKey} AND reason = 'refund_undone' AND reference LIKE 'refund-failed:%'), 0))`

/**
 * A refund Stripe made failed at the card's bank (a closed card): its money is ours again, so the
 * credits it stood for come back, once (`reference`), unless `onlyIf` says the failure was already
 * applied: what the money is worth, `worth` = floor(E × amount / A), never past the payment's cap.
 * A refund we decided (`ours`: an approval, a second plan's, an ended plan's renewal) took the
 * unspent credits or gave none, and its plan is over: the credits come back now, the months not
 * given yet too. One made in the Dashboard took back only what was above the cap (`takenBySteps`):
 * no more comes back (a yearly plan's later months come by the daily job). `userId` null: an erased
 * person's anonymised rows, kept for the accounts.
 */
export const restoreFailedStmt = (r: {
  userId: number | null
  paymentKey: string
  worth: number
  cap: SQL
  ours: boolean
  reference: string
  at: number
  onlyIf: SQL
}): Stmt => {
  const room = sql`(${r.cap}) - ${netOf(r.paymentKey)}`
  const back = r.ours ? sql`MIN(${r.worth}, ${room})` : sql`MIN(${r.worth}, ${room}, ${takenBySteps(r.paymentKey)})`
  return sql`${INSERT} SELECT ${r.userId}, ${back}, 'refund_undone', ${r.reference}, 'payment', ${r.paymentKey}, ${r.at}
      WHERE ${back} > 0 AND (${r.onlyIf}) ON CONFLICT (reason, reference) DO NOTHING`
}

/**
 * A booking's debit, written only if the appointment it pays was written by the statement before
 * it in the same batch (the appointment row is found by host, start, guest and `at`).
 */
export const debitBookingStmt = (b: {
  guestId: number
  hostId: number
  startAt: number
  cents: number
  at: number
}): Stmt =>
  sql`${INSERT}
      SELECT ${b.guestId}, -${b.cents}, 'appointment_booking', 'appointment:' || id, 'appointment', NULL, ${b.at} FROM appointments
      WHERE host_id = ${b.hostId} AND start_at = ${b.startAt} AND guest_id = ${b.guestId} AND status IN (1, 2)
        AND ${b.cents} > 0 AND created_at = ${b.at}
      ON CONFLICT (reason, reference) DO NOTHING`

/**
 * A cancelled booking's credits back, once (keyed by the appointment), written only if the
 * appointment is cancelled and never more than its own debit.
 */
export const refundBookingStmt = (r: {
  appointmentId: number
  guestId: number
  cents: number
  at: number
  cancelledStatus: number
}): Stmt =>
  sql`${INSERT}
      SELECT ${r.guestId},
             MIN(${r.cents}, COALESCE((SELECT -amount_cents FROM credit_ledger WHERE reason = 'appointment_booking' AND reference = 'appointment:' || ${r.appointmentId}), ${r.cents})),
             'appointment_refund', 'appointment:' || id, 'appointment', NULL, ${r.at}
      FROM appointments WHERE id = ${r.appointmentId} AND status = ${r.cancelledStatus} AND ${r.cents} > 0
      ON CONFLICT (reason, reference) DO NOTHING`

/** An admin's adjustment (either sign), keyed by the admin, the instant and their note. */
export const adjustStmt = (a: { userId: number; cents: number; adminId: number; note: string; at: number }): Stmt =>
  sql`${INSERT} VALUES (${a.userId}, ${a.cents}, 'admin_adjustment', ${`admin:${a.adminId}:${a.at}:${a.note}`}, 'admin', NULL, ${a.at})`

/** Demo credits of a seeded person, once. */
export const seedStmt = (s: { userId: number; cents: number; email: string; at: number }): Stmt =>
  sql`${INSERT} VALUES (${s.userId}, ${s.cents}, 'seed', ${`seed:${s.email}`}, 'seed', NULL, ${s.at}) ON CONFLICT (reason, reference) DO NOTHING`
