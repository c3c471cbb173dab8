// Applying Stripe's webhook events (issue 10 §3). Every event is applied with writes keyed so a
// second application changes nothing (payments.repo.ts), so an event delivered 3 times, at the
// same time, or after a newer one ends in the same state. The fields are read defensively:
// Stripe moved some between API versions (invoice.subscription → invoice.parent.…; a
// subscription's period → its items), and both places are read.
import { catalogueItem, type CatalogueItem } from '#shared/catalogue'
import { SubscriptionStatus } from '#shared/enums'
import type { Db } from '#worker/db/client'
import * as repo from './payments.repo'
import type { StripeEvent } from './stripe'

type Obj = Record<string, any>
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'object' && v && typeof (v as Obj).id === 'string' ? (v as Obj).id : null)
const secToMs = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v * 1000 : null)
const userIdOf = (meta: Obj | null | undefined): number | null => {
  const n = Number(meta?.user_id)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** The title stored on a subscription and shown on the page (the catalogue item's name, not localised data). */
export const subscriptionTitle = (item: CatalogueItem | undefined, interval: 'month' | 'year' | null) =>
  item?.id === 'yearly' || interval === 'year' ? 'Calma yearly' : 'Calma monthly'

/** The ledger reference of a plan's session grant: one per subscription, period and month of it. */
export const grantReference = (stripeSubscriptionId: string, periodStartMs: number, month: number) => `sub:${stripeSubscriptionId}:${Math.floor(periodStartMs / 1000)}:${month}`

export async function applyEvent(db: Db, event: StripeEvent, now = Date.now()): Promise<'applied' | 'ignored'> {
  const o = (event.data?.object ?? {}) as Obj
  const at = (event.created ?? Math.floor(now / 1000)) * 1000
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(db, o, at, now)
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return invoicePaid(db, o, at, now)
    case 'invoice.payment_failed':
      return invoiceFailed(db, o, at)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(db, o, at, now, event.type === 'customer.subscription.deleted')
    case 'charge.refunded':
      return chargeRefunded(db, o, now)
    default:
      return 'ignored'
  }
}

async function checkoutCompleted(db: Db, s: Obj, at: number, now: number) {
  const userId = userIdOf(s.metadata) ?? userIdOf({ user_id: s.client_reference_id })
  const item = catalogueItem(String(s.metadata?.item ?? ''))
  if (!userId || !item) return 'ignored'
  const stmts: D1PreparedStatement[] = []
  const customer = str(s.customer)
  if (customer) stmts.push(repo.setStripeIdStmt(db, userId, customer))
  if (s.mode === 'payment') {
    if (s.payment_status !== 'paid') return 'ignored' // an async method still on its way: its own event follows
    stmts.push(
      repo.recordPaymentStmt(db, { userId, amountCents: Number(s.amount_total ?? item.price_cents), currency: String(s.currency ?? 'usd'), kind: 'topup', providerRef: String(s.id), paymentIntent: str(s.payment_intent), item: item.id, status: 'succeeded', description: item.id, at }),
      repo.grantStmt(db, userId, item.credit_cents, 'topup', `checkout:${s.id}`, at),
    )
  } else if (s.mode === 'subscription') {
    const sub = str(s.subscription)
    if (!sub) return 'ignored'
    // The period comes with the invoice; until it does, the plan runs one interval from now.
    const provisionalEnd = item.interval === 'year' ? addMonths(at, 12) : addMonths(at, 1)
    stmts.push(
      repo.openSubscriptionStmt(db, { stripeSubscriptionId: sub, userId, title: subscriptionTitle(item, item.interval), item: item.id, interval: item.interval, periodStartAt: null, endAt: provisionalEnd, eventAt: at }),
      repo.syncSubscriberStmt(db, userId, now),
    )
  } else return 'ignored'
  await repo.runBatch(db, stmts)
  return 'applied'
}

/** Where an invoice says its subscription is, and what our checkout wrote on it. */
function invoiceSubscription(inv: Obj): { sub: string | null; meta: Obj } {
  const details = inv.parent?.subscription_details ?? inv.subscription_details ?? null
  const line = inv.lines?.data?.[0]
  const meta = { ...(line?.metadata ?? {}), ...(details?.metadata ?? {}) }
  return { sub: str(details?.subscription) ?? str(inv.subscription) ?? str(line?.parent?.subscription_item_details?.subscription) ?? str(line?.subscription), meta }
}

async function userOf(db: Db, meta: Obj, customer: string | null, sub: string | null) {
  return userIdOf(meta) ?? (sub ? await repo.userIdOfStripeSubscription(db, sub) : null) ?? (customer ? await repo.findUserIdByStripeId(db, customer) : null)
}

async function invoicePaid(db: Db, inv: Obj, at: number, now: number) {
  const { sub, meta } = invoiceSubscription(inv)
  if (!sub) return 'ignored' // not a subscription invoice
  const customer = str(inv.customer)
  const userId = await userOf(db, meta, customer, sub)
  if (!userId) return 'ignored'
  const item = catalogueItem(String(meta.item ?? '')) ?? catalogueItem('monthly')!
  const period = inv.lines?.data?.[0]?.period ?? {}
  const start = secToMs(period.start) ?? at
  const end = secToMs(period.end) ?? (item.interval === 'year' ? addMonths(start, 12) : addMonths(start, 1))
  const paymentIntent = str(inv.payment_intent) ?? str(inv.payments?.data?.[0]?.payment?.payment_intent)
  const stmts = [
    ...(customer ? [repo.setStripeIdStmt(db, userId, customer)] : []),
    repo.openSubscriptionStmt(db, { stripeSubscriptionId: sub, userId, title: subscriptionTitle(item, item.interval), item: item.id, interval: item.interval, periodStartAt: start, endAt: end, eventAt: at }),
    repo.recordPaymentStmt(db, { userId, amountCents: Number(inv.amount_paid ?? item.price_cents), currency: String(inv.currency ?? 'usd'), kind: 'subscription', providerRef: String(inv.id), paymentIntent, item: item.id, status: 'succeeded', description: item.id, at }),
    // The period's sessions (SPEC §9: 4 a month); the yearly plan's later months come from the daily job.
    repo.grantStmt(db, userId, item.credit_cents, 'subscription_grant', grantReference(sub, start, 0), at),
    repo.syncSubscriberStmt(db, userId, now),
  ]
  await repo.runBatch(db, stmts)
  return 'applied'
}

async function invoiceFailed(db: Db, inv: Obj, at: number) {
  const { sub, meta } = invoiceSubscription(inv)
  const userId = await userOf(db, meta, str(inv.customer), sub)
  if (!userId) return 'ignored'
  const item = catalogueItem(String(meta.item ?? ''))
  // Stripe retries the payment and tells us what becomes of the subscription; until then it stays.
  await repo.runBatch(db, [
    repo.recordPaymentStmt(db, { userId, amountCents: Number(inv.amount_due ?? 0), currency: String(inv.currency ?? 'usd'), kind: 'subscription', providerRef: String(inv.id), paymentIntent: null, item: item?.id ?? null, status: 'failed', description: item?.id ?? 'subscription', at }),
  ])
  return 'applied'
}

const ACTIVE_STATES = new Set(['active', 'trialing', 'past_due'])
const ENDED_STATES = new Set(['canceled', 'unpaid', 'incomplete_expired'])

async function subscriptionChanged(db: Db, s: Obj, at: number, now: number, deleted: boolean) {
  const sub = str(s.id)
  if (!sub) return 'ignored'
  const userId = await userOf(db, s.metadata ?? {}, str(s.customer), sub)
  if (!userId) return 'ignored'
  const state = deleted ? 'canceled' : String(s.status ?? '')
  if (!ACTIVE_STATES.has(state) && !ENDED_STATES.has(state)) return 'ignored' // incomplete: the first payment decides
  const item = catalogueItem(String(s.metadata?.item ?? ''))
  const firstItem = s.items?.data?.[0] ?? {}
  const interval = (firstItem.price?.recurring?.interval ?? s.plan?.interval ?? item?.interval ?? null) as 'month' | 'year' | null
  const periodEnd = secToMs(firstItem.current_period_end) ?? secToMs(s.current_period_end)
  const endAt = deleted ? (secToMs(s.ended_at) ?? secToMs(s.canceled_at) ?? at) : periodEnd
  await repo.runBatch(db, [
    repo.setSubscriptionStateStmt(db, {
      stripeSubscriptionId: sub,
      userId,
      title: subscriptionTitle(item, interval),
      item: item?.id ?? null,
      interval,
      periodStartAt: secToMs(firstItem.current_period_start) ?? secToMs(s.current_period_start),
      endAt,
      eventAt: at,
      status: ENDED_STATES.has(state) ? SubscriptionStatus.disabled : SubscriptionStatus.active,
      renews: !s.cancel_at_period_end && !s.cancel_at,
    }),
    repo.syncSubscriberStmt(db, userId, now),
  ])
  return 'applied'
}

async function chargeRefunded(db: Db, charge: Obj, now: number) {
  const pi = str(charge.payment_intent)
  if (!pi) return 'ignored'
  const tx = await repo.findTransactionByPaymentIntent(db, pi)
  if (!tx || !tx.userId) return 'ignored'
  await repo.runBatch(db, await refundStatements(db, tx, now))
  return 'applied'
}

/**
 * What a refunded payment undoes, as one batch: the payment marked refunded, the credits it gave
 * taken back (never below zero, once per payment), and for a plan payment, the plan ended now.
 * Used by an admin's approval and by Stripe's charge.refunded alike, so whichever comes second
 * changes nothing.
 */
export async function refundStatements(db: Db, tx: { id: number; userId: number | null; kind: string; item: string | null }, now: number) {
  const item = catalogueItem(tx.item ?? '')
  const stmts = [repo.markRefundedStmt(db, tx.id)]
  if (!tx.userId) return stmts
  if (item) stmts.push(repo.reverseCreditsStmt(db, tx.userId, item.credit_cents, `payment:${tx.id}`, now))
  if (tx.kind === 'subscription') stmts.push(repo.disableSubscriptionsOfStmt(db, tx.userId, now), repo.syncSubscriberStmt(db, tx.userId, now))
  return stmts
}

/** `ms` plus whole calendar months (UTC), as Stripe bills: Jan 31 + 1 month → Feb 28/29. */
export function addMonths(ms: number, months: number) {
  const d = new Date(ms)
  const day = d.getUTCDate()
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, last))
  return target.getTime()
}
