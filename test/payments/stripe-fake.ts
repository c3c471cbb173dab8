// Stripe at its one boundary (`fetch` to https://api.stripe.com), following Stripe's documented
// API rather than what is convenient for us:
// - Idempotency (docs.stripe.com/api/idempotent_requests): POST only (a key on GET or DELETE has no
//   effect). The status and body of the first request whose endpoint began executing are saved
//   and replayed for the same key, 500s included; the same key with other parameters is a 400
//   `idempotency_error`; a key whose first request is still executing is a 409
//   `idempotency_key_in_use`; a key is forgotten 24 hours after its first use (a later request with
//   it executes anew). A request refused before the endpoint runs (503, auth) saves nothing.
// - Refunds (docs.stripe.com/api/refunds/create, docs.stripe.com/error-codes): `payment_intent` and
//   optional `amount` (default: what is left); a charge refunded in full answers
//   `charge_already_refunded`, more than is left "Refund amount ($X) is greater than unrefunded
//   amount on charge ($Y)" (400, param amount), a disputed charge `charge_disputed`, an unknown
//   payment intent `resource_missing` (404).
// - Subscriptions: DELETE /v1/subscriptions/:id cancels now; an already cancelled one is a 404
//   `resource_missing` "No such subscription" (stripe/stripe-go#1887); POST with
//   cancel_at_period_end on a cancelled one is a 400 "A canceled subscription can only update its
//   cancellation_details and metadata.".
// - Webhook events are queued in `outbox` as Stripe would send them (the webhook endpoint pinned to
//   API 2025-02-24.acacia: invoices carry `payment_intent` at the top; since 2025-03-31.basil they do
//   not, see docs/decisions/037); the simulator delivers them, late, twice or out of order.
// Faults are injected per call (`trouble`): 500 after the endpoint began (saved under the key), 503
// before it (nothing saved, nothing done), a lost answer after the work was done, or a slow answer.
import { vi } from 'vitest'
import { catalogueItem } from '#shared/catalogue'
import { addMonths } from '#worker/features/payments/events.shared'

export type Fault = 'error500' | 'unavailable' | 'lost_after' | 'lost_before' | 'slow' | 'rate_limited'

export interface FakeEvent {
  id: string
  object: 'event'
  api_version: string
  type: string
  created: number
  livemode: false
  data: { object: Record<string, unknown> }
}

export interface Charge {
  id: string
  pi: string
  amount: number
  refunded: number
  disputed: boolean
  customer: string
  /** What this payment is: a pack's checkout, or a plan's invoice. */
  of: { checkout?: string; invoice?: string; sub?: string; periodStart?: number }
  userId: number
}

export interface Sub {
  id: string
  customer: string
  userId: number
  item: 'monthly' | 'yearly'
  status: 'active' | 'past_due' | 'unpaid' | 'canceled'
  /** The next renewal's charge fails (a card declined): Stripe retries, then gives up. */
  failNext?: boolean
  /**
   * What the next invoice charges when it is not the price (cents): a coupon, a proration, a credit
   * balance; 0 is an invoice Stripe marks paid with no payment (no payment intent, no charge).
   */
  nextAmount?: number
  cancelAtPeriodEnd: boolean
  periodStart: number // s
  periodEnd: number // s
  canceledAt: number | null
}

export interface Refund {
  id: string
  pi: string
  amount: number
  metadata: Record<string, string>
  viaApi: boolean
  at: number
  /** A refund Stripe accepted may fail later at the card's bank (docs.stripe.com/refunds#failed-refunds). */
  status: 'succeeded' | 'failed'
  failureReason: string | null
}

/** One request as Stripe received it and what became of it. */
export interface CallRecord {
  method: string
  path: string
  params: Record<string, any>
  key: string | null
  /** executed: the endpoint ran now; replayed: a saved answer; refused: nothing ran. */
  outcome: 'executed' | 'replayed' | 'refused'
  status: number
  /** Whether the caller received the answer (false: the connection was lost). */
  answered: boolean
  body: any
  at: number
}

interface Saved {
  fingerprint: string
  status: number
  body: any
  at: number
}

const API_VERSION = '2025-02-24.acacia'
const DAY = 86_400_000

let seq = 0
/** The fake answering now (one fetch spy for a test, pointed at each history's fake). */
const installed: { current: FakeStripe | null; spying: boolean } = { current: null, spying: false }
/** A test's mocks were restored: the next install spies again. */
export const uninstallStripe = () => {
  installed.current = null
  installed.spying = false
}
const nid = (prefix: string) => `${prefix}_sim${Date.now().toString(36)}${(seq++).toString(36)}`

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects. */
function parseForm(body: URLSearchParams): Record<string, any> {
  const out: Record<string, any> = {}
  for (const [k, v] of body) {
    const path = k.replace(/\]/g, '').split('[')
    let o = out
    path.forEach((p, i) => {
      if (i === path.length - 1) o[p] = v
      else o = o[p] ??= {}
    })
  }
  return out
}
const dollars = (c: number) => `$${(c / 100).toFixed(2)}`
const secs = (ms: number) => Math.floor(ms / 1000)

export class FakeStripe {
  charges = new Map<string, Charge>()
  subs = new Map<string, Sub>()
  refunds: Refund[] = []
  /** The latest instant a refund's failure was told at (ms): Stripe's later refunds come after it. */
  private toldUpTo = 0
  sessions = new Map<
    string,
    { id: string; mode: string; item: string; userId: number; customer: string; paid: boolean }
  >()
  customers = new Map<number, string>()
  outbox: FakeEvent[] = []
  calls: CallRecord[] = []
  private saved = new Map<string, Saved>()
  private running = new Set<string>()
  /** Faults for the next calls, in order. */
  trouble: Fault[] = []
  /**
   * Latency a test controls: while set, requests to `path` wait for it before Stripe acts (a slow
   * Stripe at the moment a test chooses); `reached` resolves when one arrives.
   */
  gate: { path: string; open: Promise<void>; reached: () => void } | null = null
  slowMs = 8

  /** This fake answers every request to Stripe from now on (until the test's mocks are restored). */
  install() {
    installed.current = this
    if (installed.spying) return this
    installed.spying = true
    const real = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = new Request(input as RequestInfo, init)
      if (!req.url.startsWith('https://api.stripe.com/') || !installed.current) return real(input, init)
      return installed.current.handle(req)
    })
    return this
  }

  private emit(type: string, object: Record<string, unknown>, atMs = Date.now()) {
    this.outbox.push({
      id: nid('evt'),
      object: 'event',
      api_version: API_VERSION,
      type,
      created: secs(atMs),
      livemode: false,
      data: { object },
    })
  }

  private reply(status: number, body: unknown) {
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': nid('req') },
    })
  }

  async handle(req: Request): Promise<Response> {
    const url = new URL(req.url)
    const method = req.method
    const params =
      method === 'GET'
        ? parseForm(url.searchParams)
        : parseForm(new URLSearchParams(new TextDecoder().decode(await req.arrayBuffer())))
    // The key as sent (a DELETE may carry one); it only means something on a POST.
    const sent = req.headers.get('idempotency-key')
    const key = method === 'POST' ? sent : null
    const record = (r: Omit<CallRecord, 'method' | 'path' | 'params' | 'key' | 'at'>) =>
      this.calls.push({ method, path: url.pathname, params, key: sent, at: Date.now(), ...r })
    if (!/^Bearer sk_(test|live)_/.test(req.headers.get('authorization') ?? '')) {
      record({ outcome: 'refused', status: 401, answered: true, body: null })
      return this.reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    }
    if (this.gate && url.pathname === this.gate.path) {
      this.gate.reached()
      await this.gate.open
    }
    const fault = this.trouble.shift()
    if (fault === 'unavailable') {
      record({ outcome: 'refused', status: 503, answered: true, body: null })
      return this.reply(503, { error: { type: 'api_error', message: 'Service unavailable' } })
    }
    /** Stripe's error envelope, answered and recorded as a refusal (nothing ran). */
    const refuse = (status: number, error: Record<string, string>) => {
      const body = { error }
      record({ outcome: 'refused', status, answered: true, body })
      return this.reply(status, body)
    }
    if (fault === 'rate_limited') {
      // docs.stripe.com/rate-limits: 429, code rate_limit, refused before the endpoint runs (nothing saved).
      return refuse(429, {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
      })
    }
    if (fault === 'lost_before') {
      record({ outcome: 'refused', status: 0, answered: false, body: null })
      throw new TypeError('Network connection lost.')
    }
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`
    if (key) {
      const old = this.saved.get(key)
      if (old && Date.now() - old.at >= DAY) this.saved.delete(key)
      const kept = this.saved.get(key)
      if (kept) {
        if (kept.fingerprint !== fingerprint) {
          return refuse(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          })
        }
        record({ outcome: 'replayed', status: kept.status, answered: fault !== 'lost_after', body: kept.body })
        if (fault === 'lost_after') throw new TypeError('Network connection lost.')
        return this.reply(kept.status, kept.body)
      }
      if (this.running.has(key)) {
        return refuse(409, {
          type: 'invalid_request_error',
          code: 'idempotency_key_in_use',
          message: 'There is currently another in-progress request using this Stripe-Idempotency-Key.',
        })
      }
      this.running.add(key)
    }
    try {
      let status: number
      let body: any
      if (fault === 'error500') {
        status = 500
        body = { error: { type: 'api_error', message: 'An unknown error occurred' } }
      } else {
        ;[status, body] = this.execute(method, url, params)
      }
      if (fault === 'slow') await new Promise((r) => setTimeout(r, this.slowMs))
      if (key) this.saved.set(key, { fingerprint, status, body, at: Date.now() })
      record({ outcome: 'executed', status, answered: fault !== 'lost_after', body })
      if (fault === 'lost_after') throw new TypeError('Network connection lost.')
      return this.reply(status, body)
    } finally {
      if (key) this.running.delete(key)
    }
  }

  private execute(method: string, url: URL, p: Record<string, any>): [number, any] {
    const path = url.pathname
    const missing = (what: string, id: string): [number, any] => [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: `No such ${what}: '${id}'`,
        },
      },
    ]
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = String(p.metadata?.item ?? '')
      const userId = Number(p.metadata?.user_id ?? p.client_reference_id)
      const customer = p.customer ?? this.customers.get(userId) ?? nid('cus')
      this.customers.set(userId, customer)
      const id = nid('cs')
      this.sessions.set(id, { id, mode: p.mode, item, userId, customer, paid: false })
      return [200, { id, object: 'checkout.session', mode: p.mode, url: `https://checkout.stripe.com/c/pay/${id}` }]
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = String(p.payment_intent ?? '')
      const charge = this.charges.get(pi)
      if (!charge) return missing('payment_intent', pi)
      const r = this.refund(charge, p.amount === undefined ? undefined : Number(p.amount), p.metadata ?? {}, true)
      if ('error' in r) return [400, r]
      // `expand[]=charge` answers the charge object in place of its id (docs.stripe.com/expand).
      const expand = Object.values((p.expand ?? {}) as Record<string, string>)
      return [200, expand.includes('charge') ? { ...r, charge: this.chargeObject(charge) } : r]
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const pi = String(p.payment_intent ?? '')
      const data = this.refunds.filter((r) => !pi || r.pi === pi).map((r) => this.refundObject(r))
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }]
    }
    const subPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (subPath) {
      const sub = this.subs.get(subPath[1]!)
      if (method === 'DELETE') {
        if (!sub || sub.status === 'canceled') return missing('subscription', subPath[1]!)
        this.cancelNow(sub, Date.now())
        return [200, this.subObject(sub)]
      }
      if (method === 'POST') {
        if (!sub) return missing('subscription', subPath[1]!)
        if (sub.status === 'canceled')
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message: 'A canceled subscription can only update its cancellation_details and metadata.',
              },
            },
          ]
        if (p.cancel_at_period_end !== undefined) {
          sub.cancelAtPeriodEnd = p.cancel_at_period_end === 'true'
          this.emit('customer.subscription.updated', this.subObject(sub))
        }
        return [200, this.subObject(sub)]
      }
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }]
  }

  private refund(charge: Charge, amount: number | undefined, metadata: Record<string, string>, viaApi: boolean) {
    if (charge.disputed)
      return {
        error: {
          type: 'invalid_request_error',
          code: 'charge_disputed',
          message: `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        },
      }
    const left = charge.amount - charge.refunded
    if (left <= 0)
      return {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${charge.id} has already been refunded.`,
        },
      }
    const value = amount ?? left
    if (!Number.isInteger(value) || value < 1)
      return {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'amount',
          message: 'Invalid positive integer',
        },
      }
    if (value > left)
      return {
        error: {
          type: 'invalid_request_error',
          param: 'amount',
          message: `Refund amount (${dollars(value)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        },
      }
    charge.refunded += value
    // Stripe's clock never goes back: a refund made after a failure was told is dated after it.
    const at = Math.max(Date.now(), this.toldUpTo)
    const r: Refund = {
      id: nid('re'),
      pi: charge.pi,
      amount: value,
      metadata,
      viaApi,
      at,
      status: 'succeeded',
      failureReason: null,
    }
    this.refunds.push(r)
    this.emit('charge.refunded', this.chargeObject(charge), at)
    return this.refundObject(r)
  }

  private refundObject(r: Refund) {
    return {
      id: r.id,
      object: 'refund',
      amount: r.amount,
      charge: this.charges.get(r.pi)?.id ?? null,
      currency: 'usd',
      payment_intent: r.pi,
      status: r.status,
      failure_reason: r.failureReason,
      metadata: r.metadata,
      created: secs(r.at),
    }
  }

  chargeObject(c: Charge) {
    return {
      id: c.id,
      object: 'charge',
      payment_intent: c.pi,
      amount: c.amount,
      amount_refunded: c.refunded,
      refunded: c.refunded >= c.amount,
      disputed: c.disputed,
      currency: 'usd',
      customer: c.customer,
    }
  }

  private subObject(s: Sub) {
    const interval = s.item === 'yearly' ? 'year' : 'month'
    return {
      id: s.id,
      object: 'subscription',
      status: s.status,
      customer: s.customer,
      metadata: { user_id: String(s.userId), item: s.item },
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      ended_at: s.status === 'canceled' ? s.canceledAt : null,
      items: {
        object: 'list',
        data: [
          {
            object: 'subscription_item',
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
            price: { object: 'price', recurring: { interval } },
          },
        ],
      },
    }
  }

  private cancelNow(sub: Sub, atMs: number) {
    sub.status = 'canceled'
    sub.canceledAt = secs(atMs)
    this.emit('customer.subscription.deleted', this.subObject(sub), atMs)
  }

  private newCharge(amount: number, customer: string, userId: number, of: Charge['of']): Charge {
    const pi = nid('pi')
    const c: Charge = { id: nid('ch'), pi, amount, refunded: 0, disputed: false, customer, of, userId }
    this.charges.set(pi, c)
    return c
  }

  /** Zero invoices paid (no charge): the plan's periods they paid, by nobody's money. */
  freeInvoices: { sub: string; periodStart: number; invoice: string }[] = []

  private invoicePaid(sub: Sub, atMs: number) {
    const item = catalogueItem(sub.item)!
    const inv = nid('in')
    const amount = sub.nextAmount ?? item.price_cents
    sub.nextAmount = undefined
    // docs.stripe.com/billing/invoices/overview: an invoice whose total is 0 is paid at once, with
    // no payment attempted (no payment intent, no charge).
    const charge =
      amount > 0
        ? this.newCharge(amount, sub.customer, sub.userId, { invoice: inv, sub: sub.id, periodStart: sub.periodStart })
        : null
    if (!charge) this.freeInvoices.push({ sub: sub.id, periodStart: sub.periodStart, invoice: inv })
    const metadata = { user_id: String(sub.userId), item: sub.item }
    this.emit(
      'invoice.paid',
      {
        id: inv,
        object: 'invoice',
        customer: sub.customer,
        amount_paid: amount,
        amount_due: amount,
        currency: 'usd',
        status: 'paid',
        payment_intent: charge?.pi ?? null,
        subscription: sub.id,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata } },
        lines: {
          object: 'list',
          data: [{ object: 'line_item', metadata, period: { start: sub.periodStart, end: sub.periodEnd } }],
        },
      },
      atMs,
    )
    return charge
  }

  // ── What happens at Stripe without us asking ──────────────────────────────────────────────

  /** The customer pays a Checkout Session: its events are queued. Answers the payment's charge. */
  pay(sessionId: string, percentOff = 0): Charge | null {
    const s = this.sessions.get(sessionId)
    if (!s || s.paid) return null
    s.paid = true
    const item = catalogueItem(s.item)!
    // A promotion code the customer typed at Checkout (allow_promotion_codes): amount_total is
    // what was charged, the price less the discount (docs.stripe.com/payments/checkout/discounts).
    const total = item.price_cents - Math.floor((item.price_cents * percentOff) / 100)
    const now = Date.now()
    const metadata = { user_id: String(s.userId), item: s.item }
    if (s.mode === 'payment') {
      const charge = this.newCharge(total, s.customer, s.userId, { checkout: s.id })
      this.emit('checkout.session.completed', {
        id: s.id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        amount_total: total,
        currency: 'usd',
        customer: s.customer,
        client_reference_id: String(s.userId),
        metadata,
        payment_intent: charge.pi,
        subscription: null,
      })
      return charge
    }
    const start = secs(now)
    const sub: Sub = {
      id: nid('sub'),
      customer: s.customer,
      userId: s.userId,
      item: s.item as Sub['item'],
      status: 'active',
      cancelAtPeriodEnd: false,
      periodStart: start,
      periodEnd: secs(addMonths(start * 1000, s.item === 'yearly' ? 12 : 1)),
      canceledAt: null,
    }
    if (total !== item.price_cents) sub.nextAmount = total
    this.subs.set(sub.id, sub)
    this.emit('checkout.session.completed', {
      id: s.id,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      amount_total: total,
      currency: 'usd',
      customer: s.customer,
      client_reference_id: String(s.userId),
      metadata,
      payment_intent: null,
      subscription: sub.id,
    })
    this.emit('customer.subscription.created', this.subObject(sub))
    return this.invoicePaid(sub, now)
  }

  /** Time passes at Stripe: renewals are charged (or cancelled at the period's end). */
  advance(toMs: number) {
    for (const sub of this.subs.values()) {
      while (sub.status === 'active' && sub.periodEnd * 1000 <= toMs) {
        const at = sub.periodEnd * 1000
        if (sub.cancelAtPeriodEnd) {
          this.cancelNow(sub, at)
          break
        }
        sub.periodStart = sub.periodEnd
        sub.periodEnd = secs(addMonths(at, sub.item === 'yearly' ? 12 : 1))
        this.emit('customer.subscription.updated', this.subObject(sub), at)
        if (sub.failNext) {
          // The renewal's charge is declined (docs.stripe.com/billing/subscriptions/overview): the
          // invoice stays open, invoice.payment_failed, and the subscription turns past_due.
          this.invoiceFailed(sub, at + 3_600_000)
          sub.status = 'past_due'
          this.emit('customer.subscription.updated', this.subObject(sub), at + 3_600_000)
          break
        }
        this.invoicePaid(sub, at)
      }
      // Smart Retries give up after a week here; the subscription setting "mark as unpaid".
      if (sub.status === 'past_due' && sub.periodStart * 1000 + 7 * DAY <= toMs) {
        sub.status = 'unpaid'
        this.emit('customer.subscription.updated', this.subObject(sub), sub.periodStart * 1000 + 7 * DAY)
      }
    }
  }

  private invoiceFailed(sub: Sub, atMs: number) {
    const item = catalogueItem(sub.item)!
    const metadata = { user_id: String(sub.userId), item: sub.item }
    this.emit(
      'invoice.payment_failed',
      {
        id: nid('in'),
        object: 'invoice',
        customer: sub.customer,
        amount_paid: 0,
        amount_due: item.price_cents,
        currency: 'usd',
        status: 'open',
        payment_intent: null,
        subscription: sub.id,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata } },
        lines: {
          object: 'list',
          data: [{ object: 'line_item', metadata, period: { start: sub.periodStart, end: sub.periodEnd } }],
        },
      },
      atMs,
    )
  }

  /** The subscription's next invoice charges `cents` (a coupon, a proration; 0: paid with no payment). */
  nextInvoiceAmount(subId: string, cents: number) {
    const sub = this.subs.get(subId)
    if (sub && sub.status === 'active') sub.nextAmount = cents
  }

  /** The customer's card will be declined at the subscription's next renewal. */
  failNextRenewal(subId: string) {
    const sub = this.subs.get(subId)
    if (sub && sub.status === 'active') sub.failNext = true
  }

  /** A refund made in Stripe's Dashboard (not through us). Null when Stripe refuses it. */
  dashboardRefund(pi: string, amount?: number) {
    const charge = this.charges.get(pi)
    if (!charge) return null
    const r = this.refund(charge, amount, { dashboard: '1' }, false)
    return 'error' in r ? null : r
  }

  /**
   * A refund Stripe accepted fails at the card's bank (a closed or expired card): its money goes
   * back to the merchant's Stripe balance, the charge no longer counts it as refunded, and Stripe
   * sends `charge.refund.updated` (the refund, status failed; shape as in zulip's Stripe fixture
   * zerver/webhooks/stripe/fixtures/refund_event.json) and, since API 2024-10-28.acacia, `refund.updated`
   * and `refund.failed` for every refund (docs.stripe.com/changelog/acacia/2024-10-28/refund-webhook-update).
   */
  failRefund(
    refundId: string,
    reason: 'expired_or_canceled_card' | 'lost_or_stolen_card' | 'unknown' = 'expired_or_canceled_card',
  ) {
    const r = this.refunds.find((x) => x.id === refundId)
    if (!r || r.status === 'failed') return
    r.status = 'failed'
    r.failureReason = reason
    const charge = this.charges.get(r.pi)
    if (charge) charge.refunded -= r.amount
    const object = this.refundObject(r)
    // A bank returns a refund days after it was made, never in the same second (Stripe's events are
    // dated to the second): the failure is told at least a second after the refund.
    const at = Math.max(Date.now(), r.at + 1000)
    this.toldUpTo = Math.max(this.toldUpTo, at)
    this.emit('charge.refund.updated', object, at)
    this.emit('refund.updated', object, at)
    this.emit('refund.failed', object, at)
  }

  /**
   * The bank decides the dispute (docs.stripe.com/disputes/how-disputes-work): lost, the money stays
   * with the cardholder (the charge's amount_refunded does not change); won, it comes back to us.
   * Stripe sends charge.dispute.closed with the dispute's final status.
   */
  closeDispute(pi: string, status: 'lost' | 'won') {
    const charge = this.charges.get(pi)
    if (!charge?.disputed) return
    this.emit('charge.dispute.closed', {
      id: `dp_${charge.id}`,
      object: 'dispute',
      charge: charge.id,
      payment_intent: pi,
      amount: charge.amount - charge.refunded,
      currency: 'usd',
      reason: 'fraudulent',
      status,
    })
  }

  /** The team cancels a subscription now from Stripe's Dashboard (no proration refund: Stripe's default). */
  cancelInDashboard(subId: string) {
    const sub = this.subs.get(subId)
    if (!sub || sub.status === 'canceled') return
    this.cancelNow(sub, Date.now())
  }

  /** The cardholder disputes the charge with their bank (a chargeback). */
  dispute(pi: string) {
    const charge = this.charges.get(pi)
    if (!charge || charge.disputed) return
    charge.disputed = true
    this.emit('charge.dispute.created', {
      id: `dp_${charge.id}`,
      object: 'dispute',
      charge: charge.id,
      payment_intent: pi,
      amount: charge.amount - charge.refunded,
      status: 'needs_response',
    })
  }

  /** A payment made before this fake was watching (an old one of ours, recorded in D1 by hand). */
  seedCharge(pi: string, amount: number, userId: number, of: Charge['of']) {
    const c: Charge = { id: nid('ch'), pi, amount, refunded: 0, disputed: false, customer: nid('cus'), of, userId }
    this.charges.set(pi, c)
    return c
  }

  /** Hold requests to `path` until the returned `open()`; `reached` resolves when the first arrives. */
  hold(path: string) {
    let open!: () => void
    let reached!: () => void
    const arrived = new Promise<void>((r) => (reached = r))
    this.gate = { path, open: new Promise<void>((r) => (open = r)), reached }
    return {
      reached: arrived,
      open: () => {
        this.gate = null
        open()
      },
    }
  }

  // ── What the simulator reads ──────────────────────────────────────────────────────────────

  refundsOf(pi: string) {
    return this.refunds.filter((r) => r.pi === pi)
  }
}
