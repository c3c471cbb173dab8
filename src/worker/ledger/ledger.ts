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
//
// Every credit keeps its origin (issue 41 §2, docs/decisions/059): a row that spends (a booking's
// debit, an admin's negative adjustment) or gives back what a booking spent carries the
// payment_key of the credits it took, or NULL for credits no payment bought (gifts, adjustments,
// seed). So a payment's credits still in the balance are the sum of every row with its key
// (`unspentOf`), and a refund never pays for a gift. A booking spends the credits no payment
// bought first, then the payments' from the oldest; a cancelled booking gives back to the origins
// it spent, the paid ones first (`spendFrom`, `giveBackTo`).
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

/**
 * SQL: a payment's net, the sum of its own rows (grants less what was taken back, source
 * 'payment'): what it gave, spent or not. Rows that spent its credits carry its key too, with
 * another source; they are not in the net (a grant must not refill what was spent).
 */
export const netOf = (paymentKey: string) =>
  sql`(SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE payment_key = ${paymentKey} AND source = 'payment')`

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

/**
 * SQL: what an approval may take back of a payment: its own credits still in the person's balance,
 * the sum of every row with its key (what it gave, less what was taken back, less what bookings
 * and negative adjustments spent of it, plus what cancelled bookings gave back to it). Never above
 * the balance less the credits no payment bought (gifts, adjustments, seed: never money); rows
 * written before origins were kept (issue 41) spent without a key, and for those this bound is the
 * old rule, min(net, balance).
 */
export const unspentOf = (userId: number, paymentKey: string) =>
  sql`MAX(0, MIN(
    (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE payment_key = ${paymentKey} AND user_id = ${userId}),
    ${balanceOf(userId)} - MAX(0, (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE user_id = ${userId} AND payment_key IS NULL))))`

/** A payment's credits still in the person's balance (`unspentOf`), cents. */
export async function paymentUnspent(db: Db, userId: number, paymentKey: string): Promise<number> {
  return (await firstRow(db, sql`SELECT ${unspentOf(userId, paymentKey)} AS net`, netRow))?.net ?? 0
}

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
 * SQL rows (k, take): `cents` spent from the person's credits by origin, in the order a spending
 * takes them (docs/decisions/059): first the credits no payment bought (k NULL: gifts,
 * adjustments, seed), then each payment's, the oldest first. What no origin covers (a debt) is
 * taken from the NULL origin. Every origin's row is there (take may be 0).
 */
const spendFrom = (userId: number | SQL, cents: number) => sql`
  WITH pools AS (
    SELECT payment_key AS k, MAX(0, SUM(amount_cents)) AS avail, MIN(id) AS first, payment_key IS NOT NULL AS rank
    FROM (SELECT payment_key, amount_cents, id FROM credit_ledger WHERE user_id = ${userId}
          UNION ALL SELECT NULL, 0, 0)
    GROUP BY payment_key
  ),
  ordered AS (
    SELECT k, avail,
      COALESCE(SUM(avail) OVER (ORDER BY rank, first ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
      SUM(avail) OVER () AS total
    FROM pools
  )
  SELECT k, MIN(avail, MAX(0, ${cents} - before)) + CASE WHEN k IS NULL THEN MAX(0, ${cents} - total) ELSE 0 END AS take
  FROM ordered`

/** The reference of one origin's part of a movement: the base for the NULL origin, base@key for a payment's. */
const partRef = (base: SQL, k: SQL) => sql`${base} || CASE WHEN ${k} IS NULL THEN '' ELSE '@' || ${k} END`

/**
 * A booking's debit, written only if the appointment it pays was written by the statement before
 * it in the same batch (the appointment row is found by host, start, guest and `at`): one row per
 * origin it spends (`spendFrom`), keyed 'appointment:<id>' and 'appointment:<id>@<payment>'.
 */
export const debitBookingStmt = (b: {
  guestId: number
  hostId: number
  startAt: number
  cents: number
  at: number
}): Stmt =>
  sql`${INSERT}
      SELECT ${b.guestId}, -p.take, 'appointment_booking', ${partRef(sql`'appointment:' || a.id`, sql`p.k`)}, 'appointment', p.k, ${b.at}
      FROM appointments a, (${spendFrom(b.guestId, b.cents)}) p
      WHERE a.host_id = ${b.hostId} AND a.start_at = ${b.startAt} AND a.guest_id = ${b.guestId} AND a.status IN (1, 2)
        AND ${b.cents} > 0 AND a.created_at = ${b.at} AND p.take > 0
        AND NOT EXISTS (SELECT 1 FROM credit_ledger d WHERE d.reason = 'appointment_booking' AND d.reference = 'appointment:' || a.id)
      ON CONFLICT (reason, reference) DO NOTHING`

/** SQL: the rows of appointment `id`'s debit (every origin's part). */
const debitParts = (appointmentId: number) =>
  sql`reason = 'appointment_booking' AND (reference = ${`appointment:${appointmentId}`} OR reference LIKE ${`appointment:${appointmentId}@%`})`

/**
 * A cancelled booking's credits back, once (keyed by the appointment), written only if the
 * appointment was cancelled by this very cancellation (`cancelledBy` at `at`: the cancellation
 * written in the same batch) and never more than its own debit: to the origins the debit spent, the
 * paid ones first (the last spent), so what comes back is refundable if it was bought (a
 * booking with no debit rows, from before the ledger, gives back to the NULL origin).
 * Only "cancelled" was asked before: a cancel that lost the race to another (a guest's within
 * 24 hours, nothing back) still paid its own refund (found by the outside review of decision 084).
 * Two identical requests of the same caller in the same millisecond both match; they mean the same
 * refund, and its key pays it once.
 */
export const refundBookingStmt = (r: {
  appointmentId: number
  guestId: number
  cents: number
  at: number
  cancelledStatus: number
  /** Who made the cancellation this refund is for (null: the closing job, nobody). */
  cancelledBy: number | null
}): Stmt => {
  const parts = sql`
    WITH parts AS (
      SELECT payment_key AS k, -SUM(amount_cents) AS spent, MAX(id) AS last FROM credit_ledger WHERE ${debitParts(r.appointmentId)} GROUP BY payment_key
      UNION ALL SELECT NULL, ${r.cents}, 0 WHERE NOT EXISTS (SELECT 1 FROM credit_ledger WHERE ${debitParts(r.appointmentId)})
    ),
    ordered AS (
      SELECT k, spent, COALESCE(SUM(spent) OVER (ORDER BY last DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before FROM parts
    )
    SELECT k, MIN(spent, MAX(0, ${r.cents} - before)) AS back FROM ordered`
  return sql`${INSERT}
      SELECT ${r.guestId}, p.back, 'appointment_refund', ${partRef(sql`'appointment:' || a.id`, sql`p.k`)}, 'appointment', p.k, ${r.at}
      FROM appointments a, (${parts}) p
      WHERE a.id = ${r.appointmentId} AND a.status = ${r.cancelledStatus} AND ${r.cents} > 0 AND p.back > 0
        AND a.cancelled_by IS ${r.cancelledBy} AND a.cancelled_at = ${r.at}
        AND NOT EXISTS (SELECT 1 FROM credit_ledger d WHERE d.reason = 'appointment_refund' AND (d.reference = 'appointment:' || a.id OR d.reference LIKE 'appointment:' || a.id || '@%'))
      ON CONFLICT (reason, reference) DO NOTHING`
}

/** An identical adjustment (same admin, person, amount and text) within this long is the same one sent again. */
export const ADJUSTMENT_REPEAT_MS = 60_000

/**
 * An admin's adjustment (either sign), keyed by the admin, the instant and their note. A gift
 * (positive) has no payment (NULL origin: never money); a negative one spends like a booking
 * (`spendFrom`), one row per origin. Written only if no identical adjustment was written in the
 * last `ADJUSTMENT_REPEAT_MS` (D1 runs one statement at a time: of identical ones sent at once,
 * one applies); RETURNING says whether it did.
 */
export const adjustStmt = (a: { userId: number; cents: number; adminId: number; note: string; at: number }): Stmt => {
  // The person is in the key: the same admin may give two people the same note in the same
  // millisecond (found by the money simulator: the second answered 409).
  // (and the amount: a gift and a correction with one note in one millisecond are two).
  const base = `admin:${a.adminId}:${a.userId}:${a.at}:${a.cents}:${a.note}`
  // The adjustments of this admin and person in the window, one per instant (a negative one may be
  // several rows: one per origin, 'base' and 'base@key'), with the same text and total.
  const same = sql`${`admin:${a.adminId}:${a.userId}:`} || CAST(d.created_at AS INTEGER) || ${`:${a.cents}:${a.note}`}`
  const fresh = sql`NOT EXISTS (SELECT 1 FROM credit_ledger d WHERE d.user_id = ${a.userId} AND d.reason = 'admin_adjustment'
      AND d.created_at > ${a.at - ADJUSTMENT_REPEAT_MS}
      AND substr(d.reference, 1, length(${same})) = ${same}
      AND (length(d.reference) = length(${same}) OR substr(d.reference, length(${same}) + 1, 1) = '@')
      GROUP BY d.created_at HAVING SUM(d.amount_cents) = ${a.cents})`
  if (a.cents >= 0)
    return sql`${INSERT} SELECT ${a.userId}, ${a.cents}, 'admin_adjustment', ${base}, 'admin', NULL, ${a.at} WHERE ${fresh}
      ON CONFLICT (reason, reference) DO NOTHING RETURNING id`
  return sql`${INSERT}
      SELECT ${a.userId}, -p.take, 'admin_adjustment', ${partRef(sql`${base}`, sql`p.k`)}, 'admin', p.k, ${a.at}
      FROM (${spendFrom(a.userId, -a.cents)}) p WHERE p.take > 0 AND ${fresh}
      ON CONFLICT (reason, reference) DO NOTHING RETURNING id`
}

/** Demo credits of a seeded person, once. */
export const seedStmt = (s: { userId: number; cents: number; email: string; at: number }): Stmt =>
  sql`${INSERT} VALUES (${s.userId}, ${s.cents}, 'seed', ${`seed:${s.email}`}, 'seed', NULL, ${s.at}) ON CONFLICT (reason, reference) DO NOTHING`
