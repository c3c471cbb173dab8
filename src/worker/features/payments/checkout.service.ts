// Checkout (issue 10): the offer in the person's words and the payment link that buys from it.
// Stripe is reached only through ./stripe.ts; without a key (local runs) the link opens the dev
// checkout (./checkout.dev.ts), which pays by sending signed events to the webhook Stripe would.
import { CATALOGUE, catalogueItem, formatMoney, isMobileDevice, type CatalogueItem } from '#shared/catalogue'
import type { OfferItemDto } from '#shared/contract/payments'
import { SubscriptionType } from '#shared/enums'
import { type Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import { isLocalEnv } from '#worker/env'
import { AppError } from '#worker/http/errors'
import * as repo from './payments.repo'
import { me } from '#worker/identity/caller'
import { dollars } from './service.shared'
import { stripeClient } from './stripe'
import { localizedHref } from '#client/app/pages.ts'

// ── The offer ────────────────────────────────────────────────────────────────────────────────

/** Plan names in each language (also the names of the caller's subscriptions, payments.service.ts). */
export const TITLES: Record<CatalogueItem['id'], Record<Locale, string>> = {
  monthly: { en: 'Monthly plan', es: 'Plan mensual' },
  yearly: { en: 'Yearly plan', es: 'Plan anual' },
  credits_1: { en: '1 session', es: '1 sesión' },
  credits_2: { en: '2 sessions', es: '2 sesiones' },
  credits_4: { en: '4 sessions', es: '4 sesiones' },
}

function describe(item: CatalogueItem, locale: Locale): string {
  const en = locale === 'en'
  if (item.kind === 'subscription')
    return item.interval === 'year'
      ? en
        ? `Every route and ${item.sessions} sessions with a psychologist every month. 2 months free.`
        : `Todas las rutas y ${item.sessions} sesiones con un psicólogo cada mes. 2 meses gratis.`
      : en
        ? `Every route and ${item.sessions} sessions with a psychologist every month.`
        : `Todas las rutas y ${item.sessions} sesiones con un psicólogo cada mes.`
  return en
    ? `${formatMoney(item.credit_cents, locale)} in credits for sessions. They do not expire.`
    : `${formatMoney(item.credit_cents, locale)} en créditos para sesiones. No caducan.`
}

export function offerItem(item: CatalogueItem, locale: Locale): OfferItemDto {
  return {
    id: item.id,
    kind: item.kind,
    type: item.kind === 'subscription' ? SubscriptionType.recurrent : SubscriptionType.credit_based,
    interval: item.interval,
    title: TITLES[item.id][locale],
    description: describe(item, locale),
    price: dollars(item.price_cents),
    price_label: formatMoney(item.price_cents, locale),
    sessions: item.sessions,
    credits: dollars(item.credit_cents),
    savings: dollars(item.savings_cents),
    savings_label: item.savings_cents > 0 ? formatMoney(item.savings_cents, locale) : null,
    months_free: item.months_free,
  }
}

export const offer = (ctx: Pick<Ctx, 'locale'>) => CATALOGUE.map((i) => offerItem(i, ctx.locale))

// ── The payment link ─────────────────────────────────────────────────────────────────────────

/** The Stripe price of an item, from STRIPE_PRICES ('monthly=price_…,yearly=price_…'); none: priced inline. */
function configuredPrice(env: Ctx['env'], id: string): string | null {
  for (const pair of (env.STRIPE_PRICES ?? '').split(',')) {
    const [k, v] = pair.split('=').map((s) => s.trim())
    if (k === id && v) return v
  }
  return null
}

export interface DevCheckout {
  id: string
  userId: number
  item: CatalogueItem['id']
  locale: Locale
  successUrl: string
  cancelUrl: string
  /** When the link was made (s): the events of paying it are the same however often it is paid. */
  createdSec?: number
}
export const DEV_CHECKOUT_TTL_SEC = 60 * 60
/** Asking for the same item's link again within this window answers the same checkout. */
export const CHECKOUT_WINDOW_MS = 10 * 60_000
export const devCheckoutKey = (id: string) => `dev-checkout:${id}`

/**
 * GET /v1/subscription/payment/link. A plan cannot be bought from a mobile device (SPEC §6) nor
 * twice; the person's Stripe customer is reused. A Stripe failure or timeout answers a clear
 * error and writes nothing (nothing is written before Stripe has answered).
 */
export async function paymentLink(
  ctx: Ctx,
  input: { item: CatalogueItem['id'] },
  device: { userAgent: string | null; mobileHint: string | null },
) {
  const caller = me(ctx)
  const item = catalogueItem(input.item)!
  if (item.kind === 'subscription') {
    if (isMobileDevice(device.userAgent, device.mobileHint)) throw new AppError('subscriptions_mobile')
    if (await repo.activeSubscriptionOf(ctx.db, caller.id, Date.now()))
      throw new AppError('conflict', { message: 'payments.already_subscribed' })
  }
  const back = (q: string) => `${ctx.linkBase}${localizedHref(ctx.locale, 'subscribe')}?${q}`
  const successUrl = back('success=1&item=' + item.id)
  const cancelUrl = back('error=1')
  const stripe = await stripeClient(ctx.env)
  // Asking twice (a double tap, two tabs) within the window gives the same checkout (issue 20 §2).
  const window = Math.floor(Date.now() / CHECKOUT_WINDOW_MS)
  if (!stripe) {
    if (!isLocalEnv(ctx.env)) throw new AppError('unavailable', { message: 'payments.not_configured' })
    const mineKey = `dev-checkout-of:${caller.id}:${item.id}:${ctx.locale}:${window}`
    const known = await ctx.env.KV.get(mineKey)
    if (known && (await ctx.env.KV.get(devCheckoutKey(known))))
      return { link: `${ctx.linkBase}/__dev/checkout/${known}` }
    const id = `cs_local_${crypto.randomUUID().replace(/-/g, '')}`
    const checkout: DevCheckout = {
      id,
      userId: caller.id,
      item: item.id,
      locale: ctx.locale,
      successUrl,
      cancelUrl,
      createdSec: Math.floor(Date.now() / 1000),
    }
    await ctx.env.KV.put(devCheckoutKey(id), JSON.stringify(checkout), { expirationTtl: DEV_CHECKOUT_TTL_SEC })
    await ctx.env.KV.put(mineKey, id, { expirationTtl: Math.max(60, Math.ceil(CHECKOUT_WINDOW_MS / 1000)) })
    return { link: `${ctx.linkBase}/__dev/checkout/${id}` }
  }
  const [payer, paid] = await Promise.all([repo.findPayer(ctx.db, caller.id), repo.countPayments(ctx.db, caller.id)])
  if (!payer) throw new AppError('unauthenticated')
  const metadata = { user_id: String(caller.id), item: item.id }
  const price = configuredPrice(ctx.env, item.id)
  const lineItem = price
    ? { price, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: item.price_cents,
          product_data: { name: offerItem(item, ctx.locale).title },
          ...(item.interval ? { recurring: { interval: item.interval } } : {}),
        },
      }
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: item.kind === 'subscription' ? 'subscription' : 'payment',
        line_items: [lineItem],
        ...(payer.stripeId
          ? { customer: payer.stripeId }
          : {
              customer_email: payer.email ?? undefined,
              ...(item.kind === 'credits' ? { customer_creation: 'always' as const } : {}),
            }),
        client_reference_id: String(caller.id),
        metadata,
        ...(item.kind === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: successUrl,
        cancel_url: cancelUrl,
        locale: ctx.locale,
      },
      // The same checkout for a second tap, a new one once a payment went through: Stripe refuses a
      // key used again with other parameters (the customer it then has), for 24 hours (issue 32 §2).
      { idempotencyKey: `checkout-${caller.id}-${item.id}-${ctx.locale}-${window}-${payer.stripeId ?? 'new'}-${paid}` },
    )
    if (!session.url) throw new Error('checkout session without url')
    return { link: session.url }
  } catch (err) {
    console.warn('stripe checkout failed', (err as Error)?.message ?? err)
    throw new AppError('unavailable', { message: 'payments.link_failed' })
  }
}
