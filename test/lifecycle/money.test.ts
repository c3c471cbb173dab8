// The lifecycle table's money cells (issue 41 §1–2, docs/decisions/059): what a failed renewal, a
// subscription ended in Stripe's Dashboard, a lost dispute and a patient's erasure do to the Stripe
// subscription and to the person's credits and refunds. Through the real Worker and D1; Stripe
// faked at fetch (its one boundary) and its events signed as Stripe signs them.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runScheduled } from '#worker/cron/index'
import { patchUser } from '../factories'
import { countRows, register } from '../users/support'
import { deliver, event, monthlyPlanEvents, moneyOf } from '../payments/support'
import {
  admin,
  bookWithNewHost,
  fakeStripe,
  inDays,
  packEvents,
  reconciled,
  send,
  STRIPE,
  txOf,
  withStripe,
} from '../payments/money-world'

afterEach(() => vi.restoreAllMocks())

const DAY = 86_400
const nowSec = () => Math.floor(Date.now() / 1000)

/** A monthly plan paid 31 days ago: its period ended yesterday, when Stripe tried to renew it. */
async function lapsingPlan() {
  const p = await register()
  await patchUser(p.id, { phone: '+34600111222', timezone: 'Europe/Madrid' })
  const start = nowSec() - 31 * DAY
  const pe = monthlyPlanEvents(p.id, { start })
  for (const e of [pe.checkout, pe.created, pe.invoice()]) expect((await deliver(e)).status).toBe(200)
  return { p, pe, start, end: pe.end }
}

/** Stripe's customer.subscription.updated for the plan at `status`, in the period [start, end). */
const subUpdated = (p: { id: number }, sub: string, status: string, start: number, end: number, created = nowSec()) =>
  event(
    'customer.subscription.updated',
    {
      id: sub,
      status,
      customer: `cus_test_${p.id}`,
      metadata: { user_id: String(p.id), item: 'monthly' },
      cancel_at_period_end: false,
      items: {
        data: [{ current_period_start: start, current_period_end: end, price: { recurring: { interval: 'month' } } }],
      },
    },
    { created },
  )

/** The renewal as Stripe tells it: the period moves on (active), the charge fails, the plan is past_due. */
async function renewalFails(p: { id: number }, pe: ReturnType<typeof monthlyPlanEvents>, end: number) {
  const next = end + 30 * DAY
  expect((await deliver(subUpdated(p, pe.sub, 'active', end, next, end))).status).toBe(200)
  const failed = event(
    'invoice.payment_failed',
    {
      id: `in_test_${pe.sub}_${end}`,
      customer: `cus_test_${p.id}`,
      amount_due: 16000,
      currency: 'usd',
      parent: { subscription_details: { subscription: pe.sub, metadata: { user_id: String(p.id), item: 'monthly' } } },
      lines: { data: [{ period: { start: end, end: next } }] },
    },
    { created: end + 3600 },
  )
  expect((await deliver(failed)).status).toBe(200)
  expect((await deliver(subUpdated(p, pe.sub, 'past_due', end, next, end + 3600))).status).toBe(200)
  return next
}

/** The minute's money job, past the first backoff (a webhook tries its actions without Stripe's key here). */
const minute = () => runScheduled('* * * * *', STRIPE as never, new Date(Date.now() + 10 * 60_000))

/** The plan's payment that went through (the failed renewal is recorded too). */
const paidPlanTx = (userId: number) =>
  env.DB.prepare(
    "SELECT id, payment_intent FROM transactions WHERE user_id = ?1 AND kind = 'subscription' AND status = 'succeeded' ORDER BY id DESC",
  )
    .bind(userId)
    .first<any>()

const subscriberNow = async (p: { token: string }) =>
  (await send(p.token, 'GET', '/v1/my/subscriptions')).body.subscriber

describe('failed renewal (past_due)', () => {
  it('[failed renewal (past_due) × the Stripe subscription] access ends where the paid period ended, not a month later; after 3 days the plan ends and is cancelled at Stripe', async () => {
    const stripe = fakeStripe()
    const { p, pe, end } = await lapsingPlan()
    await renewalFails(p, pe, end)
    expect(await subscriberNow(p)).toBe(false) // the unpaid month gives no access
    expect((await moneyOf(p.id)).subscriptions[0]).toMatchObject({ status: 1, end_at: end * 1000 })
    expect(stripe.cancels()).toEqual([]) // Stripe is still retrying: not ours to stop yet
    // Stripe leaves it past_due: three days after the paid end the plan ends here and at Stripe.
    await runScheduled('59 23 * * *', STRIPE as never, new Date((end + 3 * DAY + 60) * 1000))
    await runScheduled('* * * * *', STRIPE as never, new Date((end + 3 * DAY + 120) * 1000))
    expect((await moneyOf(p.id)).subscriptions[0]).toMatchObject({ status: 2 })
    expect(stripe.cancels()).toEqual([pe.sub])
    expect(await subscriberNow(p)).toBe(false)
  })

  it('[failed renewal (past_due) × credits and refunds] the unpaid month gives no sessions; a refund of the last paid month still ends the plan and cancels it at Stripe', async () => {
    const stripe = fakeStripe()
    const { p, pe, end } = await lapsingPlan()
    await renewalFails(p, pe, end)
    expect(await reconciled(p)).toBe(18000) // the paid month's four sessions, no more
    const tx = await paidPlanTx(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'My card failed.',
      transaction_id: String(tx.id),
    })
    expect(asked.res.status).toBe(201)
    const a = await admin()
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(200)
    expect(stripe.refunds()).toEqual([{ payment_intent: tx.payment_intent, amount: '16000' }])
    expect(stripe.cancels()).toEqual([pe.sub]) // no retry can charge a plan refunded whole
    expect((await moneyOf(p.id)).subscriptions[0]).toMatchObject({ status: 2 })
    expect(await reconciled(p)).toBe(0)
  })
})

describe('failed renewal (unpaid / canceled by Stripe)', () => {
  it('[failed renewal (unpaid / canceled by Stripe) × the Stripe subscription] unpaid: no access, and the subscription Stripe keeps is cancelled there, once', async () => {
    const stripe = fakeStripe()
    const { p, pe, end } = await lapsingPlan()
    const next = await renewalFails(p, pe, end)
    const unpaid = subUpdated(p, pe.sub, 'unpaid', end, next, end + 8 * DAY)
    expect((await deliver(unpaid)).status).toBe(200)
    expect((await deliver({ ...unpaid, id: `${unpaid.id}_again` })).status).toBe(200)
    expect(await subscriberNow(p)).toBe(false)
    expect((await moneyOf(p.id)).subscriptions[0]).toMatchObject({ status: 2 })
    await minute()
    expect(stripe.cancels()).toEqual([pe.sub])
    expect(await countRows('stripe_actions', 'key = ?1 AND done_at IS NOT NULL', `cancel-unpaid-${pe.sub}`)).toBe(1)
  })

  it('[failed renewal (unpaid / canceled by Stripe) × credits and refunds] the paid month’s sessions stay; the open invoice paid late is refunded whole and gives none', async () => {
    const stripe = fakeStripe()
    const { p, pe, end } = await lapsingPlan()
    const next = await renewalFails(p, pe, end)
    // Stripe ends it after its retries (the setting "cancel the subscription").
    const gone = event(
      'customer.subscription.deleted',
      {
        id: pe.sub,
        status: 'canceled',
        customer: `cus_test_${p.id}`,
        metadata: { user_id: String(p.id), item: 'monthly' },
        ended_at: end + 9 * DAY,
        canceled_at: end + 9 * DAY,
        items: { data: [{ current_period_start: end, current_period_end: next }] },
      },
      { created: end + 9 * DAY },
    )
    expect((await deliver(gone)).status).toBe(200)
    expect(await reconciled(p)).toBe(18000)
    const late = pe.invoice(end, next)
    expect((await deliver(late)).status).toBe(200)
    await minute()
    expect(stripe.refunds()).toEqual([{ payment_intent: `pi_test_${(late.data.object as any).id}`, amount: null }])
    expect(await reconciled(p)).toBe(18000)
    expect(await subscriberNow(p)).toBe(false)
  })
})

describe('subscription cancelled in Stripe’s dashboard', () => {
  it("[subscription cancelled in Stripe's dashboard × the Stripe subscription] cancelled mid-period: access ends now, and we ask Stripe nothing more", async () => {
    const stripe = fakeStripe()
    const p = await register()
    const start = nowSec() - 10 * DAY
    const pe = monthlyPlanEvents(p.id, { start })
    for (const e of [pe.checkout, pe.created, pe.invoice()]) await deliver(e)
    expect(await subscriberNow(p)).toBe(true)
    const gone = event('customer.subscription.deleted', {
      id: pe.sub,
      status: 'canceled',
      customer: `cus_test_${p.id}`,
      metadata: { user_id: String(p.id), item: 'monthly' },
      ended_at: nowSec() - 60,
      canceled_at: nowSec() - 60,
      items: { data: [{ current_period_start: start, current_period_end: pe.end }] },
    })
    expect((await deliver(gone)).status).toBe(200)
    expect(await subscriberNow(p)).toBe(false)
    const sub = (await moneyOf(p.id)).subscriptions[0]
    expect(sub.status).toBe(2)
    expect(sub.end_at).toBeLessThanOrEqual(Date.now())
    // A stop asked afterwards is refused (nothing live), and nothing is sent to Stripe.
    expect((await withStripe('DELETE', '/v1/my/subscriptions', p.token)).res.status).toBe(404)
    await minute()
    expect(stripe.calls).toEqual([])
  })

  it("[subscription cancelled in Stripe's dashboard × credits and refunds] a yearly plan cancelled in month 3 gives no more months; its refund pays the unspent months and the nine never given", async () => {
    const stripe = fakeStripe()
    const p = await register()
    const start = nowSec() - 70 * DAY
    const pe = monthlyPlanEvents(p.id, { start, item: 'yearly' })
    const yearly = (o: any) => ({
      ...o,
      data: {
        object: {
          ...o.data.object,
          ...(o.data.object.amount_paid ? { amount_paid: 160000 } : {}),
          ...(o.data.object.amount_total ? { amount_total: 160000 } : {}),
        },
      },
    })
    const yearEnd = start + 365 * DAY
    for (const e of [pe.checkout, pe.created, pe.invoice(start, yearEnd)]) await deliver(yearly(e))
    await runScheduled('59 23 * * *', STRIPE as never, new Date())
    expect(await reconciled(p)).toBe(3 * 18000) // months 1–3
    const gone = event('customer.subscription.deleted', {
      id: pe.sub,
      status: 'canceled',
      customer: `cus_test_${p.id}`,
      metadata: { user_id: String(p.id), item: 'yearly' },
      ended_at: nowSec() - 60,
      canceled_at: nowSec() - 60,
      items: {
        data: [
          { current_period_start: start, current_period_end: yearEnd, price: { recurring: { interval: 'year' } } },
        ],
      },
    })
    expect((await deliver(gone)).status).toBe(200)
    await runScheduled('59 23 * * *', STRIPE as never, new Date(Date.now() + 40 * DAY * 1000))
    expect(await reconciled(p)).toBe(3 * 18000) // no fourth month
    const tx = await txOf(p.id, 'subscription')
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Cancelled.',
      transaction_id: String(tx.id),
    })
    const a = await admin()
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(200)
    expect(stripe.refunds()).toEqual([{ payment_intent: tx.payment_intent, amount: '160000' }])
    expect(await reconciled(p)).toBe(0)
  })
})

/** Stripe's charge.dispute.closed for the payment `pi`, decided `status`. */
const disputeClosed = (pi: string, amount: number, status: 'lost' | 'won') =>
  event('charge.dispute.closed', {
    id: `dp_test_${pi}`,
    object: 'dispute',
    amount,
    charge: `ch_${pi}`,
    payment_intent: pi,
    currency: 'usd',
    reason: 'fraudulent',
    status,
  })

describe('lost dispute', () => {
  it('[lost dispute × the Stripe subscription] the plan whose payment was charged back ends now and is cancelled at Stripe; a won one changes nothing', async () => {
    const stripe = fakeStripe()
    const p = await register()
    const pe = monthlyPlanEvents(p.id)
    for (const e of [pe.checkout, pe.created, pe.invoice()]) await deliver(e)
    const pi = `pi_test_${(pe.invoice().data.object as any).id}`
    expect((await deliver(disputeClosed(pi, 16000, 'won'))).status).toBe(200)
    expect(await subscriberNow(p)).toBe(true)
    expect((await deliver(disputeClosed(pi, 16000, 'lost'))).status).toBe(200)
    expect(await subscriberNow(p)).toBe(false)
    expect((await moneyOf(p.id)).subscriptions[0]).toMatchObject({ status: 2 })
    await minute()
    expect(stripe.cancels()).toEqual([pe.sub])
    expect(stripe.refunds()).toEqual([]) // the bank took the money back: nothing to refund
  })

  it('[lost dispute × credits and refunds] a pack charged back: its credits go (a spent one leaves a debt), and its pending refund request has nothing left to pay', async () => {
    const stripe = fakeStripe()
    const p = await register()
    await patchUser(p.id, { phone: '+34600111222', timezone: 'Europe/Madrid' })
    const pack = packEvents(p.id, 'credits_2', 8000)
    await deliver(pack.checkout)
    expect((await bookWithNewHost(p.token, inDays(5, 10))).res.status).toBe(201)
    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Not for me.',
      transaction_id: String(tx.id),
    })
    expect(asked.res.status).toBe(201)
    const lost = disputeClosed(pack.pi, 8000, 'lost')
    expect((await deliver(lost)).status).toBe(200)
    expect((await deliver(lost)).status).toBe(200) // told twice: once
    expect(await reconciled(p)).toBe(-4500) // the booked session's credits are owed
    const a = await admin()
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(409)
    expect(stripe.refunds()).toEqual([])
  })
})

describe('erasure of a patient', () => {
  it('[erasure of a patient × the Stripe subscription] a plan left past_due is cancelled at Stripe by the erasure, and a retry Stripe charged anyway is refunded whole', async () => {
    const stripe = fakeStripe()
    const { p, pe, end } = await lapsingPlan()
    const next = await renewalFails(p, pe, end)
    const gone = await withStripe('DELETE', '/v1/user', p.token)
    expect(gone.res.status).toBe(200)
    expect(stripe.cancels()).toEqual([pe.sub])
    const retried = pe.invoice(end, next)
    expect((await deliver(retried)).status).toBe(200)
    await minute()
    expect(stripe.refunds()).toEqual([{ payment_intent: `pi_test_${(retried.data.object as any).id}`, amount: null }])
  })

  it('[erasure of a patient × credits and refunds] a refund asked for and not yet answered is granted for the pack’s unspent credits before the account goes; a gift is not money', async () => {
    const stripe = fakeStripe()
    const p = await register()
    await patchUser(p.id, { phone: '+34600111222', timezone: 'Europe/Madrid' })
    const pack = packEvents(p.id, 'credits_2', 8000)
    await deliver(pack.checkout)
    expect((await bookWithNewHost(p.token, inDays(5, 10))).res.status).toBe(201)
    const a = await admin()
    await send(a.token, 'POST', '/v1/admin/user/credits', {
      user_id: String(p.id),
      amount_cents: '4500',
      reason: 'Gift',
    })
    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', { reason: 'Leaving.', transaction_id: String(tx.id) })
    expect(asked.res.status).toBe(201)
    const gone = await withStripe('DELETE', '/v1/user', p.token)
    expect(gone.res.status).toBe(200)
    // The session booked 5 days ahead is cancelled first by the person's own rule (24 h or more:
    // its credits back to the pack that paid it, decision 058), so both sessions of the pack are
    // unspent and the whole pack is refunded; the gift is not money.
    expect(stripe.refunds()).toEqual([{ payment_intent: pack.pi, amount: '8000' }])
    expect(await countRows('users', 'id = ?1', p.id)).toBe(0)
    const left = await env.DB.prepare('SELECT refunded_cents FROM transactions WHERE payment_intent = ?1')
      .bind(pack.pi)
      .first<{ refunded_cents: number }>()
    expect(left?.refunded_cents).toBe(8000)
  })
})
