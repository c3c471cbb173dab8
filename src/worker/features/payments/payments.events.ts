// Applying Stripe's webhook events (issue 10 §3, issue 20 §2–3). Stripe is the truth for what was
// paid; we reconcile to it whatever order its events come in, and answer 2xx to what we choose to
// ignore (an endpoint that keeps failing is disabled by Stripe).
// - Every write is keyed, so an event applied twice, at the same time or after a newer one ends
//   in the same state (payments.repo.ts; credits through src/worker/ledger).
// - One plan at a time: the INSERT that creates a plan decides, atomically, whether it is the
//   person's only live one; a second is born a duplicate, refunded and cancelled at Stripe.
// - A refund that arrives before its payment waits for it and is applied right after it: it wins.
// - Events for erased or unknown people, and events whose fields are not what Stripe sends, are
//   ignored and logged; an erased person's renewal is refunded and the plan cancelled.
// Fields are read through zod (Stripe moved some between API versions: invoice.subscription →
// invoice.parent.…, a subscription's period → its items; both places are read).
import { z } from 'zod'
import { catalogueItem, formatMoney, type CatalogueItem } from '#shared/catalogue'
import { SubscriptionStatus } from '#shared/enums'
import { localizePath, type Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import { refreshSessions } from '#worker/features/users/session'
import * as ledger from '#worker/ledger/ledger'
import { sendMail } from '#worker/features/mail/mail.service'
import * as repo from './payments.repo'
import { enqueueActionStmt } from './stripe.actions'

type Stmt = D1PreparedStatement
export type Outcome = 'applied' | 'ignored' | 'waiting'
export interface Applied {
  outcome: Outcome
  /** Why it was ignored (logged). */
  reason?: string
  /** Stripe actions this event wrote: the caller tries them now. */
  actions: string[]
}

// ── What we read of Stripe's objects ─────────────────────────────────────────────────────────

const idOf = z
  .union([z.string().min(1), z.object({ id: z.string().min(1) }).transform((o) => o.id)])
  .nullish()
  .transform((v) => v ?? null)
const cents = z.number().int().nonnegative()
const seconds = z
  .number()
  .finite()
  .nullish()
  .transform((v) => (v == null ? null : v * 1000))
const meta = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((m) => m ?? {})

/** The envelope every event has; anything else (a signed `{}` or `[]`) is ignored. */
export const eventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().positive().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})
export type StripeEventEnvelope = z.infer<typeof eventEnvelope>

const checkoutSession = z.object({
  id: z.string().min(1),
  mode: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: cents.nullish(),
  currency: z.string().nullish(),
  customer: idOf,
  client_reference_id: z.string().nullish(),
  metadata: meta,
  payment_intent: idOf,
  subscription: idOf,
})

const invoice = z.object({
  id: z.string().min(1),
  customer: idOf,
  amount_paid: cents.nullish(),
  amount_due: cents.nullish(),
  currency: z.string().nullish(),
  subscription: idOf,
  payment_intent: idOf,
  payments: z.object({ data: z.array(z.object({ payment: z.object({ payment_intent: idOf }).nullish() })) }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf, metadata: meta }).nullish() }).nullish(),
  subscription_details: z.object({ subscription: idOf, metadata: meta }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          metadata: meta,
          subscription: idOf,
          period: z.object({ start: seconds, end: seconds }).nullish(),
          parent: z.object({ subscription_item_details: z.object({ subscription: idOf }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
})

const subscription = z.object({
  id: z.string().min(1),
  status: z.string().nullish(),
  customer: idOf,
  metadata: meta,
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: z.number().nullish(),
  ended_at: seconds,
  canceled_at: seconds,
  current_period_start: seconds,
  current_period_end: seconds,
  plan: z.object({ interval: z.string().nullish() }).nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_start: seconds,
          current_period_end: seconds,
          price: z.object({ recurring: z.object({ interval: z.string().nullish() }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
})

const charge = z.object({
  id: z.string().nullish(),
  payment_intent: idOf,
  amount: cents.nullish(),
  amount_refunded: cents,
  currency: z.string().nullish(),
})

const userIdOf = (m: Record<string, unknown> | null | undefined): number | null => {
  const n = Number(m?.user_id)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
const intervalOf = (v: unknown): 'month' | 'year' | null => (v === 'month' || v === 'year' ? v : null)

/** The title stored on a subscription and shown on the page (the catalogue item's name, not localised data). */
export const subscriptionTitle = (item: CatalogueItem | undefined, interval: 'month' | 'year' | null) =>
  item?.id === 'yearly' || interval === 'year' ? 'Calma yearly' : 'Calma monthly'

/** The ledger reference of a plan's session grant: one per subscription, period and month of it. */
export const grantReference = (stripeSubscriptionId: string, periodStartMs: number, month: number) =>
  `${planPaymentKey(stripeSubscriptionId, periodStartMs)}:${month}`
/** The payment key of a plan's period: every grant of that period carries it (a yearly plan's 12). */
export const planPaymentKey = (stripeSubscriptionId: string, periodStartMs: number) =>
  `sub:${stripeSubscriptionId}:${Math.floor(periodStartMs / 1000)}`

const ignored = (reason: string): Applied => ({ outcome: 'ignored', reason, actions: [] })

/** Apply one verified event. `env` for the mail and Stripe actions a decision may need. */
export async function applyEvent(env: Env, db: Db, raw: unknown, now = Date.now()): Promise<Applied> {
  const env_ = eventEnvelope.safeParse(raw)
  if (!env_.success) return ignored('not an event')
  const event = env_.data
  const o = event.data.object
  const at = (event.created ?? Math.floor(now / 1000)) * 1000
  const read = <T extends z.ZodTypeAny>(schema: T): z.infer<T> | null => {
    const r = schema.safeParse(o)
    return r.success ? r.data : null
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = read(checkoutSession)
      return s ? checkoutCompleted(env, db, s, at, now) : ignored(`malformed ${event.type}`)
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const inv = read(invoice)
      return inv ? invoicePaid(env, db, inv, at, now) : ignored(`malformed ${event.type}`)
    }
    case 'invoice.payment_failed': {
      const inv = read(invoice)
      return inv ? invoiceFailed(db, inv, at) : ignored(`malformed ${event.type}`)
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const s = read(subscription)
      return s
        ? subscriptionChanged(env, db, s, at, now, event.type === 'customer.subscription.deleted')
        : ignored(`malformed ${event.type}`)
    }
    case 'charge.refunded': {
      const c = read(charge)
      return c ? chargeRefunded(env, db, event.id, c, now) : ignored('malformed charge.refunded')
    }
    default:
      return ignored(`type ${event.type} not used`)
  }
}

/** The person an event is about, if they still exist. */
async function personOf(
  db: Db,
  ...candidates: (number | null | Promise<number | null>)[]
): Promise<{ id: number | null; erased: boolean }> {
  for (const c of candidates) {
    const id = await c
    if (id) return { id, erased: !(await repo.userExists(db, id)) }
  }
  return { id: null, erased: false }
}

async function checkoutCompleted(
  env: Env,
  db: Db,
  s: z.infer<typeof checkoutSession>,
  at: number,
  now: number,
): Promise<Applied> {
  const item = catalogueItem(String(s.metadata.item ?? ''))
  const person = await personOf(db, userIdOf(s.metadata), userIdOf({ user_id: s.client_reference_id }))
  if (!person.id || !item) return ignored('checkout without a person or an item of ours')
  if (person.erased) return ignored(`checkout of erased user ${person.id}`)
  const userId = person.id
  const stmts: Stmt[] = []
  if (s.customer) stmts.push(repo.setStripeIdStmt(db, userId, s.customer))
  if (s.mode === 'payment') {
    if (s.payment_status !== 'paid') return ignored('payment still on its way') // an async method: its own event follows
    const grantKey = `checkout:${s.id}`
    stmts.push(
      repo.recordPaymentStmt(db, {
        userId,
        amountCents: s.amount_total ?? item.price_cents,
        currency: s.currency ?? 'usd',
        kind: 'topup',
        providerRef: s.id,
        paymentIntent: s.payment_intent,
        item: item.id,
        status: 'succeeded',
        description: item.id,
        at,
        grantKey,
        stripeSubscriptionId: null,
      }),
      ledger.grantStmt(db, {
        userId,
        cents: item.credit_cents,
        reason: 'topup',
        reference: grantKey,
        paymentKey: grantKey,
        at,
      }),
    )
    await repo.runBatch(db, stmts)
    await refreshSessions(env, userId) // the Stripe customer id is on the person's row
    return { outcome: 'applied', actions: await applyWaitingRefunds(env, db, s.payment_intent, now) }
  }
  if (s.mode !== 'subscription' || !s.subscription) return ignored('checkout of another mode')
  // The period comes with the invoice; until it does, the plan runs one interval from now.
  const provisionalEnd = item.interval === 'year' ? addMonths(at, 12) : addMonths(at, 1)
  stmts.push(
    repo.openSubscriptionStmt(db, {
      stripeSubscriptionId: s.subscription,
      userId,
      title: subscriptionTitle(item, item.interval),
      item: item.id,
      interval: item.interval,
      periodStartAt: null,
      endAt: provisionalEnd,
      eventAt: at,
    }),
    repo.syncSubscriberStmt(db, userId, now),
  )
  await repo.runBatch(db, stmts)
  await refreshSessions(env, userId) // the subscriber flag travels with the sessions
  return { outcome: 'applied', actions: await settleDuplicate(env, db, s.subscription, userId, now) }
}

/** Where an invoice says its subscription is, and what our checkout wrote on it. */
function invoiceSubscription(inv: z.infer<typeof invoice>): { sub: string | null; meta: Record<string, unknown> } {
  const details = inv.parent?.subscription_details ?? inv.subscription_details ?? null
  const line = inv.lines?.data?.[0]
  const meta = { ...line?.metadata, ...details?.metadata }
  return {
    sub:
      details?.subscription ??
      inv.subscription ??
      line?.parent?.subscription_item_details?.subscription ??
      line?.subscription ??
      null,
    meta,
  }
}

async function invoicePaid(env: Env, db: Db, inv: z.infer<typeof invoice>, at: number, now: number): Promise<Applied> {
  const { sub, meta } = invoiceSubscription(inv)
  if (!sub) return ignored('not a subscription invoice')
  const paymentIntent = inv.payment_intent ?? inv.payments?.data?.[0]?.payment?.payment_intent ?? null
  const amount = inv.amount_paid ?? 0
  const person = await personOf(
    db,
    userIdOf(meta),
    repo.userIdOfStripeSubscription(db, sub),
    inv.customer ? repo.findUserIdByStripeId(db, inv.customer) : null,
  )
  if (!person.id) return ignored('invoice of nobody we know')
  if (person.erased) {
    // Stripe still billed an erased account (its cancellation had not gone through yet): give the
    // money back and cancel the plan. Nothing about the person is written.
    const actions = [
      ...(paymentIntent && amount > 0
        ? [{ key: `refund-erased-${inv.id}`, kind: 'refund_payment' as const, target: paymentIntent }]
        : []),
      { key: `cancel-erase-${sub}`, kind: 'cancel_subscription' as const, target: sub },
    ]
    const written = await repo.runBatch(
      db,
      actions.map((a) => enqueueActionStmt(db, { ...a, now })),
    )
    console.warn(`stripe: invoice ${inv.id} of erased user ${person.id}: refunded and plan cancelled`)
    return {
      outcome: 'ignored',
      reason: 'erased user',
      actions: actions.filter((_, i) => written[i]?.results?.length).map((a) => a.key),
    }
  }
  const userId = person.id
  const item = catalogueItem(String(meta.item ?? '')) ?? catalogueItem('monthly')!
  const period = inv.lines?.data?.[0]?.period
  const start = period?.start ?? at
  const end = period?.end ?? (item.interval === 'year' ? addMonths(start, 12) : addMonths(start, 1))
  const grantKey = planPaymentKey(sub, start)
  const stmts = [
    ...(inv.customer ? [repo.setStripeIdStmt(db, userId, inv.customer)] : []),
    repo.openSubscriptionStmt(db, {
      stripeSubscriptionId: sub,
      userId,
      title: subscriptionTitle(item, item.interval),
      item: item.id,
      interval: item.interval,
      periodStartAt: start,
      endAt: end,
      eventAt: at,
    }),
    repo.recordPaymentStmt(db, {
      userId,
      amountCents: amount,
      currency: inv.currency ?? 'usd',
      kind: 'subscription',
      providerRef: inv.id,
      paymentIntent,
      item: item.id,
      status: 'succeeded',
      description: item.id,
      at,
      grantKey,
      stripeSubscriptionId: sub,
    }),
    // The period's sessions (SPEC §9: 4 a month), unless this plan is a second one (refunded
    // instead); the yearly plan's later months come from the daily job.
    ledger.grantStmt(db, {
      userId,
      cents: item.credit_cents,
      reason: 'subscription_grant',
      reference: grantReference(sub, start, 0),
      paymentKey: grantKey,
      at,
      onlyIf: {
        sql: 'EXISTS (SELECT 1 FROM subscriptions WHERE stripe_subscription_id = ?7 AND duplicate = 0)',
        params: [sub],
      },
    }),
    repo.syncSubscriberStmt(db, userId, now),
  ]
  await repo.runBatch(db, stmts)
  await refreshSessions(env, userId)
  const actions = await settleDuplicate(env, db, sub, userId, now)
  return { outcome: 'applied', actions: [...actions, ...(await applyWaitingRefunds(env, db, paymentIntent, now))] }
}

/**
 * A plan that was born a duplicate (issue 20 §2): its payments are refunded whole and it is
 * cancelled at Stripe, once each (the actions' keys); the person gets one kind mail, sent by the
 * call that wrote the cancellation.
 */
async function settleDuplicate(env: Env, db: Db, sub: string, userId: number, now: number): Promise<string[]> {
  const row = await repo.findSubscription(db, sub)
  if (!row?.duplicate) return []
  const payments = await repo.paymentsOfSubscription(db, sub)
  // Each action with the statement that enqueues it; its RETURNING says whether this call wrote it.
  const actions = [
    {
      key: `cancel-duplicate-${sub}`,
      stmt: enqueueActionStmt(db, {
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
    const stmt = enqueueActionStmt(db, { key, kind: 'refund_payment', target: p.paymentIntent, userId, now })
    actions.push({ key, stmt })
    stmts.push(stmt, repo.setRefundedStmt(db, p.id, p.amountCents))
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
          link: `${base}${localizePath('/subscription', locale)}`,
        },
      }).catch((err) => console.warn(`duplicate plan mail to user ${userId} not sent: ${String(err)}`))
  }
  return wrote
}

async function invoiceFailed(db: Db, inv: z.infer<typeof invoice>, at: number): Promise<Applied> {
  const { sub, meta } = invoiceSubscription(inv)
  const person = await personOf(
    db,
    userIdOf(meta),
    sub ? repo.userIdOfStripeSubscription(db, sub) : null,
    inv.customer ? repo.findUserIdByStripeId(db, inv.customer) : null,
  )
  if (!person.id || person.erased) return ignored('failed invoice of nobody we know')
  const item = catalogueItem(String(meta.item ?? ''))
  // Stripe retries the payment and tells us what becomes of the subscription; until then it stays.
  await repo.runBatch(db, [
    repo.recordPaymentStmt(db, {
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
      stripeSubscriptionId: sub,
    }),
  ])
  return { outcome: 'applied', actions: [] }
}

const ACTIVE_STATES = new Set(['active', 'trialing', 'past_due'])
const ENDED_STATES = new Set(['canceled', 'unpaid', 'incomplete_expired'])

async function subscriptionChanged(
  env: Env,
  db: Db,
  s: z.infer<typeof subscription>,
  at: number,
  now: number,
  deleted: boolean,
): Promise<Applied> {
  const person = await personOf(
    db,
    userIdOf(s.metadata),
    repo.userIdOfStripeSubscription(db, s.id),
    s.customer ? repo.findUserIdByStripeId(db, s.customer) : null,
  )
  if (!person.id) return ignored('subscription of nobody we know')
  if (person.erased) {
    if (deleted || !ACTIVE_STATES.has(s.status ?? '')) return ignored('erased user')
    const [w] = await repo.runBatch(db, [
      enqueueActionStmt(db, { key: `cancel-erase-${s.id}`, kind: 'cancel_subscription', target: s.id, now }),
    ])
    return { outcome: 'ignored', reason: 'erased user', actions: w?.results?.length ? [`cancel-erase-${s.id}`] : [] }
  }
  const userId = person.id
  const state = deleted ? 'canceled' : (s.status ?? '')
  if (!ACTIVE_STATES.has(state) && !ENDED_STATES.has(state)) return ignored(`state ${state}`) // incomplete: the first payment decides
  const item = catalogueItem(String(s.metadata.item ?? ''))
  const firstItem = s.items?.data?.[0]
  const interval =
    intervalOf(firstItem?.price?.recurring?.interval) ?? intervalOf(s.plan?.interval) ?? item?.interval ?? null
  const periodEnd = firstItem?.current_period_end ?? s.current_period_end
  const endAt = deleted ? (s.ended_at ?? s.canceled_at ?? at) : periodEnd
  await repo.runBatch(db, [
    repo.setSubscriptionStateStmt(db, {
      stripeSubscriptionId: s.id,
      userId,
      title: subscriptionTitle(item, interval),
      item: item?.id ?? null,
      interval,
      periodStartAt: firstItem?.current_period_start ?? s.current_period_start,
      endAt,
      eventAt: at,
      status: ENDED_STATES.has(state) ? SubscriptionStatus.disabled : SubscriptionStatus.active,
      renews: !s.cancel_at_period_end && !s.cancel_at,
    }),
    repo.syncSubscriberStmt(db, userId, now),
  ])
  await refreshSessions(env, userId)
  return { outcome: 'applied', actions: deleted ? [] : await settleDuplicate(env, db, s.id, userId, now) }
}

/**
 * Stripe gave money back (from our approval, or from its dashboard; maybe in parts). The
 * payment's credits are reversed in the same proportion as the money; a refund of a whole plan
 * payment ends that plan and cancels its renewal. A refund of a payment we have not seen yet
 * waits for it (kept on the stored event) and is applied right after it.
 */
async function chargeRefunded(
  env: Env,
  db: Db,
  eventId: string,
  c: z.infer<typeof charge>,
  now: number,
): Promise<Applied> {
  if (!c.payment_intent) return ignored('refund without a payment intent')
  const tx = await repo.findTransactionByPaymentIntent(db, c.payment_intent)
  if (!tx) return { outcome: 'waiting', reason: c.payment_intent, actions: [] }
  if (!tx.userId) return ignored('refund of an erased user’s payment')
  const { stmts, actions } = await refundStatements(db, tx, c.amount_refunded, now)
  await repo.runBatch(db, stmts)
  await refreshSessions(env, tx.userId) // a refunded plan ends: so does the subscriber flag
  return { outcome: 'applied', actions }
}

/** Refund events stored as waiting for this payment intent, applied now that the payment is here. */
async function applyWaitingRefunds(env: Env, db: Db, paymentIntent: string | null, now: number): Promise<string[]> {
  if (!paymentIntent) return []
  const keys: string[] = []
  for (const ev of await repo.eventsWaitingFor(db, paymentIntent)) {
    const out = await applyEvent(env, db, ev.payload, now)
    if (out.outcome !== 'waiting') await repo.stopWaiting(db, ev.id)
    keys.push(...out.actions)
  }
  return keys
}

export type RefundableTransaction = {
  id: number
  userId: number | null
  kind: string
  item: string | null
  amountCents: number
  refundedCents: number
  grantKey: string | null
  stripeSubscriptionId: string | null
}

/** The credits a payment gave, by its key (old rows without one: what its item gives). */
export async function creditsOfPayment(db: Db, tx: RefundableTransaction) {
  if (tx.grantKey) return ledger.paymentCredits(db, tx.grantKey)
  return { granted: catalogueItem(tx.item ?? '')?.credit_cents ?? 0, reversed: 0 }
}

/**
 * What a refund up to `cumulativeRefunded` cents of a payment undoes, as one batch: the payment's
 * refunded cents, its credits reversed in proportion (keyed by the step, so our approval and
 * Stripe's event for the same step write one row), and for a whole plan payment, that plan
 * ended and its renewal cancelled at Stripe. Steps already applied change nothing.
 */
export async function refundStatements(
  db: Db,
  tx: RefundableTransaction,
  cumulativeRefunded: number,
  now: number,
  creditsOverride?: number,
): Promise<{ stmts: Stmt[]; actions: string[] }> {
  const target = Math.min(cumulativeRefunded, tx.amountCents)
  const stmts: Stmt[] = []
  const actions: string[] = []
  if (target <= tx.refundedCents || !tx.userId) return { stmts, actions }
  stmts.push(repo.setRefundedStmt(db, tx.id, target))
  const { granted, reversed } = await creditsOfPayment(db, tx)
  const due =
    creditsOverride ??
    (tx.amountCents > 0 ? Math.round((granted * target) / tx.amountCents) - reversed : granted - reversed)
  if (due > 0 && tx.grantKey)
    stmts.push(
      ledger.reversePaymentStmt(db, {
        userId: tx.userId,
        paymentKey: tx.grantKey,
        cents: due,
        reference: `payment:${tx.id}:${target}`,
        at: now,
      }),
    )
  if (tx.kind === 'subscription' && tx.stripeSubscriptionId && target >= tx.amountCents) {
    stmts.push(
      repo.disableSubscriptionStmt(db, tx.stripeSubscriptionId, now),
      repo.syncSubscriberStmt(db, tx.userId, now),
    )
    const key = `cancel-refunded-${tx.stripeSubscriptionId}`
    stmts.push(
      enqueueActionStmt(db, {
        key,
        kind: 'cancel_subscription',
        target: tx.stripeSubscriptionId,
        userId: tx.userId,
        now,
      }),
    )
    actions.push(key)
  }
  return { stmts, actions }
}

/** `ms` plus whole calendar months (UTC), as Stripe bills: Jan 31 + 1 month → Feb 28/29. */
export function addMonths(ms: number, months: number) {
  const d = new Date(ms)
  const day = d.getUTCDate()
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  )
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, last))
  return target.getTime()
}
