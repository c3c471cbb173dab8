// The local checkout (issue 10 §2): with no Stripe key, a payment link opens this page, beside
// /__dev/outbox. It shows the item and pays or declines. Paying builds the events Stripe would
// send, signs them with the endpoint's secret exactly as Stripe does, and hands them to what the
// webhook endpoint calls (signature check, idempotency and all), so the whole path runs on one
// machine and in the browser tests. Local and test runs only.
import { Hono } from 'hono'
import { html } from 'hono/html'
import { catalogueItem } from '#shared/catalogue'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { isLocalEnv, type AppEnv } from '#worker/env'
import { addMonths } from './events.shared'
import { devCheckoutKey, offerItem, type DevCheckout } from './checkout.service'
import { receiveStripeEvent } from './payments.service'
import { signPayload } from './stripe'
import { localizedHref } from '#client/app/pages.ts'

/**
 * The events Stripe sends when this checkout is paid, in the order it usually sends them. Their
 * ids (events, subscription, payment) come from the checkout's own id, so paying one checkout
 * five times at once sends the same events five times: replays, applied once (issue 20 §2).
 */
export function eventsForCheckout(co: DevCheckout, nowSec = co.createdSec ?? Math.floor(Date.now() / 1000)) {
  const base = co.id.replace(/^cs_local_/, '').slice(0, 24)
  const rid = (prefix: string) => `${prefix}_local_${base}`
  const item = catalogueItem(co.item)!
  const metadata = { user_id: String(co.userId), item: item.id }
  const customer = `cus_local_${co.userId}`
  const event = (type: string, object: Record<string, unknown>) => ({
    id: `${rid('evt')}_${type.replace(/\W/g, '_')}`,
    object: 'event',
    type,
    created: nowSec,
    livemode: false,
    api_version: 'local',
    data: { object },
  })
  const pi = rid('pi')
  /** The completed Checkout Session, in payment or subscription mode. */
  const completed = (mode: 'payment' | 'subscription', link: Record<string, string>) =>
    event('checkout.session.completed', {
      id: co.id,
      object: 'checkout.session',
      mode,
      payment_status: 'paid',
      status: 'complete',
      amount_total: item.price_cents,
      currency: 'usd',
      customer,
      client_reference_id: String(co.userId),
      metadata,
      ...link,
    })
  if (item.kind === 'credits') {
    return [completed('payment', { payment_intent: pi })]
  }
  const sub = rid('sub')
  const end = Math.floor(addMonths(nowSec * 1000, item.interval === 'year' ? 12 : 1) / 1000)
  return [
    completed('subscription', { subscription: sub }),
    event('customer.subscription.created', {
      id: sub,
      object: 'subscription',
      status: 'active',
      customer,
      metadata,
      cancel_at_period_end: false,
      items: {
        data: [
          { price: { recurring: { interval: item.interval } }, current_period_start: nowSec, current_period_end: end },
        ],
      },
    }),
    event('invoice.paid', {
      id: rid('in'),
      object: 'invoice',
      status: 'paid',
      customer,
      amount_paid: item.price_cents,
      currency: 'usd',
      billing_reason: 'subscription_create',
      payment_intent: pi,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata } },
      lines: { data: [{ period: { start: nowSec, end }, metadata }] },
    }),
  ]
}

export const devCheckoutRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => (isLocalEnv(c.env) ? next() : c.notFound()))
  .get('/:id', async (c) => {
    const co = await c.env.KV.get<DevCheckout>(devCheckoutKey(c.req.param('id')), 'json')
    const t = createTranslator(co?.locale ?? c.var.locale, messagesFor(co?.locale ?? c.var.locale))
    if (!co)
      return c.html(
        html`<!doctype html><meta charset="utf-8" /><title>${t('payments.checkout.title')}</title>
          <p>${t('payments.checkout.expired')}</p>`,
        404,
      )
    const item = offerItem(catalogueItem(co.item)!, co.locale)
    return c.html(
      html`<!doctype html>
        <html lang="${co.locale}">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="robots" content="noindex" />
            <title>${t('payments.checkout.title')}</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                background: #f4f1ec;
                color: #2b2a33;
                display: grid;
                place-items: center;
                min-height: 100vh;
                margin: 0;
                padding: 16px;
              }
              main {
                background: #fff;
                border-radius: 16px;
                padding: 28px;
                max-width: 420px;
                width: 100%;
                box-shadow: 0 8px 30px #0001;
              }
              .dev {
                font-size: 0.8rem;
                color: #7a6f5f;
                background: #fff6e0;
                border-radius: 8px;
                padding: 8px 10px;
              }
              .price {
                font-size: 2rem;
                font-weight: 700;
                margin: 0.2em 0;
              }
              .row {
                display: flex;
                gap: 10px;
                margin-top: 20px;
              }
              button {
                flex: 1;
                font: inherit;
                padding: 12px;
                border-radius: 10px;
                border: 1px solid #5b4fa0;
                cursor: pointer;
              }
              .pay {
                background: #5b4fa0;
                color: #fff;
              }
              .decline {
                background: #fff;
                color: #5b4fa0;
              }
            </style>
          </head>
          <body>
            <main>
              <p class="dev">${t('payments.checkout.dev_note')}</p>
              <h1>${t('payments.checkout.title')}</h1>
              <p data-testid="checkout-item"><strong>${item.title}</strong><br />${item.description}</p>
              <p class="price" data-testid="checkout-price">
                ${item.price_label}${item.interval ? html` <small>/ ${t(item.interval === 'year' ? 'payments.per_year' : 'payments.per_month')}</small>` : ''}
              </p>
              <div class="row">
                <form method="post" action="/__dev/checkout/${co.id}/decline" style="flex:1;display:flex">
                  <button class="decline" data-testid="checkout-decline">${t('payments.checkout.decline')}</button>
                </form>
                <form method="post" action="/__dev/checkout/${co.id}/pay" style="flex:1;display:flex">
                  <button class="pay" data-testid="checkout-pay">${t('payments.checkout.pay')}</button>
                </form>
              </div>
            </main>
          </body>
        </html>`,
    )
  })
  .post('/:id/pay', async (c) => {
    const key = devCheckoutKey(c.req.param('id'))
    const co = await c.env.KV.get<DevCheckout>(key, 'json')
    if (!co) return c.text('This checkout has expired.', 404)
    for (const ev of eventsForCheckout(co)) {
      const payload = JSON.stringify(ev)
      const signature = await signPayload(c.env.STRIPE_WEBHOOK_SECRET ?? '', payload)
      const res = await receiveStripeEvent({ env: c.env, db: c.var.db }, payload, signature)
      if (res.status !== 200) return c.redirect(co.cancelUrl, 303)
    }
    await c.env.KV.delete(key)
    return c.redirect(co.successUrl, 303)
  })
  .post('/:id/decline', async (c) => {
    const key = devCheckoutKey(c.req.param('id'))
    const co = await c.env.KV.get<DevCheckout>(key, 'json')
    await c.env.KV.delete(key)
    return c.redirect(co?.cancelUrl ?? `${localizedHref('es', 'subscribe')}?error=1`, 303)
  })
