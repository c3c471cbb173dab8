// The money tests' shared world (issue 20, issue 41): Stripe faked at fetch, its one boundary; calls
// through the real Worker; the balance the app shows checked against the ledger's sum.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { expect, vi } from 'vitest'
import worker from '#worker/index'
import { Role } from '#shared/enums'
import { instantOf } from '#worker/lib/zones'
import { api, json } from '../helpers'
import { host } from '../appointments/support'
import { bearer, captcha, register, setRole } from '../users/support'
import { deliver, event, monthlyPlanEvents, moneyOf } from './support'

export const STRIPE = { ...env, STRIPE_SECRET_KEY: 'sk_test_calma' }

interface StripeCall {
  method: string
  path: string
  body: URLSearchParams
  idempotencyKey: string | null
}

/** Stripe at its boundary: records each call; `down` answers 500 until turned off. */
export function fakeStripe() {
  const calls: StripeCall[] = []
  const state = { down: false }
  const real = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init)
    if (!req.url.startsWith('https://api.stripe.com/')) return real(input, init)
    const body = new URLSearchParams(await req.text())
    const path = new URL(req.url).pathname
    calls.push({ method: req.method, path, body, idempotencyKey: req.headers.get('idempotency-key') })
    const reply = (o: unknown, status = 200) =>
      new Response(JSON.stringify(o), { status, headers: { 'content-type': 'application/json' } })
    if (state.down) return reply({ error: { type: 'api_error', message: 'Stripe is down' } }, 500)
    if (path === '/v1/refunds')
      return reply({
        id: `re_${calls.length}`,
        object: 'refund',
        status: 'succeeded',
        payment_intent: body.get('payment_intent'),
        amount: Number(body.get('amount') ?? 0),
      })
    if (path.startsWith('/v1/subscriptions/') && req.method === 'DELETE')
      return reply({ id: path.split('/').pop(), object: 'subscription', status: 'canceled' })
    return reply({ id: 'obj_1', object: 'unknown' })
  })
  const refunds = () =>
    calls
      .filter((c) => c.method === 'POST' && c.path === '/v1/refunds')
      .map((c) => ({ payment_intent: c.body.get('payment_intent'), amount: c.body.get('amount') }))
  const cancels = () =>
    calls
      .filter((c) => c.method === 'DELETE' && c.path.startsWith('/v1/subscriptions/'))
      .map((c) => c.path.split('/').pop())
  return { calls, state, refunds, cancels }
}

/** Through the Worker with Stripe configured (the env of a production-like run). */
export async function withStripe(
  method: string,
  path: string,
  token: string,
  form?: Record<string, string>,
  locale = 'en',
) {
  const ctx = createExecutionContext()
  let body: FormData | undefined
  if (form) {
    body = new FormData()
    for (const [k, v] of Object.entries(form)) body.append(k, v)
  }
  const res = await worker.fetch(
    new Request(`http://localhost${path}`, {
      method,
      body,
      headers: { ...bearer(token), accept: 'application/json', locale, 'x-captcha-token': captcha() },
    }) as never,
    STRIPE as never,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return { res, body: (await res.json()) as Record<string, any> }
}

export async function send(
  token: string,
  method: string,
  path: string,
  form: Record<string, string> = {},
  locale = 'en',
) {
  const res = await api(path, { method, locale, headers: bearer(token), form: method === 'GET' ? undefined : form })
  return { res, body: await json(res) }
}

/** The balance the app shows (GET /v1/my/subscriptions) must be the ledger's sum, in cents. */
export async function reconciled(p: { id: number; token: string }) {
  const shown = (await send(p.token, 'GET', '/v1/my/subscriptions')).body.credits
  const sum = (await moneyOf(p.id)).cents
  expect(Math.round(shown * 100)).toBe(sum)
  return sum
}

export async function admin() {
  const a = await register()
  await setRole(a.id, Role.admin)
  return a
}

export const inDays = (days: number, hour: number) =>
  new Date(
    instantOf(new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10), hour * 60, 'Europe/Madrid')!,
  ).toISOString()

/** A pack paid through signed Stripe events (a real-looking payment intent, so refunds go to Stripe). */
export function packEvents(userId: number, item: 'credits_1' | 'credits_2' | 'credits_4', price: number) {
  const tag = `${userId}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const pi = `pi_test_pack_${tag}`
  return {
    pi,
    checkout: event('checkout.session.completed', {
      id: `cs_test_pack_${tag}`,
      mode: 'payment',
      payment_status: 'paid',
      customer: `cus_test_${userId}`,
      client_reference_id: String(userId),
      metadata: { user_id: String(userId), item },
      payment_intent: pi,
      amount_total: price,
      currency: 'usd',
    }),
    refunded: (amountRefunded: number, id?: string) =>
      event(
        'charge.refunded',
        { id: `ch_${tag}`, payment_intent: pi, amount: price, amount_refunded: amountRefunded, currency: 'usd' },
        id ? { id } : {},
      ),
  }
}
export const txOf = (userId: number, kind = 'topup') =>
  env.DB.prepare(
    'SELECT id, status, amount_cents, refunded_cents, payment_intent FROM transactions WHERE user_id = ?1 AND kind = ?2 ORDER BY id DESC',
  )
    .bind(userId, kind)
    .first<any>()

/** A session with a new host at `startAt`, booked by the holder of `token`. */
export async function bookWithNewHost(token: string, startAt: string) {
  const h = await host()
  return send(token, 'POST', '/v1/appointment', { host_id: String(h.id), start_at: startAt, meeting_channel: '1' })
}

/** A person whose monthly plan Stripe's checkout, subscription and first invoice events started. */
export async function subscriber() {
  const p = await register()
  const pe = monthlyPlanEvents(p.id)
  for (const e of [pe.checkout, pe.created, pe.invoice()]) await deliver(e)
  return { p, pe }
}
