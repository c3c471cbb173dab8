// Payments (issue 10; SPEC §2 'My Subscription and Credits', /subscribe; §3 Subscription; §4
// statuses and types; §5 refund once per 7 days; §6 can_schedule_appointments, web only; §7
// Subscriptions, POST /user/refund). docs/API.md "Payments" has the rules and the Stripe flow.
import { z } from './zod'
import { CATALOGUE_IDS } from '#shared/catalogue'
import { del, get, post } from './call'
import { envelope } from './common'
import { idField, paragraph } from './fields'
import { listSchema, pageOf, paginationSchema } from './list'

// ── The offer ────────────────────────────────────────────────────────────────────────────────

export const offerItemSchema = z.object({
  id: z.enum(CATALOGUE_IDS),
  kind: z.enum(['subscription', 'credits']),
  /** SPEC §4 type: recurrent 1, credit-based 2. */
  type: z.number().int(),
  interval: z.enum(['month', 'year']).nullable(),
  title: z.string(),
  description: z.string(),
  /** Dollars (SPEC §3 "shown with a $ sign"); `price_label` is the same in the caller's language. */
  price: z.number(),
  price_label: z.string(),
  sessions: z.number().int(),
  /** Credits it writes to the ledger, in dollars (a plan: every month). */
  credits: z.number(),
  savings: z.number(),
  savings_label: z.string().nullable(),
  months_free: z.number().int(),
})
export type OfferItemDto = z.infer<typeof offerItemSchema>

/** GET /v1/subscriptions: the monthly and yearly plans and the credit packs (SPEC §9 figures). */
export const listOffer = get('/subscriptions', z.object({}), envelope({ subscriptions: z.array(offerItemSchema) }))

export const paymentLinkQuery = z.object({ item: z.enum(CATALOGUE_IDS, { error: 'validation.choice' }) })
/** GET /v1/subscription/payment/link?item=monthly: a Stripe Checkout link (locally, the dev checkout). */
export const paymentLink = get('/subscription/payment/link', paymentLinkQuery, envelope({ link: z.string() }))

// ── The caller's own ─────────────────────────────────────────────────────────────────────────

export const subscriptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** When the paid period ends (ISO); the renewal date while it renews. */
  end_at: z.string().nullable(),
  /** SPEC §4: active 1, disabled 2. */
  status: z.number().int(),
  /** SPEC §4: recurrent 1, credit-based 2. */
  type: z.number().int(),
  interval: z.enum(['month', 'year']).nullable(),
  /** The person stopped the renewal: it stays active until end_at, then ends. */
  renews: z.boolean(),
})
export type SubscriptionDto = z.infer<typeof subscriptionSchema>

export const refundRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string().nullable().optional(),
  user_email: z.string().nullable().optional(),
  transaction_id: z.number().int().nullable(),
  /** What the named payment was, in dollars. */
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
})
export type RefundRequestDto = z.infer<typeof refundRequestSchema>

const mineShape = {
  subscriptions: z.array(subscriptionSchema),
  /** The ledger's balance in dollars: what the profile and the booking show. */
  credits: z.number(),
  subscriber: z.boolean(),
  /** The latest refund request, so the page can say when the next one is possible. */
  last_refund_request: refundRequestSchema.nullable(),
}
/** GET /v1/my/subscriptions: the caller's subscriptions (newest first), balance and subscriber flag. */
export const mySubscriptions = get('/my/subscriptions', z.object({}), envelope(mineShape))
/** DELETE /v1/my/subscriptions: stop the renewal of the named subscription (`id`; omitted: the live one) at the end of its period. */
export const cancelMySubscription = del(
  '/my/subscriptions',
  z.object({ id: idField.optional() }),
  envelope(mineShape),
  { message: 'payments.cancelled' },
)

export const transactionSchema = z.object({
  /** 'payment:12' (a payment to Stripe) or 'credit:34' (a ledger movement). */
  id: z.string(),
  kind: z.enum(['payment', 'credit']),
  /** payment: subscription | topup | refund; credit: the ledger's reason (topup, subscription_grant, appointment_booking, …). */
  reason: z.string(),
  /** Dollars; a credit movement is signed (a booking is negative). */
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
})
export type TransactionDto = z.infer<typeof transactionSchema>

export const transactionsQuery = listSchema({
  filters: { kind: z.enum(['payment', 'credit']).optional() },
  orderBy: ['created_at'],
  defaultOrder: 'created_at desc',
  maxPerPage: 50,
})
export type TransactionsQuery = z.output<typeof transactionsQuery>
/** GET /v1/my/transactions: payments and credit movements, newest first, one list. */
export const myTransactions = get(
  '/my/transactions',
  transactionsQuery,
  envelope({ transactions: z.array(transactionSchema), credits: z.number(), pagination: paginationSchema }),
)

export const refundRequest = z.object({
  reason: paragraph(2000),
  /** The payment to refund (one of the caller's); omitted: the latest one. */
  transaction_id: idField.optional(),
})
/** POST /v1/user/refund: once every 7 days (SPEC §5); the refusal names the earlier request's time. */
export const requestRefund = post('/user/refund', refundRequest, envelope({ refund_request: refundRequestSchema }), {
  status: 201,
  message: 'payments.refund_sent',
})

// ── Admin: refund requests ───────────────────────────────────────────────────────────────────

export const refundsQuery = listSchema({
  filters: { status: z.enum(['pending', 'approved', 'rejected']).optional(), user_id: idField.optional() },
  orderBy: ['created_at', 'id'],
  defaultOrder: 'created_at desc',
})
export type RefundsQuery = z.output<typeof refundsQuery>
export const listRefunds = get('/refunds', refundsQuery, pageOf('refund_requests', refundRequestSchema))
export const approveRefund = post(
  '/refund/approve',
  z.object({ id: idField }),
  envelope({ refund_request: refundRequestSchema }),
  { message: 'payments.refund_approved' },
)
export const rejectRefund = post(
  '/refund/reject',
  z.object({ id: idField }),
  envelope({ refund_request: refundRequestSchema }),
  { message: 'payments.refund_rejected' },
)

// ── Pages ────────────────────────────────────────────────────────────────────────────────────

/** /subscription ('My Subscription and Credits') and /subscribe. */
export const subscriptionPageData = z.object({
  offer: z.array(offerItemSchema),
  /** SPEC §6: subscriptions are web only; a mobile device sees the notice instead of the plans. */
  mobile: z.boolean(),
  mine: z.object(mineShape),
  transactions: z.array(transactionSchema),
  pagination: paginationSchema,
})
export type SubscriptionPageData = z.infer<typeof subscriptionPageData>

export const subscribePageData = z.object({
  /** SPEC §2: neither success nor error → offer; error → error; success → thanks; anything else → unknown. */
  view: z.enum(['offer', 'success', 'error', 'unknown']),
  offer: z.array(offerItemSchema),
  mobile: z.boolean(),
  subscriber: z.boolean(),
  credits: z.number(),
})
export type SubscribePageData = z.infer<typeof subscribePageData>

export const paymentsCalls = [
  listOffer,
  paymentLink,
  mySubscriptions,
  cancelMySubscription,
  myTransactions,
  requestRefund,
  listRefunds,
  approveRefund,
  rejectRefund,
] as const
