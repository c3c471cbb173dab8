import { Hono } from 'hono'
import * as calls from '#shared/contract/payments'
import { Role } from '#shared/enums'
import { ctxOf } from '#worker/context'
import { getDb } from '#worker/db/client'
import type { AppEnv } from '#worker/env'
import { anyone, requireRole, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { applyEvent, isStripeEvent } from './payments.events'
import { tryActionsNow } from './stripe.actions'
import * as repo from './payments.repo'
import * as payments from './payments.service'
import { verifyEvent } from './stripe'

/** Payments (issue 10): the offer is public; everything else is the caller's own, or admins'. */
export const paymentsRoutes = new Hono<AppEnv>()
  .on(
    calls.listOffer.method,
    calls.listOffer.path,
    anyone,
    ...endpoint(calls.listOffer, async (c) => reply(c, calls.listOffer, { subscriptions: payments.offer(ctxOf(c)) })),
  )
  .on(
    calls.paymentLink.method,
    calls.paymentLink.path,
    requireUser,
    ...endpoint(calls.paymentLink, async (c, q) =>
      reply(
        c,
        calls.paymentLink,
        await payments.paymentLink(ctxOf(c), q, {
          userAgent: c.req.header('user-agent') ?? null,
          mobileHint: c.req.header('sec-ch-ua-mobile') ?? null,
        }),
      ),
    ),
  )
  .on(
    calls.mySubscriptions.method,
    calls.mySubscriptions.path,
    requireUser,
    ...endpoint(calls.mySubscriptions, async (c) => reply(c, calls.mySubscriptions, await payments.mine(ctxOf(c)))),
  )
  .on(
    calls.cancelMySubscription.method,
    calls.cancelMySubscription.path,
    requireUser,
    ...endpoint(calls.cancelMySubscription, async (c, f) =>
      reply(c, calls.cancelMySubscription, await payments.stopRenewal(ctxOf(c), f), { message: 'payments.cancelled' }),
    ),
  )
  .on(
    calls.myTransactions.method,
    calls.myTransactions.path,
    requireUser,
    ...endpoint(calls.myTransactions, async (c, q) =>
      reply(c, calls.myTransactions, await payments.history(ctxOf(c), q)),
    ),
  )
  .on(
    calls.requestRefund.method,
    calls.requestRefund.path,
    requireUser,
    ...endpoint(calls.requestRefund, async (c, f) =>
      reply(
        c,
        calls.requestRefund,
        { refund_request: await payments.requestRefund(ctxOf(c), f) },
        { status: 201, message: 'payments.refund_sent' },
      ),
    ),
  )
  .on(
    calls.listRefunds.method,
    calls.listRefunds.path,
    requireRole(Role.admin),
    ...endpoint(calls.listRefunds, async (c, q) =>
      reply(c, calls.listRefunds, await payments.listRefunds(ctxOf(c), q)),
    ),
  )
  .on(
    calls.approveRefund.method,
    calls.approveRefund.path,
    requireRole(Role.admin),
    ...endpoint(calls.approveRefund, async (c, f) =>
      reply(
        c,
        calls.approveRefund,
        { refund_request: await payments.approveRefund(ctxOf(c), f.id) },
        { message: 'payments.refund_approved' },
      ),
    ),
  )
  .on(
    calls.rejectRefund.method,
    calls.rejectRefund.path,
    requireRole(Role.admin),
    ...endpoint(calls.rejectRefund, async (c, f) =>
      reply(
        c,
        calls.rejectRefund,
        { refund_request: await payments.rejectRefund(ctxOf(c), f.id) },
        { message: 'payments.refund_rejected' },
      ),
    ),
  )

/**
 * POST /hooks/stripe: Stripe's webhook (outside /v1: a JSON body, signed, no session). The
 * signature is checked over the raw body; the event id is stored before anything is applied,
 * and a replay of an applied event answers 200 without touching anything. A bad signature is
 * 400 and changes nothing. What we choose to ignore (another type, an erased or unknown person,
 * fields that are not Stripe's) answers 200 `ignored` and is logged: Stripe disables endpoints
 * that keep failing. Only a failure of our own (D1 down) is 500, so Stripe delivers it again.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const raw = await c.req.text()
  const event = await verifyEvent(c.env, raw, c.req.header('stripe-signature'))
  if (!event) return c.json({ received: false, error: 'invalid signature' }, 400)
  if (!isStripeEvent(event)) {
    console.warn('stripe: a signed body that is not an event, ignored')
    return c.json({ received: true, outcome: 'ignored' })
  }
  const db = c.var.db ?? getDb(c.env.DB)
  const state = await repo.storeEvent(db, event.id, event.type, event)
  if (state === 'applied') return c.json({ received: true, duplicate: true })
  const out = await applyEvent(c.env, db, event)
  await repo.markEventApplied(db, event.id, out.outcome === 'waiting' ? (out.reason ?? null) : null)
  if (out.outcome === 'ignored') console.warn(`stripe: ${event.type} ${event.id} ignored: ${out.reason ?? ''}`)
  await tryActionsNow(c.env, out.actions)
  return c.json({ received: true, outcome: out.outcome })
})
