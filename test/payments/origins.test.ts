// Money follows each credit's origin (issue 41 §2, docs/decisions/059): a refund pays only for the
// credits its payment bought and that are still unspent; a gift, an adjustment or seed credits are
// never money. A booking spends the credits no payment bought first.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { patchUser } from '../factories'
import { register } from '../users/support'
import { deliver } from './support'
import {
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
