// Refunds (issue 10, docs/API.md "Refunds"): a person's request, once a week, and the admins'
// approval or refusal. What goes back is priced from the ledger as the batch writes; the ledger
// module stays its one writer (ledger.ts builds every statement that touches it).
import { catalogueItem } from '#shared/catalogue'
import type { RefundRequestDto, RefundsQuery } from '#shared/contract/payments'
import { pagination } from '#shared/contract/list'
import { type Locale } from '#shared/i18n/index'
import { COOLDOWNS_MS } from '#shared/limits'
import { sql, type SQL } from 'drizzle-orm'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import * as ledger from '#worker/ledger/ledger'
import { refreshSessions } from '#worker/identity/sessions'
import { isZone } from '#worker/lib/zones'
import { entitlementOf } from './events.shared'
import { endCurrentPeriod } from './refund.events'
import { APPROVAL_PREFIX, enqueueActionStmt, tryActionsNow } from './stripe.actions'
import * as repo from './payments.repo'
import { confirmedBeside, me } from '#worker/identity/caller'
import { dollars } from './service.shared'
import * as refundsRepo from './refunds.repo'

export function toRefundDto(r: refundsRepo.RefundRow, withPerson = false): RefundRequestDto {
  return {
    id: r.id,
    user_id: r.userId,
    ...(withPerson ? { user_name: r.userName ?? null, user_email: r.userEmail ?? null } : {}),
    transaction_id: r.transactionId ?? null,
    amount: r.amountCents == null ? null : dollars(r.amountCents),
    reason: r.reason ?? null,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
  }
}

function when(ms: number, locale: Locale, zone: string | null | undefined) {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    timeZone: zone && isZone(zone) ? zone : 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(ms)
}

/** POST /v1/user/refund: once every 7 days (SPEC §5); the refusal says when the earlier one was sent. */
export async function requestRefund(ctx: Ctx, input: { reason: string; transaction_id?: number }, now = Date.now()) {
  const asked = me(ctx).id
  // Two D1 rounds (issue 43 §3: it was 4): the caller confirmed at the primary beside the payment
  // the request names (requireAuthorityAtWrite; an ended session is refused before anything is
  // decided), then the request stored once and read back in one batch.
  const [caller, tx] = await confirmedBeside(
    ctx,
    input.transaction_id !== undefined
      ? repo.findTransaction(ctx.db, input.transaction_id)
      : repo.latestPaymentOf(ctx.db, asked),
  )
  if (input.transaction_id !== undefined) {
    // Another person's payment reads as not found (no hint that it exists).
    if (!tx || tx.userId !== caller.id)
      throw new AppError('not_found', { fields: { transaction_id: ['payments.no_such_payment'] } })
    if (tx.status !== 'succeeded')
      throw new AppError('validation', { fields: { transaction_id: ['payments.not_refundable'] } })
  }
  const { id, latest } = await refundsRepo.requestRefundOnce(ctx.db, {
    userId: caller.id,
    transactionId: tx?.id ?? null,
    reason: input.reason,
    now,
    windowMs: COOLDOWNS_MS.refund,
  })
  if (id) {
    // The batch's latest is the one it stored (none within the window came before it); read by
    // id only if a clock made it otherwise.
    const stored = latest?.id === id ? latest : await refundsRepo.findRefundRequest(ctx.db, id)
    if (!stored) throw new AppError('unauthenticated') // erased right after (the request went with the person)
    return toRefundDto(stored)
  }
  // No request at all, stored or earlier: the account was erased while this request ran (issue 32
  // §2, found by the money simulator; it was a 500 from the foreign key).
  if (!latest) throw new AppError('unauthenticated')
  const at = latest.createdAt.getTime()
  throw new AppError('rate_limited', {
    message: 'errors.refund_cooldown',
    params: { at: when(at, ctx.locale, caller.row?.timezone) },
    extra: {
      earlier_request_at: new Date(at).toISOString(),
      retry_at: new Date(at + COOLDOWNS_MS.refund).toISOString(),
    },
  })
}

/** GET /v1/refunds (admins). */
export async function listRefunds(ctx: Ctx, q: RefundsQuery) {
  const { rows, total } = await refundsRepo.listRefundRequests(ctx.db, q)
  return { refund_requests: rows.map((r) => toRefundDto(r, true)), pagination: pagination(q, total, rows.length) }
}

async function pending(ctx: Ctx, id: number) {
  const r = await refundsRepo.findRefundRequest(ctx.db, id)
  if (!r) throw new AppError('not_found')
  if (r.status !== 'pending') throw new AppError('conflict', { message: 'payments.refund_resolved' })
  return r
}

/**
 * POST /v1/refund/approve (admins), docs/API.md "Refunds". What goes back is what of the payment
 * is not used: its credits still in the balance (U) and, for a yearly plan, the months not yet
 * given (F), priced against all it bought: floor(A × (U + F) / E). None: the approval is refused
 * and says to cancel a booked session first. Never the money and the credits both.
 * One batch decides, reading the balance as it writes (a booking made meanwhile keeps its
 * credits and is not refunded): the credits taken back, the refund owed to Stripe (an action, keyed
 * by the request), the request approved and, for a plan's current period, the plan ended. Stripe
 * is told right after and by the minute cron until it answers: an approval never waits on it,
 * and a refund Stripe refuses for good gives the credits back (stripe.actions.ts).
 */
export async function approveRefund(ctx: Ctx, id: number, now = Date.now()) {
  const admin = me(ctx)
  const r = await pending(ctx, id)
  await approve(ctx, r, admin.id, now)
  return toRefundDto((await refundsRepo.findRefundRequest(ctx.db, r.id))!, true)
}

/**
 * Before an account is erased (issue 41, docs/decisions/059): a refund the person asked for and no
 * admin has answered yet is granted for what it can give (the payment's own credits still unspent,
 * and a yearly plan's months not given), as an approval would, resolved by nobody. The person
 * asked for the money and leaves; their credits would be of no use to anyone. A request with
 * nothing left to give stays unanswered and goes with the account. Never fails the erasure.
 */
export async function refundsOnErase(ctx: Ctx, userId: number, now = Date.now()): Promise<string[]> {
  const keys: string[] = []
  for (const r of await refundsRepo.pendingRequestsOf(ctx.db, userId))
    await approve(ctx, r, null, now)
      .then((k) => keys.push(...k))
      .catch((err) => {
        if (!(err instanceof AppError)) console.warn(`refund request ${r.id} not honoured on erasure: ${String(err)}`)
      })
  // Stripe is told after the erasure (the caller tries these keys): the person is gone by then, so a
  // refund Stripe refuses gives no credits back to anyone, whenever its answer comes.
  return keys
}

/** The approval's one batch, then Stripe told (`by`: the admin, or null for the person's erasure). */
async function approve(ctx: Ctx, r: refundsRepo.RefundRow, by: number | null, now: number): Promise<string[]> {
  const tx = r.transactionId ? await repo.findTransaction(ctx.db, r.transactionId) : undefined
  if (!tx || tx.status !== 'succeeded' || !tx.userId || !tx.paymentIntent)
    throw new AppError('conflict', { message: 'payments.nothing_to_refund' })
  // A payment whose credits cannot be traced (no key even after the backfill) is refunded from
  // Stripe's Dashboard by hand, never here: money back with its credits kept is what we must not do.
  if (!tx.grantKey) throw new AppError('conflict', { message: 'payments.refund_untraceable' })
  const userId = tx.userId
  const key = tx.grantKey
  const A = tx.amountCents
  const E = tx.creditCents ?? entitlementOf(catalogueItem(tx.item ?? '') ?? catalogueItem('credits_1')!)
  // What the answer says, read first; the batch reads it all again as it writes.
  const [figures, net, unspent] = await Promise.all([
    refundsRepo.paymentFigures(ctx.db, tx.id, key),
    ledger.paymentNet(ctx.db, key),
    // Only this payment's own credits still unspent: never a gift's (issue 41 §2, decision 059).
    ledger.paymentUnspent(ctx.db, userId, key),
  ])
  const left = A - figures.committed
  if (left <= 0 || figures.cap === null) throw new AppError('conflict', { message: 'payments.nothing_to_refund' })
  const future = Math.max(0, figures.cap - net)
  if (refundFor(A, E, left, unspent + future) <= 0) throw new AppError('conflict', { message: 'payments.refund_spent' })

  const refundKey = `${APPROVAL_PREFIX}${r.id}`
  const taken = `refund-request:${r.id}`
  const stillPending = sql`EXISTS (SELECT 1 FROM refund_requests WHERE id = ${r.id} AND status = 'pending')`
  // The money for `u` credits taken back (SQL), with the months the payment has not given yet.
  const money = (u: SQL, netBefore: SQL) =>
    refundSql(A, E, refundsRepo.leftOf(tx.id), sql`(${u}) + MAX(0, ${refundsRepo.capOf(key)} - (${netBefore}))`)
  const approvedHere = sql`EXISTS (SELECT 1 FROM refund_requests WHERE id = ${r.id} AND status = 'approved' AND resolved_at = ${now} AND resolved_by IS ${by})`
  const end =
    tx.kind === 'subscription' && tx.stripeSubscriptionId
      ? endCurrentPeriod(
          userId,
          tx.stripeSubscriptionId,
          key,
          now,
          `cancel-refunded-${tx.stripeSubscriptionId}`,
          approvedHere,
        )
      : null
  const results = await repo.runBatch(ctx.db, [
    ledger.reverseUnspentStmt({
      userId,
      paymentKey: key,
      reference: taken,
      at: now,
      onlyIf: sql`${stillPending} AND ${money(ledger.unspentOf(userId, key), ledger.netOf(key))} > 0`,
    }),
    enqueueActionStmt({
      key: refundKey,
      kind: 'refund_payment',
      target: tx.paymentIntent,
      amountCents: money(ledger.takenBy(taken), sql`${ledger.netOf(key)} + ${ledger.takenBy(taken)}`),
      userId,
      now,
      onlyIf: sql`${stillPending} AND ${money(ledger.takenBy(taken), sql`${ledger.netOf(key)} + ${ledger.takenBy(taken)}`)} > 0`,
    }),
    refundsRepo.resolveRefundStmt(
      r.id,
      'approved',
      by,
      now,
      sql`EXISTS (SELECT 1 FROM stripe_actions WHERE key = ${refundKey})`,
    ),
    ...(end?.stmts ?? []),
  ])
  if (!results[2]?.results?.length) {
    const again = await refundsRepo.findRefundRequest(ctx.db, r.id)
    throw new AppError('conflict', {
      message: again?.status === 'pending' ? 'payments.refund_spent' : 'payments.refund_resolved',
    })
  }
  await refreshSessions(ctx.env, userId)
  const keys = [refundKey, ...(end ? [end.key] : [])]
  if (by !== null) await tryActionsNow(ctx, keys)
  return keys
}

/** The money for `credits` of a payment of A cents that bought E: floor(A × credits / E), within what is left. */
const refundFor = (A: number, E: number, left: number, credits: number) =>
  Math.min(left, E > 0 ? Math.floor((A * credits) / E) : left)
// CAST: D1 may bind a JS number as REAL, and a REAL division does not floor.
const refundSql = (A: number, E: number, left: SQL, credits: SQL) =>
  E > 0 ? sql`MIN(${left}, CAST((${A} * (${credits})) / ${E} AS INTEGER))` : left

/** POST /v1/refund/reject (admins). */
export async function rejectRefund(ctx: Ctx, id: number, now = Date.now()) {
  const admin = me(ctx)
  const r = await pending(ctx, id)
  const [resolved] = await repo.runBatch(ctx.db, [refundsRepo.resolveRefundStmt(r.id, 'rejected', admin.id, now)])
  if (!resolved?.results?.length) throw new AppError('conflict', { message: 'payments.refund_resolved' })
  return toRefundDto((await refundsRepo.findRefundRequest(ctx.db, r.id))!, true)
}
