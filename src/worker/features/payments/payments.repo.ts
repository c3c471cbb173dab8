// Payments' SQL (issue 10). Money moves in D1 batches (one transaction each), and every write
// a Stripe event causes is keyed so that applying the event again changes nothing:
// transactions by (provider, provider_ref), ledger rows by (reason, reference), subscriptions
// by stripe_subscription_id with the newest event's time kept beside them.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { refundRequests, stripeEvents, subscriptions, transactions, users } from '#worker/db/schema'
import type { RefundsQuery, TransactionsQuery } from '#shared/contract/payments'
import { SubscriptionStatus, SubscriptionType } from '#shared/enums'

type Stmt = D1PreparedStatement

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

export const markEventApplied = (db: Db, id: string, waitingFor: string | null = null) =>
  db.update(stripeEvents).set({ appliedAt: new Date(), waitingFor }).where(eq(stripeEvents.id, id)).run()

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
export const setStripeIdStmt = (db: Db, userId: number, customer: string): Stmt =>
  db.$client.prepare('UPDATE users SET stripe_id = ?2 WHERE id = ?1 AND stripe_id IS NULL').bind(userId, customer)

export interface PaymentRow {
  userId: number
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
export const recordPaymentStmt = (db: Db, p: PaymentRow): Stmt =>
  db.$client
    .prepare(
      `INSERT INTO transactions (user_id, amount_cents, currency, kind, provider, provider_ref, payment_intent, item, status, description, grant_key, stripe_subscription_id, created_at)
       VALUES (?1, ?2, ?3, ?4, 'stripe', ?5, ?6, ?7, ?8, ?9, ?11, ?12, ?10)
       ON CONFLICT (provider, provider_ref) DO UPDATE SET
         status = CASE WHEN transactions.status IN ('refunded', 'succeeded') THEN transactions.status ELSE excluded.status END,
         payment_intent = COALESCE(transactions.payment_intent, excluded.payment_intent),
         grant_key = COALESCE(transactions.grant_key, excluded.grant_key),
         stripe_subscription_id = COALESCE(transactions.stripe_subscription_id, excluded.stripe_subscription_id)`,
    )
    .bind(
      p.userId,
      p.amountCents,
      p.currency,
      p.kind,
      p.providerRef,
      p.paymentIntent,
      p.item,
      p.status,
      p.description,
      p.at,
      p.grantKey,
      p.stripeSubscriptionId,
    )

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
 * Another live plan of the person, other than ?4 (issue 20 §2: one plan at a time). Read inside
 * the INSERT that creates a plan, so of two plans paid at once exactly one is the first: D1 runs
 * one statement at a time.
 */
const OTHER_LIVE_PLAN = `EXISTS (SELECT 1 FROM subscriptions o WHERE o.user_id = ?1 AND o.stripe_subscription_id != ?4 AND o.duplicate = 0
  AND o.type = ${SubscriptionType.recurrent} AND o.status = ${SubscriptionStatus.active} AND (o.end_at IS NULL OR o.end_at > ?9))`

/**
 * The first word on a subscription (checkout completed, or its first invoice): it exists and is
 * active, unless the person already has a live plan: then it is born a duplicate, ended, and
 * the caller refunds and cancels it at Stripe.
 */
export const openSubscriptionStmt = (db: Db, s: SubscriptionFacts): Stmt =>
  db.$client
    .prepare(
      `INSERT INTO subscriptions (user_id, title, type, status, interval, stripe_subscription_id, item, period_start_at, end_at, stripe_event_at, duplicate, created_at, updated_at)
       SELECT ?1, ?2, ${SubscriptionType.recurrent}, CASE WHEN ${OTHER_LIVE_PLAN} THEN ${SubscriptionStatus.disabled} ELSE ${SubscriptionStatus.active} END,
              ?3, ?4, ?5, ?6, ?7, ?8, ${OTHER_LIVE_PLAN}, ?9, ?9 WHERE true
       ON CONFLICT (stripe_subscription_id) DO UPDATE SET
         item = COALESCE(subscriptions.item, excluded.item),
         interval = COALESCE(subscriptions.interval, excluded.interval),
         title = excluded.title,
         period_start_at = MAX(COALESCE(subscriptions.period_start_at, 0), COALESCE(excluded.period_start_at, 0)),
         end_at = MAX(COALESCE(subscriptions.end_at, 0), COALESCE(excluded.end_at, 0)),
         updated_at = excluded.updated_at`,
    )
    .bind(
      s.userId,
      s.title,
      s.interval,
      s.stripeSubscriptionId,
      s.item,
      s.periodStartAt,
      s.endAt,
      s.eventAt,
      Date.now(),
    )

/**
 * Stripe's own state of the subscription (updated, deleted). Applied only if the event is not
 * older than the newest one applied; a disabled (deleted) subscription stays disabled.
 */
export const setSubscriptionStateStmt = (
  db: Db,
  s: SubscriptionFacts & { status: SubscriptionStatus; renews: boolean },
): Stmt =>
  db.$client
    .prepare(
      `INSERT INTO subscriptions (user_id, title, type, status, interval, stripe_subscription_id, item, period_start_at, end_at, stripe_event_at, cancelled_at, duplicate, created_at, updated_at)
       SELECT ?1, ?2, ${SubscriptionType.recurrent}, CASE WHEN ${OTHER_LIVE_PLAN} THEN ${SubscriptionStatus.disabled} ELSE ?10 END, ?3, ?4, ?5, ?6, ?7, ?8,
              CASE WHEN ?11 THEN NULL ELSE ?9 END, ?10 = ${SubscriptionStatus.active} AND ${OTHER_LIVE_PLAN}, ?9, ?9 WHERE true
       ON CONFLICT (stripe_subscription_id) DO UPDATE SET
         status = CASE WHEN subscriptions.status = ${SubscriptionStatus.disabled} THEN subscriptions.status ELSE excluded.status END,
         end_at = CASE WHEN excluded.status = ${SubscriptionStatus.disabled} THEN COALESCE(excluded.end_at, subscriptions.end_at)
                       ELSE MAX(COALESCE(subscriptions.end_at, 0), COALESCE(excluded.end_at, 0)) END,
         period_start_at = MAX(COALESCE(subscriptions.period_start_at, 0), COALESCE(excluded.period_start_at, 0)),
         cancelled_at = CASE WHEN ?11 THEN NULL ELSE COALESCE(subscriptions.cancelled_at, excluded.cancelled_at) END,
         stripe_event_at = excluded.stripe_event_at,
         updated_at = excluded.updated_at
       WHERE subscriptions.stripe_event_at IS NULL OR subscriptions.stripe_event_at <= excluded.stripe_event_at OR excluded.status = ${SubscriptionStatus.disabled}`,
    )
    .bind(
      s.userId,
      s.title,
      s.interval,
      s.stripeSubscriptionId,
      s.item,
      s.periodStartAt,
      s.endAt,
      s.eventAt,
      Date.now(),
      s.status,
      s.renews ? 1 : 0,
    )

/** The subscriber flag follows the subscriptions (SPEC §3): an active, recurrent one whose period has not ended. */
export const syncSubscriberStmt = (db: Db, userId: number, now: number): Stmt =>
  db.$client
    .prepare(
      `UPDATE users SET subscriber = EXISTS (
         SELECT 1 FROM subscriptions WHERE user_id = ?1 AND type = ${SubscriptionType.recurrent} AND status = ${SubscriptionStatus.active} AND (end_at IS NULL OR end_at > ?2)
       ) WHERE id = ?1`,
    )
    .bind(userId, now)

/** The payment's refunded cents become `cumulative` (never less than before); all of it: 'refunded'. */
export const setRefundedStmt = (db: Db, transactionId: number, cumulative: number): Stmt =>
  db.$client
    .prepare(
      `UPDATE transactions SET refunded_cents = MAX(refunded_cents, MIN(?2, amount_cents)),
         status = CASE WHEN MAX(refunded_cents, MIN(?2, amount_cents)) >= amount_cents THEN 'refunded' ELSE status END
       WHERE id = ?1`,
    )
    .bind(transactionId, cumulative)

/** A refunded plan payment ends that plan now (and only that one). */
export const disableSubscriptionStmt = (db: Db, stripeSubscriptionId: string, now: number): Stmt =>
  db.$client
    .prepare(
      `UPDATE subscriptions SET status = ${SubscriptionStatus.disabled}, end_at = MIN(COALESCE(end_at, ?2), ?2), updated_at = ?2 WHERE stripe_subscription_id = ?1 AND status = ${SubscriptionStatus.active}`,
    )
    .bind(stripeSubscriptionId, now)

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

export async function runBatch(db: Db, stmts: Stmt[]) {
  if (!stmts.length) return [] // D1 refuses an empty batch; nothing to do is not an error
  return db.$client.batch(stmts)
}

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
        sql`(${subscriptions.endAt} IS NULL OR ${subscriptions.endAt} > ${now})`,
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

interface HistoryRow {
  id: string
  kind: 'payment' | 'credit'
  reason: string
  amount_cents: number
  currency: string
  status: string
  description: string | null
  created_at: number
}

/** Payments and ledger movements of one person, newest first, one page (UNION ALL; both tables are indexed by user and time). */
export async function historyOf(db: Db, userId: number, q: TransactionsQuery) {
  const d1 = db.$client
  const parts: string[] = []
  // A credit movement's status says which way it went ('credited' or 'debited'), so a purchase
  // reads as one payment ("Paid") and the credits it added, not as two "Paid" rows.
  if (q.filters.kind !== 'credit')
    parts.push(
      `SELECT 'payment:' || id AS id, 'payment' AS kind, kind AS reason, amount_cents, currency, status, description, created_at FROM transactions WHERE user_id = ?1`,
    )
  if (q.filters.kind !== 'payment')
    parts.push(
      `SELECT 'credit:' || id AS id, 'credit' AS kind, reason, amount_cents, 'usd' AS currency, CASE WHEN amount_cents >= 0 THEN 'credited' ELSE 'debited' END AS status, NULL AS description, created_at FROM credit_ledger WHERE user_id = ?1`,
    )
  const union = parts.join(' UNION ALL ')
  const [rows, count] = await d1.batch<any>([
    d1.prepare(`${union} ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`).bind(userId, q.perPage, q.offset),
    d1.prepare(`SELECT COUNT(*) AS n FROM (${union})`).bind(userId),
  ])
  return {
    rows: (rows!.results ?? []) as HistoryRow[],
    total: Number((count!.results?.[0] as { n: number } | undefined)?.n ?? 0),
  }
}

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
 * requests exactly one is stored. Answers the new id, or null when refused.
 */
export async function insertRefundRequestOnce(
  db: Db,
  r: { userId: number; transactionId: number | null; reason: string; now: number; windowMs: number },
) {
  const row = await db.$client
    .prepare(
      `INSERT INTO refund_requests (user_id, transaction_id, reason, status, created_at)
       SELECT ?1, ?2, ?3, 'pending', ?4
       WHERE NOT EXISTS (SELECT 1 FROM refund_requests WHERE user_id = ?1 AND created_at > ?4 - ?5)
       RETURNING id`,
    )
    .bind(r.userId, r.transactionId, r.reason, r.now, r.windowMs)
    .first<{ id: number }>()
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
export const resolveRefundStmt = (db: Db, id: number, status: 'approved' | 'rejected', by: number, at: number): Stmt =>
  db.$client
    .prepare(
      `UPDATE refund_requests SET status = ?2, resolved_at = ?4, resolved_by = ?3 WHERE id = ?1 AND status = 'pending' RETURNING id`,
    )
    .bind(id, status, by, at)

// ── The daily job ────────────────────────────────────────────────────────────────────────────

/**
 * Ends what has ended (a stopped renewal past its end, or a subscription whose renewal never
 * came 3 days after its end) and turns the subscriber flag off for its people. Answers the
 * number of people whose plan ended and the ids of everyone touched.
 */
export async function expireSubscriptions(db: Db, now: number, graceMs: number) {
  const d1 = db.$client
  const ended = await d1
    .prepare(
      `UPDATE subscriptions SET status = ${SubscriptionStatus.disabled}, updated_at = ?1
       WHERE status = ${SubscriptionStatus.active} AND end_at IS NOT NULL AND (end_at <= ?1 AND (cancelled_at IS NOT NULL OR end_at <= ?1 - ?2))
       RETURNING user_id`,
    )
    .bind(now, graceMs)
    .all<{ user_id: number }>()
  const ids = [...new Set(ended.results.map((r) => r.user_id))]
  // Also anyone whose flag says subscriber with no live subscription left (e.g. seeded or set by hand).
  const unflagged = await d1
    .prepare(
      `UPDATE users SET subscriber = 0 WHERE subscriber = 1 AND NOT EXISTS (
         SELECT 1 FROM subscriptions s WHERE s.user_id = users.id AND s.status = ${SubscriptionStatus.active} AND (s.end_at IS NULL OR s.end_at > ?1 - ?2)
       ) AND id IN (SELECT user_id FROM subscriptions)
       RETURNING id`,
    )
    .bind(now, graceMs)
    .all<{ id: number }>()
  // `users`: whose row may have changed (their sessions carry the subscriber flag).
  return { ended: ids.length, users: [...new Set([...ids, ...unflagged.results.map((r) => r.id)])] }
}

/** Active yearly subscriptions, for their monthly session grants. */
export const activeYearly = (db: Db, now: number) =>
  db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      periodStartAt: subscriptions.periodStartAt,
      endAt: subscriptions.endAt,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, SubscriptionStatus.active),
        eq(subscriptions.interval, 'year'),
        sql`${subscriptions.endAt} > ${now}`,
      ),
    )
    .all()
