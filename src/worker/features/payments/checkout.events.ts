// A finished checkout (checkout.session.completed, …async_payment_succeeded): a pack of credits
// paid, or a plan opened until its first invoice brings the period.
import { catalogueItem } from '#shared/catalogue'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import { refreshSessions } from '#worker/identity/sessions'
import * as ledger from '#worker/ledger/ledger'
import { addMonths, paidFor, ignored, personOf, subscriptionTitle, type Applied, type Stmt } from './events.shared'
import * as repo from './payments.repo'
import { enqueueActionStmt } from './stripe.actions'
import { settleDuplicate } from './subscription.events'
import { idOf, itemOf, userIdOf, type CheckoutObject } from './stripe.objects'
import * as refundsRepo from './refunds.repo'

export async function checkoutCompleted(
  env: Env,
  db: Db,
  s: CheckoutObject,
  at: number,
  now: number,
): Promise<Applied> {
  const item = catalogueItem(itemOf(s.metadata))
  const person = await personOf(db, userIdOf(s.metadata), userIdOf({ user_id: s.client_reference_id }))
  if (!person.id || !item) return ignored('checkout without a person or an item of ours')
  const customer = idOf(s.customer)
  const paymentIntent = idOf(s.payment_intent)
  if (person.erased) return erasedCheckout(db, s, paymentIntent, person.id, now)
  const userId = person.id
  const subscription = idOf(s.subscription)
  const stmts: Stmt[] = []
  if (customer) stmts.push(repo.setStripeIdStmt(userId, customer))
  if (s.mode === 'payment') {
    if (s.payment_status !== 'paid') return ignored('payment still on its way') // an async method: its own event follows
    const grantKey = `checkout:${s.id}`
    stmts.push(
      repo.recordPaymentStmt({
        userId,
        amountCents: s.amount_total ?? item.price_cents,
        currency: s.currency ?? 'usd',
        kind: 'topup',
        providerRef: s.id,
        paymentIntent,
        at,
        grantKey,
        ...paidFor(item),
        stripeSubscriptionId: null,
      }),
      ledger.grantStmt({
        userId,
        cents: item.credit_cents,
        reason: 'topup',
        reference: grantKey,
        paymentKey: grantKey,
        cap: refundsRepo.capOf(grantKey),
        at,
      }),
    )
    await repo.runBatch(db, stmts)
    await refreshSessions(env, userId) // the Stripe customer id is on the person's row
    return { outcome: 'applied', actions: [], paid: paymentIntent }
  }
  if (s.mode !== 'subscription' || !subscription) return ignored('checkout of another mode')
  // The period comes with the invoice; until it does, the plan runs one interval from now.
  const provisionalEnd = item.interval === 'year' ? addMonths(at, 12) : addMonths(at, 1)
  stmts.push(
    repo.openSubscriptionStmt({
      stripeSubscriptionId: subscription,
      userId,
      title: subscriptionTitle(item, item.interval),
      item: item.id,
      interval: item.interval,
      periodStartAt: null,
      endAt: provisionalEnd,
      eventAt: at,
    }),
    repo.syncSubscriberStmt(userId, now),
  )
  await repo.runBatch(db, stmts)
  await refreshSessions(env, userId) // the subscriber flag travels with the sessions
  return { outcome: 'applied', actions: await settleDuplicate(env, db, subscription, userId, now) }
}

/**
 * A pack paid by a person whose account was erased before we heard of it: nothing is written about
 * them and the money goes back whole, as an erased person's plan invoice does (found from outside:
 * it was kept, with credits nobody could use; docs/decisions/037). A plan's checkout carries no
 * charge: its invoice is refunded (subscription.events.ts).
 */
async function erasedCheckout(
  db: Db,
  s: CheckoutObject,
  paymentIntent: string | null,
  userId: number,
  now: number,
): Promise<Applied> {
  if (s.mode !== 'payment' || s.payment_status !== 'paid' || !paymentIntent || !(s.amount_total ?? 0))
    return ignored(`checkout of erased user ${userId}`)
  const key = `refund-erased-${s.id}`
  const [written] = await repo.runBatch(db, [
    enqueueActionStmt({ key, kind: 'refund_payment', target: paymentIntent, now, onlyIf: repo.notYetPaid(s.id) }),
  ])
  console.warn(`stripe: checkout ${s.id} of erased user ${userId}: refunded`)
  return { outcome: 'ignored', reason: 'erased user', actions: written?.results?.length ? [key] : [] }
}
