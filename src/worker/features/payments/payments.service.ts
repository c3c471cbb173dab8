// Payments (issue 10): the offer, the payment link, the caller's subscriptions and history,
// refund requests and their resolution. Stripe is reached only through ./stripe.ts; without a
// key (local runs) the link opens the dev checkout (./checkout.dev.ts), which pays by sending
// signed events to the same webhook endpoint Stripe would.
import { personal } from '#worker/http/person-cache'
import { CATALOGUE, catalogueItem, formatMoney, isMobileDevice, type CatalogueItem } from '#shared/catalogue'
import type {
  OfferItemDto,
  RefundRequestDto,
  RefundsQuery,
  SubscriptionDto,
  TransactionDto,
  TransactionsQuery,
} from '#shared/contract/payments'
import { pagination } from '#shared/contract/list'
import { SubscriptionStatus, SubscriptionType } from '#shared/enums'
import { type Locale } from '#shared/i18n/index'
import { COOLDOWNS_MS } from '#shared/limits'
import { sql, type SQL } from 'drizzle-orm'
import type { Ctx } from '#worker/context'
import type { Subscription } from '#worker/db/schema'
import { isLocalEnv } from '#worker/env'
import { getDb } from '#worker/db/client'
import { AppError } from '#worker/http/errors'
import { balanceCents } from '#worker/ledger/ledger'
import { refreshSessions } from '#worker/identity/sessions'
import { isZone } from '#worker/lib/zones'
import { addMonths, entitlementOf, grantReference } from './events.shared'
import { endCurrentPeriod } from './refund.events'
import * as ledger from '#worker/ledger/ledger'
import { APPROVAL_PREFIX, enqueueActionStmt, isLocalStripeId, runStripeActions, tryActionsNow } from './stripe.actions'
import * as repo from './payments.repo'
import { stripeClient, verifyEvent } from './stripe'
import { applyEvent, isStripeEvent } from './payments.events'
import { localizedHref } from '#client/app/pages.ts'
import { me } from '#worker/identity/caller'

const dollars = (cents: number) => Math.round(cents) / 100

// ── The offer ────────────────────────────────────────────────────────────────────────────────

const TITLES: Record<CatalogueItem['id'], Record<Locale, string>> = {
  monthly: { en: 'Monthly plan', es: 'Plan mensual' },
  yearly: { en: 'Yearly plan', es: 'Plan anual' },
  credits_1: { en: '1 session', es: '1 sesión' },
  credits_2: { en: '2 sessions', es: '2 sesiones' },
  credits_4: { en: '4 sessions', es: '4 sesiones' },
}

function describe(item: CatalogueItem, locale: Locale): string {
  const en = locale === 'en'
  if (item.kind === 'subscription')
    return item.interval === 'year'
      ? en
        ? `Every route and ${item.sessions} sessions with a psychologist every month. 2 months free.`
        : `Todas las rutas y ${item.sessions} sesiones con un psicólogo cada mes. 2 meses gratis.`
      : en
        ? `Every route and ${item.sessions} sessions with a psychologist every month.`
        : `Todas las rutas y ${item.sessions} sesiones con un psicólogo cada mes.`
  return en
    ? `${formatMoney(item.credit_cents, locale)} in credits for sessions. They do not expire.`
    : `${formatMoney(item.credit_cents, locale)} en créditos para sesiones. No caducan.`
}

export function offerItem(item: CatalogueItem, locale: Locale): OfferItemDto {
  return {
    id: item.id,
    kind: item.kind,
    type: item.kind === 'subscription' ? SubscriptionType.recurrent : SubscriptionType.credit_based,
    interval: item.interval,
    title: TITLES[item.id][locale],
    description: describe(item, locale),
    price: dollars(item.price_cents),
    price_label: formatMoney(item.price_cents, locale),
    sessions: item.sessions,
    credits: dollars(item.credit_cents),
    savings: dollars(item.savings_cents),
    savings_label: item.savings_cents > 0 ? formatMoney(item.savings_cents, locale) : null,
    months_free: item.months_free,
  }
}

export const offer = (ctx: Pick<Ctx, 'locale'>) => CATALOGUE.map((i) => offerItem(i, ctx.locale))

// ── The payment link ─────────────────────────────────────────────────────────────────────────

/** The Stripe price of an item, from STRIPE_PRICES ('monthly=price_…,yearly=price_…'); none: priced inline. */
function configuredPrice(env: Ctx['env'], id: string): string | null {
  for (const pair of (env.STRIPE_PRICES ?? '').split(',')) {
    const [k, v] = pair.split('=').map((s) => s.trim())
    if (k === id && v) return v
  }
  return null
}

export interface DevCheckout {
  id: string
  userId: number
  item: CatalogueItem['id']
  locale: Locale
  successUrl: string
  cancelUrl: string
  /** When the link was made (s): the events of paying it are the same however often it is paid. */
  createdSec?: number
}
export const DEV_CHECKOUT_TTL_SEC = 60 * 60
/** Asking for the same item's link again within this window answers the same checkout. */
export const CHECKOUT_WINDOW_MS = 10 * 60_000
export const devCheckoutKey = (id: string) => `dev-checkout:${id}`

/**
 * GET /v1/subscription/payment/link. A plan cannot be bought from a mobile device (SPEC §6) nor
 * twice; the person's Stripe customer is reused. A Stripe failure or timeout answers a clear
 * error and writes nothing (nothing is written before Stripe has answered).
 */
export async function paymentLink(
  ctx: Ctx,
  input: { item: CatalogueItem['id'] },
  device: { userAgent: string | null; mobileHint: string | null },
) {
  const caller = me(ctx)
  const item = catalogueItem(input.item)!
  if (item.kind === 'subscription') {
    if (isMobileDevice(device.userAgent, device.mobileHint)) throw new AppError('subscriptions_mobile')
    if (await repo.activeSubscriptionOf(ctx.db, caller.id, Date.now()))
      throw new AppError('conflict', { message: 'payments.already_subscribed' })
  }
  const back = (q: string) => `${ctx.linkBase}${localizedHref(ctx.locale, 'subscribe')}?${q}`
  const successUrl = back('success=1&item=' + item.id)
  const cancelUrl = back('error=1')
  const stripe = await stripeClient(ctx.env)
  // Asking twice (a double tap, two tabs) within the window gives the same checkout (issue 20 §2).
  const window = Math.floor(Date.now() / CHECKOUT_WINDOW_MS)
  if (!stripe) {
    if (!isLocalEnv(ctx.env)) throw new AppError('unavailable', { message: 'payments.not_configured' })
    const mineKey = `dev-checkout-of:${caller.id}:${item.id}:${ctx.locale}:${window}`
    const known = await ctx.env.KV.get(mineKey)
    if (known && (await ctx.env.KV.get(devCheckoutKey(known))))
      return { link: `${ctx.linkBase}/__dev/checkout/${known}` }
    const id = `cs_local_${crypto.randomUUID().replace(/-/g, '')}`
    const checkout: DevCheckout = {
      id,
      userId: caller.id,
      item: item.id,
      locale: ctx.locale,
      successUrl,
      cancelUrl,
      createdSec: Math.floor(Date.now() / 1000),
    }
    await ctx.env.KV.put(devCheckoutKey(id), JSON.stringify(checkout), { expirationTtl: DEV_CHECKOUT_TTL_SEC })
    await ctx.env.KV.put(mineKey, id, { expirationTtl: Math.max(60, Math.ceil(CHECKOUT_WINDOW_MS / 1000)) })
    return { link: `${ctx.linkBase}/__dev/checkout/${id}` }
  }
  const [payer, paid] = await Promise.all([repo.findPayer(ctx.db, caller.id), repo.countPayments(ctx.db, caller.id)])
  if (!payer) throw new AppError('unauthenticated')
  const metadata = { user_id: String(caller.id), item: item.id }
  const price = configuredPrice(ctx.env, item.id)
  const lineItem = price
    ? { price, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: item.price_cents,
          product_data: { name: offerItem(item, ctx.locale).title },
          ...(item.interval ? { recurring: { interval: item.interval } } : {}),
        },
      }
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: item.kind === 'subscription' ? 'subscription' : 'payment',
        line_items: [lineItem],
        ...(payer.stripeId
          ? { customer: payer.stripeId }
          : {
              customer_email: payer.email ?? undefined,
              ...(item.kind === 'credits' ? { customer_creation: 'always' as const } : {}),
            }),
        client_reference_id: String(caller.id),
        metadata,
        ...(item.kind === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: ctx.locale,
      },
      // The same checkout for a second tap, a new one once a payment went through: Stripe refuses a
      // key used again with other parameters (the customer it then has), for 24 hours (issue 32 §2).
      { idempotencyKey: `checkout-${caller.id}-${item.id}-${ctx.locale}-${window}-${payer.stripeId ?? 'new'}-${paid}` },
    )
    if (!session.url) throw new Error('checkout session without url')
    return { link: session.url }
  } catch (err) {
    console.warn('stripe checkout failed', (err as Error)?.message ?? err)
    throw new AppError('unavailable', { message: 'payments.link_failed' })
  }
}

// ── The caller's subscriptions and history ──────────────────────────────────────────────────

function toSubscriptionDto(s: Subscription, locale: Locale): SubscriptionDto {
  const item =
    catalogueItem(s.item ?? '') ??
    (s.interval === 'year' ? catalogueItem('yearly') : s.interval === 'month' ? catalogueItem('monthly') : undefined)
  return {
    id: s.id,
    // The plan's name in the person's language (the stored title is the Stripe-side name).
    title: item ? TITLES[item.id][locale] : s.title,
    end_at: s.endAt ? s.endAt.toISOString() : null,
    status: s.status,
    type: s.type,
    interval: s.interval ?? null,
    renews: s.status === SubscriptionStatus.active && !s.cancelledAt,
  }
}

function toRefundDto(r: repo.RefundRow, withPerson = false): RefundRequestDto {
  return {
    id: r.id,
    user_id: r.userId,
    ...(withPerson ? { user_name: r.userName ?? null, user_email: r.userEmail ?? null } : {}),
    transaction_id: r.transactionId ?? null,
    amount: r.amountCents == null ? null : dollars(r.amountCents),
    reason: r.reason ?? null,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
  }
}

/** GET /v1/my/subscriptions. */
export async function mine(ctx: Ctx) {
  const caller = me(ctx)
  // The person's rows, kept between their requests (http/person-cache.ts).
  const [subs, credits, lastRefund] = await personal(ctx, 'payments-mine', null, () =>
    Promise.all([
      repo.subscriptionsOf(ctx.db, caller.id),
      balanceCents(ctx.db, caller.id),
      repo.latestRefundRequestOf(ctx.db, caller.id),
    ]),
  )
  const now = Date.now()
  return {
    subscriptions: subs.map((s) => toSubscriptionDto(s, ctx.locale)),
    credits: dollars(credits),
    subscriber:
      subs.some((s) => s.status === SubscriptionStatus.active && (!s.endAt || s.endAt.getTime() > now)) ||
      caller.subscriber,
    last_refund_request: lastRefund ? toRefundDto(lastRefund) : null,
  }
}

/**
 * DELETE /v1/my/subscriptions: the renewal stops; the plan stays until the end of the paid
 * period (then Stripe's deletion event, or the daily job, ends it and the subscriber flag).
 */
export async function stopRenewal(ctx: Ctx, input: { id?: number } = {}) {
  const caller = me(ctx)
  // The plan named (issue 20 §2), else the person's live one.
  const active =
    input.id !== undefined
      ? await repo.findOwnSubscription(ctx.db, caller.id, input.id)
      : await repo.activeSubscriptionOf(ctx.db, caller.id, Date.now())
  if (!active)
    throw new AppError('not_found', {
      message: input.id !== undefined ? 'payments.no_such_subscription' : 'payments.no_active_subscription',
    })
  if (active.status !== SubscriptionStatus.active)
    throw new AppError('not_found', { message: 'payments.no_active_subscription' })
  if (!active.cancelledAt) {
    if (active.stripeSubscriptionId && !isLocalStripeId(active.stripeSubscriptionId)) {
      const stripe = await stripeClient(ctx.env)
      if (!stripe) throw new AppError('unavailable', { message: 'payments.not_configured' })
      try {
        await stripe.subscriptions.update(active.stripeSubscriptionId, { cancel_at_period_end: true })
      } catch (err) {
        console.warn('stripe cancel failed', (err as Error)?.message ?? err)
        throw new AppError('unavailable', { message: 'payments.cancel_failed' })
      }
    }
    await repo.stopRenewal(ctx.db, active.id, new Date())
  }
  return mine(ctx)
}

const toTransactionDto = (r: Awaited<ReturnType<typeof repo.historyOf>>['rows'][number]): TransactionDto => ({
  id: r.id,
  kind: r.kind,
  reason: r.reason,
  amount: dollars(r.amount_cents),
  currency: r.currency,
  status: r.status,
  description: r.description,
  created_at: new Date(Number(r.created_at)).toISOString(),
})

/** GET /v1/my/transactions. `credits` (dollars) when the caller already read the balance (the page's loader). */
export async function history(ctx: Ctx, q: TransactionsQuery, credits?: number) {
  const caller = me(ctx)
  const [{ rows, total }, cents] = await personal(ctx, 'payments-history', [q, credits ?? null], () =>
    Promise.all([
      repo.historyOf(ctx.db, caller.id, q),
      credits === undefined ? balanceCents(ctx.db, caller.id) : Math.round(credits * 100),
    ]),
  )
  return {
    transactions: rows.map(toTransactionDto),
    credits: dollars(cents),
    pagination: pagination(q, total, rows.length),
  }
}

// ── Refunds ──────────────────────────────────────────────────────────────────────────────────

function when(ms: number, locale: Locale, zone: string | null | undefined) {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    timeZone: zone && isZone(zone) ? zone : 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(ms)
}

/** POST /v1/user/refund: once every 7 days (SPEC §5); the refusal says when the earlier one was sent. */
export async function requestRefund(ctx: Ctx, input: { reason: string; transaction_id?: number }, now = Date.now()) {
  const caller = me(ctx)
  let transactionId: number | null = null
  if (input.transaction_id !== undefined) {
    const tx = await repo.findTransaction(ctx.db, input.transaction_id)
    // Another person's payment reads as not found (no hint that it exists).
    if (!tx || tx.userId !== caller.id)
      throw new AppError('not_found', { fields: { transaction_id: ['payments.no_such_payment'] } })
    if (tx.status !== 'succeeded')
      throw new AppError('validation', { fields: { transaction_id: ['payments.not_refundable'] } })
    transactionId = tx.id
  } else {
    transactionId = (await repo.latestPaymentOf(ctx.db, caller.id))?.id ?? null
  }
  const id = await repo.insertRefundRequestOnce(ctx.db, {
    userId: caller.id,
    transactionId,
    reason: input.reason,
    now,
    windowMs: COOLDOWNS_MS.refund,
  })
  if (!id) {
    const earlier = await repo.latestRefundRequestOf(ctx.db, caller.id)
    // No earlier request and no row: the account was erased while this request ran (issue 32 §2,
    // found by the money simulator; it was a 500 from the foreign key).
    if (!earlier) throw new AppError('unauthenticated')
    const at = earlier.createdAt.getTime()
    throw new AppError('rate_limited', {
      message: 'errors.refund_cooldown',
      params: { at: when(at, ctx.locale, caller.row?.timezone) },
      extra: {
        earlier_request_at: new Date(at).toISOString(),
        retry_at: new Date(at + COOLDOWNS_MS.refund).toISOString(),
      },
    })
  }
  const stored = await repo.findRefundRequest(ctx.db, id)
  if (!stored) throw new AppError('unauthenticated') // erased right after (the request went with the person)
  return toRefundDto(stored)
}

/** GET /v1/refunds (admins). */
export async function listRefunds(ctx: Ctx, q: RefundsQuery) {
  const { rows, total } = await repo.listRefundRequests(ctx.db, q)
  return { refund_requests: rows.map((r) => toRefundDto(r, true)), pagination: pagination(q, total, rows.length) }
}

async function pending(ctx: Ctx, id: number) {
  const r = await repo.findRefundRequest(ctx.db, id)
  if (!r) throw new AppError('not_found')
  if (r.status !== 'pending') throw new AppError('conflict', { message: 'payments.refund_resolved' })
  return r
}

/**
 * POST /v1/refund/approve (admins), docs/API.md "Refunds". What goes back is what of the payment
 * is not used: its credits still in the balance (U) and, for a yearly plan, the months not yet
 * given (F), priced against all it bought: floor(A × (U + F) / E). None: the approval is refused
 * and says to cancel a booked session first. Never the money and the credits both.
 * One batch decides, reading the balance as it writes (a booking made meanwhile keeps its
 * credits and is not refunded): the credits taken back, the refund owed to Stripe (an action, keyed
 * by the request), the request approved and, for a plan's current period, the plan ended. Stripe
 * is told right after and by the minute cron until it answers: an approval never waits on it,
 * and a refund Stripe refuses for good gives the credits back (stripe.actions.ts).
 */
export async function approveRefund(ctx: Ctx, id: number, now = Date.now()) {
  const admin = me(ctx)
  const r = await pending(ctx, id)
  const tx = r.transactionId ? await repo.findTransaction(ctx.db, r.transactionId) : undefined
  if (!tx || tx.status !== 'succeeded' || !tx.userId || !tx.paymentIntent)
    throw new AppError('conflict', { message: 'payments.nothing_to_refund' })
  // A payment whose credits cannot be traced (no key even after the backfill) is refunded from
  // Stripe's Dashboard by hand, never here: money back with its credits kept is what we must not do.
  if (!tx.grantKey) throw new AppError('conflict', { message: 'payments.refund_untraceable' })
  const userId = tx.userId
  const key = tx.grantKey
  const A = tx.amountCents
  const E = tx.creditCents ?? entitlementOf(catalogueItem(tx.item ?? '') ?? catalogueItem('credits_1')!)
  // What the answer says, read first; the batch reads it all again as it writes.
  const [figures, net, balance] = await Promise.all([
    repo.paymentFigures(ctx.db, tx.id, key),
    ledger.paymentNet(ctx.db, key),
    ledger.balanceCents(ctx.db, userId),
  ])
  const left = A - figures.committed
  if (left <= 0 || figures.cap === null) throw new AppError('conflict', { message: 'payments.nothing_to_refund' })
  const unspent = Math.max(0, Math.min(net, balance))
  const future = Math.max(0, figures.cap - net)
  if (refundFor(A, E, left, unspent + future) <= 0) throw new AppError('conflict', { message: 'payments.refund_spent' })

  const refundKey = `${APPROVAL_PREFIX}${r.id}`
  const taken = `refund-request:${r.id}`
  const stillPending = sql`EXISTS (SELECT 1 FROM refund_requests WHERE id = ${r.id} AND status = 'pending')`
  // The money for `u` credits taken back (SQL), with the months the payment has not given yet.
  const money = (u: SQL, netBefore: SQL) =>
    refundSql(A, E, repo.leftOf(tx.id), sql`(${u}) + MAX(0, ${repo.capOf(key)} - (${netBefore}))`)
  const approvedHere = sql`EXISTS (SELECT 1 FROM refund_requests WHERE id = ${r.id} AND status = 'approved' AND resolved_at = ${now} AND resolved_by = ${admin.id})`
  const end =
    tx.kind === 'subscription' && tx.stripeSubscriptionId
      ? endCurrentPeriod(
          userId,
          tx.stripeSubscriptionId,
          key,
          now,
          `cancel-refunded-${tx.stripeSubscriptionId}`,
          approvedHere,
        )
      : null
  const results = await repo.runBatch(ctx.db, [
    ledger.reverseUnspentStmt({
      userId,
      paymentKey: key,
      reference: taken,
      at: now,
      onlyIf: sql`${stillPending} AND ${money(ledger.unspentOf(userId, key), ledger.netOf(key))} > 0`,
    }),
    enqueueActionStmt({
      key: refundKey,
      kind: 'refund_payment',
      target: tx.paymentIntent,
      amountCents: money(ledger.takenBy(taken), sql`${ledger.netOf(key)} + ${ledger.takenBy(taken)}`),
      userId,
      now,
      onlyIf: sql`${stillPending} AND ${money(ledger.takenBy(taken), sql`${ledger.netOf(key)} + ${ledger.takenBy(taken)}`)} > 0`,
    }),
    repo.resolveRefundStmt(
      r.id,
      'approved',
      admin.id,
      now,
      sql`EXISTS (SELECT 1 FROM stripe_actions WHERE key = ${refundKey})`,
    ),
    ...(end?.stmts ?? []),
  ])
  if (!results[2]?.results?.length) {
    const again = await repo.findRefundRequest(ctx.db, r.id)
    throw new AppError('conflict', {
      message: again?.status === 'pending' ? 'payments.refund_spent' : 'payments.refund_resolved',
    })
  }
  await refreshSessions(ctx.env, userId)
  await tryActionsNow(ctx.env, [refundKey, ...(end ? [end.key] : [])])
  return toRefundDto((await repo.findRefundRequest(ctx.db, r.id))!, true)
}

/** The money for `credits` of a payment of A cents that bought E: floor(A × credits / E), within what is left. */
const refundFor = (A: number, E: number, left: number, credits: number) =>
  Math.min(left, E > 0 ? Math.floor((A * credits) / E) : left)
// CAST: D1 may bind a JS number as REAL, and a REAL division does not floor.
const refundSql = (A: number, E: number, left: SQL, credits: SQL) =>
  E > 0 ? sql`MIN(${left}, CAST((${A} * (${credits})) / ${E} AS INTEGER))` : left

/** POST /v1/refund/reject (admins). */
export async function rejectRefund(ctx: Ctx, id: number, now = Date.now()) {
  const admin = me(ctx)
  const r = await pending(ctx, id)
  const [resolved] = await repo.runBatch(ctx.db, [repo.resolveRefundStmt(r.id, 'rejected', admin.id, now)])
  if (!resolved?.results?.length) throw new AppError('conflict', { message: 'payments.refund_resolved' })
  return toRefundDto((await repo.findRefundRequest(ctx.db, r.id))!, true)
}

// ── Stripe's webhook ─────────────────────────────────────────────────────────────────────────

/**
 * POST /hooks/stripe. The signature is checked over the raw body; the event id is stored before
 * anything is applied, and a replay of an applied event answers 200 without touching anything.
 * A bad signature is 400 and changes nothing. What we choose to ignore (another type, an erased
 * or unknown person, fields that are not Stripe's) answers 200 `ignored` and is logged: Stripe
 * disables endpoints that keep failing. Only a failure of our own (D1 down) is 500, so Stripe
 * delivers it again.
 */
export async function receiveStripeEvent(
  ctx: Pick<Ctx, 'env' | 'db'>,
  raw: string,
  signature: string | undefined,
): Promise<{ status: 200 | 400; body: Record<string, unknown> }> {
  const event = await verifyEvent(ctx.env, raw, signature)
  if (!event) return { status: 400, body: { received: false, error: 'invalid signature' } }
  if (!isStripeEvent(event)) {
    console.warn('stripe: a signed body that is not an event, ignored')
    return { status: 200, body: { received: true, outcome: 'ignored' } }
  }
  const state = await repo.storeEvent(ctx.db, event.id, event.type, event)
  if (state === 'applied') return { status: 200, body: { received: true, duplicate: true } }
  let out = await applyEvent(ctx.env, ctx.db, event)
  // A refund waits for its payment only if, as the mark is written, the payment is still unknown:
  // one that came meanwhile (and already looked for waiting refunds) has it applied now.
  if (out.outcome === 'waiting' && !(await repo.markEventWaiting(ctx.db, event.id, out.reason!)))
    out = await applyEvent(ctx.env, ctx.db, event)
  if (out.outcome !== 'waiting') await repo.markEventApplied(ctx.db, event.id)
  if (out.outcome === 'ignored') console.warn(`stripe: ${event.type} ${event.id} ignored: ${out.reason ?? ''}`)
  await tryActionsNow(ctx.env, out.actions)
  return { status: 200, body: { received: true, outcome: out.outcome } }
}

// ── The daily job ────────────────────────────────────────────────────────────────────────────

/** A renewal Stripe has not confirmed this long after the period's end ends the plan. */
export const RENEWAL_GRACE_MS = repo.RENEWAL_GRACE_MS

/**
 * Once a day: each active yearly plan gets the sessions of every month it has entered (SPEC §9: 4
 * a month), once each and within what its payment still buys; then plans whose time is over end
 * (and the subscriber flag with them).
 */
export async function dailySubscriptions(db: Ctx['db'], now = Date.now()) {
  const grants: SQL[] = []
  const monthly = catalogueItem('yearly')!.credit_cents
  for (const p of await repo.yearlyPayments(db, now)) {
    const startSec = Number(p.grant_key.slice(p.grant_key.lastIndexOf(':') + 1))
    if (!Number.isSafeInteger(startSec) || startSec <= 0) continue
    const start = startSec * 1000
    for (let m = 1; m < 12 && addMonths(start, m) <= Math.min(now, p.end_at); m++)
      grants.push(
        ledger.grantStmt({
          userId: p.user_id,
          cents: monthly,
          reason: 'subscription_grant',
          reference: grantReference(p.sub, start, m),
          paymentKey: p.grant_key,
          cap: repo.capOf(p.grant_key),
          at: addMonths(start, m),
        }),
      )
  }
  for (let i = 0; i < grants.length; i += 50) await repo.runBatch(db, grants.slice(i, i + 50))
  const { ended, users } = await repo.expireSubscriptions(db, now, RENEWAL_GRACE_MS)
  // `users`: whose subscriber flag may have changed; the cron refreshes their sessions.
  return { ended, grants: grants.length, users }
}

/**
 * Every minute: refunds marked as waiting whose payment is here (a mark and a payment that crossed)
 * are applied. Belt and braces: the mark is written only while the payment is unknown.
 */
export async function sweepWaitingRefunds(env: Ctx['env'], db: Ctx['db'], now = Date.now()) {
  const keys: string[] = []
  for (const ev of await repo.waitingWithPayment(db, now)) {
    const out = await applyEvent(env, db, ev.payload, now)
    if (out.outcome !== 'waiting') await repo.stopWaiting(db, ev.id)
    keys.push(...out.actions)
  }
  await tryActionsNow(env, keys)
}

/** The minute cron's money work: waiting refunds whose payment came, then what we owe Stripe. */
export async function moneyMinute(env: Ctx['env'], now: number) {
  const db = getDb(env.DB)
  await sweepWaitingRefunds(env, db, now)
  return runStripeActions(env, { now })
}

/**
 * Before an account is erased (issue 20 §3): one cancel action per live plan, written in the
 * erasure's own batch, so Stripe stops billing a person who is gone. The erasure never waits on
 * Stripe: the caller tries the actions after the batch and the minute cron retries them.
 */
export async function cancelPlansOnErase(
  db: Ctx['db'],
  userId: number,
  now = Date.now(),
): Promise<{ stmts: SQL[]; keys: string[] }> {
  const plans = await repo.livePlansOf(db, userId)
  const keys: string[] = []
  const stmts = plans.flatMap((p) => {
    if (!p.stripeSubscriptionId) return []
    const key = `cancel-erase-${p.stripeSubscriptionId}`
    keys.push(key)
    return [enqueueActionStmt({ key, kind: 'cancel_subscription', target: p.stripeSubscriptionId, userId: null, now })]
  })
  return { stmts, keys }
}
