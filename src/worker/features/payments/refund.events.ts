// Money given back: Stripe's charge.refunded (from our own refunds, or from its Dashboard; maybe in
// parts), and what a refunded payment's current plan period becomes. The admins' approvals live in
// refunds.service.ts (approveRefund); both keep a payment's credits within its cap (ledger.ts).
import { sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import type { Env } from '#worker/env'
import { refreshSessions } from '#worker/identity/sessions'
import * as ledger from '#worker/ledger/ledger'
import { ignored, type Applied, type Stmt } from './events.shared'
import * as repo from './payments.repo'
import { catalogueItem } from '#shared/catalogue'
import { entitlementOf } from './events.shared'
import { APPROVAL_PREFIX, enqueueActionStmt } from './stripe.actions'
import { idOf, type ChargeObject, type DisputeObject, type RefundObject } from './stripe.objects'
import * as refundsRepo from './refunds.repo'

/**
 * Stripe says this much of the payment is refunded (cumulative): its credits above its new cap are
 * taken back; a whole refund of a plan's current period ends that plan and cancels its renewal. A
 * refund of a payment we have not seen yet waits for it (kept on the stored event) and is applied
 * right after it. An erased person's payment is still accounted for: its anonymised credits go.
 */
export async function chargeRefunded(env: Env, db: Db, c: ChargeObject, now: number, at: number): Promise<Applied> {
  const paymentIntent = idOf(c.payment_intent)
  if (!paymentIntent) return ignored('refund without a payment intent')
  const tx = await repo.findTransactionByPaymentIntent(db, paymentIntent)
  if (!tx) return { outcome: 'waiting', reason: paymentIntent, actions: [] }
  // Refunds this charge still counts that failed since (their failure came first): not money back.
  const failed = await refundsRepo.failedAfter(db, paymentIntent, at)
  const epoch = await refundsRepo.failedTotal(db, paymentIntent)
  const { stmts, actions } = refundStatements(tx, c.amount_refunded - failed, now, epoch)
  if (stmts.length) await repo.runBatch(db, stmts)
  if (tx.userId) await refreshSessions(env, tx.userId) // a refunded plan ends: so does the subscriber flag
  return { outcome: 'applied', actions }
}

/**
 * A dispute closed: lost, the cardholder's bank took the disputed money back (Stripe does not
 * return it, nor does Stripe mark the charge refunded: its amount_refunded stays). For the person
 * it is the payment given back: its credits go as a whole refund's would (spent ones leave a debt,
 * never the money and the credits both), its plan's current period ends and the renewal is
 * cancelled at Stripe (Stripe keeps billing a disputed subscription otherwise). Won or withdrawn:
 * nothing changes. Keyed like a refund step at the whole amount, so a repeat writes nothing.
 */
export async function disputeClosed(env: Env, db: Db, d: DisputeObject, now: number): Promise<Applied> {
  if (d.status !== 'lost') return ignored(`dispute ${d.id} ${d.status ?? 'without a status'}`)
  const paymentIntent = idOf(d.payment_intent)
  if (!paymentIntent) return ignored('dispute without a payment intent')
  const tx = await repo.findTransactionByPaymentIntent(db, paymentIntent)
  if (!tx) return { outcome: 'waiting', reason: paymentIntent, actions: [] }
  const epoch = await refundsRepo.failedTotal(db, paymentIntent)
  const { stmts, actions } = refundStatements(tx, tx.amountCents, now, epoch)
  if (stmts.length) await repo.runBatch(db, stmts)
  if (tx.userId) await refreshSessions(env, tx.userId)
  return { outcome: 'applied', actions }
}

export type RefundableTransaction = {
  id: number
  userId: number | null
  kind: string
  amountCents: number
  refundedCents: number
  grantKey: string | null
  stripeSubscriptionId: string | null
}

/**
 * What Stripe's word that `cumulativeRefunded` cents of a payment are refunded undoes, as one
 * batch: the payment's refunded cents, its credits above its new cap (keyed by the step, so a step
 * seen again writes nothing), and for a whole refund of a plan's current period, that plan ended
 * and its renewal cancelled at Stripe. Every condition is read by the statements themselves.
 */
export function refundStatements(
  tx: RefundableTransaction,
  cumulativeRefunded: number,
  now: number,
  /**
   * Cents of this payment's refunds that failed at the bank: after a failure the same cumulative
   * amount can be refunded again, and is another step (found by the money simulator: a refund, its
   * failure, and the same refund made again took no credits back, its key being the first's).
   */
  failedEpoch = 0,
): { stmts: Stmt[]; actions: string[] } {
  const target = Math.min(cumulativeRefunded, tx.amountCents)
  const stmts: Stmt[] = []
  const actions: string[] = []
  // Not "only if more than we knew": our own refunds confirmed by Stripe raise refunded_cents before
  // their events come, and a Dashboard refund's event may then say no more than that; every
  // statement below is keyed or a no-op when already so, so a step is reconciled whenever it comes.
  if (target <= 0) return { stmts, actions }
  stmts.push(repo.setRefundedStmt(tx.id, target))
  if (tx.grantKey)
    stmts.push(
      ledger.reverseToCapStmt({
        userId: tx.userId,
        paymentKey: tx.grantKey,
        cap: refundsRepo.capOf(tx.grantKey),
        reference: failedEpoch > 0 ? `payment:${tx.id}:${target}:${failedEpoch}` : `payment:${tx.id}:${target}`,
        at: now,
      }),
    )
  if (tx.userId && tx.kind === 'subscription' && tx.stripeSubscriptionId && tx.grantKey && target >= tx.amountCents) {
    const end = endCurrentPeriod(
      tx.userId,
      tx.stripeSubscriptionId,
      tx.grantKey,
      now,
      `cancel-refunded-${tx.stripeSubscriptionId}`,
    )
    stmts.push(...end.stmts)
    actions.push(end.key)
  }
  return { stmts, actions }
}

/**
 * The plan ends now and its renewal is cancelled at Stripe, if the payment of `grantKey` is its
 * current period's (an older period's refund never ends a newer paid one). `onlyIf`: a further
 * condition (an approval: this batch approved the request).
 */
export function endCurrentPeriod(
  userId: number,
  sub: string,
  grantKey: string,
  now: number,
  key: string,
  onlyIf?: Stmt,
): { stmts: Stmt[]; key: string } {
  const current = onlyIf
    ? sql`(${repo.isCurrentPeriodOf(sub, grantKey)} AND (${onlyIf}))`
    : repo.isCurrentPeriodOf(sub, grantKey)
  return {
    key,
    stmts: [
      // The cancel first: the condition still sees the plan active.
      enqueueActionStmt({ key, kind: 'cancel_subscription', target: sub, userId, now, onlyIf: current }),
      repo.disableSubscriptionStmt(sub, now, current),
      repo.syncSubscriberStmt(userId, now),
    ],
    // Tried right after the batch; a key the batch did not write is simply not found.
  }
}

/**
 * A refund Stripe accepted failed later at the card's bank (refund.failed; failure_reason a lost,
 * stolen, closed or expired card): the money is back in our Stripe balance and never reached the
 * person, who had given up the credits for it (found from outside: they were left with neither;
 * docs/decisions/037). One batch, once per refund (failed_refunds): the payment's refunded cents
 * count it no more, our action that made it is failed for good (its money is not committed), and
 * the credits it stood for come back within the cap (ledger.restoreFailedStmt). An approval's
 * refund shares its reference with a refusal's ('refund-undone:<action>'): credits come back once.
 * The request stays approved; the history says 'Credits returned: the refund did not go through'.
 */
export async function refundFailed(db: Db, r: RefundObject, now: number, at: number): Promise<Applied> {
  if (r.status !== 'failed') return ignored(`refund ${r.id} ${r.status ?? 'without a status'}`)
  const paymentIntent = idOf(r.payment_intent)
  if (!paymentIntent || !r.amount) return ignored('failed refund without a payment intent or an amount')
  const tx = await repo.findTransactionByPaymentIntent(db, paymentIntent)
  if (!tx) return ignored(`failed refund ${r.id} of a payment we do not know`)
  const action = typeof r.metadata?.action === 'string' && r.metadata.action ? r.metadata.action : null
  const approval = !!action?.startsWith(APPROVAL_PREFIX)
  const applied = refundsRepo.failureApplied(r.id)
  const stmts: Stmt[] = [refundsRepo.unrefundStmt(tx.id, r.id, r.amount)]
  if (action)
    stmts.push(
      refundsRepo.failActionStmt(
        action,
        paymentIntent,
        `refund failed at the bank: ${r.failure_reason ?? 'unknown'}`,
        now,
      ),
    )
  if (tx.grantKey) {
    const item = catalogueItem(tx.item ?? '')
    const E = tx.creditCents ?? (item ? entitlementOf(item) : 0)
    const worth = tx.amountCents > 0 ? Math.floor((E * r.amount) / tx.amountCents) : 0
    stmts.push(
      ledger.restoreFailedStmt({
        userId: tx.userId,
        paymentKey: tx.grantKey,
        worth,
        cap: refundsRepo.capOf(tx.grantKey),
        ours: !!action,
        reference: approval ? `refund-undone:${action}` : `refund-failed:${r.id}`,
        at: now,
        onlyIf: sql`NOT ${applied}`,
      }),
    )
  }
  stmts.push(
    refundsRepo.recordFailedRefundStmt({
      refundId: r.id,
      paymentIntent,
      amountCents: r.amount,
      action,
      refundAt: typeof r.created === 'number' ? r.created * 1000 : null,
      failedAt: at,
      now,
    }),
  )
  await repo.runBatch(db, stmts)
  return { outcome: 'applied', actions: [] }
}
