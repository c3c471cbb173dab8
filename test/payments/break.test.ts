// Money broken from outside (issue 32 §2, a tester who did not write the money code): each test is
// a history a hostile or unlucky person, a misbehaving Stripe or the platform can make, through the
// real Worker in workerd (D1, KV, Durable Objects) and Stripe's fake (./stripe-fake.ts), named after
// what the person would lose or gain. Each failed on the code before its fix (docs/decisions/037,
// "Found from outside (money)").
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { DAY, askAndApprove, balance, book, buy, flush, pay, simulatedHistories } from './histories'
import { World } from './simulator/world'

const START = Date.UTC(2031, 4, 12, 8, 0)

simulatedHistories(START)

/** Money Stripe really gave back for a payment (its refunds that did not fail), however made. */
const moneyBack = (w: World, pi: string) =>
  w.fake
    .refundsOf(pi)
    .filter((r) => r.status !== 'failed')
    .reduce((n, r) => n + r.amount, 0)

describe('a plan payment Stripe tells us about again', () => {
  it('a monthly plan refunded for its unused half keeps its used half: a retried invoice.paid does not give all $160 back', async () => {
    const w = await World.create(START)
    await pay(w, 'monthly')
    // The invoice's first delivery: its batch commits, then marking the event applied fails (D1
    // refusing a write; any failure after the batch does the same): 500, so Stripe delivers it again
    // later (docs.stripe.com/webhooks#retries: for up to 3 days).
    await env.DB.prepare(
      "CREATE TRIGGER mark_fails BEFORE UPDATE OF applied_at ON stripe_events WHEN NEW.type = 'invoice.paid' BEGIN SELECT RAISE(ABORT, 'D1 is down'); END",
    ).run()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const invoice = w.pending.find((e) => e.type === 'invoice.paid')!
    for (const ev of w.pending.splice(0)) await w.deliver(ev)
    error.mockRestore()
    await env.DB.prepare('DROP TRIGGER mark_fails').run()
    expect(await balance(w)).toBe(18000)
    const plan = [...w.fake.charges.values()][0]!
    // Two of the four sessions used; the other two refunded on request: $80 back, the plan ends.
    expect((await book(w, 3, 10)).status).toBe(201)
    expect((await book(w, 4, 10)).status).toBe(201)
    const { approved } = await askAndApprove(w, plan.pi)
    expect(approved.status).toBe(200)
    await flush(w)
    expect(moneyBack(w, plan.pi)).toBe(8000)
    // Stripe's retry of the invoice arrives: the plan is ended, but this is not a new charge.
    expect(await w.deliver(invoice)).toBe(200)
    await flush(w)
    await w.advance(2 * 60_000)
    await flush(w)
    expect(moneyBack(w, plan.pi)).toBe(8000)
    expect(await balance(w)).toBe(0)
  })
})

describe('a refund that fails at the bank after Stripe accepted it', () => {
  it('an approved refund that never reaches the card gives the person their credits back', async () => {
    const w = await World.create(START)
    const pack = await buy(w, 'credits_4') // $160 for $180 of sessions
    const { approved } = await askAndApprove(w, pack.pi)
    expect(approved.status).toBe(200)
    await flush(w)
    expect(moneyBack(w, pack.pi)).toBe(16000)
    expect(await balance(w)).toBe(0)
    // Days later the card's bank returns it (the card was closed): the $160 is back in our balance.
    await w.advance(3 * DAY)
    w.fake.failRefund(w.fake.refundsOf(pack.pi)[0]!.id)
    w.collect()
    await flush(w)
    await w.advance(2 * 60_000)
    await flush(w)
    expect(moneyBack(w, pack.pi)).toBe(0)
    // Neither the money nor the credits would be losing $160: the credits come back.
    expect(await balance(w)).toBe(18000)
  })

  it('a Dashboard refund that never reaches the card gives back the credits it took, even spent ones', async () => {
    const w = await World.create(START)
    const pack = await buy(w, 'credits_2') // $80 for $90
    expect((await book(w, 3, 10)).status).toBe(201) // $45 used
    w.fake.dashboardRefund(pack.pi)
    w.collect()
    await flush(w)
    expect(await balance(w)).toBe(-4500) // all taken back, the booked $45 a debt
    await w.advance(2 * DAY)
    w.fake.failRefund(w.fake.refundsOf(pack.pi)[0]!.id, 'lost_or_stolen_card')
    w.collect()
    await flush(w)
    expect(moneyBack(w, pack.pi)).toBe(0)
    expect(await balance(w)).toBe(4500)
  })
})

describe('a payment heard of after the account was erased', () => {
  it('a pack paid just before erasing the account is refunded, not kept with credits nobody can use', async () => {
    const w = await World.create(START)
    const pack = await pay(w, 'credits_4') // paid at Stripe; its events not yet delivered
    expect((await w.as('person', 'DELETE', '/v1/user')).status).toBe(200)
    await flush(w)
    await w.advance(2 * 60_000)
    await flush(w)
    // As an erased person's plan invoice is (docs/API.md): the money goes back, nothing is written.
    expect(moneyBack(w, pack.pi)).toBe(16000)
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE payment_key = 'checkout:' || ?1")
      .bind(pack.of.checkout!)
      .first<{ n: number }>()
    expect(Number(rows!.n)).toBe(0)
  })
})
