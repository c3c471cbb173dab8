// What we must still tell Stripe (issue 20 §2, §3; issue 32 §2): cancel a plan, refund a payment. An
// action is a row written in the same batch as the decision that needs it (an erasure, a refund, an
// approval, a second plan), then done right after, and again by the minute cron until Stripe
// answers for good, with backoff. So erasing an account or approving a refund never waits on
// Stripe, and nothing is asked twice:
// - the row's key is Stripe's Idempotency-Key (a retry within Stripe's 24 hours gets the first
//   answer), and a refund first looks for itself at Stripe once the key may be forgotten;
// - a runner claims a row (a lease) before it calls Stripe: the cron and a request never both do;
// - every row ends: done (Stripe did it, or it was already so) or failed (Stripe refuses it for
//   good: a disputed charge, more than is left). An approval's refund refused for good gives the
//   person back the credits the approval took.
import { inArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { batch, rows as checkedRows, run } from '#worker/db/query'
import { stripeActions } from '#worker/db/schema'
import { rowOf } from '#worker/db/rows'
import type { Ctx } from '#worker/context'
import type { Env } from '#worker/env'
import * as ledger from '#worker/ledger/ledger'
import { findTransactionByPaymentIntent } from './payments.repo'
import { capOf, confirmOwnRefundsStmt } from './refunds.repo'
import { stripeClient } from './stripe'

/** A statement for the batch of the decision that needs the action (db/query.ts `batch`). */
type Stmt = SQL
export type StripeActionKind = 'cancel_subscription' | 'refund_payment'

/** Objects the local checkout made: Stripe has never seen them, so there is nothing to tell it. */
export const isLocalStripeId = (id: string) => /^(sub|pi|in|cs|cus)_local_/.test(id)

/**
 * An action, once per key; RETURNING key tells the caller whether this call wrote it. `amountCents`
 * (a refund's; null: the whole payment) may be SQL read in the batch; `onlyIf`: a condition.
 */
export const enqueueActionStmt = (a: {
  key: string
  kind: StripeActionKind
  target: string
  amountCents?: number | SQL | null
  userId?: number | null
  now: number
  onlyIf?: SQL
}): Stmt =>
  sql`INSERT INTO stripe_actions (key, kind, target, amount_cents, user_id, next_at, created_at)
      SELECT ${a.key}, ${a.kind}, ${a.target}, ${a.amountCents ?? null}, ${a.userId ?? null}, ${a.now}, ${a.now}
      WHERE ${a.onlyIf ?? sql`1`}
      ON CONFLICT (key) DO NOTHING RETURNING key`

const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000]
const BATCH = 25
/** How long a runner holds a claimed action: longer than a Stripe call may take (10 s timeout). */
const LEASE_MS = 60_000
/** Stripe forgets an Idempotency-Key after 24 hours; a refund older than this looks for itself first. */
const KEY_KEPT_MS = 23 * 3_600_000
/** Refunds of an approval: their key names the request (refunds.service.ts approveRefund). */
export const APPROVAL_PREFIX = 'refund-request-'

const actionRow = rowOf(stripeActions)
  .pick({ key: true, target: true, amount_cents: true, attempts: true, created_at: true })
  .extend({ kind: z.enum(['cancel_subscription', 'refund_payment']) })
type Action = z.infer<typeof actionRow>

type Answer = 'done' | 'already' | 'failed' | 'retry'

/** What Stripe's error means for the action (docs.stripe.com/error-codes, /error-handling). */
function judge(a: Action, err: unknown): Answer {
  const e = err as { type?: string; code?: string; statusCode?: number; raw?: { type?: string } }
  // Cancelling a subscription already cancelled answers 404 "No such subscription" (stripe-go#1887).
  if (a.kind === 'cancel_subscription' && e?.code === 'resource_missing') return 'done'
  if (a.kind === 'refund_payment' && e?.code === 'charge_already_refunded') return 'already'
  const status = e?.statusCode ?? 0
  // A key in use (409), a rate limit (429), Stripe's own failures (5xx) or no answer: try again.
  if (e?.code === 'idempotency_key_in_use' || e?.code === 'lock_timeout' || status === 409 || status === 429)
    return 'retry'
  if (status >= 400 && status < 500 && e?.type !== 'StripeIdempotencyError') return 'failed'
  return 'retry'
}

/**
 * Do the due actions (or just `keys`): each is claimed, tried once per call, and answered for
 * good or left for its backoff. Answers how many are done, failed for good, and to retry.
 * Without a Stripe key, local objects are done at once and others wait.
 */
export async function runStripeActions(
  { env, db }: Pick<Ctx, 'env' | 'db'>,
  opts: { keys?: string[]; now?: number } = {},
): Promise<{ done: number; failed: number; retry: number }> {
  const now = opts.now ?? Date.now()
  // The run's clock never goes back, and each action is dated when it is taken, not when the run
  // began: a run of 25 actions at up to 10 s each must not claim its last ones with a lease that
  // has already ended (another runner would take them while this one calls Stripe; issue 41).
  let clock = now
  const tick = () => (clock = Math.max(clock, Date.now()))
  const free = (at: number) =>
    sql`done_at IS NULL AND failed_at IS NULL AND (lease_until IS NULL OR lease_until <= ${at})`
  const due = opts.keys
    ? sql`${free(now)} AND ${inArray(stripeActions.key, opts.keys)}`
    : sql`${free(now)} AND next_at <= ${now} ORDER BY next_at LIMIT ${BATCH}`
  const candidates =
    opts.keys && !opts.keys.length
      ? []
      : await checkedRows(
          db,
          sql`SELECT key, kind, target, amount_cents, attempts, created_at FROM stripe_actions WHERE ${due}`,
          actionRow,
        )
  const out = { done: 0, failed: 0, retry: 0 }
  for (const c of candidates) {
    // The claim: one runner at a time per action (the cron and a request may both be here).
    const at = tick()
    const [claimed] = await checkedRows(
      db,
      sql`UPDATE stripe_actions SET lease_until = ${at + LEASE_MS}, attempts = attempts + 1
          WHERE key = ${c.key} AND ${free(at)} RETURNING key, kind, target, amount_cents, attempts, created_at`,
      actionRow,
    )
    if (!claimed) continue
    const result = await attempt(env, claimed, at)
    out[result.answer === 'already' ? 'done' : result.answer]++
    await settle(db, claimed, result, tick())
  }
  return out
}

type Attempt = { answer: Answer; error: string | null; chargeRefunded?: number | null }

async function attempt(env: Env, a: Action, now: number): Promise<Attempt> {
  if (isLocalStripeId(a.target)) return { answer: 'done', error: null }
  const stripe = await stripeClient(env)
  if (!stripe) return { answer: 'retry', error: 'Stripe is not configured' }
  try {
    if (a.kind === 'cancel_subscription') {
      await stripe.subscriptions.cancel(a.target, {}, { idempotencyKey: a.key })
      return { answer: 'done', error: null }
    }
    // Stripe may have forgotten this key (24 h): a refund made by an earlier attempt whose answer
    // was lost is found by its metadata, so it is never made twice.
    if (a.attempts > 1 && now - a.created_at >= KEY_KEPT_MS) {
      for await (const r of stripe.refunds.list({ payment_intent: a.target, limit: 100 }))
        if (r.metadata?.action === a.key) return { answer: 'done', error: null }
    }
    // The charge expanded: its amount_refunded, with this refund in it, is what the payment's
    // refunded cents become (adding ours to a count that may already hold it would count it twice).
    const made = await stripe.refunds.create(
      {
        payment_intent: a.target,
        ...(a.amount_cents ? { amount: a.amount_cents } : {}),
        metadata: { action: a.key },
        expand: ['charge'],
      },
      { idempotencyKey: a.key },
    )
    const charge = made.charge
    const chargeRefunded = charge && typeof charge === 'object' ? charge.amount_refunded : null
    return { answer: 'done', error: null, chargeRefunded }
  } catch (err) {
    const answer = judge(a, err)
    return {
      answer,
      error: answer === 'done' || answer === 'already' ? null : String((err as Error)?.message ?? err).slice(0, 300),
    }
  }
}

/** The action's answer, written with what follows from it, in one batch. */
async function settle(db: Ctx['db'], a: Action, { answer, error, chargeRefunded }: Attempt, now: number) {
  if (answer === 'retry') {
    console.warn(`stripe action ${a.key} failed (attempt ${a.attempts}): ${error}`)
    const next = now + BACKOFF_MS[Math.min(a.attempts - 1, BACKOFF_MS.length - 1)]!
    await run(
      db,
      sql`UPDATE stripe_actions SET next_at = ${next}, last_error = ${error}, lease_until = NULL WHERE key = ${a.key}`,
    )
    return
  }
  const stmts: Stmt[] = []
  if (answer === 'failed') {
    console.warn(`stripe action ${a.key} refused for good: ${error}`)
    stmts.push(
      sql`UPDATE stripe_actions SET failed_at = ${now}, last_error = ${error}, lease_until = NULL WHERE key = ${a.key}`,
    )
    // An approval's refund that cannot be made: its credits come back (within the payment's cap,
    // which no longer counts this refund).
    const tx = a.kind === 'refund_payment' ? await findTransactionByPaymentIntent(db, a.target) : undefined
    if (tx?.grantKey && a.key.startsWith(APPROVAL_PREFIX))
      stmts.push(
        ledger.restoreTakenStmt({
          userId: tx.userId,
          paymentKey: tx.grantKey,
          takenReference: `refund-request:${a.key.slice(APPROVAL_PREFIX.length)}`,
          reference: `refund-undone:${a.key}`,
          cap: capOf(tx.grantKey),
          at: now,
        }),
      )
  } else {
    stmts.push(
      sql`UPDATE stripe_actions SET done_at = ${now}, last_error = NULL, lease_until = NULL WHERE key = ${a.key}`,
    )
    // Our refund made: the payment's refunded cents count it at once (its charge.refunded may come
    // later). "Already refunded" made none of ours: Stripe's own event for whatever refunded it
    // says how much, and takes the credits back (refund.events.ts).
    if (a.kind === 'refund_payment' && answer === 'done')
      stmts.push(confirmOwnRefundsStmt(a.target, typeof chargeRefunded === 'number' ? chargeRefunded : null))
  }
  await batch(db, stmts)
}

/** After the batch that wrote them: try the actions now, without making the caller wait on a failure. */
export async function tryActionsNow(ctx: Pick<Ctx, 'env' | 'db'>, keys: string[]) {
  if (!keys.length) return
  await runStripeActions(ctx, { keys }).catch((err) =>
    console.warn(`stripe actions deferred to the cron: ${String(err)}`),
  )
}
