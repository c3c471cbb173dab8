import { Hono } from 'hono'
import * as calls from '#shared/contract/payments'
import { Role } from '#shared/enums'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireAuthority, requireRole, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as payments from './payments.service'

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
    requireAuthority,
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
    requireAuthority,
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
    requireAuthority,
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

/** POST /hooks/stripe: Stripe's webhook, outside /v1: a JSON body, signed, no session (service: receiveStripeEvent). */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const out = await payments.receiveStripeEvent(
    { env: c.env, db: c.var.db },
    await c.req.text(),
    c.req.header('stripe-signature'),
  )
  return c.json(out.body, out.status)
})
