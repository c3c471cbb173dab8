// Money given back: Stripe's charge.refunded (from our approval, or from its dashboard; maybe in
// parts), and the statements a refund step writes, shared with the admins' approval
// (payments.service.ts approveRefund).
import { catalogueItem } from '#shared/catalogue'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import { refreshSessions } from '#worker/features/users/session'
import * as ledger from '#worker/ledger/ledger'
import { ignored, type Applied, type Stmt } from './events.shared'
import * as repo from './payments.repo'
import { enqueueActionStmt } from './stripe.actions'
import { idOf, type ChargeObject } from './stripe.objects'

/**
 * The payment's credits are reversed in the same proportion as the money; a refund of a whole
 * plan payment ends that plan and cancels its renewal. A refund of a payment we have not seen yet
 * waits for it (kept on the stored event) and is applied right after it.
 */
export async function chargeRefunded(env: Env, db: Db, c: ChargeObject, now: number): Promise<Applied> {
  const paymentIntent = idOf(c.payment_intent)
  if (!paymentIntent) return ignored('refund without a payment intent')
  const tx = await repo.findTransactionByPaymentIntent(db, paymentIntent)
  if (!tx) return { outcome: 'waiting', reason: paymentIntent, actions: [] }
  if (!tx.userId) return ignored('refund of an erased user’s payment')
  const { stmts, actions } = await refundStatements(db, tx, c.amount_refunded, now)
  await repo.runBatch(db, stmts)
  await refreshSessions(env, tx.userId) // a refunded plan ends: so does the subscriber flag
  return { outcome: 'applied', actions }
}

export type RefundableTransaction = {
  id: number
  userId: number | null
  kind: string
  item: string | null
  amountCents: number
  refundedCents: number
  grantKey: string | null
  stripeSubscriptionId: string | null
}

/** The credits a payment gave, by its key (old rows without one: what its item gives). */
export async function creditsOfPayment(db: Db, tx: RefundableTransaction) {
  if (tx.grantKey) return ledger.paymentCredits(db, tx.grantKey)
  return { granted: catalogueItem(tx.item ?? '')?.credit_cents ?? 0, reversed: 0 }
}

/**
 * What a refund up to `cumulativeRefunded` cents of a payment undoes, as one batch: the payment's
 * refunded cents, its credits reversed in proportion (keyed by the step, so our approval and
 * Stripe's event for the same step write one row), and for a whole plan payment, that plan
 * ended and its renewal cancelled at Stripe. Steps already applied change nothing.
 */
export async function refundStatements(
  db: Db,
  tx: RefundableTransaction,
  cumulativeRefunded: number,
  now: number,
  creditsOverride?: number,
): Promise<{ stmts: Stmt[]; actions: string[] }> {
  const target = Math.min(cumulativeRefunded, tx.amountCents)
  const stmts: Stmt[] = []
  const actions: string[] = []
  if (target <= tx.refundedCents || !tx.userId) return { stmts, actions }
  stmts.push(repo.setRefundedStmt(tx.id, target))
  const { granted, reversed } = await creditsOfPayment(db, tx)
  const due =
    creditsOverride ??
    (tx.amountCents > 0 ? Math.round((granted * target) / tx.amountCents) - reversed : granted - reversed)
  if (due > 0 && tx.grantKey)
    stmts.push(
      ledger.reversePaymentStmt({
        userId: tx.userId,
        paymentKey: tx.grantKey,
        cents: due,
        reference: `payment:${tx.id}:${target}`,
        at: now,
      }),
    )
  if (tx.kind === 'subscription' && tx.stripeSubscriptionId && target >= tx.amountCents) {
    stmts.push(repo.disableSubscriptionStmt(tx.stripeSubscriptionId, now), repo.syncSubscriberStmt(tx.userId, now))
    const key = `cancel-refunded-${tx.stripeSubscriptionId}`
    stmts.push(
      enqueueActionStmt({
        key,
        kind: 'cancel_subscription',
        target: tx.stripeSubscriptionId,
        userId: tx.userId,
        now,
      }),
    )
    actions.push(key)
  }
  return { stmts, actions }
}
