// Money follows each credit's origin (issue 41 §2, docs/decisions/059): a refund pays only for the
// credits its payment bought and that are still unspent; a gift, an adjustment or seed credits are
// never money. A booking spends the credits no payment bought first.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#worker/db/client'
import { paymentFigures } from '#worker/features/payments/refunds.repo'
import { runStripeActions } from '#worker/features/payments/stripe.actions'
import { patchUser } from '../factories'
import { register } from '../users/support'
import { deliver, event } from './support'
import {
  STRIPE,
  admin,
  bookWithNewHost,
  fakeStripe,
  inDays,
  packEvents,
  reconciled,
  send,
  txOf,
  withStripe,
} from './money-world'

afterEach(() => vi.restoreAllMocks())

async function gift(adminToken: string, userId: number, cents: number, reason = 'Goodwill after an outage') {
  return send(adminToken, 'POST', '/v1/admin/user/credits', {
    user_id: String(userId),
    amount_cents: String(cents),
    reason,
  })
}

async function patient() {
  const p = await register()
  await patchUser(p.id, { phone: '+34600111222', timezone: 'Europe/Madrid' })
  return p
}

describe('a gift is never money', () => {
  it('a pack spent on a booked session, then a $45 gift: approving the pack’s refund pays nothing and the session stays booked', async () => {
    const stripe = fakeStripe()
    const p = await patient()
    const a = await admin()
    const pack = packEvents(p.id, 'credits_1', 4500)
    expect((await deliver(pack.checkout)).status).toBe(200)
    const booked = await bookWithNewHost(p.token, inDays(5, 10))
    expect(booked.res.status).toBe(201)
    expect((await gift(a.token, p.id, 4500)).res.status).toBe(200)
    expect(await reconciled(p)).toBe(4500)

    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Changed my mind.',
      transaction_id: String(tx.id),
    })
    expect(asked.res.status).toBe(201)
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(409)
    expect(approved.body.message).toMatch(/cancel it first/i)
    expect(stripe.refunds()).toEqual([]) // no money for the gift
    expect(await reconciled(p)).toBe(4500) // the gift stays the person's
  })

  it('each booking spends by origin (gifts first, then the oldest payment) and a cancellation gives back to the origin it spent', async () => {
    const stripe = fakeStripe()
    const p = await patient()
    const a = await admin()
    const pack = packEvents(p.id, 'credits_1', 4500)
    expect((await deliver(pack.checkout)).status).toBe(200)
    const first = await bookWithNewHost(p.token, inDays(5, 10))
    expect(first.res.status).toBe(201)
    expect((await gift(a.token, p.id, 4500)).res.status).toBe(200)
    const second = await bookWithNewHost(p.token, inDays(6, 10))
    expect(second.res.status).toBe(201)
    const key = (
      await env.DB.prepare('SELECT grant_key FROM transactions WHERE payment_intent = ?1').bind(pack.pi).first<any>()
    ).grant_key
    const rows = await env.DB.prepare(
      "SELECT reference, amount_cents, payment_key FROM credit_ledger WHERE user_id = ?1 AND reason = 'appointment_booking' ORDER BY id",
    )
      .bind(p.id)
      .all<any>()
    expect(rows.results).toEqual([
      { reference: `appointment:${first.body.appointment.id}@${key}`, amount_cents: -4500, payment_key: key },
      { reference: `appointment:${second.body.appointment.id}`, amount_cents: -4500, payment_key: null },
    ])
    // The first session cancelled: its credits go back to the pack, which is refundable whole again;
    // the second stays, paid by the gift.
    const cancelled = await send(p.token, 'POST', '/v1/appointment/cancel', {
      id: String(first.body.appointment.id),
      reason: '8',
    })
    expect(cancelled.res.status).toBe(200)
    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Changed my mind.',
      transaction_id: String(tx.id),
    })
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(200)
    expect(stripe.refunds()).toEqual([{ payment_intent: pack.pi, amount: '4500' }])
    expect(await reconciled(p)).toBe(0)
  })

  it('a pack of two, one booked, a gift and a negative adjustment: the approval pays one session, the gift’s rest stays credits', async () => {
    const stripe = fakeStripe()
    const p = await patient()
    const a = await admin()
    const pack = packEvents(p.id, 'credits_2', 8000)
    expect((await deliver(pack.checkout)).status).toBe(200)
    const booked = await bookWithNewHost(p.token, inDays(6, 10))
    expect(booked.res.status).toBe(201)
    expect((await gift(a.token, p.id, 4500)).res.status).toBe(200)
    // A negative adjustment spends like a booking: the gift first.
    expect((await gift(a.token, p.id, -2000, 'Correction')).res.status).toBe(200)
    expect(await reconciled(p)).toBe(4500 + 2500)
    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Changed my mind.',
      transaction_id: String(tx.id),
    })
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(200)
    // One session of two unspent: floor(8000 × 4500 / 9000).
    expect(stripe.refunds()).toEqual([{ payment_intent: pack.pi, amount: '4000' }])
    expect(await reconciled(p)).toBe(2500) // what is left of the gift
    // The booked session stays, paid by the pack's other half; cancelled, it comes back as credits.
    const cancelled = await send(p.token, 'POST', '/v1/appointment/cancel', {
      id: String(booked.body.appointment.id),
      reason: '8',
    })
    expect(cancelled.res.status).toBe(200)
    expect(await reconciled(p)).toBe(7000)
  })
})

describe('admin adjustments', () => {
  it('20 identical adjustments at once: one applies, the others answer 409 with a translated message', async () => {
    const p = await patient()
    const a = await admin()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          a.token,
          'POST',
          '/v1/admin/user/credits',
          { user_id: String(p.id), amount_cents: '4500', reason: 'Goodwill' },
          'es',
        ),
      ),
    )
    const statuses = answers.map((x) => x.res.status).sort()
    expect(statuses).toEqual([200, ...Array(19).fill(409)])
    const refused = answers.find((x) => x.res.status === 409)!
    expect(refused.body.message).toMatch(/Este mismo ajuste/)
    expect(await reconciled(p)).toBe(4500)
    // Another text is another adjustment.
    expect((await gift(a.token, p.id, 4500, 'Goodwill, second outage')).res.status).toBe(200)
    expect(await reconciled(p)).toBe(9000)
  })
})

describe('refunds counted once, in any order', () => {
  it('a Dashboard refund that failed at the bank, its refund.failed delivered before its charge.refunded: the credits stay, no money went back', async () => {
    fakeStripe()
    const p = await patient()
    const pack = packEvents(p.id, 'credits_1', 4500)
    await deliver(pack.checkout)
    const made = Math.floor(Date.now() / 1000) - 2 * 86_400
    const failed = event(
      'refund.failed',
      {
        id: `re_test_${pack.pi}`,
        object: 'refund',
        amount: 4500,
        payment_intent: pack.pi,
        status: 'failed',
        failure_reason: 'expired_or_canceled_card',
        metadata: {},
        created: made,
      },
      { created: made + 86_400 },
    )
    const refunded = event(
      'charge.refunded',
      { id: `ch_${pack.pi}`, payment_intent: pack.pi, amount: 4500, amount_refunded: 4500, currency: 'usd' },
      { created: made },
    )
    expect((await deliver(failed)).status).toBe(200)
    expect((await deliver(refunded)).status).toBe(200)
    expect(await reconciled(p)).toBe(4500) // the credits, since the money never left
    const tx = await txOf(p.id)
    expect(tx.refunded_cents).toBe(0)
    expect(tx.status).toBe('succeeded')
  })

  it('a Dashboard refund and our approval not made yet are both committed (not the larger of the two)', async () => {
    const stripe = fakeStripe()
    const p = await patient()
    const a = await admin()
    const pack = packEvents(p.id, 'credits_4', 16000)
    await deliver(pack.checkout)
    expect((await deliver(pack.refunded(4000))).status).toBe(200) // $40 from the Dashboard
    expect(await reconciled(p)).toBe(13500)
    const tx = await txOf(p.id)
    const asked = await send(p.token, 'POST', '/v1/user/refund', {
      reason: 'Not for me.',
      transaction_id: String(tx.id),
    })
    stripe.state.down = true
    const approved = await withStripe('POST', '/v1/refund/approve', a.token, {
      id: String(asked.body.refund_request.id),
    })
    expect(approved.res.status).toBe(200)
    const action = await env.DB.prepare('SELECT amount_cents FROM stripe_actions WHERE key = ?1')
      .bind(`refund-request-${asked.body.refund_request.id}`)
      .first<{ amount_cents: number }>()
    expect(action?.amount_cents).toBe(12000)
    const key = (await env.DB.prepare('SELECT grant_key FROM transactions WHERE id = ?1').bind(tx.id).first<any>())
      .grant_key
    const figures = await paymentFigures(getDb(env.DB), tx.id, key)
    expect(figures).toEqual({ committed: 16000, cap: 0 })
  })
})

describe('Stripe actions', () => {
  it('a run dates each action’s lease when it takes it: a run that began minutes ago does not leave a lease another runner can take meanwhile', async () => {
    const calls: string[] = []
    let open!: () => void
    const gate = new Promise<void>((r) => (open = r))
    let reached!: () => void
    const arrived = new Promise<void>((r) => (reached = r))
    const real = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = new Request(input as RequestInfo, init)
      if (!req.url.startsWith('https://api.stripe.com/')) return real(input, init)
      calls.push(new URL(req.url).pathname)
      reached()
      await gate
      return new Response(JSON.stringify({ id: 're_1', object: 'refund', status: 'succeeded', amount: 100 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    })
    const key = `refund-lease-${Date.now()}`
    await env.DB.prepare(
      "INSERT INTO stripe_actions (key, kind, target, amount_cents, next_at, created_at) VALUES (?1, 'refund_payment', ?2, 100, 0, ?3)",
    )
      .bind(key, `pi_test_lease_${Date.now()}`, Date.now())
      .run()
    const ctx = { env: STRIPE as never, db: getDb(env.DB) }
    // A run whose clock says it began 5 minutes ago (its earlier actions were slow).
    const first = runStripeActions(ctx, { keys: [key], now: Date.now() - 5 * 60_000 })
    await arrived
    const second = await runStripeActions(ctx, { keys: [key] })
    expect(second).toEqual({ done: 0, failed: 0, retry: 0 })
    open()
    expect(await first).toEqual({ done: 1, failed: 0, retry: 0 })
    expect(calls).toHaveLength(1)
  })
})
