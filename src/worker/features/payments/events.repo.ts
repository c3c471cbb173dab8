// Stripe events' SQL: each is stored before it is applied, so a replay is known and a refund that
// came before its payment can wait for it (payments.events.ts applies them).
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { firstRow, rows } from '#worker/db/query'
import { stripeEvents, users } from '#worker/db/schema'

/** Stores the event id; answers whether it was already applied (a replay) or is new / unfinished. */
export async function storeEvent(
  db: Db,
  id: string,
  type: string,
  payload: unknown,
): Promise<'new' | 'applied' | 'pending'> {
  // ON CONFLICT DO NOTHING RETURNING: a row back means this call stored it (a replay stores nothing).
  const inserted = await db
    .insert(stripeEvents)
    .values({ id, type, payload, receivedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
    .get()
  if (inserted) return 'new'
  const row = await db
    .select({ appliedAt: stripeEvents.appliedAt })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
    .get()
  return row?.appliedAt ? 'applied' : 'pending'
}

export const markEventApplied = (db: Db, id: string) =>
  db.update(stripeEvents).set({ appliedAt: new Date() }).where(eq(stripeEvents.id, id)).run()

/**
 * A refund event waits for its payment, in one statement that also checks the payment is still
 * unknown (issue 32 §2: a mark written after the payment looked for waiting refunds was never
 * applied). Answers whether it now waits; false: the payment is here, apply the event.
 */
export async function markEventWaiting(db: Db, id: string, paymentIntent: string) {
  const row = await firstRow(
    db,
    sql`UPDATE stripe_events SET applied_at = ${Date.now()}, waiting_for = ${paymentIntent}
        WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM transactions WHERE payment_intent = ${paymentIntent}) RETURNING id`,
    z.object({ id: z.string() }),
  )
  return !!row
}

/**
 * Waiting refund events whose payment is recorded after all (the minute cron applies them). Only
 * those of the last week: Stripe retries a delivery for 3 days, so a payment not recorded by then
 * never will be (an erased person's, one of another product), and the sweep stays small.
 */
export const waitingWithPayment = (db: Db, now: number) =>
  rows(
    db,
    sql`SELECT e.id, e.payload FROM stripe_events e WHERE e.waiting_for IS NOT NULL AND e.received_at > ${now - 7 * 86_400_000}
        AND EXISTS (SELECT 1 FROM transactions t WHERE t.payment_intent = e.waiting_for) LIMIT 25`,
    z.object({ id: z.string(), payload: z.string().transform((p) => JSON.parse(p) as unknown) }),
  )

/** Refund events that came before their payment (charge.refunded first): applied once it is. */
export async function eventsWaitingFor(db: Db, paymentIntent: string) {
  const rows = await db
    .select({ id: stripeEvents.id, payload: stripeEvents.payload })
    .from(stripeEvents)
    .where(eq(stripeEvents.waitingFor, paymentIntent))
    .all()
  return rows
}

export const stopWaiting = (db: Db, id: string) =>
  db.update(stripeEvents).set({ waitingFor: null }).where(eq(stripeEvents.id, id)).run()

/** Whether the person still exists (events keep arriving for erased accounts). */
export const userExists = async (db: Db, id: number) =>
  !!(await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get())
