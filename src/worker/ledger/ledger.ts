// The one owner of credits (issue 20 §1, DESIGN §9): the only module that writes credit_ledger
// or reads a balance. Every movement is a row with its source (payment, appointment, admin,
// seed) and an idempotency key, (reason, reference), unique in the table: writing the same
// movement twice changes nothing. The balance is always SUM(amount_cents) of the person's rows.
//
// Movements are D1 statements, so each feature puts them in the same batch (one transaction) as
// the fact that causes them: the appointment row and its debit, the payment row and its grant.
//
// A payment's credits carry its `payment_key` (transactions.grant_key), so a refund can reverse
// exactly what that payment gave, every grant of it (a yearly plan's twelve monthly grants
// included), less what was already reversed.
import type { Db } from '#worker/db/client'

type Stmt = D1PreparedStatement

export type LedgerSource = 'payment' | 'appointment' | 'admin' | 'seed'
/** Why credits moved; with `reference`, the movement's idempotency key. */
export type LedgerReason =
  'topup' | 'subscription_grant' | 'refund' | 'appointment_booking' | 'appointment_refund' | 'admin_adjustment' | 'seed'

const INSERT = 'INSERT INTO credit_ledger (user_id, amount_cents, reason, reference, source, payment_key, created_at)'

/** The person's balance in cents: the sum of their ledger. */
export async function balanceCents(db: Db, userId: number): Promise<number> {
  const row = await db.$client
    .prepare('SELECT COALESCE(SUM(amount_cents), 0) AS n FROM credit_ledger WHERE user_id = ?1')
    .bind(userId)
    .first<{ n: number }>()
  return Number(row?.n ?? 0)
}

/** The balance as a statement, for a batch that must read it after its own writes. */
export const balanceStmt = (db: Db, userId: number): Stmt =>
  db.$client.prepare('SELECT COALESCE(SUM(amount_cents), 0) AS n FROM credit_ledger WHERE user_id = ?1').bind(userId)

/** SQL that is the balance of the person bound at `param` (for a guard inside another statement). */
export const balanceOf = (param: string) =>
  `(SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE user_id = ${param})`

/**
 * Credits a payment gives (a pack, a plan's sessions), once per (reason, reference). `onlyIf`: SQL
 * (on the statement's own parameters ?1…?6) that must hold, e.g. "the plan is not a duplicate".
 */
export function grantStmt(
  db: Db,
  g: {
    userId: number
    cents: number
    reason: 'topup' | 'subscription_grant'
    reference: string
    paymentKey: string
    at: number
    onlyIf?: { sql: string; params: unknown[] }
  },
): Stmt {
  const extra = g.onlyIf?.params ?? []
  return db.$client
    .prepare(
      `${INSERT} SELECT ?1, ?2, ?3, ?4, 'payment', ?5, ?6 WHERE ?2 > 0${g.onlyIf ? ` AND (${g.onlyIf.sql})` : ''} ON CONFLICT (reason, reference) DO NOTHING`,
    )
    .bind(g.userId, g.cents, g.reason, g.reference, g.paymentKey, g.at, ...extra)
}

/** What a payment gave and what was already taken back, in cents (both ≥ 0). */
export async function paymentCredits(db: Db, paymentKey: string): Promise<{ granted: number; reversed: number }> {
  const row = await db.$client
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN amount_cents > 0 THEN amount_cents END), 0) AS granted,
              COALESCE(-SUM(CASE WHEN reason = 'refund' THEN amount_cents END), 0) AS reversed
       FROM credit_ledger WHERE payment_key = ?1`,
    )
    .bind(paymentKey)
    .first<{ granted: number; reversed: number }>()
  return { granted: Number(row?.granted ?? 0), reversed: Number(row?.reversed ?? 0) }
}

/**
 * Takes back credits a refunded payment gave: `cents`, but never more than the payment gave and
 * is not yet reversed (read in the same statement, so two refunds of one payment cannot take
 * its credits twice). `reference` names the refund step (the payment and its cumulative refunded
 * cents), so the admin's approval and Stripe's charge.refunded for the same step write one row.
 * The balance may go below zero: money came back for credits already spent (docs/API.md
 * "Refunds"); never both the money and the credits.
 */
export const reversePaymentStmt = (
  db: Db,
  r: { userId: number; paymentKey: string; cents: number; reference: string; at: number },
): Stmt =>
  db.$client
    .prepare(
      `${INSERT}
       SELECT ?1, -MIN(?3, granted - reversed), 'refund', ?4, 'payment', ?2, ?5 FROM (
         SELECT COALESCE(SUM(CASE WHEN amount_cents > 0 THEN amount_cents END), 0) AS granted,
                COALESCE(-SUM(CASE WHEN reason = 'refund' THEN amount_cents END), 0) AS reversed
         FROM credit_ledger WHERE payment_key = ?2)
       WHERE MIN(?3, granted - reversed) > 0
       ON CONFLICT (reason, reference) DO NOTHING`,
    )
    .bind(r.userId, r.paymentKey, r.cents, r.reference, r.at)

/**
 * A booking's debit, written only if the appointment it pays was written by the statement before
 * it in the same batch (the appointment row is found by host, start, guest and `at`).
 */
export const debitBookingStmt = (
  db: Db,
  b: { guestId: number; hostId: number; startAt: number; cents: number; at: number },
): Stmt =>
  db.$client
    .prepare(
      `${INSERT}
       SELECT ?1, -?3, 'appointment_booking', 'appointment:' || id, 'appointment', NULL, ?4 FROM appointments
       WHERE host_id = ?2 AND start_at = ?5 AND guest_id = ?1 AND status IN (1, 2) AND ?3 > 0 AND created_at = ?4
       ON CONFLICT (reason, reference) DO NOTHING`,
    )
    .bind(b.guestId, b.hostId, b.cents, b.at, b.startAt)

/**
 * A cancelled booking's credits back, once (keyed by the appointment), written only if the
 * appointment is cancelled and never more than its own debit.
 */
export const refundBookingStmt = (
  db: Db,
  r: { appointmentId: number; guestId: number; cents: number; at: number; cancelledStatus: number },
): Stmt =>
  db.$client
    .prepare(
      `${INSERT}
       SELECT ?2, MIN(?3, COALESCE((SELECT -amount_cents FROM credit_ledger WHERE reason = 'appointment_booking' AND reference = 'appointment:' || ?1), ?3)), 'appointment_refund', 'appointment:' || id, 'appointment', NULL, ?4
       FROM appointments WHERE id = ?1 AND status = ?5 AND ?3 > 0
       ON CONFLICT (reason, reference) DO NOTHING`,
    )
    .bind(r.appointmentId, r.guestId, r.cents, r.at, r.cancelledStatus)

/** An admin's adjustment (either sign), keyed by the admin, the instant and their note. */
export const adjustStmt = (
  db: Db,
  a: { userId: number; cents: number; adminId: number; note: string; at: number },
): Stmt =>
  db.$client
    .prepare(`${INSERT} VALUES (?1, ?2, 'admin_adjustment', ?3, 'admin', NULL, ?4)`)
    .bind(a.userId, a.cents, `admin:${a.adminId}:${a.at}:${a.note}`, a.at)

/** Demo credits of a seeded person, once. */
export const seedStmt = (db: Db, s: { userId: number; cents: number; email: string; at: number }): Stmt =>
  db.$client
    .prepare(`${INSERT} VALUES (?1, ?2, 'seed', ?3, 'seed', NULL, ?4) ON CONFLICT (reason, reference) DO NOTHING`)
    .bind(s.userId, s.cents, `seed:${s.email}`, s.at)
