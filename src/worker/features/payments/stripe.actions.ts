// What we must still tell Stripe (issue 20 §2, §3): cancel a plan, refund a payment. An action is
// a row written in the same batch as the decision that needs it (an erasure, a refund, a second
// plan), then done right after, and again by the minute cron until Stripe confirms, with
// backoff. So erasing an account never waits on Stripe, and nothing is ever asked twice: the
// row's key is Stripe's Idempotency-Key too.
import { inArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '#worker/db/client'
import { rows as checkedRows, run } from '#worker/db/query'
import { stripeActions } from '#worker/db/schema'
import type { Env } from '#worker/env'
import { stripeClient } from './stripe'

/** A statement for the batch of the decision that needs the action (db/query.ts `batch`). */
type Stmt = SQL
export type StripeActionKind = 'cancel_subscription' | 'refund_payment'

/** Objects the local checkout made: Stripe has never seen them, so there is nothing to tell it. */
export const isLocalStripeId = (id: string) => /^(sub|pi|in|cs|cus)_local_/.test(id)

/** An action, once per key; RETURNING key tells the caller whether this call wrote it. */
export const enqueueActionStmt = (a: {
  key: string
  kind: StripeActionKind
  target: string
  amountCents?: number | null
  userId?: number | null
  now: number
}): Stmt =>
  sql`INSERT INTO stripe_actions (key, kind, target, amount_cents, user_id, next_at, created_at)
      VALUES (${a.key}, ${a.kind}, ${a.target}, ${a.amountCents ?? null}, ${a.userId ?? null}, ${a.now}, ${a.now})
      ON CONFLICT (key) DO NOTHING RETURNING key`

const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000]
const BATCH = 25

const actionRow = z.object({
  key: z.string(),
  kind: z.enum(['cancel_subscription', 'refund_payment']),
  target: z.string(),
  amount_cents: z.number().nullable(),
  attempts: z.number(),
})

/** Stripe's answer that the thing is already as we want it (cancelled, refunded): done. */
function alreadyDone(err: unknown) {
  const e = err as { code?: string; statusCode?: number; message?: string }
  return (
    e?.code === 'charge_already_refunded' ||
    e?.code === 'resource_missing' ||
    /already (been )?(canceled|cancelled|refunded)/i.test(e?.message ?? '')
  )
}

/**
 * Do the due actions (or just `keys`): each is tried once per call; a failure waits its backoff.
 * Answers how many are done. Without a Stripe key, local objects are done at once and others wait.
 */
export async function runStripeActions(
  env: Env,
  opts: { keys?: string[]; now?: number } = {},
): Promise<{ done: number; failed: number }> {
  const db = getDb(env.DB)
  const now = opts.now ?? Date.now()
  const due = opts.keys
    ? sql`done_at IS NULL AND ${inArray(stripeActions.key, opts.keys)}`
    : sql`done_at IS NULL AND next_at <= ${now} ORDER BY next_at LIMIT ${BATCH}`
  const rows =
    opts.keys && !opts.keys.length
      ? []
      : await checkedRows(
          db,
          sql`SELECT key, kind, target, amount_cents, attempts FROM stripe_actions WHERE ${due}`,
          actionRow,
        )
  if (!rows.length) return { done: 0, failed: 0 }
  const stripe = await stripeClient(env)
  let done = 0
  let failed = 0
  for (const a of rows) {
    let error: string | null = null
    if (!isLocalStripeId(a.target)) {
      try {
        if (!stripe) throw new Error('Stripe is not configured')
        if (a.kind === 'cancel_subscription') await stripe.subscriptions.cancel(a.target, {}, { idempotencyKey: a.key })
        else
          await stripe.refunds.create(
            {
              payment_intent: a.target,
              ...(a.amount_cents ? { amount: a.amount_cents } : {}),
              metadata: { action: a.key },
            },
            { idempotencyKey: a.key },
          )
      } catch (err) {
        if (!alreadyDone(err)) error = String((err as Error)?.message ?? err).slice(0, 300)
      }
    }
    if (error) {
      failed++
      console.warn(`stripe action ${a.key} failed (attempt ${a.attempts + 1}): ${error}`)
      const next = now + BACKOFF_MS[Math.min(a.attempts, BACKOFF_MS.length - 1)]!
      await run(
        db,
        sql`UPDATE stripe_actions SET attempts = attempts + 1, next_at = ${next}, last_error = ${error} WHERE key = ${a.key}`,
      )
    } else {
      done++
      await run(
        db,
        sql`UPDATE stripe_actions SET attempts = attempts + 1, done_at = ${now}, last_error = NULL WHERE key = ${a.key}`,
      )
    }
  }
  return { done, failed }
}

/** After the batch that wrote them: try the actions now, without making the caller wait on a failure. */
export async function tryActionsNow(env: Env, keys: string[]) {
  if (!keys.length) return
  await runStripeActions(env, { keys }).catch((err) =>
    console.warn(`stripe actions deferred to the cron: ${String(err)}`),
  )
}
