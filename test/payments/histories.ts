// What a hand-written money history does (money-findings.test.ts, break.test.ts): the simulated
// clock and quiet logs for each test, Stripe's events delivered in order, a purchase at Checkout,
// a booking and a refund asked for and approved, through the simulator's World (the real Worker,
// D1 and the Stripe fake).
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import type { Charge } from './stripe-fake'
import { forgetAdmin, simulatedClock, type World } from './simulator/world'

export const DAY = 86_400_000

/** Each test of the file starts at `start` on the simulated clock; the app's expected warnings are muted. */
export function simulatedHistories(start: number) {
  beforeAll(() => forgetAdmin())
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'log').mockImplementation(() => {})
    simulatedClock(start)
  })
  afterEach(() => vi.useRealTimers())
}

/** Every event Stripe has sent so far, delivered in its order. */
export async function flush(w: World) {
  while (w.pending.length) expect(await w.deliver(w.pending.shift()!)).toBe(200)
}

/** The person pays for `item` at Stripe's Checkout; its events wait in `w.pending`. */
export async function pay(w: World, item: string): Promise<Charge> {
  const link = await w.as('person', 'GET', `/v1/subscription/payment/link?item=${item}`)
  expect(link.status, JSON.stringify(link.body)).toBe(200)
  const charge = w.fake.pay(/\/pay\/([^/?#]+)/.exec(String(link.body.link))![1]!)!
  w.collect()
  return charge
}

/** The person buys `item` at Stripe's Checkout and its events are delivered. */
export async function buy(w: World, item: string): Promise<Charge> {
  const charge = await pay(w, item)
  await flush(w)
  return charge
}

/** A session with the World's psychologist, `day` days from the start at `hour`. */
export const book = (w: World, day: number, hour: number) =>
  w.as('person', 'POST', '/v1/appointment', {
    host_id: String(w.host),
    start_at: new Date(w.slot(day, hour)).toISOString(),
    meeting_channel: '1',
  })

/** The balance shown (GET /v1/my/subscriptions), checked against the ledger's sum. */
export async function balance(w: World) {
  const shown = await w.as('person', 'GET', '/v1/my/subscriptions')
  const sum = await w.ledgerSum()
  expect(Math.round(shown.body.credits * 100)).toBe(sum)
  return sum
}

/** A refund request of the payment `pi`, and the admin's approval of it. */
export async function askAndApprove(w: World, pi: string) {
  const tx = await w.txId(pi)
  const asked = await w.as('person', 'POST', '/v1/user/refund', { reason: 'Please.', transaction_id: String(tx) })
  expect(asked.status, JSON.stringify(asked.body)).toBe(201)
  const approved = await w.as('admin', 'POST', '/v1/refund/approve', { id: String(asked.body.refund_request.id) })
  return { id: asked.body.refund_request.id as number, approved }
}
