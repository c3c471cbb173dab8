// Payments' SQL (issue 10). Money moves in D1 batches (one transaction each), and every write
// a Stripe event causes is keyed so that applying the event again changes nothing:
// transactions by (provider, provider_ref), ledger rows by (reason, reference), subscriptions
// by stripe_subscription_id with the newest event's time kept beside them.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows, rowsIn } from '#worker/db/query'
import { refundRequests, stripeEvents, subscriptions, transactions, users } from '#worker/db/schema'
import type { RefundsQuery, TransactionsQuery } from '#shared/contract/payments'
import { SubscriptionStatus, SubscriptionType } from '#shared/enums'

/** A statement for one of the batches money moves in (db/query.ts `batch`). */
type Stmt = SQL

const idRow = z.object({ id: z.number() })

// ── Stripe events: stored before they are applied ───────────────────────────────────────────

/** Stores the event id; answers whether it was already applied (a replay) or is new / unfinished. */
export async function storeEvent(
  db: Db,
  id: string,
  type: string,
  payload: unknown,
): Promise<'new' | 'applied' | 'pending'> {
  // ON CONFLICT DO NOTHING RETURNING: a row back means this call stored it (a replay stores nothing).
  const inserted = await db
    .insert(stripeEvents)
    .values({ id, type, payload, receivedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
    .get()
  if (inserted) return 'new'
  const row = await db
    .select({ appliedAt: stripeEvents.appliedAt })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
    .get()
  return row?.appliedAt ? 'applied' : 'pending'
}

export const markEventApplied = (db: Db, id: string) =>
  db.update(stripeEvents).set({ appliedAt: new Date() }).where(eq(stripeEvents.id, id)).run()

/**
 * A refund event waits for its payment, in one statement that also checks the payment is still
 * unknown (issue 32 §2: a mark written after the payment looked for waiting refunds was never
 * applied). Answers whether it now waits; false: the payment is here, apply the event.
 */
export async function markEventWaiting(db: Db, id: string, paymentIntent: string) {
  const row = await firstRow(
    db,
    sql`UPDATE stripe_events SET applied_at = ${Date.now()}, waiting_for = ${paymentIntent}
        WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM transactions WHERE payment_intent = ${paymentIntent}) RETURNING id`,
    z.object({ id: z.string() }),
  )
  return !!row
}

/**
 * Waiting refund events whose payment is recorded after all (the minute cron applies them). Only
 * those of the last week: Stripe retries a delivery for 3 days, so a payment not recorded by then
 * never will be (an erased person's, one of another product), and the sweep stays small.
 */
export const waitingWithPayment = (db: Db, now: number) =>
  rows(
    db,
    sql`SELECT e.id, e.payload FROM stripe_events e WHERE e.waiting_for IS NOT NULL AND e.received_at > ${now - 7 * 86_400_000}
        AND EXISTS (SELECT 1 FROM transactions t WHERE t.payment_intent = e.waiting_for) LIMIT 25`,
    z.object({ id: z.string(), payload: z.string().transform((p) => JSON.parse(p) as unknown) }),
  )

/** Refund events that came before their payment (charge.refunded first): applied once it is. */
export async function eventsWaitingFor(db: Db, paymentIntent: string) {
  const rows = await db
    .select({ id: stripeEvents.id, payload: stripeEvents.payload })
    .from(stripeEvents)
    .where(eq(stripeEvents.waitingFor, paymentIntent))
    .all()
  return rows
}

export const stopWaiting = (db: Db, id: string) =>
  db.update(stripeEvents).set({ waitingFor: null }).where(eq(stripeEvents.id, id)).run()

/** Whether the person still exists (events keep arriving for erased accounts). */
export const userExists = async (db: Db, id: number) =>
  !!(await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get())

// ── People ───────────────────────────────────────────────────────────────────────────────────

export const findPayer = (db: Db, id: number) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      stripeId: users.stripeId,
      language: users.language,
      timezone: users.timezone,
    })
    .from(users)
    .where(eq(users.id, id))
    .get()

export const findUserIdByStripeId = async (db: Db, customer: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.stripeId, customer)).get())?.id ?? null

export const userIdOfStripeSubscription = async (db: Db, stripeSubscriptionId: string) =>
  (
    await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
      .get()
  )?.userId ?? null

export const findTransactionByPaymentIntent = (db: Db, paymentIntent: string) =>
  db.select().from(transactions).where(eq(transactions.paymentIntent, paymentIntent)).get()

/** The payments of one plan (a duplicate's are all refunded). */
export const paymentsOfSubscription = (db: Db, stripeSubscriptionId: string) =>
  db
    .select()
    .from(transactions)
    .where(and(eq(transactions.stripeSubscriptionId, stripeSubscriptionId), eq(transactions.kind, 'subscription')))
    .all()

// ── Statements a batch is made of ───────────────────────────────────────────────────────────

/** The customer id Stripe gave the person, kept the first time (the next checkout reuses it). */
export const setStripeIdStmt = (userId: number, customer: string): Stmt =>
  sql`UPDATE users SET stripe_id = ${customer} WHERE id = ${userId} AND stripe_id IS NULL`

export interface PaymentRow {
  userId: number
  /** The credits the payment buys in all (its entitlement; a yearly plan: twelve months). */
  creditCents: number | null
  amountCents: number
  currency: string
  kind: 'subscription' | 'topup'
  providerRef: string
  paymentIntent: string | null
  item: string | null
  status: 'succeeded' | 'failed'
  description: string
  at: number
  /** The key the credits this payment gives carry (ledger payment_key). */
  grantKey: string | null
  stripeSubscriptionId: string | null
}

/** A payment, once per Stripe object; a failed invoice paid later becomes succeeded, a refunded one stays refunded. */
export const recordPaymentStmt = (p: PaymentRow): Stmt =>
  sql`INSERT INTO transactions (user_id, amount_cents, currency, kind, provider, provider_ref, payment_intent, item, status, description, grant_key, stripe_subscription_id, credit_cents, created_at)
      VALUES (${p.userId}, ${p.amountCents}, ${p.currency}, ${p.kind}, 'stripe', ${p.providerRef}, ${p.paymentIntent}, ${p.item}, ${p.status},
              ${p.description}, ${p.grantKey}, ${p.stripeSubscriptionId}, ${p.creditCents}, ${p.at})
      ON CONFLICT (provider, provider_ref) DO UPDATE SET
        status = CASE WHEN transactions.status IN ('refunded', 'succeeded') THEN transactions.status ELSE excluded.status END,
        payment_intent = COALESCE(transactions.payment_intent, excluded.payment_intent),
        grant_key = COALESCE(transactions.grant_key, excluded.grant_key),
        credit_cents = COALESCE(transactions.credit_cents, excluded.credit_cents),
        stripe_subscription_id = COALESCE(transactions.stripe_subscription_id, excluded.stripe_subscription_id)`

/**
 * SQL: Stripe's object `providerRef` (an invoice, a checkout) is not yet recorded as paid: a charge
 * heard of for the first time, not the same one told again (a retried delivery, a second event type).
 */
export const notYetPaid = (providerRef: string) =>
  sql`NOT EXISTS (SELECT 1 FROM transactions WHERE provider = 'stripe' AND provider_ref = ${providerRef} AND status IN ('succeeded', 'refunded'))`

export interface SubscriptionFacts {
  stripeSubscriptionId: string
  userId: number
  title: string
  item: string | null
  interval: 'month' | 'year' | null
  /** ms; null when the event does not say. */
  periodStartAt: number | null
  endAt: number | null
  /** ms of the Stripe event (its `created`). */
  eventAt: number
}

/**
 * Another live plan of the person, other than this one (issue 20 §2: one plan at a time). Read
 * inside the INSERT that creates a plan, so of two plans paid at once exactly one is the first:
 * D1 runs one statement at a time.
 */
const otherLivePlan = (userId: number, stripeSubscriptionId: string, now: number) =>
  sql`EXISTS (SELECT 1 FROM subscriptions o WHERE o.user_id = ${userId} AND o.stripe_subscription_id != ${stripeSubscriptionId} AND o.duplicate = 0
    AND o.type = ${RECURRENT} AND o.status = ${ACTIVE} AND ${livePeriod(sql`o`, now)})`

/**
 * A plan's period is not over: before its end, or, while it renews, in the days Stripe may take
 * to confirm the renewal (the daily job ends it only after them): a plan bought then is a second one.
 */
const livePeriod = (s: SQL, now: number) =>
  sql`(${s}.end_at IS NULL OR ${s}.end_at > ${now} OR (${s}.cancelled_at IS NULL AND ${s}.end_at > ${now - RENEWAL_GRACE_MS}))`

/** A renewal Stripe has not confirmed this long after the period's end ends the plan. */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60_000

// The enums as SQL literals (as the statements were written), not parameters.
const RECURRENT = sql.raw(String(SubscriptionType.recurrent))
const ACTIVE = sql.raw(String(SubscriptionStatus.active))
const DISABLED = sql.raw(String(SubscriptionStatus.disabled))

/**
 * The first word on a subscription (checkout completed, or its first invoice): it exists and is
 * active, unless the person already has a live plan: then it is born a duplicate, ended, and
 * the caller refunds and cancels it at Stripe.
 */
export const openSubscriptionStmt = (s: SubscriptionFacts): Stmt => {
  const now = Date.now()
  const other = otherLivePlan(s.userId, s.stripeSubscriptionId, now)
  return sql`INSERT INTO subscriptions (user_id, title, type, status, interval, stripe_subscription_id, item, period_start_at, end_at, stripe_event_at, duplicate, created_at, updated_at)
    SELECT ${s.userId}, ${s.title}, ${RECURRENT}, CASE WHEN ${other} THEN ${DISABLED} ELSE ${ACTIVE} END,
           ${s.interval}, ${s.stripeSubscriptionId}, ${s.item}, ${s.periodStartAt}, ${s.endAt}, ${s.eventAt}, ${other}, ${now}, ${now} WHERE true
    ON CONFLICT (stripe_subscription_id) DO UPDATE SET
      item = COALESCE(subscriptions.item, excluded.item),
      interval = COALESCE(subscriptions.interval, excluded.interval),
      title = excluded.title,
      period_start_at = MAX(COALESCE(subscriptions.period_start_at, 0), COALESCE(excluded.period_start_at, 0)),
      end_at = MAX(COALESCE(subscriptions.end_at, 0), COALESCE(excluded.end_at, 0)),
      updated_at = excluded.updated_at`
}

/**
 * Stripe's own state of the subscription (updated, deleted). Applied only if the event is not
 * older than the newest one applied; a disabled (deleted) subscription stays disabled.
 */
export const setSubscriptionStateStmt = (
  s: SubscriptionFacts & { status: SubscriptionStatus; renews: boolean },
): Stmt => {
  const now = Date.now()
  const other = otherLivePlan(s.userId, s.stripeSubscriptionId, now)
  const renews = s.renews ? 1 : 0
  return sql`INSERT INTO subscriptions (user_id, title, type, status, interval, stripe_subscription_id, item, period_start_at, end_at, stripe_event_at, cancelled_at, duplicate, created_at, updated_at)
    SELECT ${s.userId}, ${s.title}, ${RECURRENT}, CASE WHEN ${other} THEN ${DISABLED} ELSE ${s.status} END,
           ${s.interval}, ${s.stripeSubscriptionId}, ${s.item}, ${s.periodStartAt}, ${s.endAt}, ${s.eventAt},
           CASE WHEN ${renews} THEN NULL ELSE ${now} END, ${s.status} = ${ACTIVE} AND ${other}, ${now}, ${now} WHERE true
    ON CONFLICT (stripe_subscription_id) DO UPDATE SET
      status = CASE WHEN subscriptions.status = ${DISABLED} THEN subscriptions.status ELSE excluded.status END,
      end_at = CASE WHEN excluded.status = ${DISABLED} THEN COALESCE(excluded.end_at, subscriptions.end_at)
                    ELSE MAX(COALESCE(subscriptions.end_at, 0), COALESCE(excluded.end_at, 0)) END,
      period_start_at = MAX(COALESCE(subscriptions.period_start_at, 0), COALESCE(excluded.period_start_at, 0)),
      cancelled_at = CASE WHEN ${renews} THEN NULL ELSE COALESCE(subscriptions.cancelled_at, excluded.cancelled_at) END,
      stripe_event_at = excluded.stripe_event_at,
      updated_at = excluded.updated_at
    WHERE subscriptions.stripe_event_at IS NULL OR subscriptions.stripe_event_at <= excluded.stripe_event_at OR excluded.status = ${DISABLED}`
}

/** The subscriber flag follows the subscriptions (SPEC §3): an active, recurrent one whose period has not ended. */
export const syncSubscriberStmt = (userId: number, now: number): Stmt =>
  sql`UPDATE users SET subscriber = EXISTS (
        SELECT 1 FROM subscriptions WHERE user_id = ${userId} AND type = ${RECURRENT} AND status = ${ACTIVE} AND (end_at IS NULL OR end_at > ${now})
      ) WHERE id = ${userId}`

/** The payment's refunded cents become `cumulative` (never less than before); all of it: 'refunded'. */
export const setRefundedStmt = (transactionId: number, cumulative: number): Stmt =>
  sql`UPDATE transactions SET refunded_cents = MAX(refunded_cents, MIN(${cumulative}, amount_cents)),
        status = CASE WHEN MAX(refunded_cents, MIN(${cumulative}, amount_cents)) >= amount_cents THEN 'refunded' ELSE status END
      WHERE id = ${transactionId}`

/**
 * SQL: the payment of `grantKey` is the current period's of its plan, and the plan is active. A
 * refund of an older period never ends a plan that was paid again since (issue 32 §2).
 */
export const isCurrentPeriodOf = (stripeSubscriptionId: string, grantKey: string) =>
  sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.stripe_subscription_id = ${stripeSubscriptionId} AND s.status = ${ACTIVE}
      AND 'sub:' || s.stripe_subscription_id || ':' || (s.period_start_at / 1000) = ${grantKey})`

/** The plan ends now, if `onlyIf` holds (its current period refunded). */
export const disableSubscriptionStmt = (stripeSubscriptionId: string, now: number, onlyIf: SQL): Stmt =>
  sql`UPDATE subscriptions SET status = ${DISABLED}, end_at = MIN(COALESCE(end_at, ${now}), ${now}), updated_at = ${now}
      WHERE stripe_subscription_id = ${stripeSubscriptionId} AND status = ${ACTIVE} AND ${onlyIf}`

// ── A payment's figures: what it buys, what was given back, its cap ─────────────────────────

/**
 * SQL: the money of the payment `t` (an alias of transactions) given back or committed to: Stripe's
 * word (refunded_cents), or our own refunds not refused for good (stripe_actions), whichever
 * says more. Our refund decided but not yet made counts at once: its credits go with it.
 */
const committedOf = (t: SQL) =>
  sql`MIN(${t}.amount_cents, MAX(${t}.refunded_cents, COALESCE((SELECT SUM(COALESCE(a.amount_cents, ${t}.amount_cents))
      FROM stripe_actions a WHERE a.kind = 'refund_payment' AND a.target = ${t}.payment_intent AND a.failed_at IS NULL), 0)))`

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
export const confirmOwnRefundsStmt = (paymentIntent: string): Stmt => {
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
  now: number
}): Stmt =>
  sql`INSERT INTO failed_refunds (refund_id, payment_intent, amount_cents, action, created_at)
      VALUES (${f.refundId}, ${f.paymentIntent}, ${f.amountCents}, ${f.action}, ${f.now}) ON CONFLICT (refund_id) DO NOTHING`

export const findSubscription = (db: Db, stripeSubscriptionId: string) =>
  db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)).get()

export const findOwnSubscription = (db: Db, userId: number, id: number) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .get()

/** Live plans of a person (what erasing the account must cancel at Stripe). */
export const livePlansOf = (db: Db, userId: number) =>
  db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, SubscriptionStatus.active)))
    .all()

/** Statements in one D1 batch (one transaction); each answer's `results` holds its RETURNING rows. */
export const runBatch = (db: Db, stmts: Stmt[]) => batch(db, stmts)

// ── The caller's subscriptions, transactions ────────────────────────────────────────────────

export const subscriptionsOf = (db: Db, userId: number) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .all()

export const activeSubscriptionOf = (db: Db, userId: number, now: number) =>
  db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, SubscriptionStatus.active),
        eq(subscriptions.duplicate, false),
        livePeriod(sql`subscriptions`, now),
      ),
    )
    .orderBy(desc(subscriptions.endAt))
    .get()

/** Stop the renewal (the person's choice): the subscription stays active until end_at. */
export const stopRenewal = (db: Db, id: number, at: Date) =>
  db
    .update(subscriptions)
    .set({ cancelledAt: at, updatedAt: at })
    .where(and(eq(subscriptions.id, id), sql`${subscriptions.cancelledAt} IS NULL`))
    .run()

const historyRow = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'credit']),
  reason: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.string(),
  description: z.string().nullable(),
  created_at: z.number(),
})
const countRow = z.object({ n: z.number() })

/** Payments and ledger movements of one person, newest first, one page (UNION ALL; both tables are indexed by user and time). */
export async function historyOf(db: Db, userId: number, q: TransactionsQuery) {
  const parts: SQL[] = []
  // A credit movement's status says which way it went ('credited' or 'debited'), so a purchase
  // reads as one payment ("Paid") and the credits it added, not as two "Paid" rows.
  if (q.filters.kind !== 'credit')
    parts.push(
      sql`SELECT 'payment:' || id AS id, 'payment' AS kind, kind AS reason, amount_cents, currency, status, description, created_at FROM transactions WHERE user_id = ${userId}`,
    )
  if (q.filters.kind !== 'payment')
    parts.push(
      sql`SELECT 'credit:' || id AS id, 'credit' AS kind, reason, amount_cents, 'usd' AS currency, CASE WHEN amount_cents >= 0 THEN 'credited' ELSE 'debited' END AS status, NULL AS description, created_at FROM credit_ledger WHERE user_id = ${userId}`,
    )
  const union = sql.join(parts, sql` UNION ALL `)
  const [page, count] = await batch(db, [
    sql`${union} ORDER BY created_at DESC, id DESC LIMIT ${q.perPage} OFFSET ${q.offset}`,
    sql`SELECT COUNT(*) AS n FROM (${union})`,
  ])
  return { rows: rowsIn(page, historyRow), total: rowsIn(count, countRow)[0]?.n ?? 0 }
}

/** How many payments of the person went through (a new one makes a new checkout). */
export const countPayments = (db: Db, userId: number) =>
  db.$count(
    transactions,
    and(eq(transactions.userId, userId), sql`${transactions.status} IN ('succeeded', 'refunded')`),
  )

export const findTransaction = (db: Db, id: number) =>
  db.select().from(transactions).where(eq(transactions.id, id)).get()

/** The person's latest payment that went through (what a refund request names by default). */
export const latestPaymentOf = (db: Db, userId: number) =>
  db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'succeeded')))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .get()

// ── Refund requests ──────────────────────────────────────────────────────────────────────────

/**
 * One statement: the request is stored only if the person sent none in the last `windowMs`
 * (SPEC §5 "once every 7 days"). D1 runs statements one at a time, so of 20 concurrent
 * requests exactly one is stored. Answers the new id, or null when refused (or when the person was
 * erased meanwhile: no row may name them).
 */
export async function insertRefundRequestOnce(
  db: Db,
  r: { userId: number; transactionId: number | null; reason: string; now: number; windowMs: number },
) {
  const row = await firstRow(
    db,
    sql`INSERT INTO refund_requests (user_id, transaction_id, reason, status, created_at)
        SELECT ${r.userId}, ${r.transactionId}, ${r.reason}, 'pending', ${r.now}
        WHERE NOT EXISTS (SELECT 1 FROM refund_requests WHERE user_id = ${r.userId} AND created_at > ${r.now - r.windowMs})
          AND EXISTS (SELECT 1 FROM users WHERE id = ${r.userId})
        RETURNING id`,
    idRow,
  )
  return row?.id ?? null
}

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
  by: number,
  at: number,
  onlyIf: SQL = sql`1`,
): Stmt =>
  sql`UPDATE refund_requests SET status = ${status}, resolved_at = ${at}, resolved_by = ${by}
      WHERE id = ${id} AND status = 'pending' AND ${onlyIf} RETURNING id`

// ── The daily job ────────────────────────────────────────────────────────────────────────────

/**
 * Ends what has ended (a stopped renewal past its end, or a subscription whose renewal never
 * came 3 days after its end) and turns the subscriber flag off for its people. Answers the
 * number of people whose plan ended and the ids of everyone touched.
 */
export async function expireSubscriptions(db: Db, now: number, graceMs: number) {
  const ended = await rows(
    db,
    sql`UPDATE subscriptions SET status = ${DISABLED}, updated_at = ${now}
        WHERE status = ${ACTIVE} AND end_at IS NOT NULL AND (end_at <= ${now} AND (cancelled_at IS NOT NULL OR end_at <= ${now - graceMs}))
        RETURNING user_id`,
    z.object({ user_id: z.number() }),
  )
  const ids = [...new Set(ended.map((r) => r.user_id))]
  // Also anyone whose flag says subscriber with no live subscription left (e.g. seeded or set by hand).
  const unflagged = await rows(
    db,
    sql`UPDATE users SET subscriber = 0 WHERE subscriber = 1 AND NOT EXISTS (
          SELECT 1 FROM subscriptions s WHERE s.user_id = users.id AND s.status = ${ACTIVE} AND (s.end_at IS NULL OR s.end_at > ${now - graceMs})
        ) AND id IN (SELECT user_id FROM subscriptions)
        RETURNING id`,
    idRow,
  )
  // `users`: whose row may have changed (their sessions carry the subscriber flag).
  return { ended: ids.length, users: [...new Set([...ids, ...unflagged.map((r) => r.id)])] }
}

const yearlyPaymentRow = z.object({
  user_id: z.number(),
  sub: z.string(),
  grant_key: z.string(),
  end_at: z.number(),
})

/**
 * The payments of active yearly plans (each period's, not only the latest: a month the daily job
 * missed is still given), for their monthly session grants.
 */
export const yearlyPayments = (db: Db, now: number) =>
  rows(
    db,
    sql`SELECT s.user_id, s.stripe_subscription_id AS sub, t.grant_key, s.end_at FROM subscriptions s
        JOIN transactions t ON t.stripe_subscription_id = s.stripe_subscription_id AND t.kind = 'subscription' AND t.grant_key IS NOT NULL
        WHERE s.status = ${ACTIVE} AND s.interval = 'year' AND s.end_at > ${now} AND t.status IN ('succeeded', 'refunded')`,
    yearlyPaymentRow,
  )
