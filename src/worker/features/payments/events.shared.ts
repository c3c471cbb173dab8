// What the handlers of Stripe's events share (./payments.events.ts dispatches to them): their
// outcome, the person an event is about, and the keys of a plan's period.
import type { SQL } from 'drizzle-orm'
import type { CatalogueItem } from '#shared/catalogue'
import type { Db } from '#worker/db/client'
import * as eventsRepo from './events.repo'

/** A statement of the batch an event writes (db/query.ts `batch`). */
export type Stmt = SQL
export type Outcome = 'applied' | 'ignored' | 'waiting'
export interface Applied {
  outcome: Outcome
  /** Why it was ignored (logged), or the payment intent a refund waits for. */
  reason?: string
  /** Stripe actions this event wrote: the caller tries them now. */
  actions: string[]
  /** The payment intent of a payment this event recorded: refunds waiting for it apply next. */
  paid?: string | null
}

export const ignored = (reason: string): Applied => ({ outcome: 'ignored', reason, actions: [] })

/** The person an event is about, if they still exist. */
export async function personOf(
  db: Db,
  ...candidates: (number | null | Promise<number | null>)[]
): Promise<{ id: number | null; erased: boolean }> {
  for (const c of candidates) {
    const id = await c
    if (id) return { id, erased: !(await eventsRepo.userExists(db, id)) }
  }
  return { id: null, erased: false }
}

/** The title stored on a subscription and shown on the page (the catalogue item's name, not localised data). */
export const subscriptionTitle = (item: CatalogueItem | undefined, interval: 'month' | 'year' | null) =>
  item?.id === 'yearly' || interval === 'year' ? 'Calma yearly' : 'Calma monthly'

/**
 * The credits a payment buys in all (its entitlement): a pack's credits, a month of a plan, or a
 * yearly plan's twelve months (SPEC §9: 4 sessions a month). Refunds are priced against it.
 */
export const entitlementOf = (item: CatalogueItem) => item.credit_cents * (item.interval === 'year' ? 12 : 1)

/**
 * What a succeeded payment for a catalogue item records of the item (checkout's top-up, an
 * invoice's plan): its id, named by it, and the credits it entitles (what a refund measures).
 */
export const paidFor = (item: CatalogueItem) => ({
  item: item.id,
  status: 'succeeded' as const,
  description: item.id,
  creditCents: entitlementOf(item),
})

/** The ledger reference of a plan's session grant: one per subscription, period and month of it. */
export const grantReference = (stripeSubscriptionId: string, periodStartMs: number, month: number) =>
  `${planPaymentKey(stripeSubscriptionId, periodStartMs)}:${month}`
/** The payment key of a plan's period: every grant of that period carries it (a yearly plan's 12). */
export const planPaymentKey = (stripeSubscriptionId: string, periodStartMs: number) =>
  `sub:${stripeSubscriptionId}:${Math.floor(periodStartMs / 1000)}`

/** `ms` plus whole calendar months (UTC), as Stripe bills: Jan 31 + 1 month → Feb 28/29. */
export function addMonths(ms: number, months: number) {
  const d = new Date(ms)
  const day = d.getUTCDate()
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  )
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, last))
  return target.getTime()
}
