// Payments' SQL (issue 10). Money moves in D1 batches (one transaction each), and every write
// a Stripe event causes is keyed so that applying the event again changes nothing:
// transactions by (provider, provider_ref), ledger rows by (reason, reference), subscriptions
// by stripe_subscription_id with the newest event's time kept beside them.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, rows, rowsIn } from '#worker/db/query'
import { subscriptions, transactions, users } from '#worker/db/schema'
import type { TransactionsQuery } from '#shared/contract/payments'
import { SubscriptionStatus, SubscriptionType } from '#shared/enums'

/** A statement for one of the batches money moves in (db/query.ts `batch`). */
type Stmt = SQL

const idRow = z.object({ id: z.number() })

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
  s: SubscriptionFacts & { status: SubscriptionStatus; renews: boolean; unpaid?: boolean },
): Stmt => {
  // Unpaid (past_due): the plan's end goes back to the end of what was paid, even if an earlier
  // event of the same renewal had moved it to the new period's end (issue 41, docs/decisions/059).
  const unpaid = s.unpaid ? 1 : 0
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
                    WHEN ${unpaid} AND excluded.end_at IS NOT NULL THEN MIN(COALESCE(subscriptions.end_at, excluded.end_at), excluded.end_at)
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
  // The plan's newest paid period, not the period Stripe has moved on to: a renewal Stripe could not
  // collect (past_due) is not a period, and refunding the last one paid must still end the plan.
  sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.stripe_subscription_id = ${stripeSubscriptionId} AND s.status = ${ACTIVE}
      AND ${grantKey} = (SELECT t.grant_key FROM transactions t WHERE t.stripe_subscription_id = s.stripe_subscription_id
        AND t.kind = 'subscription' AND t.grant_key IS NOT NULL AND t.status IN ('succeeded', 'refunded')
        ORDER BY CAST(substr(t.grant_key, length(s.stripe_subscription_id) + 6) AS INTEGER) DESC LIMIT 1))`

/** The plan ends now, if `onlyIf` holds (its current period refunded). */
export const disableSubscriptionStmt = (stripeSubscriptionId: string, now: number, onlyIf: SQL): Stmt =>
  sql`UPDATE subscriptions SET status = ${DISABLED}, end_at = MIN(COALESCE(end_at, ${now}), ${now}), updated_at = ${now}
      WHERE stripe_subscription_id = ${stripeSubscriptionId} AND status = ${ACTIVE} AND ${onlyIf}`

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
        RETURNING user_id, stripe_subscription_id AS sub, cancelled_at IS NULL AS lapsed`,
    z.object({ user_id: z.number(), sub: z.string().nullable(), lapsed: z.number() }),
  )
  const ids = [...new Set(ended.map((r) => r.user_id))]
  // A plan whose renewal never came (past_due at Stripe, retrying): it is over here, so it is
  // cancelled there, once, before a late retry charges for it (issue 41, docs/decisions/059).
  const lapsed = ended
    .filter((r) => r.lapsed && r.sub)
    .map((r) => ({ key: `cancel-lapsed-${r.sub}`, sub: r.sub!, userId: r.user_id }))
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
  return { ended: ids.length, users: [...new Set([...ids, ...unflagged.map((r) => r.id)])], lapsed }
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
