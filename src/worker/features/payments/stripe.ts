// The one door to Stripe (issue 10 §2, §3): the official SDK over its fetch client, loaded only
// when a payment call needs it (it is large, and most requests never touch money).
import type StripeSdk from 'stripe'
import type { Env } from '#worker/env'

type StripeClass = typeof StripeSdk
let sdk: Promise<StripeClass> | null = null
const loadSdk = () => (sdk ??= import('stripe').then((m) => m.default as StripeClass))

/** Seconds a webhook's signature stays valid (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SEC = 300

// The client of the last key asked for: building one sets up every resource of the SDK (about
// 150 ms of CPU in workerd), which a request that only refunds or cancels should not pay each time.
let client: { key: string; stripe: StripeSdk } | null = null

/** A Stripe client, or null when no secret key is configured (local runs use the dev checkout). */
export async function stripeClient(env: Env): Promise<StripeSdk | null> {
  if (!env.STRIPE_SECRET_KEY) return null
  if (client?.key === env.STRIPE_SECRET_KEY) return client.stripe
  const Stripe = await loadSdk()
  // No automatic retries: a link is asked by a person waiting; a failure answers at once. The
  // global fetch is looked up at each call (not kept from when the client was made).
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient((input, init) => globalThis.fetch(input, init)),
    maxNetworkRetries: 0,
    timeout: 10_000,
  })
  client = { key: env.STRIPE_SECRET_KEY, stripe }
  return stripe
}

/** The event, if `signature` is Stripe's over exactly `raw` with our endpoint secret; else null. */
export async function verifyEvent(
  env: Env,
  raw: string,
  signature: string | undefined,
): Promise<StripeSdk.Event | null> {
  if (!env.STRIPE_WEBHOOK_SECRET || !signature) return null
  const Stripe = await loadSdk()
  try {
    return await Stripe.webhooks.constructEventAsync(
      raw,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      SIGNATURE_TOLERANCE_SEC,
      Stripe.createSubtleCryptoProvider(),
    )
  } catch {
    return null
  }
}

/** A Stripe-Signature header for `payload` (the local checkout and the tests sign as Stripe does). */
export async function signPayload(
  secret: string,
  payload: string,
  timestampSec = Math.floor(Date.now() / 1000),
): Promise<string> {
  const Stripe = await loadSdk()
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp: timestampSec,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  })
}
