// The one owner of credits (issue 20 §1, DESIGN §9): the only module that writes credit_ledger
// or reads a balance. Every movement is a row with its source (payment, appointment, admin,
// seed) and an idempotency key, (reason, reference), unique in the table: writing the same
// movement twice changes nothing. The balance is always SUM(amount_cents) of the person's rows.
//
// Movements are statements (drizzle `sql`, run by db/query.ts `batch`), so each feature puts them in the same batch (one transaction) as
// the fact that causes them: the appointment row and its debit, the payment row and its grant.
//
// A payment's credits carry its `payment_key` (transactions.grant_key), so a refund can reverse
// exactly what that payment gave, every grant of it (a yearly plan's twelve monthly grants
// included), less what was already reversed.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { firstRow } from '#worker/db/query'
import { z } from 'zod'

/** A movement: a statement for the batch of the fact that causes it (db/query.ts `batch`). */
type Stmt = SQL

export type LedgerSource = 'payment' | 'appointment' | 'admin' | 'seed'
/** Why credits moved; with `reference`, the movement's idempotency key. */
export type LedgerReason =
  | 'topup'
  | 'subscription_grant'
  | 'refund'
  | 'appointment_booking'
  | 'appointment_refund'
  | 'admin_adjustment'
  | 'seed'

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

/**
 * Credits a payment gives (a pack, a plan's sessions), once per (reason, reference). `onlyIf`: a
 * condition that must hold, e.g. "the plan is not a duplicate".
 */
export function grantStmt(g: {
  userId: number
  cents: number
  reason: 'topup' | 'subscription_grant'
  reference: string
  paymentKey: string
  at: number
  onlyIf?: SQL
}): Stmt {
  return sql`${INSERT} SELECT ${g.userId}, ${g.cents}, ${g.reason}, ${g.reference}, 'payment', ${g.paymentKey}, ${g.at}
    WHERE ${g.cents} > 0${g.onlyIf ? sql` AND (${g.onlyIf})` : sql``} ON CONFLICT (reason, reference) DO NOTHING`
}

const creditsRow = z.object({ granted: z.number(), reversed: z.number() })

/** What a payment gave and what was already taken back, in cents (both ≥ 0). */
export async function paymentCredits(db: Db, paymentKey: string): Promise<{ granted: number; reversed: number }> {
  const row = await firstRow(
    db,
    sql`SELECT COALESCE(SUM(CASE WHEN amount_cents > 0 THEN amount_cents END), 0) AS granted,
               COALESCE(-SUM(CASE WHEN reason = 'refund' THEN amount_cents END), 0) AS reversed
        FROM credit_ledger WHERE payment_key = ${paymentKey}`,
    creditsRow,
  )
  return { granted: row?.granted ?? 0, reversed: row?.reversed ?? 0 }
}

/**
 * Takes back credits a refunded payment gave: `cents`, but never more than the payment gave and
 * is not yet reversed (read in the same statement, so two refunds of one payment cannot take
 * its credits twice). `reference` names the refund step (the payment and its cumulative refunded
 * cents), so the admin's approval and Stripe's charge.refunded for the same step write one row.
 * The balance may go below zero: money came back for credits already spent (docs/API.md
 * "Refunds"); never both the money and the credits.
 */
export const reversePaymentStmt = (r: {
  userId: number
  paymentKey: string
  cents: number
  reference: string
  at: number
}): Stmt =>
  sql`${INSERT}
      SELECT ${r.userId}, -MIN(${r.cents}, granted - reversed), 'refund', ${r.reference}, 'payment', ${r.paymentKey}, ${r.at} FROM (
        SELECT COALESCE(SUM(CASE WHEN amount_cents > 0 THEN amount_cents END), 0) AS granted,
               COALESCE(-SUM(CASE WHEN reason = 'refund' THEN amount_cents END), 0) AS reversed
        FROM credit_ledger WHERE payment_key = ${r.paymentKey})
      WHERE MIN(${r.cents}, granted - reversed) > 0
      ON CONFLICT (reason, reference) DO NOTHING`

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
