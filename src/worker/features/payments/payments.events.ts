// Applying Stripe's webhook events (issue 10 §3, issue 20 §2–3). Stripe is the truth for what was
// paid; we reconcile to it whatever order its events come in, and answer 2xx to what we choose to
// ignore (an endpoint that keeps failing is disabled by Stripe).
// - Every write is keyed, so an event applied twice, at the same time or after a newer one ends
//   in the same state (payments.repo.ts; credits through src/worker/ledger).
// - A refund that arrives before its payment waits for it and is applied right after it: it wins.
// - Events for erased or unknown people, and events whose fields are not what Stripe sends, are
//   ignored and logged; an erased person's renewal is refunded and the plan cancelled.
// This file is the dispatcher: the event's `type` narrows it to the SDK's event type, whose
// object each handler takes (checkout.events.ts, subscription.events.ts, refund.events.ts), once
// its fields are checked (stripe.objects.ts).
import type Stripe from 'stripe'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import { checkoutCompleted } from './checkout.events'
import { ignored, type Applied } from './events.shared'
import { chargeRefunded, disputeClosed, refundFailed } from './refund.events'
import {
  checkedCharge,
  checkedCheckout,
  checkedDispute,
  checkedInvoice,
  checkedRefund,
  checkedSubscription,
} from './stripe.objects'
import { invoiceFailed, invoicePaid, subscriptionChanged } from './subscription.events'
import * as eventsRepo from './events.repo'

export type { Applied } from './events.shared'

/** The envelope every event has; anything else (a signed `{}` or `[]`) is ignored. */
export const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().positive().optional(),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
})

/** Whether a signed body (or a stored one) has an event's envelope: then its `type` says the rest. */
export const isStripeEvent = (raw: unknown): raw is Stripe.Event => eventEnvelope.safeParse(raw).success

/** Apply one verified event. `env` for the mail and Stripe actions a decision may need. */
export async function applyEvent(env: Env, db: Db, raw: unknown, now = Date.now()): Promise<Applied> {
  if (!isStripeEvent(raw)) return ignored('not an event')
  const out = await dispatch(env, db, raw, now)
  // A payment just recorded: refunds that arrived before it apply now (after the event's own actions).
  if (out.paid) out.actions.push(...(await applyWaitingRefunds(env, db, out.paid, now)))
  return out
}

function dispatch(env: Env, db: Db, event: Stripe.Event, now: number): Promise<Applied> | Applied {
  const created: number | undefined = event.created // the envelope lets it be absent
  const at = (created ?? Math.floor(now / 1000)) * 1000
  const malformed = ignored(`malformed ${event.type}`)
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = checkedCheckout(event.data.object)
      return s ? checkoutCompleted(env, db, s, at, now) : malformed
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const inv = checkedInvoice(event.data.object)
      return inv ? invoicePaid(env, db, inv, at, now) : malformed
    }
    case 'invoice.payment_failed': {
      const inv = checkedInvoice(event.data.object)
      return inv ? invoiceFailed(db, inv, at) : malformed
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const s = checkedSubscription(event.data.object)
      return s ? subscriptionChanged(env, db, s, at, now, event.type === 'customer.subscription.deleted') : malformed
    }
    case 'charge.refunded': {
      const c = checkedCharge(event.data.object)
      return c ? chargeRefunded(env, db, c, now, at) : malformed
    }
    // A refund that failed at the card's bank after Stripe accepted it: refund.failed (sent for every
    // refund since API 2024-10-28.acacia), or the refund's update with status failed.
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const r = checkedRefund(event.data.object)
      return r ? refundFailed(db, r, now, at) : malformed
    }
    // A chargeback the bank decided for the cardholder (docs.stripe.com/disputes/how-disputes-work:
    // a lost dispute's money and fee are not returned): the money went back, as a whole refund.
    case 'charge.dispute.closed': {
      const d = checkedDispute(event.data.object)
      return d ? disputeClosed(env, db, d, now) : malformed
    }
    default:
      return ignored(`type ${event.type} not used`)
  }
}

/** Refund events stored as waiting for this payment intent, applied now that the payment is here. */
async function applyWaitingRefunds(env: Env, db: Db, paymentIntent: string, now: number): Promise<string[]> {
  const keys: string[] = []
  for (const ev of await eventsRepo.eventsWaitingFor(db, paymentIntent)) {
    const out = await applyEvent(env, db, ev.payload, now)
    if (out.outcome !== 'waiting') await eventsRepo.stopWaiting(db, ev.id)
    keys.push(...out.actions)
  }
  return keys
}
