// Payments' test helpers: Stripe events signed as Stripe signs them, sent to the real endpoint.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { signPayload } from '#worker/features/payments/stripe'

let n = 0
export const evtId = (tag = 'evt') => `evt_test_${tag}_${Date.now().toString(36)}${(n++).toString(36)}`

export function event(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}) {
  return {
    id: opts.id ?? evtId(),
    object: 'event',
    type,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  }
}

/** POST /hooks/stripe with Stripe's signature over exactly this body (or a given header). */
export async function deliver(ev: unknown, opts: { signature?: string | null; secret?: string } = {}) {
  const payload = JSON.stringify(ev)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const sig =
    opts.signature === undefined
      ? await signPayload(opts.secret ?? env.STRIPE_WEBHOOK_SECRET!, payload)
      : opts.signature
  if (sig !== null) headers['stripe-signature'] = sig
  return (exports as unknown as { default: Fetcher }).default.fetch('http://localhost/hooks/stripe', {
    method: 'POST',
    body: payload,
    headers,
  })
}

/** What the person's money looks like in D1: the ledger's sum, the flag, the rows. */
export async function moneyOf(userId: number) {
  const ledger = await env.DB.prepare(
    'SELECT COALESCE(SUM(amount_cents), 0) AS s, COUNT(*) AS n FROM credit_ledger WHERE user_id = ?1',
  )
    .bind(userId)
    .first<{ s: number; n: number }>()
  const user = await env.DB.prepare('SELECT subscriber FROM users WHERE id = ?1')
    .bind(userId)
    .first<{ subscriber: number }>()
  const tx = await env.DB.prepare('SELECT kind, status, amount_cents FROM transactions WHERE user_id = ?1 ORDER BY id')
    .bind(userId)
    .all<any>()
  const subs = await env.DB.prepare(
    'SELECT status, end_at, cancelled_at, stripe_subscription_id FROM subscriptions WHERE user_id = ?1 ORDER BY id',
  )
    .bind(userId)
    .all<any>()
  return {
    cents: Number(ledger!.s),
    ledgerRows: Number(ledger!.n),
    subscriber: !!user?.subscriber,
    transactions: tx.results,
    subscriptions: subs.results,
  }
}

/** The events of a paid monthly plan for `userId` (checkout, subscription created, first invoice). */
export function monthlyPlanEvents(userId: number, opts: { sub?: string; start?: number; item?: string } = {}) {
  const sub = opts.sub ?? `sub_test_${Date.now().toString(36)}${(n++).toString(36)}`
  const start = opts.start ?? Math.floor(Date.now() / 1000)
  const end = start + 30 * 86400
  const metadata = { user_id: String(userId), item: opts.item ?? 'monthly' }
  const customer = `cus_test_${userId}`
  return {
    sub,
    start,
    end,
    checkout: event(
      'checkout.session.completed',
      {
        id: `cs_test_${sub}`,
        mode: 'subscription',
        payment_status: 'paid',
        customer,
        client_reference_id: String(userId),
        metadata,
        subscription: sub,
        amount_total: 16000,
        currency: 'usd',
      },
      { created: start },
    ),
    created: event(
      'customer.subscription.created',
      {
        id: sub,
        status: 'active',
        customer,
        metadata,
        cancel_at_period_end: false,
        items: {
          data: [{ current_period_start: start, current_period_end: end, price: { recurring: { interval: 'month' } } }],
        },
      },
      { created: start },
    ),
    /** Stripe's customer.subscription.updated for the plan, still active, renewing unless `cancel`. */
    updated: (cancel: boolean, created: number) =>
      event(
        'customer.subscription.updated',
        {
          id: sub,
          status: 'active',
          metadata: { user_id: String(userId) },
          cancel_at_period_end: cancel,
          items: { data: [{ current_period_end: end }] },
        },
        { created },
      ),
    invoice: (periodStart = start, periodEnd = end, id = `in_test_${sub}_${periodStart}`) =>
      event(
        'invoice.paid',
        {
          id,
          customer,
          amount_paid: 16000,
          currency: 'usd',
          payment_intent: `pi_test_${id}`,
          parent: { subscription_details: { subscription: sub, metadata } },
          lines: { data: [{ period: { start: periodStart, end: periodEnd } }] },
        },
        { created: periodStart + 5 },
      ),
  }
}

export function shuffle<T>(xs: T[], seed = 7): T[] {
  const a = [...xs]
  let s = seed
  for (let i = a.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31
    const j = s % (i + 1)
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}
