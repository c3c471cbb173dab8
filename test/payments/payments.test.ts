import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index'
import { dailySubscriptions } from '#worker/features/payments/payments.service'
import { getDb } from '#worker/db/client'
import { api, json } from '../helpers'
import { patchUser } from '../factories'
import { bearer, countRows, register, setRole } from '../users/support'
import { deliver, event, monthlyPlanEvents, moneyOf, shuffle } from './support'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

async function get(token: string | null, path: string, locale = 'en', headers: Record<string, string> = {}) {
  const res = await api(path, { locale, headers: { ...(token ? bearer(token) : {}), ...headers } })
  return { res, body: await json(res) }
}
async function send(token: string, method: string, path: string, form: Record<string, string> = {}, locale = 'en') {
  const res = await api(path, { method, locale, headers: bearer(token), form })
  return { res, body: await json(res) }
}

afterEach(() => vi.restoreAllMocks())

describe('the offer', () => {
  it('lists the monthly and yearly plans and the packs with SPEC §9 figures, in each language', async () => {
    const en = (await get(null, '/v1/subscriptions')).body.subscriptions
    expect(en.map((i: any) => i.id)).toEqual(['monthly', 'yearly', 'credits_1', 'credits_2', 'credits_4'])
    const byId = Object.fromEntries(en.map((i: any) => [i.id, i]))
    expect(byId.credits_1).toMatchObject({ price: 45, price_label: '$45.00', sessions: 1, type: 2 })
    expect(byId.credits_2).toMatchObject({ price: 80, credits: 90, savings: 10 })
    expect(byId.credits_4).toMatchObject({ price: 160, credits: 180, savings: 20 })
    expect(byId.monthly).toMatchObject({ sessions: 4, type: 1, interval: 'month', credits: 180 })
    expect(byId.yearly).toMatchObject({ months_free: 2, interval: 'year', price: byId.monthly.price * 10 })
    const es = (await get(null, '/v1/subscriptions', 'es')).body.subscriptions
    expect(es[2]).toMatchObject({ title: '1 sesión' })
    expect(es[2].price_label).toMatch(/^45,00\s\$$/)
  })
})

describe('buying through the local checkout (no Stripe key)', () => {
  it('a monthly plan: link → checkout → signed events → subscriber with 4 sessions; stopping the renewal keeps it to its end', async () => {
    const p = await register()
    const link = await get(p.token, '/v1/subscription/payment/link?item=monthly')
    expect(link.res.status).toBe(200)
    expect(link.body.link).toMatch(/^http:\/\/localhost\/__dev\/checkout\/cs_local_/)
    const page = await api(new URL(link.body.link).pathname)
    expect(await page.text()).toContain('Monthly plan')
    const paid = await api(`${new URL(link.body.link).pathname}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe('http://localhost/en/subscribe?success=1&item=monthly')
    const m = await moneyOf(p.id)
    expect(m).toMatchObject({ cents: 18000, subscriber: true })
    expect(m.transactions).toEqual([{ kind: 'subscription', status: 'succeeded', amount_cents: 16000 }])
    const mine = (await get(p.token, '/v1/my/subscriptions')).body
    expect(mine).toMatchObject({ credits: 180, subscriber: true })
    expect(mine.subscriptions).toHaveLength(1)
    expect(mine.subscriptions[0]).toMatchObject({ status: 1, type: 1, interval: 'month', renews: true })
    expect(Date.parse(mine.subscriptions[0].end_at)).toBeGreaterThan(Date.now() + 27 * 86_400_000)
    // The checkout is spent: paying it again does nothing.
    expect((await api(`${new URL(link.body.link).pathname}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(
      404,
    )
    // A second plan is refused while one is active.
    expect((await get(p.token, '/v1/subscription/payment/link?item=yearly')).res.status).toBe(409)

    const stop = await send(p.token, 'DELETE', '/v1/my/subscriptions')
    expect(stop.res.status).toBe(200)
    expect(stop.body.message).toBe('Subscription cancelled.')
    expect(stop.body.subscriptions[0]).toMatchObject({ status: 1, renews: false })
    expect((await moneyOf(p.id)).subscriber).toBe(true)
    // The daily job ends it once its period is over.
    await dailySubscriptions(getDb(env.DB), Date.parse(mine.subscriptions[0].end_at) + 1000)
    const after = await moneyOf(p.id)
    expect(after.subscriber).toBe(false)
    expect(after.subscriptions[0].status).toBe(2)
    expect(after.cents).toBe(18000) // credits do not expire
    const again = await send(p.token, 'DELETE', '/v1/my/subscriptions', {}, 'es')
    expect(again.res.status).toBe(404)
    expect(again.body.message).toBe('No tienes ninguna suscripción activa que cancelar.')
  })

  it('a credit pack: the balance and the history row', async () => {
    const p = await register()
    const link = (await get(p.token, '/v1/subscription/payment/link?item=credits_2', 'es')).body.link
    const paid = await api(`${new URL(link).pathname}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.headers.get('location')).toBe('http://localhost/subscribe?success=1&item=credits_2')
    const h = (await get(p.token, '/v1/my/transactions')).body
    expect(h.credits).toBe(90)
    expect(h.transactions.map((t: any) => [t.kind, t.reason, t.amount])).toEqual(
      expect.arrayContaining([
        ['payment', 'topup', 80],
        ['credit', 'topup', 90],
      ]),
    )
    expect((await moneyOf(p.id)).subscriber).toBe(false)
    expect((await get(p.token, '/v1/user')).body.user.credits).toBe(90)
  })

  it('declining comes back to /subscribe?error=1 and writes nothing', async () => {
    const p = await register()
    const link = (await get(p.token, '/v1/subscription/payment/link?item=credits_1')).body.link
    const res = await api(`${new URL(link).pathname}/decline`, { method: 'POST', redirect: 'manual' })
    expect(res.headers.get('location')).toBe('http://localhost/en/subscribe?error=1')
    expect(await moneyOf(p.id)).toMatchObject({ cents: 0, ledgerRows: 0, transactions: [] })
  })

  it('plans are refused from a mobile device (SPEC §6); packs are not; a bad item is a field error', async () => {
    const p = await register()
    const plan = await get(p.token, '/v1/subscription/payment/link?item=monthly', 'es', { 'user-agent': IPHONE })
    expect(plan.res.status).toBe(403)
    expect(plan.body.message).toBe('Las suscripciones están temporalmente deshabilitadas desde dispositivos móviles.')
    expect(
      (await get(p.token, '/v1/subscription/payment/link?item=monthly', 'en', { 'sec-ch-ua-mobile': '?1' })).res.status,
    ).toBe(403)
    expect(
      (await get(p.token, '/v1/subscription/payment/link?item=credits_1', 'en', { 'user-agent': IPHONE })).res.status,
    ).toBe(200)
    const bad = await get(p.token, '/v1/subscription/payment/link?item=gold')
    expect(bad.res.status).toBe(422)
    expect(bad.body.errors.item).toBeDefined()
  })
})

describe('the Stripe webhook', () => {
  it('an unsigned or tampered event is 400 and changes nothing', async () => {
    const p = await register()
    const { invoice } = monthlyPlanEvents(p.id)
    const ev = invoice()
    expect((await deliver(ev, { signature: null })).status).toBe(400)
    expect((await deliver(ev, { secret: 'whsec_someone_else' })).status).toBe(400)
    const payload = JSON.stringify(ev)
    const { signPayload } = await import('#worker/features/payments/stripe')
    const header = await signPayload(env.STRIPE_WEBHOOK_SECRET!, payload)
    const other = JSON.stringify({ ...ev, id: 'evt_other', data: { object: { ...ev.data.object, amount_paid: 1 } } })
    const res = await api('/hooks/stripe', {
      method: 'POST',
      body: other,
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(await countRows('stripe_events', 'id = ?1', 'evt_other')).toBe(0)
  })

  it('every event kind delivered 3 times at once, in shuffled order, is applied once; the ledger and the flag agree', async () => {
    const people = await Promise.all([register(), register(), register()])
    const all: unknown[] = []
    const [a, b, c] = people
    // a: a monthly plan with a renewal; b: a credit pack then a refund by Stripe; c: a plan that failed to renew and was deleted.
    const pa = monthlyPlanEvents(a!.id)
    all.push(pa.checkout, pa.created, pa.invoice(), pa.invoice(pa.end, pa.end + 30 * 86400))
    const cs = {
      id: `cs_test_b${b!.id}`,
      mode: 'payment',
      payment_status: 'paid',
      customer: `cus_test_${b!.id}`,
      client_reference_id: String(b!.id),
      metadata: { user_id: String(b!.id), item: 'credits_4' },
      amount_total: 16000,
      currency: 'usd',
      payment_intent: `pi_test_b${b!.id}`,
    }
    all.push(event('checkout.session.completed', cs))
    const pc = monthlyPlanEvents(c!.id)
    all.push(
      pc.checkout,
      pc.invoice(),
      event(
        'invoice.payment_failed',
        {
          id: `in_test_fail_${c!.id}`,
          customer: `cus_test_${c!.id}`,
          amount_due: 16000,
          parent: {
            subscription_details: { subscription: pc.sub, metadata: { user_id: String(c!.id), item: 'monthly' } },
          },
        },
        { created: pc.end },
      ),
    )
    all.push(
      event(
        'customer.subscription.deleted',
        {
          id: pc.sub,
          status: 'canceled',
          customer: `cus_test_${c!.id}`,
          metadata: { user_id: String(c!.id) },
          ended_at: pc.end + 86400,
        },
        { created: pc.end + 86400 },
      ),
    )
    // Each delivery 3 times, all at once, in an order that is not Stripe's.
    const deliveries = shuffle(all.flatMap((e) => [e, e, e]))
    const results = await Promise.all(deliveries.map((e) => deliver(e)))
    expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true)
    // b's charge refunded by Stripe after the pack was paid, 3 times.
    await Promise.all(
      [0, 1, 2].map(() =>
        deliver(
          event(
            'charge.refunded',
            { id: `ch_${b!.id}`, payment_intent: `pi_test_b${b!.id}`, amount_refunded: 16000 },
            { id: `evt_refund_${b!.id}` },
          ),
        ),
      ),
    )

    const ma = await moneyOf(a!.id)
    expect(ma).toMatchObject({ cents: 36000, subscriber: true }) // two months of 4 sessions
    expect(ma.transactions).toHaveLength(2)
    expect(ma.subscriptions).toHaveLength(1)
    expect(ma.subscriptions[0].end_at).toBe((pa.end + 30 * 86400) * 1000) // the renewal moved end_at
    const mb = await moneyOf(b!.id)
    expect(mb).toMatchObject({ cents: 0, subscriber: false })
    expect(mb.transactions).toEqual([{ kind: 'topup', status: 'refunded', amount_cents: 16000 }])
    const mc = await moneyOf(c!.id)
    expect(mc.subscriber).toBe(false)
    expect(mc.subscriptions[0].status).toBe(2)
    expect(mc.transactions.map((t: any) => t.status).sort()).toEqual(['failed', 'succeeded'])
    for (const p of people) {
      const shown = (await get(p.token, '/v1/my/subscriptions')).body
      const m = await moneyOf(p.id)
      expect(shown.credits * 100).toBe(m.cents)
      expect(shown.subscriber).toBe(m.subscriber)
    }
    // Applied once: one row per event id.
    expect(await countRows('stripe_events', "id LIKE 'evt_test_%' AND applied_at IS NOT NULL")).toBeGreaterThanOrEqual(
      all.length,
    )
  })

  it('an older subscription.updated after the deletion does not bring the plan back', async () => {
    const p = await register()
    const pe = monthlyPlanEvents(p.id)
    await deliver(pe.invoice())
    await deliver(
      event(
        'customer.subscription.deleted',
        { id: pe.sub, status: 'canceled', metadata: { user_id: String(p.id) }, ended_at: pe.start + 100 },
        { created: pe.start + 100 },
      ),
    )
    await deliver(pe.updated(false, pe.start + 50))
    const m = await moneyOf(p.id)
    expect(m.subscriptions[0].status).toBe(2)
    expect(m.subscriber).toBe(false)
  })

  it('cancel_at_period_end from Stripe shows as not renewing; undoing it renews again', async () => {
    const p = await register()
    const pe = monthlyPlanEvents(p.id)
    await deliver(pe.invoice())
    const upd = pe.updated
    await deliver(upd(true, pe.start + 10))
    expect((await get(p.token, '/v1/my/subscriptions')).body.subscriptions[0].renews).toBe(false)
    await deliver(upd(false, pe.start + 20))
    expect((await get(p.token, '/v1/my/subscriptions')).body.subscriptions[0].renews).toBe(true)
  })
})

describe('refunds', () => {
  async function paidPack() {
    const p = await register()
    const link = (await get(p.token, '/v1/subscription/payment/link?item=credits_1')).body.link
    await api(`${new URL(link).pathname}/pay`, { method: 'POST', redirect: 'manual' })
    return p
  }

  it('20 concurrent requests: exactly 1 stored; the refusal names the earlier time', async () => {
    const p = await paidPack()
    const sends = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(p.token, 'POST', '/v1/user/refund', { reason: 'I could not use it.' }, 'es'),
      ),
    )
    const ok = sends.filter((s) => s.res.status === 201)
    expect(ok).toHaveLength(1)
    expect(ok[0]!.body.message).toBe('Solicitud de reembolso enviada.')
    expect(await countRows('refund_requests', 'user_id = ?1', p.id)).toBe(1)
    const refused = sends.find((s) => s.res.status === 429)!
    expect(refused.body.message).toMatch(
      /^Solo puedes solicitar un reembolso una vez cada 7 días\. Tu solicitud anterior se envió el .*\d{4}/,
    )
    expect(Date.parse(refused.body.earlier_request_at)).toBe(Date.parse(ok[0]!.body.refund_request.created_at))
    const en = await send(p.token, 'POST', '/v1/user/refund', { reason: 'Again.' })
    expect(en.body.message).toMatch(
      /^You can only request a refund once every 7 days\. Your earlier request was sent on /,
    )
    const empty = await send(p.token, 'POST', '/v1/user/refund', {}, 'en')
    expect(empty.res.status).toBe(422)
    expect(empty.body.errors.reason).toBeDefined()
  })

  it('another person’s payment cannot be named; a patient cannot approve; an admin approves once and the credits go back', async () => {
    const owner = await paidPack()
    const txId = (await env.DB.prepare('SELECT id FROM transactions WHERE user_id = ?1')
      .bind(owner.id)
      .first<{ id: number }>())!.id
    const stranger = await register()
    expect(
      (await send(stranger.token, 'POST', '/v1/user/refund', { reason: 'Mine?', transaction_id: String(txId) })).res
        .status,
    ).toBe(404)
    const req = await send(owner.token, 'POST', '/v1/user/refund', { reason: 'Changed my mind.' })
    expect(req.body.refund_request).toMatchObject({ transaction_id: txId, amount: 45, status: 'pending' })
    const id = String(req.body.refund_request.id)
    expect((await send(owner.token, 'POST', '/v1/refund/approve', { id })).res.status).toBe(403)
    expect((await get(owner.token, '/v1/refunds')).res.status).toBe(403)
    const admin = await register()
    await setRole(admin.id, 4)
    const list = await get(admin.token, '/v1/refunds?filters[status]=pending&per_page=100')
    expect(list.body.refund_requests.some((r: any) => r.id === Number(id) && r.user_email === owner.email)).toBe(true)
    const [one, two] = await Promise.all([
      send(admin.token, 'POST', '/v1/refund/approve', { id }),
      send(admin.token, 'POST', '/v1/refund/approve', { id }),
    ])
    expect([one.res.status, two.res.status].sort()).toEqual([200, 409])
    const m = await moneyOf(owner.id)
    expect(m.cents).toBe(0)
    expect(m.transactions[0].status).toBe('refunded')
    // Stripe's own word on the refund, arriving later, changes nothing more.
    const pi = (await env.DB.prepare('SELECT payment_intent FROM transactions WHERE id = ?1')
      .bind(txId)
      .first<{ payment_intent: string }>())!.payment_intent
    await deliver(event('charge.refunded', { id: 'ch_x', payment_intent: pi, amount: 4500, amount_refunded: 4500 }))
    expect((await moneyOf(owner.id)).ledgerRows).toBe(m.ledgerRows)
    expect((await send(admin.token, 'POST', '/v1/refund/reject', { id })).res.status).toBe(409)
  })
})

describe('with a Stripe key (Stripe faked at fetch)', () => {
  const STRIPE = { ...env, STRIPE_SECRET_KEY: 'sk_test_calma' }
  async function call(path: string, token: string, locale = 'en') {
    const ctx = createExecutionContext()
    const res = await worker.fetch(
      new Request(`http://localhost${path}`, {
        headers: { ...bearer(token), accept: 'application/json', locale },
      }) as never,
      STRIPE as never,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    return { res, body: (await res.json()) as Record<string, any> }
  }

  it('creates a Checkout Session for the person (customer reused, their id, URLs in their language)', async () => {
    const p = await register()
    await patchUser(p.id, { stripeId: 'cus_known' })
    const seen: URLSearchParams[] = []
    const real = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (!url.startsWith('https://api.stripe.com/')) return real(input, init)
      seen.push(new URLSearchParams(String(init?.body ?? '')))
      return new Response(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )
    })
    const { res, body } = await call('/v1/subscription/payment/link?item=yearly', p.token)
    expect(res.status).toBe(200)
    expect(body.link).toBe('https://checkout.stripe.com/c/pay/cs_test_1')
    const form = seen[0]!
    expect(form.get('mode')).toBe('subscription')
    expect(form.get('customer')).toBe('cus_known')
    expect(form.get('client_reference_id')).toBe(String(p.id))
    expect(form.get('subscription_data[metadata][user_id]')).toBe(String(p.id))
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('160000')
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('year')
    expect(form.get('success_url')).toBe('http://localhost/en/subscribe?success=1&item=yearly')
    expect(form.get('cancel_url')).toBe('http://localhost/en/subscribe?error=1')
  })

  it('Stripe answering 500, or not answering, is a clear error and writes nothing', async () => {
    const p = await register()
    const before = await Promise.all(
      ['transactions', 'subscriptions', 'credit_ledger', 'stripe_events'].map((t) => countRows(t)),
    )
    const real = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch')
    spy.mockImplementation(async (input, init) =>
      String(input instanceof Request ? input.url : input).startsWith('https://api.stripe.com/')
        ? new Response(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          })
        : real(input, init),
    )
    const down = await call('/v1/subscription/payment/link?item=credits_1', p.token, 'es')
    expect(down.res.status).toBe(503)
    expect(down.body.message).toBe(
      'No pudimos abrir la página de pago. No se ha cobrado nada. Inténtalo de nuevo en un momento.',
    )
    spy.mockImplementation(async (input, init) => {
      if (!String(input instanceof Request ? input.url : input).startsWith('https://api.stripe.com/'))
        return real(input, init)
      throw new TypeError('Network connection lost.')
    })
    const gone = await call('/v1/subscription/payment/link?item=credits_1', p.token)
    expect(gone.res.status).toBe(503)
    expect(gone.body.message).toBe(
      'We could not open the payment page. Nothing was charged. Please try again in a moment.',
    )
    expect(
      await Promise.all(['transactions', 'subscriptions', 'credit_ledger', 'stripe_events'].map((t) => countRows(t))),
    ).toEqual(before)
  })
})

describe('the local checkout outside local runs', () => {
  it('is not there in production: the page and its pay button are 404, nothing is written', async () => {
    const { PRODUCTION_VARS } = await import('../helpers')
    const before = await countRows('stripe_events')
    for (const [method, path] of [
      ['GET', '/__dev/checkout/cs_local_x'],
      ['POST', '/__dev/checkout/cs_local_x/pay'],
    ] as const) {
      const ctx = createExecutionContext()
      const res = await worker.fetch(
        new Request(`http://localhost${path}`, { method }) as never,
        { ...env, ...PRODUCTION_VARS } as never,
        ctx,
      )
      await waitOnExecutionContext(ctx)
      expect(res.status, path).toBe(404)
    }
    expect(await countRows('stripe_events')).toBe(before)
  })
})

describe('the daily job', () => {
  it('a yearly plan gets each month’s 4 sessions once', async () => {
    const p = await register()
    const start = Math.floor(Date.UTC(2026, 0, 15) / 1000)
    const pe = monthlyPlanEvents(p.id, { start, item: 'yearly' })
    await deliver(pe.invoice(start, start + 365 * 86400))
    expect((await moneyOf(p.id)).cents).toBe(18000)
    const now = Date.UTC(2026, 3, 20) // three months later: months 1, 2, 3
    await dailySubscriptions(getDb(env.DB), now)
    await dailySubscriptions(getDb(env.DB), now)
    expect((await moneyOf(p.id)).cents).toBe(4 * 18000)
  })
})
