// Payments: credits, subscriptions, transactions, webhooks, refunds.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { SubscriptionStatus, SubscriptionType } from '#shared/enums'
import { ts, tsNow, createdAt, json, id, belongsTo, linksTo, timestamps } from './columns'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Payments: credits, subscriptions, transactions, webhooks, refunds (SPEC §3, §5, §9; DESIGN §5)
// ═════════════════════════════════════════════════════════════════════════════════════════════

/** Append-only: never UPDATE or DELETE a row (user_id goes NULL when the user is deleted).
 *  Balance = SUM(amount_cents) WHERE user_id = ?. (reason, reference) is unique, so crediting
 *  the same payment / refunding the same appointment twice fails instead of doubling money. */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: id(),
    userId: linksTo('user_id', () => users.id),
    amountCents: integer('amount_cents').notNull(),
    /** e.g. 'topup', 'subscription_grant', 'appointment_booking', 'appointment_refund', 'admin_adjustment'. */
    reason: text('reason').notNull(),
    /** What caused it, e.g. 'checkout:cs_…', 'appointment:42': with reason, the row's idempotency key. */
    reference: text('reference'),
    /** Who moved the credits: 'payment' | 'appointment' | 'admin' | 'seed' (src/worker/ledger). */
    source: text('source').$type<'payment' | 'appointment' | 'admin' | 'seed'>(),
    /** The payment whose credits these are (transactions.grant_key): its grants and their reversals. */
    paymentKey: text('payment_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_ledger_reason_reference_uq').on(t.reason, t.reference),
    index('credit_ledger_payment_idx').on(t.paymentKey),
  ],
)

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    title: text('title').notNull(),
    type: integer('type').$type<SubscriptionType>().notNull().default(1),
    status: integer('status').$type<SubscriptionStatus>().notNull().default(1),
    /** 'month' | 'year' for recurrent subscriptions (SPEC §9 monthly / yearly plans). */
    interval: text('interval').$type<'month' | 'year'>(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    /** The catalogue item bought (src/shared/catalogue.ts), e.g. 'monthly'. */
    item: text('item'),
    /** Start of the paid period: the yearly plan's monthly session grants count from it. */
    periodStartAt: ts('period_start_at'),
    endAt: ts('end_at'),
    /** `created` of the newest Stripe event applied: an older event arriving late changes nothing. */
    stripeEventAt: integer('stripe_event_at'),
    /** When the person stopped the renewal (it stays active until end_at). NULL: it renews. */
    cancelledAt: ts('cancelled_at'),
    /** A second plan paid while one was active (issue 20 §2): born ended, refunded and cancelled at Stripe. */
    duplicate: integer('duplicate', { mode: 'boolean' }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.status)],
)

export const transactions = sqliteTable(
  'transactions',
  {
    id: id(),
    userId: linksTo('user_id', () => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    kind: text('kind').$type<'subscription' | 'topup' | 'refund' | 'appointment'>().notNull(),
    provider: text('provider').$type<'stripe' | 'razorpay' | 'internal'>().notNull().default('stripe'),
    providerRef: text('provider_ref'),
    /** Stripe's payment intent (pi_…): what a refund names. */
    paymentIntent: text('payment_intent'),
    /** The catalogue item paid for. */
    item: text('item'),
    /** The ledger rows this payment funds carry this key (credit_ledger.payment_key). */
    grantKey: text('grant_key'),
    /** The plan a subscription payment paid for: a refund ends that plan, no other. */
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Cents of this payment given back so far (Stripe's amount_refunded); partial refunds add up. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The credits this payment buys in all (issue 32 §2): a pack's, a month of a plan, or a yearly
     * plan's twelve months. Its credits are capped by the share of it not given back.
     */
    creditCents: integer('credit_cents'),
    status: text('status').$type<'pending' | 'succeeded' | 'failed' | 'refunded'>().notNull().default('pending'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('transactions_provider_ref_uq').on(t.provider, t.providerRef),
    // A refund names its payment intent; a grant's cap reads its payment by key (issue 32 §2).
    index('transactions_payment_intent_idx').on(t.paymentIntent),
    index('transactions_grant_key_idx').on(t.grantKey),
  ],
)

/** Stripe webhook idempotency: INSERT the event id first; a replay hits the primary key (DESIGN §5). */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(), // Stripe's evt_… id
    type: text('type').notNull(),
    payload: json<unknown>('payload'),
    receivedAt: tsNow('received_at'),
    appliedAt: ts('applied_at'),
    /** A refund that came before its payment: the payment intent it waits for (applied when that payment is). */
    waitingFor: text('waiting_for'),
  },
  (t) => [index('stripe_events_waiting_idx').on(t.waitingFor)],
)

/**
 * What we must still tell Stripe (cancel a plan, refund a payment), written in the same batch as
 * the decision and done after it, again by the minute cron until Stripe confirms: erasing an
 * account or refunding a plan never waits on Stripe being up (issue 20 §3). `key` is also the
 * Idempotency-Key sent to Stripe, so a retry never refunds twice.
 */
export const stripeActions = sqliteTable(
  'stripe_actions',
  {
    key: text('key').primaryKey(),
    kind: text('kind').$type<'cancel_subscription' | 'refund_payment'>().notNull(),
    /** The Stripe object acted on: sub_… or pi_…. */
    target: text('target').notNull(),
    /** Cents, for a partial refund; NULL: the whole payment. */
    amountCents: integer('amount_cents'),
    /** No FK: the action outlives an erased account. */
    userId: integer('user_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: integer('next_at').notNull(),
    doneAt: integer('done_at'),
    /** Stripe refused it for good (a disputed charge, more than is left): never tried again. */
    failedAt: integer('failed_at'),
    /** Claimed by a runner until then (ms): the cron and a request never call Stripe for it at once. */
    leaseUntil: integer('lease_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('stripe_actions_due_idx').on(t.doneAt, t.nextAt), index('stripe_actions_target_idx').on(t.target)],
)

/**
 * Refunds Stripe accepted that then failed at the card's bank (a closed or expired card: Stripe's
 * refund.failed, its money back in our Stripe balance). One row per Stripe refund, written in the
 * batch that applies the failure (the payment's refunded cents go down, its credits come back:
 * refund.events.ts refundFailed), so a failure told again changes nothing (docs/decisions/037).
 */
export const failedRefunds = sqliteTable('failed_refunds', {
  refundId: text('refund_id').primaryKey(), // Stripe's re_… id
  paymentIntent: text('payment_intent').notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** Our `stripe_actions` key that made the refund (its metadata.action); NULL: made in the Dashboard. */
  action: text('action'),
  /**
   * When Stripe made the refund (its `created`) and when it said it failed (the event's `created`),
   * ms: a charge.refunded told between the two still counts the failed refund, and is read without
   * it (issue 41: the failure may be delivered first). NULL for failures recorded before 0025.
   */
  refundAt: integer('refund_at'),
  failedAt: integer('failed_at'),
  createdAt: createdAt(),
})

/** SPEC §5/§9: once every 7 days per user (the message shows the earlier request's time). */
export const refundRequests = sqliteTable(
  'refund_requests',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    transactionId: linksTo('transaction_id', () => transactions.id),
    reason: text('reason'),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: linksTo('resolved_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('refund_requests_user_idx').on(t.userId, t.createdAt)],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type CreditLedgerEntry = typeof creditLedger.$inferSelect
export type Subscription = typeof subscriptions.$inferSelect
export type Transaction = typeof transactions.$inferSelect
export type RefundRequest = typeof refundRequests.$inferSelect
export type StripeAction = typeof stripeActions.$inferSelect
