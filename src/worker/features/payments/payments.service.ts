// Payments (issue 10): the caller's subscriptions and history, Stripe's webhook, and the money
// crons (the daily plan job, the minute's sweep). The offer and the payment link are in
// checkout.service.ts, refund requests in refunds.service.ts.
import { personal } from '#worker/http/person-cache'
import { catalogueItem } from '#shared/catalogue'
import type { SubscriptionDto, TransactionDto, TransactionsQuery } from '#shared/contract/payments'
import { pagination } from '#shared/contract/list'
import { SubscriptionStatus } from '#shared/enums'
import { type Locale } from '#shared/i18n/index'
import { type SQL } from 'drizzle-orm'
import type { Ctx } from '#worker/context'
import type { Subscription } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { balanceCents } from '#worker/ledger/ledger'
import { addMonths, grantReference } from './events.shared'
import * as ledger from '#worker/ledger/ledger'
import { enqueueActionStmt, isLocalStripeId, runStripeActions, tryActionsNow } from './stripe.actions'
import * as repo from './payments.repo'
import { stripeClient, verifyEvent } from './stripe'
import { applyEvent, isStripeEvent } from './payments.events'
import { TITLES } from './checkout.service'
import { toRefundDto } from './refunds.service'
import { me } from '#worker/identity/caller'
import { dollars } from './service.shared'
import * as eventsRepo from './events.repo'
import * as refundsRepo from './refunds.repo'

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

export async function mine(ctx: Ctx) {
  const caller = me(ctx)
  // The person's rows, kept between their requests (http/person-cache.ts).
  const [subs, credits, lastRefund] = await personal(ctx, 'payments-mine', null, () =>
    Promise.all([
      repo.subscriptionsOf(ctx.db, caller.id),
      balanceCents(ctx.db, caller.id),
      refundsRepo.latestRefundRequestOf(ctx.db, caller.id),
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
 * Whether Stripe's refusal `err` of an update is because the subscription is already over there:
 * a 4xx, and the subscription, read again, canceled or gone (404). A 5xx or a lost answer is not.
 */
async function canceledAtStripe(
  stripe: NonNullable<Awaited<ReturnType<typeof stripeClient>>>,
  id: string,
  err: unknown,
) {
  const status = (err as { statusCode?: number })?.statusCode ?? 0
  if (status !== 400 && status !== 404) return false
  try {
    return (await stripe.subscriptions.retrieve(id)).status === 'canceled'
  } catch (again) {
    return (again as { statusCode?: number })?.statusCode === 404
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
        // Stripe refuses to update a canceled subscription (400: "A canceled subscription can only
        // update its cancellation_details and metadata."): cancelled in the Dashboard, its event
        // not here yet. It will never renew, which is what was asked: the renewal is stopped here
        // too, and the event ends the plan when it comes (found by the money simulator, issue 41).
        if (!(await canceledAtStripe(stripe, active.stripeSubscriptionId, err))) {
          console.warn('stripe cancel failed', (err as Error)?.message ?? err)
          throw new AppError('unavailable', { message: 'payments.cancel_failed' })
        }
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
  const state = await eventsRepo.storeEvent(ctx.db, event.id, event.type, event)
  if (state === 'applied') return { status: 200, body: { received: true, duplicate: true } }
  let out = await applyEvent(ctx.env, ctx.db, event)
  // A refund waits for its payment only if, as the mark is written, the payment is still unknown:
  // one that came meanwhile (and already looked for waiting refunds) has it applied now.
  if (out.outcome === 'waiting' && !(await eventsRepo.markEventWaiting(ctx.db, event.id, out.reason!)))
    out = await applyEvent(ctx.env, ctx.db, event)
  if (out.outcome !== 'waiting') await eventsRepo.markEventApplied(ctx.db, event.id)
  if (out.outcome === 'ignored') console.warn(`stripe: ${event.type} ${event.id} ignored: ${out.reason ?? ''}`)
  await tryActionsNow(ctx, out.actions)
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
          cap: refundsRepo.capOf(p.grant_key),
          at: addMonths(start, m),
        }),
      )
  }
  for (let i = 0; i < grants.length; i += 50) await repo.runBatch(db, grants.slice(i, i + 50))
  const { ended, users, lapsed } = await repo.expireSubscriptions(db, now, RENEWAL_GRACE_MS)
  // Plans ended for a renewal never paid: cancelled at Stripe by the minute's money job.
  if (lapsed.length)
    await repo.runBatch(
      db,
      lapsed.map((l) =>
        enqueueActionStmt({ key: l.key, kind: 'cancel_subscription', target: l.sub, userId: l.userId, now }),
      ),
    )
  // `users`: whose subscriber flag may have changed; the cron refreshes their sessions.
  return { ended, grants: grants.length, users }
}

/**
 * Every minute: refunds marked as waiting whose payment is here (a mark and a payment that crossed)
 * are applied. Belt and braces: the mark is written only while the payment is unknown.
 */
export async function sweepWaitingRefunds(ctx: Pick<Ctx, 'env' | 'db'>, now = Date.now()) {
  const { env, db } = ctx
  const keys: string[] = []
  for (const ev of await eventsRepo.waitingWithPayment(db, now)) {
    const out = await applyEvent(env, db, ev.payload, now)
    if (out.outcome !== 'waiting') await eventsRepo.stopWaiting(db, ev.id)
    keys.push(...out.actions)
  }
  await tryActionsNow(ctx, keys)
}

/** The minute cron's money work: waiting refunds whose payment came, then what we owe Stripe. */
export async function moneyMinute(ctx: Ctx, now: number) {
  await sweepWaitingRefunds(ctx, now)
  return runStripeActions(ctx, { now })
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
