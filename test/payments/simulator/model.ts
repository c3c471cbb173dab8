// The reference model of Calma's money (docs/decisions/037): written from DESIGN §9 and the rules
// of docs/API.md "Payments", not from the code it checks. It knows one person's payments as the
// app has heard of them (through the events delivered so far), their credits per payment, their
// bookings, refund requests and what we owe Stripe, and answers what each step must do.
//
// The entitlement rules it holds the app to:
// - A payment of A cents buys E cents of credits (a pack: its credits; a month of a plan: $180; a
//   yearly plan: twelve months of $180). Its credits are capped by what of it was not given back:
//   cap = floor(E × (A − R) / A), R the money refunded or committed to a refund. Whatever the
//   order of things, net(payment) = Σ its ledger rows ≤ cap, so money back + the value of the
//   credits kept or spent (net × A / E) never exceeds A.
// - A grant writes min(its credits, cap − net); a refund step takes back net − cap (Stripe's
//   Dashboard may take spent credits: a debt); an admin's approval takes back the payment's unspent
//   credits still in the balance, U = min(net, balance), with the credits not yet granted,
//   F = cap − net, and gives back floor(A × (U + F) / E) (a yearly plan is priced against all twelve
//   months); the current period's plan ends with it.
// Plans' bookkeeping (one plan at a time, a disabled plan never comes back, a renewal waits 3 days)
// follows docs/API.md's table of events.
//
// Credits by origin (issue 41, DESIGN §10 "money follows each credit's origin", docs/decisions/059):
// the model keeps its own purses, one per payment and one for credits no payment bought (gifts,
// the team's adjustments). A booking takes from the free purse first, then from the payments in the
// order they first gave credits; a cancellation puts back into the purses it took from, the paid
// ones first. What an approval may take back is what is left in that payment's purse: a gift is
// never money. The app writes this into its ledger row by row; the model only keeps the totals.

export type ItemId = 'monthly' | 'yearly' | 'credits_1' | 'credits_2' | 'credits_4'

/** docs/API.md "The catalogue": price, credits a payment gives at once, and all it buys. */
export const CATALOGUE: Record<ItemId, { price: number; grant: number; entitlement: number; interval?: number }> = {
  monthly: { price: 16000, grant: 18000, entitlement: 18000, interval: 1 },
  yearly: { price: 160000, grant: 18000, entitlement: 12 * 18000, interval: 12 },
  credits_1: { price: 4500, grant: 4500, entitlement: 4500 },
  credits_2: { price: 8000, grant: 9000, entitlement: 9000 },
  credits_4: { price: 16000, grant: 18000, entitlement: 18000 },
}
export const SESSION = 4500
/** An approval's refund at Stripe is keyed by its request (docs/API.md "Refunds"). */
export const APPROVAL_PREFIX = 'refund-request-'
export const FREE_CANCEL_MS = 24 * 3_600_000
export const GRACE_MS = 3 * 86_400_000
export const REFUND_COOLDOWN_MS = 7 * 86_400_000

export interface MPayment {
  pi: string
  key: string
  tx: string // Stripe's object: the checkout session or the invoice
  item: ItemId
  A: number
  E: number
  sub: string | null
  periodStartSec: number | null
  /** Refunded as Stripe told us (its cumulative amount_refunded), or as our own refunds confirmed. */
  R: number
  /** Refund step references already written (the app keys them by cumulative cents). */
  /** Credits Stripe's refund steps took back, less what failed refunds gave back. */
  taken?: number
}
export interface MPlan {
  sub: string
  item: 'monthly' | 'yearly' | null
  active: boolean
  duplicate: boolean
  periodStart: number | null // ms
  endAt: number | null // ms
  renews: boolean
  eventAt: number | null
}
export interface MAction {
  key: string
  kind: 'refund' | 'cancel'
  target: string
  /** Cents; null: the whole payment. */
  amount: number | null
  state: 'pending' | 'done' | 'failed'
  /** For an approval: what it took back from the balance (restored if Stripe refuses for good). */
  approval?: { key: string; taken: number }
}
export interface MRequest {
  id: number
  pi: string
  status: 'pending' | 'approved' | 'rejected'
}
export interface MBooking {
  id: number
  start: number
  /** Its end (ms): a session is an hour here (the host's length). */
  end: number
  live: boolean
  /** The host it was booked with (MState.host when booked: a host who leaves is followed by another). */
  host: number
  /** Both sides confirmed it (SPEC §4: confirmed); the host's mark alone is `hostConfirmed`. */
  confirmed: boolean
  hostConfirmed: boolean
  /** Times the guest moved it (at most MAX_MOVES). */
  moves: number
}

/** A session lasts an hour here (the simulator's host offers 60-minute slots). */
export const SESSION_MS = 3_600_000
/** docs/API.md "Moving a session": at most 3 moves (decision 061). */
export const MAX_MOVES = 3
/** docs/API.md "People who leave, sessions that end": the closing job, 6 hours after the end. */
export const CLOSE_AFTER_MS = 6 * 3_600_000

/** The purse of credits no payment bought (gifts, adjustments). */
export const FREE = 'free'
/** An identical adjustment this soon after another is the same one sent again (docs/API.md). */
export const ADJUST_REPEAT_MS = 60_000

export interface MState {
  erased: boolean
  /** The person's current host (each host who leaves is followed by a new one). */
  host: number
  balance: number
  /** Credits left per origin (a payment's key, or FREE): may be below 0 (a debt). */
  purse: Record<string, number>
  /** Payment keys in the order they first gave credits (the order bookings spend them). */
  purseOrder: string[]
  /** What each live booking (or adjustment) took from which purse. */
  took: Record<string, [string, number][]>
  /** The last adjustment per amount (ms): an identical one within ADJUST_REPEAT_MS is refused. */
  adjustedAt: Record<string, number>
  /** Σ ledger rows per payment key. */
  net: Record<string, number>
  /** Ledger references written (grants are written once, and only when they give something). */
  refs: Record<string, true>
  payments: Record<string, MPayment> // by payment intent
  plans: Record<string, MPlan> // by subscription
  /** Refunds of payments not heard of yet: the largest cumulative amount seen. */
  waiting: Record<string, number>
  actions: Record<string, MAction>
  requests: Record<string, MRequest>
  lastRequestAt: number | null
  bookings: Record<string, MBooking>
  /** Renewals the person stopped (each is one update at Stripe). */
  stops: number
  /** Events applied (stored by id: a delivery again changes nothing). */
  events: Record<string, true>
  /** Stripe refunds whose failure at the bank was applied (once each): when made and when failed (ms). */
  failed: Record<string, { pi: string; amount: number; madeAt: number | null; failedAt: number }>
}

export const emptyState = (): MState => ({
  erased: false,
  host: 0,
  balance: 0,
  purse: {},
  purseOrder: [],
  took: {},
  adjustedAt: {},
  net: {},
  refs: {},
  payments: {},
  plans: {},
  waiting: {},
  actions: {},
  requests: {},
  lastRequestAt: null,
  bookings: {},
  stops: 0,
  events: {},
  failed: {},
})

// ── Arithmetic of a payment ────────────────────────────────────────────────────────────────────

/**
 * Money given back or committed to: what is refunded (R: Stripe's word, which counts our refunds
 * once made) and our own refunds decided but not made yet, both (docs/decisions/059).
 */
export function committed(s: MState, p: MPayment) {
  let pending = 0
  for (const a of Object.values(s.actions))
    if (a.kind === 'refund' && a.target === p.pi && a.state === 'pending') pending += a.amount ?? p.A - p.R
  return Math.min(p.A, p.R + pending)
}
export const capOf = (s: MState, p: MPayment) => (p.A > 0 ? Math.floor((p.E * (p.A - committed(s, p))) / p.A) : p.E)
const netOf = (s: MState, key: string) => s.net[key] ?? 0

function move(s: MState, key: string | null, cents: number, ref: string) {
  if (s.refs[ref]) return 0
  if (cents === 0) return 0
  s.refs[ref] = true
  if (key) {
    s.net[key] = netOf(s, key) + cents
    if (!s.purseOrder.includes(key)) s.purseOrder.push(key)
  }
  s.purse[key ?? FREE] = (s.purse[key ?? FREE] ?? 0) + cents
  // An erased person's rows stay, anonymised, for the accounts: no balance anyone can spend.
  if (!s.erased) s.balance += cents
  return cents
}

/** Spend `cents` (a booking, a negative adjustment): the free purse first, then the payments in order. */
function spend(s: MState, cents: number, ref: string) {
  if (s.refs[ref]) return
  s.refs[ref] = true
  const parts: [string, number][] = []
  let left = cents
  for (const k of [FREE, ...s.purseOrder]) {
    const take = Math.min(Math.max(0, s.purse[k] ?? 0), left)
    if (take > 0) parts.push([k, take])
    left -= take
  }
  if (left > 0) parts.push([FREE, left]) // nothing covers it: a debt of the free purse
  for (const [k, c] of parts) s.purse[k] = (s.purse[k] ?? 0) - c
  if (!s.erased) s.balance -= cents
  s.took[ref] = parts
}

/** Put back up to `cents` of what `ref` took: the paid purses first (the last taken). */
function giveBack(s: MState, ref: string, cents: number, backRef: string) {
  if (s.refs[backRef]) return
  s.refs[backRef] = true
  let left = cents
  for (const [k, c] of [...(s.took[ref] ?? [])].reverse()) {
    const back = Math.min(c, left)
    s.purse[k] = (s.purse[k] ?? 0) + back
    left -= back
  }
  if (!s.erased) s.balance += cents - left
}

/** What an approval of `p` may take: its purse, within the balance less the free credits kept. */
const unspent = (s: MState, p: MPayment) =>
  Math.max(0, Math.min(s.purse[p.key] ?? 0, s.balance - Math.max(0, s.purse[FREE] ?? 0)))

function grant(s: MState, p: MPayment, cents: number, ref: string) {
  const g = Math.min(cents, capOf(s, p) - netOf(s, p.key))
  if (g > 0) move(s, p.key, g, ref)
}

function action(s: MState, a: Omit<MAction, 'state'>) {
  if (!s.actions[a.key]) s.actions[a.key] = { ...a, state: 'pending' }
}

const addMonths = (ms: number, months: number) => {
  const d = new Date(ms)
  const day = d.getUTCDate()
  const t = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
  )
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate()
  t.setUTCDate(Math.min(day, last))
  return t.getTime() + d.getUTCMilliseconds()
}

// ── Plans ──────────────────────────────────────────────────────────────────────────────────────

/** A plan that counts as the person's one plan: active, and its period not over (a renewal may take 3 days). */
function live(p: MPlan, now: number) {
  return p.active && !p.duplicate && (p.endAt === null || p.endAt > now || (p.renews && p.endAt > now - GRACE_MS))
}
const otherLive = (s: MState, sub: string, now: number) =>
  Object.values(s.plans).some((p) => p.sub !== sub && live(p, now))

/** Whether the link call must refuse a second plan. */
export const hasLivePlan = (s: MState, now: number) => Object.values(s.plans).some((p) => live(p, now))

function openPlan(
  s: MState,
  f: { sub: string; item: 'monthly' | 'yearly'; periodStart: number | null; endAt: number | null; at: number },
  now: number,
) {
  const p = s.plans[f.sub]
  if (!p) {
    const dup = otherLive(s, f.sub, now)
    s.plans[f.sub] = {
      sub: f.sub,
      item: f.item,
      active: !dup,
      duplicate: dup,
      periodStart: f.periodStart,
      endAt: f.endAt,
      renews: true,
      eventAt: f.at,
    }
    return
  }
  p.item ??= f.item
  p.periodStart = Math.max(p.periodStart ?? 0, f.periodStart ?? 0)
  p.endAt = Math.max(p.endAt ?? 0, f.endAt ?? 0)
}

function setPlanState(
  s: MState,
  f: {
    sub: string
    item: 'monthly' | 'yearly' | null
    active: boolean
    periodStart: number | null
    endAt: number | null
    renews: boolean
    at: number
    /** past_due: the period Stripe moved to is unpaid: the plan ends where it began. */
    unpaid?: boolean
  },
  now: number,
) {
  const other = otherLive(s, f.sub, now)
  const p = s.plans[f.sub]
  if (!p) {
    s.plans[f.sub] = {
      sub: f.sub,
      item: f.item,
      active: f.active && !other,
      duplicate: f.active && other,
      periodStart: f.periodStart,
      endAt: f.endAt,
      renews: f.renews,
      eventAt: f.at,
    }
    return
  }
  // An older event changes nothing, but an ending always applies; an ended plan never comes back.
  if (!(p.eventAt === null || p.eventAt <= f.at || !f.active)) return
  const nowActive = f.active && !other
  if (p.active) p.active = nowActive
  p.endAt = !f.active
    ? (f.endAt ?? p.endAt)
    : f.unpaid && f.endAt !== null
      ? Math.min(p.endAt ?? f.endAt, f.endAt)
      : Math.max(p.endAt ?? 0, f.endAt ?? 0)
  p.periodStart = Math.max(p.periodStart ?? 0, f.periodStart ?? 0)
  p.renews = f.renews
  p.eventAt = f.at
}

function endPlan(s: MState, sub: string, now: number, key: string) {
  const p = s.plans[sub]
  if (!p?.active) return
  p.active = false
  p.endAt = Math.min(p.endAt ?? now, now)
  action(s, { key, kind: 'cancel', target: sub, amount: null })
}

/** A second plan: its payments back whole and the plan cancelled at Stripe, once each. */
function settleDuplicate(s: MState, sub: string) {
  if (!s.plans[sub]?.duplicate) return
  action(s, { key: `cancel-duplicate-${sub}`, kind: 'cancel', target: sub, amount: null })
  for (const p of Object.values(s.payments))
    if (p.sub === sub && p.A > 0)
      action(s, { key: `refund-duplicate-${p.tx}`, kind: 'refund', target: p.pi, amount: null })
}

/** The payment is its plan's newest paid period (a period Stripe moved on to but could not charge is not one). */
const isCurrentPeriod = (s: MState, p: MPayment) => {
  const plan = p.sub ? s.plans[p.sub] : undefined
  if (!plan || p.periodStartSec === null) return false
  const newest = Math.max(...Object.values(s.payments).map((x) => (x.sub === p.sub ? (x.periodStartSec ?? 0) : 0)))
  return p.periodStartSec === newest
}

// ── Money given back ───────────────────────────────────────────────────────────────────────────

/** Stripe says `cumulative` cents of this payment are refunded. */
function refundStep(s: MState, p: MPayment, cumulative: number, now: number) {
  const target = Math.min(cumulative, p.A)
  if (target <= 0) return
  // Stripe's word counts whenever it comes, even if our own confirmed refunds already said as much.
  p.R = Math.max(p.R, target)
  const over = netOf(s, p.key) - capOf(s, p)
  // After a refund failed at the bank, the same cumulative amount refunded again is a new step.
  let failedCents = 0
  for (const f of Object.values(s.failed)) if (f.pi === p.pi) failedCents += f.amount
  const ref = failedCents > 0 ? `payment:${p.pi}:${target}:${failedCents}` : `payment:${p.pi}:${target}`
  if (over > 0) p.taken = (p.taken ?? 0) - move(s, p.key, -over, ref)
  if (target >= p.A && p.sub && isCurrentPeriod(s, p)) endPlan(s, p.sub, now, `cancel-refunded-${p.sub}`)
}

function recordPayment(s: MState, p: MPayment): MPayment {
  const known = s.payments[p.pi]
  if (known) return known
  s.payments[p.pi] = p
  return p
}

function applyWaiting(s: MState, pi: string, now: number) {
  const w = s.waiting[pi]
  const p = s.payments[pi]
  if (w === undefined || !p) return
  delete s.waiting[pi]
  refundStep(s, p, w, now)
}

// ── Events, as delivered ───────────────────────────────────────────────────────────────────────

export interface Ev {
  id: string
  type: string
  created: number
  data: { object: any }
}

const itemOf = (o: any): ItemId | null => {
  const v = o?.metadata?.item
  return v && v in CATALOGUE ? (v as ItemId) : null
}

export function applyEvent(s: MState, e: Ev, now: number) {
  if (s.events[e.id]) return
  s.events[e.id] = true
  const o = e.data.object
  const at = e.created * 1000
  switch (e.type) {
    case 'checkout.session.completed': {
      if (s.erased) {
        // A pack paid by a person erased before we heard of it: the money goes back whole, as an
        // erased person's plan invoice (found from outside). A pack recorded before gave its credits.
        if (o.mode === 'payment' && o.payment_status === 'paid' && o.payment_intent && o.amount_total > 0)
          if (!s.payments[o.payment_intent])
            action(s, { key: `refund-erased-${o.id}`, kind: 'refund', target: o.payment_intent, amount: null })
        return
      }
      const item = itemOf(o)
      if (!item) return
      if (o.mode === 'payment') {
        const c = CATALOGUE[item]
        const p = recordPayment(s, {
          pi: o.payment_intent,
          key: `checkout:${o.id}`,
          tx: o.id,
          item,
          A: o.amount_total,
          E: c.entitlement,
          sub: null,
          periodStartSec: null,
          R: 0,
        })
        grant(s, p, c.grant, `checkout:${o.id}`)
        applyWaiting(s, p.pi, now)
        return
      }
      const plan = item as 'monthly' | 'yearly'
      openPlan(
        s,
        { sub: o.subscription, item: plan, periodStart: null, endAt: addMonths(at, CATALOGUE[plan].interval!), at },
        now,
      )
      settleDuplicate(s, o.subscription)
      return
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const deleted = e.type === 'customer.subscription.deleted'
      const state = deleted ? 'canceled' : o.status
      if (s.erased) {
        if (!deleted && (state === 'active' || state === 'past_due'))
          action(s, { key: `cancel-erase-${o.id}`, kind: 'cancel', target: o.id, amount: null })
        return
      }
      const it = o.items?.data?.[0]
      const item = itemOf(o) as 'monthly' | 'yearly' | null
      const periodEnd = it?.current_period_end ? it.current_period_end * 1000 : null
      const periodStart = it?.current_period_start ? it.current_period_start * 1000 : null
      // Stripe's statuses (docs.stripe.com/billing/subscriptions/overview), as decision 059 reads
      // them: past_due keeps the plan but not the unpaid period; unpaid ends it, and we cancel it
      // at Stripe, which would otherwise keep it with its open invoices.
      const pastDue = state === 'past_due'
      setPlanState(
        s,
        {
          sub: o.id,
          item,
          active: state === 'active' || pastDue,
          periodStart: pastDue ? null : periodStart,
          endAt: deleted ? (o.ended_at ?? o.canceled_at ?? e.created) * 1000 : pastDue ? periodStart : periodEnd,
          renews: !o.cancel_at_period_end,
          at,
          unpaid: pastDue,
        },
        now,
      )
      if (!deleted && state === 'unpaid')
        action(s, { key: `cancel-unpaid-${o.id}`, kind: 'cancel', target: o.id, amount: null })
      if (!deleted) settleDuplicate(s, o.id)
      return
    }
    case 'invoice.paid': {
      const sub: string = o.parent?.subscription_details?.subscription ?? o.subscription
      const item = (itemOf(o.parent?.subscription_details) ?? 'monthly') as 'monthly' | 'yearly'
      const period = o.lines.data[0].period
      if (s.erased) {
        if (o.payment_intent && o.amount_paid > 0 && !s.payments[o.payment_intent])
          action(s, { key: `refund-erased-${o.id}`, kind: 'refund', target: o.payment_intent, amount: null })
        action(s, { key: `cancel-erase-${sub}`, kind: 'cancel', target: sub, amount: null })
        return
      }
      const start = period.start * 1000
      openPlan(s, { sub, item, periodStart: start, endAt: period.end * 1000, at }, now)
      // An invoice whose total is 0 (a coupon, a credit balance) is paid with no payment intent
      // (docs.stripe.com/billing/invoices/overview): its month is the plan's all the same, with no
      // money that could ever come back (A = 0: its cap is all of it, nothing to refund).
      const p = recordPayment(s, {
        pi: o.payment_intent ?? `free:${o.id}`,
        key: `sub:${sub}:${period.start}`,
        tx: o.id,
        item,
        A: o.amount_paid,
        E: CATALOGUE[item].entitlement,
        sub,
        periodStartSec: period.start,
        R: 0,
      })
      const plan = s.plans[sub]!
      if (plan.active) grant(s, p, CATALOGUE[item].grant, `${p.key}:0`)
      else if (!plan.duplicate && p.A > 0) {
        // A plan we ended (refunded, erased, over) was charged again: the money goes back whole.
        action(s, { key: `refund-ended-${o.id}`, kind: 'refund', target: p.pi, amount: null })
        action(s, { key: `cancel-ended-${sub}`, kind: 'cancel', target: sub, amount: null })
      }
      applyWaiting(s, p.pi, now)
      settleDuplicate(s, sub)
      return
    }
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated': {
      // A refund Stripe made failed at the card's bank (found from outside): once per refund, it counts
      // no more, our action that made it is failed, and the credits its money is worth come back
      // within the cap (a Dashboard refund's: no more than its steps took back).
      if (o.status !== 'failed' || s.failed[o.id]) return
      const p = s.payments[o.payment_intent]
      if (!p) return
      s.failed[o.id] = {
        pi: p.pi,
        amount: o.amount,
        madeAt: typeof o.created === 'number' ? o.created * 1000 : null,
        failedAt: at,
      }
      p.R = Math.max(0, p.R - o.amount)
      const key: string | undefined = o.metadata?.action || undefined
      const a = key ? s.actions[key] : undefined
      if (a && a.kind === 'refund' && a.target === p.pi && a.state !== 'failed') a.state = 'failed'
      const worth = p.A > 0 ? Math.floor((p.E * o.amount) / p.A) : 0
      const room = capOf(s, p) - netOf(s, p.key)
      const back = key ? Math.min(worth, room) : Math.min(worth, room, p.taken ?? 0)
      if (back <= 0) return
      const ref = key?.startsWith(APPROVAL_PREFIX) ? `refund-undone:${key}` : `refund-failed:${o.id}`
      const moved = move(s, p.key, back, ref)
      if (!key) p.taken = (p.taken ?? 0) - moved
      return
    }
    case 'charge.dispute.closed': {
      // Lost: the cardholder's bank took the money back (Stripe's charge does not say refunded). For
      // the person it is the whole payment given back (docs/decisions/059); won: nothing.
      if (o.status !== 'lost') return
      const p = s.payments[o.payment_intent]
      if (!p) {
        s.waiting[o.payment_intent] = Number.MAX_SAFE_INTEGER
        return
      }
      refundStep(s, p, p.A, now)
      return
    }
    case 'charge.refunded': {
      const pi: string = o.payment_intent
      const p = s.payments[pi]
      if (!p) {
        s.waiting[pi] = Math.max(s.waiting[pi] ?? 0, o.amount_refunded)
        return
      }
      // Erased or not, the accounts say the money came back and the credits with it. Stripe's charge
      // is as it was when the event was made: a refund made before and failed since (its failure
      // told us first) is in it, and is not money back.
      let failedSince = 0
      for (const f of Object.values(s.failed))
        if (f.pi === pi && f.madeAt !== null && f.madeAt <= at && f.failedAt > at) failedSince += f.amount
      refundStep(s, p, o.amount_refunded - failedSince, now)
      return
    }
    default:
      return
  }
}

/**
 * A delivery whose batch committed and whose mark as applied failed (our side, after the batch):
 * 500, and Stripe delivers it again. What it wrote stands; a refund that waits for its payment was
 * never marked waiting, so its redelivery applies it. Answers whether `status` is what the app owes.
 */
export function deliveredFailingAfter(s: MState, e: Ev, now: number, status: number): boolean {
  // Already applied: a replay touches nothing. 200 when the app can tell (its batch recorded the
  // event), or 500 again when only the failing mark would have said so (an event it ignored): the
  // mark fails again, Stripe retries, nothing is written twice.
  if (s.events[e.id]) return status === 200 || status === 500
  if (status !== 500) return false
  if (e.type === 'charge.refunded' && !s.payments[e.data.object.payment_intent]) return true
  applyEvent(s, e, now)
  return true
}

// ── The person's and the admin's calls ─────────────────────────────────────────────────────────

/** POST /v1/appointment: 201, 402 without the credits, 409 on a taken slot (either when both). */
export function book(s: MState, start: number): number[] {
  const taken = takenAt(s, start)
  const poor = s.balance < SESSION
  if (taken && poor) return [402, 409]
  return taken ? [409] : poor ? [402] : [201]
}
/** A live session of the current host at `start`, other than `except` (every session is an hour on the hour). */
const takenAt = (s: MState, start: number, except?: number) =>
  Object.values(s.bookings).some((b) => b.live && b.host === s.host && b.start === start && b.id !== except)

export function booked(s: MState, id: number, start: number) {
  s.bookings[String(id)] = {
    id,
    start,
    end: start + SESSION_MS,
    live: true,
    host: s.host,
    confirmed: false,
    hostConfirmed: false,
    moves: 0,
  }
  spend(s, SESSION, `appointment_booking:${id}`)
}

/** The session ends with all its credits back to the origins it spent (a host's cancellation). */
function refundWhole(s: MState, b: MBooking) {
  b.live = false
  giveBack(s, `appointment_booking:${b.id}`, SESSION, `appointment_refund:${b.id}`)
}

/**
 * POST /v1/appointment/cancel by the guest: all back when a day or more ahead, nothing later, and
 * refused once the start has passed (docs/API.md "Refunds", decision 058).
 */
export function cancel(s: MState, id: number, now: number): number {
  const b = s.bookings[String(id)]
  if (!b || !b.live) return 409
  if (b.start <= now) return 409
  b.live = false
  if (b.start - now >= FREE_CANCEL_MS) giveBack(s, `appointment_booking:${id}`, SESSION, `appointment_refund:${id}`)
  return 200
}

/** POST /v1/appointment/cancel by the host or an admin: all back, whenever, until it is closed. */
export function staffCancel(s: MState, id: number): number {
  const b = s.bookings[String(id)]
  if (!b || !b.live) return 409
  refundWhole(s, b)
  return 200
}

/** POST /v1/appointment/confirm by the host, then by the guest: confirmed (SPEC §4). */
export function confirm(s: MState, id: number): number {
  const b = s.bookings[String(id)]
  if (!b || !b.live) return 409
  b.hostConfirmed = b.confirmed = true
  return 200
}

/** POST /v1/appointment/close by the host, attended: a confirmed session whose start has passed. */
export function close(s: MState, id: number, now: number): number {
  const b = s.bookings[String(id)]
  if (!b || !b.live || !b.confirmed || b.start > now) return 409
  b.live = false
  return 200
}

/**
 * POST /v1/appointment/move by the guest to `to` (docs/API.md "Moving a session"): every refusal
 * that applies (the app answers one of them); [200] when it moves. The credits stay where they are.
 */
export function moveTo(s: MState, id: number, to: number, now: number): number[] {
  const b = s.bookings[String(id)]
  if (!b || !b.live) return [409]
  const no: number[] = []
  if (b.start - now < FREE_CANCEL_MS || b.moves >= MAX_MOVES || takenAt(s, to, id)) no.push(409)
  if (to === b.start || to - now < FREE_CANCEL_MS) no.push(422)
  return no.length ? no : [200]
}
export function moved(s: MState, id: number, to: number) {
  const b = s.bookings[String(id)]!
  b.start = to
  b.end = to + SESSION_MS
  b.moves++
}

/**
 * The host leaves (an admin removes the role, or erases them): every live session they host still
 * to come is cancelled with all its credits back; those that started wait for the closing job
 * (decision 058). The person's next bookings are with another host.
 */
export function hostLeaves(s: MState, now: number) {
  for (const b of Object.values(s.bookings)) if (b.live && b.host === s.host && b.start > now) refundWhole(s, b)
  s.host++
}

/**
 * The closing job: a live session 6 hours past its end took place if the host accepted it
 * (attended: its credits stay spent), else it was never held (all back).
 */
function closing(s: MState, now: number) {
  for (const b of Object.values(s.bookings))
    if (b.live && b.end + CLOSE_AFTER_MS <= now) {
      if (b.hostConfirmed) b.live = false
      else refundWhole(s, b)
    }
}

/** POST /v1/user/refund naming the payment of `pi`. */
export function requestRefund(s: MState, pi: string, now: number): number {
  const p = s.payments[pi]
  if (!p) return 404
  if (p.R >= p.A) return 422
  if (s.lastRequestAt !== null && s.lastRequestAt > now - REFUND_COOLDOWN_MS) return 429
  return 201
}
export function requested(s: MState, id: number, pi: string, now: number) {
  s.requests[String(id)] = { id, pi, status: 'pending' }
  s.lastRequestAt = now
}

/** POST /v1/refund/approve: what the app must answer, and (applied) what it must do. */
export function approve(s: MState, id: number, now: number, apply: boolean): number {
  const r = s.requests[String(id)]
  if (!r || s.erased) return 404
  if (r.status !== 'pending') return 409
  const p = s.payments[r.pi]
  if (!p) return 409
  const left = p.A - committed(s, p)
  if (p.R >= p.A || left <= 0) return 409
  const net = netOf(s, p.key)
  const U = unspent(s, p)
  const F = Math.max(0, capOf(s, p) - net)
  const money = Math.min(left, p.E > 0 ? Math.floor((p.A * (U + F)) / p.E) : left)
  if (money <= 0) return 409
  if (!apply) return 200
  r.status = 'approved'
  const key = `refund-request-${id}`
  move(s, p.key, -U, `refund-request:${id}`)
  s.actions[key] = {
    key,
    kind: 'refund',
    target: p.pi,
    amount: money,
    state: 'pending',
    approval: { key: p.key, taken: U },
  }
  if (p.sub && isCurrentPeriod(s, p)) endPlan(s, p.sub, now, `cancel-refunded-${p.sub}`)
  return 200
}

/**
 * POST /v1/admin/user/credits: 200, or 409 when the same adjustment (amount and reason: the
 * simulator always gives the same reason) was made less than a minute ago. A gift goes to the free
 * purse; a negative one spends like a booking.
 */
export function adjust(s: MState, cents: number, now: number, apply: boolean): number {
  if (s.erased) return 404
  const last = s.adjustedAt[String(cents)]
  if (last !== undefined && last > now - ADJUST_REPEAT_MS) return 409
  if (!apply) return 200
  s.adjustedAt[String(cents)] = now
  if (cents > 0) move(s, null, cents, `admin:${now}:${cents}`)
  else spend(s, -cents, `admin:${now}:${cents}`)
  return 200
}

export function reject(s: MState, id: number): number {
  const r = s.requests[String(id)]
  if (!r || s.erased) return 404
  if (r.status !== 'pending') return 409
  r.status = 'rejected'
  return 200
}

/** DELETE /v1/my/subscriptions: the live plan's renewal stops (one update at Stripe). */
export function stopRenewal(s: MState, now: number): { status: number; sub?: string } {
  const p = Object.values(s.plans)
    .filter((x) => live(x, now))
    .sort((a, b) => (b.endAt ?? 0) - (a.endAt ?? 0))[0]
  if (!p) return { status: 404 }
  if (p.renews) {
    p.renews = false
    s.stops++
  }
  return { status: 200, sub: p.sub }
}

/**
 * DELETE /v1/user: the person goes. A refund they asked for and nobody answered is granted first,
 * as an approval (they asked for the money; credits are no use to anyone after: decision 059); then
 * each of their active plans is cancelled at Stripe.
 */
export function erase(s: MState, now: number, racedRequest?: number) {
  // The sessions they booked still to come first, by their own cancellation rule (decision 058),
  // so their credits are back with the payments they came from before a request is priced.
  for (const b of Object.values(s.bookings))
    if (b.live && b.start > now) {
      b.live = false
      if (b.start - now >= FREE_CANCEL_MS)
        giveBack(s, `appointment_booking:${b.id}`, SESSION, `appointment_refund:${b.id}`)
    }
  // A request sent while the erasure runs (a together of the two) may be stored after the erasure
  // read the pending ones: it then goes with the account, unanswered (a limit, decision 059). Stored
  // before that read (the erasure first cancels the sessions to come: decision 058), it is pending
  // and granted like any other; the simulator tries both (`racedRequest` set, or not).
  for (const r of Object.values(s.requests))
    if (r.status === 'pending' && r.id !== racedRequest && approve(s, r.id, now, false) === 200)
      approve(s, r.id, now, true)
  for (const p of Object.values(s.plans))
    if (p.active) action(s, { key: `cancel-erase-${p.sub}`, kind: 'cancel', target: p.sub, amount: null })
  s.erased = true
  s.plans = {}
  s.requests = {}
  s.bookings = {}
}

// ── Time ───────────────────────────────────────────────────────────────────────────────────────

/** The daily job at `now`: each active yearly plan's months entered, then plans whose time is over end. */
export function daily(s: MState, now: number) {
  if (s.erased) return
  closing(s, now)
  for (const plan of Object.values(s.plans)) {
    if (!plan.active || plan.item !== 'yearly' || !plan.periodStart || !(plan.endAt !== null && plan.endAt > now))
      continue
    for (const p of Object.values(s.payments)) {
      if (p.sub !== plan.sub || p.periodStartSec === null) continue
      const start = p.periodStartSec * 1000
      for (let m = 1; m < 12 && addMonths(start, m) <= Math.min(now, plan.endAt); m++)
        grant(s, p, CATALOGUE.yearly.grant, `${p.key}:${m}`)
    }
  }
  for (const plan of Object.values(s.plans))
    if (plan.active && plan.endAt !== null && plan.endAt <= now && (!plan.renews || plan.endAt <= now - GRACE_MS)) {
      plan.active = false
      // A renewal we never heard was paid: over here, so cancelled at Stripe (docs/decisions/059).
      if (plan.renews) action(s, { key: `cancel-lapsed-${plan.sub}`, kind: 'cancel', target: plan.sub, amount: null })
    }
}

// ── What Stripe answered our actions ───────────────────────────────────────────────────────────

/** An answer we received for the refund action `key`: done, or refused for good (the credits come back). */
export function refundAnswered(
  s: MState,
  key: string,
  outcome: 'done' | 'already' | 'failed',
  chargeRefunded: number | null = null,
) {
  const a = s.actions[key]
  if (!a || a.state !== 'pending') return
  const p = Object.values(s.payments).find((x) => x.pi === a.target)
  if (outcome === 'failed') {
    a.state = 'failed'
    if (a.approval && p && !s.erased) {
      const back = Math.min(a.approval.taken, capOf(s, p) - netOf(s, p.key))
      if (back > 0) move(s, p.key, back, `refund-undone:${key}`)
    }
    return
  }
  a.state = 'done'
  // "Already refunded": none of ours was made; Stripe's event for what refunded it tells the rest.
  // Made: Stripe's answer carried the charge (its amount_refunded, ours in it), else what we made.
  if (p && outcome === 'done') p.R = Math.max(p.R, Math.min(p.A, chargeRefunded ?? doneRefunds(s, p)))
}
const doneRefunds = (s: MState, p: MPayment) =>
  Object.values(s.actions)
    .filter((a) => a.kind === 'refund' && a.target === p.pi && a.state === 'done')
    .reduce((n, a) => n + (a.amount ?? p.A), 0)

/** Stripe answered the cancel action `key`: cancelled now, or already (404 "No such subscription"). */
export function cancelAnswered(s: MState, key: string) {
  const a = s.actions[key]
  if (a?.kind === 'cancel') a.state = 'done'
}
