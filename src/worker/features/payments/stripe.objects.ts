// What we read of Stripe's objects (docs/decisions/032-typed-stripe-events-and-one-way-to-d1.md).
// The types are the SDK's (`Stripe.Checkout.Session`, `Stripe.Invoice`, `Stripe.Subscription`,
// `Stripe.Charge`), narrowed by the event's `type`, plus the few fields older API versions send
// and the SDK no longer names (an endpoint pinned to an older version still gets them).
// A signed body is still checked before it is trusted: each object's check names the fields we
// read (its keys must be the SDK type's, so a rename in the SDK fails the type-check) and their
// kinds. A field present with the wrong kind makes the event ignored (issue 10 §3); a field that
// Stripe always sends but is absent (an older version's object, a test's) is read as missing.
import type Stripe from 'stripe'
import { z } from 'zod'

// ── The SDK's types, with the older API's fields ─────────────────────────────────────────────

/** Before API 2025-03-31 an invoice named its subscription and payment at the top. */
export type InvoiceObject = Stripe.Invoice & {
  subscription?: string | Stripe.Subscription | null
  payment_intent?: string | Stripe.PaymentIntent | null
  subscription_details?: Stripe.Invoice.Parent.SubscriptionDetails | null
}

/** Before API 2025-03-31 a subscription carried its period, and its plan's interval, at the top. */
export type SubscriptionObject = Stripe.Subscription & {
  current_period_start?: number | null
  current_period_end?: number | null
  plan?: { interval?: string | null } | null
}

export type CheckoutObject = Stripe.Checkout.Session
export type ChargeObject = Stripe.Charge
export type RefundObject = Stripe.Refund
export type DisputeObject = Stripe.Dispute

// ── The checks ───────────────────────────────────────────────────────────────────────────────

/**
 * A check of the fields we read of a Stripe object `T`. Its keys must be `T`'s; the fields it
 * does not name pass through unchecked (we do not read them).
 */
const fieldsOf =
  <T>() =>
  <S extends { [K in keyof S]: K extends keyof T ? z.ZodType : never }>(shape: S) =>
    z.looseObject(shape)

/** An expandable reference: the id, or the object with its id. */
const ref = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]).nullish()
const cents = z.number().int().nonnegative()
const seconds = z.number().finite().nullish()
const meta = z.record(z.string(), z.unknown()).nullish()

const checkoutFields = fieldsOf<CheckoutObject>()({
  id: z.string().min(1),
  mode: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: cents.nullish(),
  currency: z.string().nullish(),
  customer: ref,
  client_reference_id: z.string().nullish(),
  metadata: meta,
  payment_intent: ref,
  subscription: ref,
})

const subscriptionDetails = fieldsOf<Stripe.Invoice.Parent.SubscriptionDetails>()({ subscription: ref, metadata: meta })
const invoiceFields = fieldsOf<InvoiceObject>()({
  id: z.string().min(1),
  customer: ref,
  amount_paid: cents.nullish(),
  amount_due: cents.nullish(),
  currency: z.string().nullish(),
  subscription: ref,
  payment_intent: ref,
  payments: z
    .looseObject({
      data: z.array(fieldsOf<Stripe.InvoicePayment>()({ payment: z.looseObject({ payment_intent: ref }).nullish() })),
    })
    .nullish(),
  parent: fieldsOf<Stripe.Invoice.Parent>()({ subscription_details: subscriptionDetails.nullish() }).nullish(),
  subscription_details: subscriptionDetails.nullish(),
  lines: z
    .looseObject({
      data: z.array(
        fieldsOf<Stripe.InvoiceLineItem>()({
          metadata: meta,
          subscription: ref,
          period: z.looseObject({ start: seconds, end: seconds }).nullish(),
          parent: fieldsOf<Stripe.InvoiceLineItem.Parent>()({
            subscription_item_details: z.looseObject({ subscription: ref }).nullish(),
          }).nullish(),
        }),
      ),
    })
    .nullish(),
})

const subscriptionFields = fieldsOf<SubscriptionObject>()({
  id: z.string().min(1),
  status: z.string().nullish(),
  customer: ref,
  metadata: meta,
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: z.number().nullish(),
  ended_at: seconds,
  canceled_at: seconds,
  current_period_start: seconds,
  current_period_end: seconds,
  plan: z.looseObject({ interval: z.string().nullish() }).nullish(),
  items: z
    .looseObject({
      data: z.array(
        fieldsOf<Stripe.SubscriptionItem>()({
          current_period_start: seconds,
          current_period_end: seconds,
          price: z.looseObject({ recurring: z.looseObject({ interval: z.string().nullish() }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
})

const chargeFields = fieldsOf<ChargeObject>()({
  id: z.string().nullish(),
  payment_intent: ref,
  amount: cents.nullish(),
  amount_refunded: cents,
  currency: z.string().nullish(),
})

const refundFields = fieldsOf<RefundObject>()({
  id: z.string().min(1),
  amount: cents,
  payment_intent: ref,
  status: z.string().nullish(),
  failure_reason: z.string().nullish(),
  metadata: meta,
  created: seconds,
})

const disputeFields = fieldsOf<DisputeObject>()({
  id: z.string().min(1),
  amount: cents,
  payment_intent: ref,
  status: z.string().nullish(),
})

/** The object if the fields we read are of the kinds Stripe sends; else null (the event is ignored). */
const checked =
  <T>(check: z.ZodType) =>
  (o: T): T | null =>
    check.safeParse(o).success ? o : null

export const checkedCheckout = checked<CheckoutObject>(checkoutFields)
export const checkedInvoice = checked<InvoiceObject>(invoiceFields)
export const checkedSubscription = checked<SubscriptionObject>(subscriptionFields)
export const checkedCharge = checked<ChargeObject>(chargeFields)
export const checkedRefund = checked<RefundObject>(refundFields)
export const checkedDispute = checked<DisputeObject>(disputeFields)

// ── Reading them ─────────────────────────────────────────────────────────────────────────────

/** The id of an expandable reference (Stripe sends the id, or the object when expanded). */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  (typeof v === 'string' ? v : v?.id) || null

/** Stripe's seconds as our milliseconds. */
export const msOf = (sec: number | null | undefined): number | null => (sec == null ? null : sec * 1000)

/** The person our checkout wrote on the object's metadata (`user_id`), if it is a valid id. */
export const userIdOf = (m: Record<string, unknown> | null | undefined): number | null => {
  const n = Number(m?.user_id)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** Our catalogue item's id as written on the metadata ('' when none). */
export const itemOf = (m: Record<string, unknown> | null | undefined): string =>
  typeof m?.item === 'string' ? m.item : ''

export const intervalOf = (v: unknown): 'month' | 'year' | null => (v === 'month' || v === 'year' ? v : null)
