import { Hono } from 'hono'
import * as calls from '#shared/contract/payments'
import { Role } from '#shared/enums'
import type { AppEnv } from '#worker/env'
import { anyone, requireAuthority, requireAuthorityAtWrite, requireRole, requireUser } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as checkout from './checkout.service'
import * as refunds from './refunds.service'
import * as payments from './payments.service'

/** Payments (issue 10): the offer is public; everything else is the caller's own, or admins'. */
const admins = requireRole(Role.admin)

export const paymentsRoutes = routes((on) => {
  on(calls.listOffer, anyone, (_, ctx) => ({ subscriptions: checkout.offer(ctx) }))
  on(calls.paymentLink, requireAuthority, (q, ctx, c) =>
    checkout.paymentLink(ctx, q, {
      userAgent: c.req.header('user-agent') ?? null,
      mobileHint: c.req.header('sec-ch-ua-mobile') ?? null,
    }),
  )
  on(calls.mySubscriptions, requireUser, (_, ctx) => payments.mine(ctx))
  on(calls.cancelMySubscription, requireAuthority, (f, ctx) => payments.stopRenewal(ctx, f))
  on(calls.myTransactions, requireUser, (q, ctx) => payments.history(ctx, q))
  // The caller confirmed beside the payment the request names (two D1 rounds in all).
  on(calls.requestRefund, requireAuthorityAtWrite, async (f, ctx) => ({
    refund_request: await refunds.requestRefund(ctx, f),
  }))
  on(calls.listRefunds, admins, (q, ctx) => refunds.listRefunds(ctx, q))
  on(calls.approveRefund, admins, async (f, ctx) => ({ refund_request: await refunds.approveRefund(ctx, f.id) }))
  on(calls.rejectRefund, admins, async (f, ctx) => ({ refund_request: await refunds.rejectRefund(ctx, f.id) }))
})

/** POST /hooks/stripe: Stripe's webhook, outside /v1: a JSON body, signed, no session (service: receiveStripeEvent). */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const out = await payments.receiveStripeEvent(
    { env: c.env, db: c.var.db },
    await c.req.text(),
    c.req.header('stripe-signature'),
  )
  return c.json(out.body, out.status)
})
