// A plan's life at Stripe: its invoices paid or failed, and the subscription's changes. One plan
// at a time: the INSERT that creates a plan decides, atomically, whether it is the person's only
// live one; a second is born a duplicate, refunded and cancelled at Stripe (settleDuplicate).
import { sql } from 'drizzle-orm'
import { catalogueItem, formatMoney } from '#shared/catalogue'
import { SubscriptionStatus } from '#shared/enums'
import { type Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import { sendMail } from '#worker/mail/send'
import { refreshSessions } from '#worker/identity/sessions'
import * as ledger from '#worker/ledger/ledger'
import {
  addMonths,
  entitlementOf,
  paidFor,
  grantReference,
  ignored,
  personOf,
  planPaymentKey,
  subscriptionTitle,
  type Applied,
  type Stmt,
} from './events.shared'
import * as repo from './payments.repo'
import { enqueueActionStmt } from './stripe.actions'
import { idOf, intervalOf, itemOf, msOf, userIdOf, type InvoiceObject, type SubscriptionObject } from './stripe.objects'
import { localizedHref } from '#client/app/pages.ts'
import * as refundsRepo from './refunds.repo'

/**
 * Where an invoice says its subscription is, and what our checkout wrote on it (Stripe moved it
 * between API versions: invoice.subscription → invoice.parent.…; every place is read).
 */
function invoiceSubscription(inv: InvoiceObject): { sub: string | null; meta: Record<string, unknown> } {
  const details = inv.parent?.subscription_details ?? inv.subscription_details ?? null
  const line = inv.lines?.data?.[0]
  const meta = { ...line?.metadata, ...details?.metadata }
  return {
    sub:
      idOf(details?.subscription) ??
      idOf(inv.subscription) ??
      idOf(line?.parent?.subscription_item_details?.subscription) ??
      idOf(line?.subscription) ??
      null,
    meta,
  }
}

/** The invoice's payment intent (at the top before API 2025-03-31, in its payments after). */
const paymentIntentOf = (inv: InvoiceObject) =>
  idOf(inv.payment_intent) ?? idOf(inv.payments?.data?.[0]?.payment?.payment_intent) ?? null

export async function invoicePaid(env: Env, db: Db, inv: InvoiceObject, at: number, now: number): Promise<Applied> {
  const { sub, meta } = invoiceSubscription(inv)
  if (!sub) return ignored('not a subscription invoice')
  const paymentIntent = paymentIntentOf(inv)
  const customer = idOf(inv.customer)
  const amount = inv.amount_paid ?? 0
  const person = await personOf(
    db,
    userIdOf(meta),
    repo.userIdOfStripeSubscription(db, sub),
    customer ? repo.findUserIdByStripeId(db, customer) : null,
  )
  if (!person.id) return ignored('invoice of nobody we know')
  if (person.erased) {
    // Stripe still billed an erased account (its cancellation had not gone through yet): give the
    // money back and cancel the plan. Nothing about the person is written.
    // Only a charge first heard of now: one recorded before the erasure gave its sessions (unlike a
    // later renewal, below).
    const actions = [
      ...(paymentIntent && amount > 0
        ? [
            {
              key: `refund-erased-${inv.id}`,
              kind: 'refund_payment' as const,
              target: paymentIntent,
              onlyIf: repo.notYetPaid(inv.id),
            },
          ]
        : []),
      { key: `cancel-erase-${sub}`, kind: 'cancel_subscription' as const, target: sub },
    ]
    const written = await repo.runBatch(
      db,
      actions.map((a) => enqueueActionStmt({ ...a, now })),
    )
    console.warn(`stripe: invoice ${inv.id} of erased user ${person.id}: refunded and plan cancelled`)
    return {
      outcome: 'ignored',
      reason: 'erased user',
      actions: actions.filter((_, i) => written[i]?.results?.length).map((a) => a.key),
    }
  }
  const userId = person.id
  const item = catalogueItem(itemOf(meta)) ?? catalogueItem('monthly')!
  const period = inv.lines?.data?.[0]?.period
  const start = msOf(period?.start) ?? at
  const end = msOf(period?.end) ?? (item.interval === 'year' ? addMonths(start, 12) : addMonths(start, 1))
  const grantKey = planPaymentKey(sub, start)
  const plan = (state: SubscriptionStatus) =>
    sql`EXISTS (SELECT 1 FROM subscriptions WHERE stripe_subscription_id = ${sub} AND duplicate = 0 AND status = ${state})`
  // A plan we ended (refunded, erased, its time over) charged again: the money goes back whole and
  // the plan is cancelled at Stripe; it gives no sessions (a disabled plan never comes back). Only
  // a charge we hear of now for the first time: the same invoice told again (Stripe retrying a
  // delivery whose first answer failed after its batch, or its invoice.payment_succeeded) after the
  // plan ended was already granted, spent and maybe refunded in part; refunding it whole then gave
  // the money back with the sessions used (found from outside, docs/decisions/037). Read before the
  // payment is recorded, in the same batch.
  const ended = paymentIntent && amount > 0 ? [`refund-ended-${inv.id}`, `cancel-ended-${sub}`] : []
  const endedPlanCharged = sql`${plan(SubscriptionStatus.disabled)} AND ${repo.notYetPaid(inv.id)}`
  const stmts = [
    ...(customer ? [repo.setStripeIdStmt(userId, customer)] : []),
    repo.openSubscriptionStmt({
      stripeSubscriptionId: sub,
      userId,
      title: subscriptionTitle(item, item.interval),
      item: item.id,
      interval: item.interval,
      periodStartAt: start,
      endAt: end,
      eventAt: at,
    }),
    ...(paymentIntent && amount > 0
      ? [
          enqueueActionStmt({
            key: ended[0]!,
            kind: 'refund_payment',
            target: paymentIntent,
            userId,
            now,
            onlyIf: endedPlanCharged,
          }),
          enqueueActionStmt({
            key: ended[1]!,
            kind: 'cancel_subscription',
            target: sub,
            userId,
            now,
            onlyIf: endedPlanCharged,
          }),
        ]
      : []),
    repo.recordPaymentStmt({
      userId,
      amountCents: amount,
      currency: inv.currency ?? 'usd',
      kind: 'subscription',
      providerRef: inv.id,
      paymentIntent,
      at,
      grantKey,
      ...paidFor(item),
      stripeSubscriptionId: sub,
    }),
    // The period's sessions (SPEC §9: 4 a month) while the plan is live and not a second one (that
    // is refunded instead); the yearly plan's later months come from the daily job.
    ledger.grantStmt({
      userId,
      cents: item.credit_cents,
      reason: 'subscription_grant',
      reference: grantReference(sub, start, 0),
      paymentKey: grantKey,
      cap: refundsRepo.capOf(grantKey),
      at,
      onlyIf: plan(SubscriptionStatus.active),
    }),
    repo.syncSubscriberStmt(userId, now),
  ]
  await repo.runBatch(db, stmts)
  await refreshSessions(env, userId)
  return {
    outcome: 'applied',
    actions: [...ended, ...(await settleDuplicate(env, db, sub, userId, now))],
    paid: paymentIntent,
  }
}

/**
 * A plan that was born a duplicate (issue 20 §2): its payments are refunded whole and it is
 * cancelled at Stripe, once each (the actions' keys); the person gets one kind mail, sent by the
 * call that wrote the cancellation.
 */
export async function settleDuplicate(env: Env, db: Db, sub: string, userId: number, now: number): Promise<string[]> {
  const row = await repo.findSubscription(db, sub)
  if (!row?.duplicate) return []
  const payments = await repo.paymentsOfSubscription(db, sub)
  // Each action with the statement that enqueues it; its RETURNING says whether this call wrote it.
  const actions = [
    {
      key: `cancel-duplicate-${sub}`,
      stmt: enqueueActionStmt({
        key: `cancel-duplicate-${sub}`,
        kind: 'cancel_subscription',
        target: sub,
        userId,
        now,
      }),
    },
  ]
  const stmts: Stmt[] = [actions[0]!.stmt]
  for (const p of payments) {
    if (p.status !== 'succeeded' || !p.paymentIntent) continue
    const key = `refund-duplicate-${p.providerRef}`
    const stmt = enqueueActionStmt({ key, kind: 'refund_payment', target: p.paymentIntent, userId, now })
    actions.push({ key, stmt })
    stmts.push(stmt)
  }
  const results = await repo.runBatch(db, stmts)
  const wrote = actions.filter((a) => results[stmts.indexOf(a.stmt)]?.results?.length).map((a) => a.key)
  if (wrote.includes(`cancel-duplicate-${sub}`)) {
    const payer = await repo.findPayer(db, userId)
    const locale: Locale = payer?.language === 'en' ? 'en' : 'es'
    const refunded = payments.filter((p) => p.paymentIntent).reduce((n, p) => n + p.amountCents, 0)
    const base = (env.APP_URL ?? 'http://localhost:8787').replace(/\/$/, '')
    if (payer?.email)
      await sendMail(env, {
        to: payer.email,
        template: 'payment',
        locale,
        data: {
          kind: 'duplicate_plan',
          name: payer.name,
          amount: formatMoney(refunded || (catalogueItem(row.item ?? '')?.price_cents ?? 0), locale),
          link: `${base}${localizedHref(locale, 'subscription')}`,
        },
      }).catch((err) => console.warn(`duplicate plan mail to user ${userId} not sent: ${String(err)}`))
  }
  return wrote
}

export async function invoiceFailed(db: Db, inv: InvoiceObject, at: number): Promise<Applied> {
  const { sub, meta } = invoiceSubscription(inv)
  const customer = idOf(inv.customer)
  const person = await personOf(
    db,
    userIdOf(meta),
    sub ? repo.userIdOfStripeSubscription(db, sub) : null,
    customer ? repo.findUserIdByStripeId(db, customer) : null,
  )
  if (!person.id || person.erased) return ignored('failed invoice of nobody we know')
  const item = catalogueItem(itemOf(meta))
  // Stripe retries the payment and tells us what becomes of the subscription; until then it stays.
  await repo.runBatch(db, [
    repo.recordPaymentStmt({
      userId: person.id,
      amountCents: inv.amount_due ?? 0,
      currency: inv.currency ?? 'usd',
      kind: 'subscription',
      providerRef: inv.id,
      paymentIntent: null,
      item: item?.id ?? null,
      status: 'failed',
      description: item?.id ?? 'subscription',
      at,
      grantKey: null,
      creditCents: item ? entitlementOf(item) : null,
      stripeSubscriptionId: sub,
    }),
  ])
  return { outcome: 'applied', actions: [] }
}

// Stripe's subscription statuses (docs.stripe.com/billing/subscriptions/overview#subscription-statuses),
// decided in docs/decisions/059:
// - active, trialing: paid; access to the period's end.
// - past_due: the renewal's payment failed and Stripe is retrying it. Access ends where the paid
//   period ended (never the unpaid one): the plan waits RENEWAL_GRACE_MS (3 days) for a retry that
//   succeeds (invoice.paid gives the new period at once), then the daily job ends it.
// - unpaid (retries exhausted, Stripe keeps the subscription and its open invoices): ended here and
//   cancelled at Stripe, so no later payment of an invoice buys a plan we ended.
// - canceled, incomplete_expired: ended by Stripe.
const ACTIVE_STATES = new Set<string>(['active', 'trialing', 'past_due'])
const ENDED_STATES = new Set<string>(['canceled', 'unpaid', 'incomplete_expired'])

export async function subscriptionChanged(
  env: Env,
  db: Db,
  s: SubscriptionObject,
  at: number,
  now: number,
  deleted: boolean,
): Promise<Applied> {
  const customer = idOf(s.customer)
  const person = await personOf(
    db,
    userIdOf(s.metadata),
    repo.userIdOfStripeSubscription(db, s.id),
    customer ? repo.findUserIdByStripeId(db, customer) : null,
  )
  if (!person.id) return ignored('subscription of nobody we know')
  if (person.erased) {
    if (deleted || !ACTIVE_STATES.has(s.status ?? '')) return ignored('erased user')
    const [w] = await repo.runBatch(db, [
      enqueueActionStmt({ key: `cancel-erase-${s.id}`, kind: 'cancel_subscription', target: s.id, now }),
    ])
    return { outcome: 'ignored', reason: 'erased user', actions: w?.results?.length ? [`cancel-erase-${s.id}`] : [] }
  }
  const userId = person.id
  const state: string = deleted ? 'canceled' : (s.status ?? '')
  if (!ACTIVE_STATES.has(state) && !ENDED_STATES.has(state)) return ignored(`state ${state}`) // incomplete: the first payment decides
  const item = catalogueItem(itemOf(s.metadata))
  const firstItem = s.items?.data?.[0]
  const interval =
    intervalOf(firstItem?.price?.recurring?.interval) ?? intervalOf(s.plan?.interval) ?? item?.interval ?? null
  const periodEnd = msOf(firstItem?.current_period_end) ?? msOf(s.current_period_end)
  const periodStart = msOf(firstItem?.current_period_start) ?? msOf(s.current_period_start)
  // past_due: Stripe has moved the period on, but the new one is not paid: it ends where it began.
  const pastDue = state === 'past_due'
  const endAt = deleted
    ? (msOf(s.ended_at) ?? msOf(s.canceled_at) ?? at)
    : pastDue
      ? (periodStart ?? periodEnd)
      : periodEnd
  // unpaid: the subscription stays at Stripe with its open invoices; it is cancelled there, once.
  const cancelUnpaid = !deleted && state === 'unpaid' ? `cancel-unpaid-${s.id}` : null
  const results = await repo.runBatch(db, [
    repo.setSubscriptionStateStmt({
      stripeSubscriptionId: s.id,
      userId,
      title: subscriptionTitle(item, interval),
      item: item?.id ?? null,
      interval,
      // The unpaid period is not the plan's period (a refund of the last paid one still ends it).
      periodStartAt: pastDue ? null : periodStart,
      endAt,
      eventAt: at,
      status: ENDED_STATES.has(state) ? SubscriptionStatus.disabled : SubscriptionStatus.active,
      renews: !s.cancel_at_period_end && !s.cancel_at,
      unpaid: pastDue,
    }),
    repo.syncSubscriberStmt(userId, now),
    ...(cancelUnpaid
      ? [enqueueActionStmt({ key: cancelUnpaid, kind: 'cancel_subscription', target: s.id, userId, now })]
      : []),
  ])
  await refreshSessions(env, userId)
  const cancels = cancelUnpaid && results[2]?.results?.length ? [cancelUnpaid] : []
  return {
    outcome: 'applied',
    actions: deleted ? [] : [...cancels, ...(await settleDuplicate(env, db, s.id, userId, now))],
  }
}
