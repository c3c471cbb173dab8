// One history of the money simulator: steps run on the real Worker (world.ts) and on the reference
// model (model.ts) side by side. Two steps run at once are checked the way a linearizability
// checker does: the model keeps every state some order of them explains (with the answers each
// step really got) and the next observation (the ledger's sum) keeps the ones that agree. After
// the history, everything owed is delivered and done, and the invariants of DESIGN §9 are checked.
import { env } from 'cloudflare:test'
import * as fc from 'fast-check'
import { AppointmentStatus, Role } from '#shared/enums'
import type { CallRecord, Fault, FakeEvent } from '../stripe-fake'
import * as M from './model'
import { World } from './world'

export type Step =
  /** A purchase; `off`: a promotion code typed at Checkout took that percent off (its first payment). */
  | { t: 'buy'; item: M.ItemId; off?: number }
  /** The host confirms a booked session, then the guest (SPEC §4: confirmed). */
  | { t: 'confirm'; k: number }
  /** The host cancels, or an admin does: all the credits back. */
  | { t: 'hostCancel'; k: number }
  | { t: 'adminCancel'; k: number }
  /** The host closes a session that took place (attended). */
  | { t: 'close'; k: number }
  /** The guest moves a session to another of the host's slots (at most 3 times). */
  | { t: 'move'; k: number; day: number; hour: number }
  /** The host leaves: an admin removes the role, or erases them (decision 058); another host follows. */
  | { t: 'hostLeaves'; how: 'demote' | 'erase' }
  /** A plan's next invoice charges another amount: a coupon, a proration, or 0 (paid with no payment). */
  | { t: 'renewalAmount'; k: number; cents: number }
  | { t: 'deliver'; k: number }
  /** A delivery whose batch commits, then our side fails (D1 refusing the mark): 500, Stripe retries it. */
  | { t: 'deliverFails'; k: number }
  | { t: 'flush' }
  | { t: 'redeliver'; k: number }
  | { t: 'advance'; hours: number }
  | { t: 'book'; day: number; hour: number }
  | { t: 'cancel'; k: number }
  | { t: 'request'; k: number }
  | { t: 'approve'; k: number }
  | { t: 'reject'; k: number }
  | { t: 'dashboard'; k: number; part: 'whole' | 'half' | 'third' }
  | { t: 'trouble'; faults: Fault[] }
  | { t: 'stop' }
  | { t: 'dispute'; k: number }
  /** A refund Stripe made fails at the card's bank (a closed card): its money back in our balance. */
  | { t: 'bankFails'; k: number }
  | { t: 'erase' }
  | { t: 'cron' }
  /** The team's adjustment: a gift (+) or credits taken (−), always with the same reason. */
  | { t: 'adjust'; cents: number }
  /** A dispute the cardholder wins at the bank (charge.dispute.closed, lost for us). */
  | { t: 'disputeLost'; k: number }
  /** The team cancels a subscription now in Stripe's Dashboard (mid-period, no refund). */
  | { t: 'dashboardCancel'; k: number }
  /** The card is declined at the plan's next renewal: past_due, then unpaid a week later. */
  | { t: 'renewalFails'; k: number }
  /** Two steps at once, or three. */
  | { t: 'together'; a: Step; b: Step; c?: Step }

/** A step with its object chosen (the event, the booking, the request), so both orders mean the same. */
type Bound =
  | { t: 'buy'; item: M.ItemId; off?: number }
  | { t: 'confirm' | 'hostCancel' | 'adminCancel' | 'close'; id: number }
  | { t: 'move'; id: number; from: number; to: number }
  | { t: 'hostLeaves'; how: 'demote' | 'erase' }
  | { t: 'renewalAmount'; sub: string; cents: number }
  | { t: 'deliver'; ev: FakeEvent; failAfter?: boolean }
  | { t: 'book'; start: number }
  | { t: 'cancel'; id: number }
  | { t: 'request'; pi: string; tx: number }
  | { t: 'approve' | 'reject'; id: number }
  | { t: 'dashboard'; pi: string; amount: number | undefined }
  | { t: 'trouble'; faults: Fault[] }
  | { t: 'stop' }
  | { t: 'dispute'; pi: string }
  | { t: 'bankFails'; refund: string }
  | { t: 'erase' }
  | { t: 'cron' }
  | { t: 'adjust'; cents: number }
  | { t: 'disputeLost'; pi: string }
  | { t: 'dashboardCancel'; sub: string }
  | { t: 'renewalFails'; sub: string }
  | { t: 'advance'; ms: number }
  | { t: 'none' }

interface Seen {
  status: number
  id?: number
  /** Stripe failed a call of this step (an answer lost, a 5xx, a 409 in use): a 503 is then right. */
  stripeFailed?: boolean
  /** Run beside another step (a together). */
  concurrent?: boolean
  /** An erasure run beside a refund request: that request's id (it may go unanswered with the account). */
  racedRequest?: number
}

export const describeStep = (s: Step): string =>
  s.t === 'together' ? `together(${[s.a, s.b, ...(s.c ? [s.c] : [])].map(describeStep).join(', ')})` : JSON.stringify(s)

const HOUR = 3_600_000

export class Sim {
  states: M.MState[] = [M.emptyState()]
  log: string[] = []
  private calls = 0
  private links = 0
  /** Updates (renewal stopped) Stripe executed: each is one a stop step asked for. */
  private stops = 0
  private constructor(public w: World) {}

  static async create(startMs: number) {
    const t0 = performance.now()
    const sim = new Sim(await World.create(startMs))
    sim.w.closes = true
    const e = Sim.timing.get('create') ?? { n: 0, ms: 0 }
    e.n++
    e.ms += performance.now() - t0
    Sim.timing.set('create', e)
    return sim
  }

  fail(msg: string): never {
    throw new Error(`${msg}\nhistory:\n  ${this.log.join('\n  ')}`)
  }

  /** Bind a step to the objects it acts on, now (before anything runs). */
  private bind(s: Exclude<Step, { t: 'together' }>): Bound {
    const w = this.w
    const one = this.states[0]!
    switch (s.t) {
      case 'deliver':
      case 'deliverFails': {
        if (!w.pending.length) return { t: 'none' }
        const [ev] = w.pending.splice(s.k % w.pending.length, 1)
        return { t: 'deliver', ev: ev!, ...(s.t === 'deliverFails' ? { failAfter: true } : {}) }
      }
      case 'flush':
        return { t: 'none' }
      case 'redeliver':
        return w.delivered.length ? { t: 'deliver', ev: w.delivered[s.k % w.delivered.length]! } : { t: 'none' }
      case 'book': {
        if (w.erased) return { t: 'none' }
        return { t: 'book', start: w.slot(s.day, s.hour) }
      }
      case 'cancel': {
        const live = Object.values(one.bookings).filter((b) => b.live)
        return live.length && !w.erased ? { t: 'cancel', id: live[s.k % live.length]!.id } : { t: 'none' }
      }
      case 'confirm':
      case 'hostCancel':
      case 'close':
      case 'adminCancel': {
        // The host acts on their own sessions (a host who left is gone); an admin on any.
        const live = Object.values(one.bookings).filter((b) => b.live && (s.t === 'adminCancel' || b.host === one.host))
        return live.length && !w.erased ? { t: s.t, id: live[s.k % live.length]!.id } : { t: 'none' }
      }
      case 'move': {
        const live = Object.values(one.bookings).filter((b) => b.live)
        if (!live.length || w.erased) return { t: 'none' }
        const b = live[s.k % live.length]!
        return { t: 'move', id: b.id, from: b.start, to: w.slot(s.day, s.hour) }
      }
      case 'hostLeaves':
        return { t: 'hostLeaves', how: s.how }
      case 'renewalAmount': {
        const subs = [...w.fake.subs.values()].filter((x) => x.status === 'active')
        return subs.length ? { t: 'renewalAmount', sub: subs[s.k % subs.length]!.id, cents: s.cents } : { t: 'none' }
      }
      case 'request': {
        // (A period paid by a zero invoice has no payment to ask back.)
        const ps = Object.values(one.payments).filter((p) => p.A > 0)
        if (!ps.length || w.erased) return { t: 'none' }
        const p = ps[s.k % ps.length]!
        return { t: 'request', pi: p.pi, tx: 0 }
      }
      case 'approve':
      case 'reject': {
        const rs = Object.values(one.requests)
        return rs.length ? { t: s.t, id: rs[s.k % rs.length]!.id } : { t: 'none' }
      }
      case 'bankFails': {
        // A refund of a payment we know (a failure of one we never heard of is ignored, and stays so).
        const made = w.fake.refunds.filter((r) => r.status === 'succeeded' && one.payments[r.pi])
        return made.length ? { t: 'bankFails', refund: made[s.k % made.length]!.id } : { t: 'none' }
      }
      case 'dashboard':
      case 'dispute': {
        const charges = [...w.fake.charges.values()]
        if (!charges.length) return { t: 'none' }
        const c = charges[s.k % charges.length]!
        if (s.t === 'dispute') return { t: 'dispute', pi: c.pi }
        const left = c.amount - c.refunded
        const amount = s.part === 'whole' ? undefined : Math.max(1, Math.floor(left / (s.part === 'half' ? 2 : 3)))
        return { t: 'dashboard', pi: c.pi, amount }
      }
      case 'advance':
        return { t: 'advance', ms: s.hours * HOUR }
      case 'disputeLost': {
        const charges = [...w.fake.charges.values()]
        return charges.length ? { t: 'disputeLost', pi: charges[s.k % charges.length]!.pi } : { t: 'none' }
      }
      case 'dashboardCancel':
      case 'renewalFails': {
        const subs = [...w.fake.subs.values()].filter((x) => x.status !== 'canceled')
        return subs.length ? { t: s.t, sub: subs[s.k % subs.length]!.id } : { t: 'none' }
      }
      case 'buy':
      case 'stop':
      case 'erase':
        return w.erased ? { t: 'none' } : s
      default:
        return s
    }
  }

  /** Run a bound step on the real Worker (or at Stripe). */
  private async perform(b: Bound): Promise<Seen> {
    const from = this.w.fake.calls.length
    const seen = await this.performIt(b)
    // The Stripe calls this step makes itself (a link, a renewal stopped), told apart by path.
    const mine = (c: CallRecord) =>
      (b.t === 'buy' && c.path === '/v1/checkout/sessions') ||
      (b.t === 'stop' && c.method !== 'DELETE' && c.path.startsWith('/v1/subscriptions/'))
    const calls = this.w.fake.calls.slice(from).filter(mine)
    seen.stripeFailed = calls.some(
      (c) => !c.answered || c.status >= 500 || c.status === 409 || c.status === 429 || c.status === 0,
    )
    if (b.t === 'stop') this.stops += calls.filter((c) => c.method === 'POST' && c.outcome === 'executed').length
    return seen
  }

  private async performIt(b: Bound): Promise<Seen> {
    const w = this.w
    switch (b.t) {
      case 'none':
      case 'trouble':
        if (b.t === 'trouble') w.fake.trouble.push(...b.faults)
        return { status: 0 }
      case 'buy': {
        const a = await w.as('person', 'GET', `/v1/subscription/payment/link?item=${b.item}`)
        // Each ask may make one Checkout Session (one whose answer was lost is never paid).
        if (a.status === 200 || a.status === 503) this.links++
        if (a.status === 200) {
          const id = /\/pay\/([^/?#]+)/.exec(String(a.body.link))?.[1]
          if (id) w.fake.pay(id, b.off ?? 0)
          w.collect()
        }
        return { status: a.status }
      }
      case 'deliver':
        return { status: b.failAfter ? await w.deliverFailingAfter(b.ev) : await w.deliver(b.ev) }
      case 'book': {
        const a = await w.as('person', 'POST', '/v1/appointment', {
          host_id: String(w.host),
          start_at: new Date(b.start).toISOString(),
          meeting_channel: '1',
        })
        return { status: a.status, id: a.body.appointment?.id }
      }
      case 'cancel':
        return {
          status: (await w.as('person', 'POST', '/v1/appointment/cancel', { id: String(b.id), reason: '8' })).status,
        }
      case 'confirm': {
        const host = await w.asHost('POST', '/v1/appointment/confirm', { id: String(b.id) })
        if (host.status !== 200) return { status: host.status }
        return { status: (await w.as('person', 'POST', '/v1/appointment/confirm', { id: String(b.id) })).status }
      }
      case 'hostCancel':
        return { status: (await w.asHost('POST', '/v1/appointment/cancel', { id: String(b.id), reason: '1' })).status }
      case 'adminCancel':
        return {
          status: (await w.as('admin', 'POST', '/v1/appointment/cancel', { id: String(b.id), reason: '2' })).status,
        }
      case 'close':
        return {
          status: (
            await w.asHost('POST', '/v1/appointment/close', {
              id: String(b.id),
              status: String(AppointmentStatus.attended),
            })
          ).status,
        }
      case 'move': {
        const a = await w.as('person', 'POST', '/v1/appointment/move', {
          id: String(b.id),
          start_at: new Date(b.to).toISOString(),
          current_start_at: new Date(b.from).toISOString(),
        })
        return { status: a.status }
      }
      case 'hostLeaves': {
        const a =
          b.how === 'demote'
            ? await w.as('admin', 'POST', '/v1/admin/user', { id: String(w.host), role: String(Role.patient) })
            : await w.as('admin', 'DELETE', '/v1/user', { id: String(w.host) })
        if (a.status === 200) await w.newHost()
        return { status: a.status }
      }
      case 'renewalAmount':
        w.fake.nextInvoiceAmount(b.sub, b.cents)
        return { status: 0 }
      case 'request': {
        const tx = await w.txId(b.pi)
        if (tx === null) return { status: 404 }
        const a = await w.as('person', 'POST', '/v1/user/refund', { reason: 'Simulated.', transaction_id: String(tx) })
        return { status: a.status, id: a.body.refund_request?.id }
      }
      case 'approve':
      case 'reject':
        return { status: (await w.as('admin', 'POST', `/v1/refund/${b.t}`, { id: String(b.id) })).status }
      case 'dashboard':
        w.fake.dashboardRefund(b.pi, b.amount)
        w.collect()
        return { status: 0 }
      case 'dispute':
        w.fake.dispute(b.pi)
        w.collect()
        return { status: 0 }
      case 'bankFails':
        w.fake.failRefund(b.refund)
        w.collect()
        return { status: 0 }
      case 'disputeLost':
        w.fake.dispute(b.pi)
        w.fake.closeDispute(b.pi, 'lost')
        w.collect()
        return { status: 0 }
      case 'dashboardCancel':
        w.fake.cancelInDashboard(b.sub)
        w.collect()
        return { status: 0 }
      case 'renewalFails':
        w.fake.failNextRenewal(b.sub)
        return { status: 0 }
      case 'adjust': {
        const a = await w.as('admin', 'POST', '/v1/admin/user/credits', {
          user_id: String(w.person.id),
          amount_cents: String(b.cents),
          reason: 'Simulated goodwill',
        })
        return { status: a.status }
      }
      case 'stop':
        return { status: (await w.as('person', 'DELETE', '/v1/my/subscriptions')).status }
      case 'erase': {
        const a = await w.as('person', 'DELETE', '/v1/user')
        if (a.status === 200) w.erased = true
        return { status: a.status }
      }
      case 'cron':
        await w.moneyMinute()
        return { status: 0 }
      case 'advance':
        await w.advance(b.ms)
        return { status: 0 }
    }
  }

  /** The step on one model state, given what it really answered: false when no serial order explains it. */
  private model(s: M.MState, b: Bound, seen: Seen, now: number): boolean {
    const person = (expected: number, then?: () => void, stripe = false) => {
      // A call that raced the person's erasure (signed in before, answered after) may be refused by
      // whichever check meets the erasure first (a 4xx, never a 5xx); it does nothing.
      if (s.erased) return seen.status >= 400 && seen.status < 500
      const want = expected
      if (stripe && want === 200 && seen.status === 503 && seen.stripeFailed) return true
      if (seen.status !== want) return false
      if (!s.erased) then?.()
      return true
    }
    switch (b.t) {
      case 'none':
      case 'trouble':
      case 'dashboard':
      case 'dispute':
      case 'bankFails':
      case 'disputeLost':
      case 'dashboardCancel':
      case 'renewalFails':
      case 'renewalAmount':
      case 'cron':
        return true
      case 'adjust':
        // The person's row gone: the admin's call finds nobody (404), nothing written.
        if (s.erased) return seen.status === 404
        if (seen.status !== M.adjust(s, b.cents, now, false)) return false
        M.adjust(s, b.cents, now, true)
        return true
      case 'advance':
        M.daily(s, now)
        return true
      case 'buy': {
        const plan = b.item === 'monthly' || b.item === 'yearly'
        return person(plan && M.hasLivePlan(s, now) ? 409 : 200, undefined, true)
      }
      case 'deliver':
        if (b.failAfter) return M.deliveredFailingAfter(s, b.ev as unknown as M.Ev, now, seen.status)
        if (seen.status !== 200) return false
        M.applyEvent(s, b.ev as unknown as M.Ev, now)
        return true
      case 'book': {
        const want = M.book(s, b.start)
        return person(want.includes(seen.status) ? seen.status : want[0]!, () => {
          if (seen.status === 201 && seen.id !== undefined) M.booked(s, seen.id, b.start)
        })
      }
      case 'cancel':
        return person(M.cancel(s, b.id, now))
      case 'confirm':
        return person(M.confirm(s, b.id))
      case 'hostCancel':
      case 'adminCancel':
        return person(M.staffCancel(s, b.id))
      case 'close':
        return person(M.close(s, b.id, now))
      case 'move': {
        const want = M.moveTo(s, b.id, b.to, now)
        return person(want.includes(seen.status) ? seen.status : want[0]!, () => {
          if (seen.status === 200) M.moved(s, b.id, b.to)
        })
      }
      case 'hostLeaves':
        if (seen.status !== 200) return false
        M.hostLeaves(s, now)
        return true
      case 'request': {
        const want = M.requestRefund(s, b.pi, now)
        return person(want, () => want === 201 && seen.id !== undefined && M.requested(s, seen.id, b.pi, now))
      }
      case 'approve':
        // An approval that raced the erasure of the request's person met it at one check or another
        // (the request gone: 404; its payment no longer theirs: 409); either way it did nothing.
        if (s.erased) return seen.status === 404 || seen.status === 409
        if (seen.status !== M.approve(s, b.id, now, false)) return false
        if (seen.status === 200) M.approve(s, b.id, now, true)
        return true
      case 'reject':
        if (s.erased) return seen.status === 404 || seen.status === 409
        return seen.status === M.reject(s, b.id)
      case 'stop': {
        if (!s.erased && seen.status === 503 && seen.stripeFailed)
          return M.stopRenewal(structuredClone(s), now).status === 200
        return person(M.stopRenewal(s, now).status)
      }
      case 'erase':
        // Erased already: the session is gone (401); two erasures at once may both pass the
        // session check, and the second then finds nothing more to do (200, nothing changes).
        if (s.erased) return seen.status === 401 || (seen.concurrent === true && seen.status === 200)
        if (seen.status !== 200) return false
        M.erase(s, now, seen.racedRequest)
        return true
    }
  }

  /**
   * Stripe's answers to our actions in `calls`, on one state: false when a refund asked of Stripe
   * is not one this state decided (its amount, its payment).
   */
  private answered(s: M.MState, calls: CallRecord[]): boolean {
    for (const c of calls) {
      if (c.method === 'POST' && c.path === '/v1/refunds') {
        const a = c.key ? s.actions[c.key] : undefined
        const amount = c.params.amount === undefined ? null : Number(c.params.amount)
        if (!a || a.kind !== 'refund' || a.target !== c.params.payment_intent || a.amount !== amount) return false
      }
      if (c.method === 'DELETE') {
        const a = c.key ? s.actions[c.key] : undefined
        if (!a || a.kind !== 'cancel' || a.target !== c.path.split('/').pop()) return false
      }
      if (!c.answered) continue
      if (c.method === 'POST' && c.path === '/v1/refunds' && c.key) {
        const code = c.body?.error?.code
        if (c.status === 200) M.refundAnswered(s, c.key, 'done', c.body?.charge?.amount_refunded ?? null)
        else if (code === 'charge_already_refunded') M.refundAnswered(s, c.key, 'already')
        else if (code === 'charge_disputed' || c.body?.error?.param === 'amount') M.refundAnswered(s, c.key, 'failed')
        else if (c.status >= 400 && c.status < 500 && c.status !== 409 && c.status !== 429)
          this.fail(`Stripe refused refund ${c.key}: ${JSON.stringify(c.body)} (${JSON.stringify(c.params)})`)
      } else if (c.method === 'GET' && c.path === '/v1/refunds' && c.status === 200) {
        for (const r of c.body.data ?? []) if (r.metadata?.action) M.refundAnswered(s, r.metadata.action, 'done')
      } else if (c.method === 'DELETE' && (c.status === 200 || c.status === 404)) {
        M.cancelAnswered(s, c.key!)
      }
    }
    return true
  }

  private dedupe(states: M.MState[]) {
    const seen = new Map<string, M.MState>()
    for (const s of states) seen.set(stable(s), s)
    return [...seen.values()]
  }

  /**
   * Observe the ledger: the states whose balance, or any payment's net, is not the real one are
   * dropped. Each state must also keep DESIGN §9 on its own: no payment holds more credits than
   * what of it was not given back buys.
   */
  private async observe(what: string) {
    this.states = this.dedupe(this.states)
    const real = await this.w.ledgerView()
    // The purses too (issue 41): what of each payment is still unspent, and the credits no payment
    // bought, as the model's own spending order has them; an approval may take only a payment's purse.
    const agrees = (s: M.MState) =>
      (real.balance === null || s.erased || s.balance === real.balance) &&
      (real.free === null || s.erased || (s.purse[M.FREE] ?? 0) === real.free) &&
      real.keys.every(
        (k) =>
          (s.net[k] ?? 0) === (real.nets.get(k) ?? 0) && (s.erased || (s.purse[k] ?? 0) === (real.purses.get(k) ?? 0)),
      )
    const kept = this.states.filter(agrees)
    if (!kept.length) {
      const s = this.states[0]!
      const nets = real.keys
        .filter((k) => (s.net[k] ?? 0) !== (real.nets.get(k) ?? 0) || (s.purse[k] ?? 0) !== (real.purses.get(k) ?? 0))
        .map(
          (k) =>
            `${k}: ledger net ${real.nets.get(k) ?? 0} purse ${real.purses.get(k) ?? 0}, model net ${s.net[k] ?? 0} purse ${s.purse[k] ?? 0}`,
        )
      if ((s.purse[M.FREE] ?? 0) !== real.free) nets.push(`free: ledger ${real.free}, model ${s.purse[M.FREE] ?? 0}`)
      this.fail(
        `after ${what}: the ledger's sum is ${real.balance}, the model says ${this.states.map((x) => x.balance).join(' or ')}${nets.length ? `; payments: ${nets.join('; ')}` : ''}`,
      )
    }
    for (const s of kept)
      for (const p of Object.values(s.payments))
        if ((s.net[p.key] ?? 0) > M.capOf(s, p))
          this.fail(`the model let ${p.key} hold ${s.net[p.key]} of credits, above its cap ${M.capOf(s, p)}`)
    this.states = kept
  }

  static timing = new Map<string, { n: number; ms: number }>()
  static time(k: string, t0: number) {
    const e = Sim.timing.get(k) ?? { n: 0, ms: 0 }
    e.n++
    e.ms += performance.now() - t0
    Sim.timing.set(k, e)
  }
  async step(step: Step) {
    const t0 = performance.now()
    try {
      await this.stepIt(step)
    } finally {
      const k = step.t
      const e = Sim.timing.get(k) ?? { n: 0, ms: 0 }
      e.n++
      e.ms += performance.now() - t0
      Sim.timing.set(k, e)
    }
  }

  private async stepIt(step: Step) {
    if (step.t === 'flush') {
      // Every event Stripe sent so far, in its order.
      while (this.w.pending.length) await this.stepIt({ t: 'deliver', k: 0 })
      return
    }
    const now = this.w.now()
    const from = this.w.fake.calls.length
    const steps: [Bound, Seen][] = []
    if (step.t === 'together') {
      const all = [step.a, step.b, ...(step.c ? [step.c] : [])]
      const bound = all.map((x) => {
        if (x.t === 'together') throw new Error('nested together')
        return this.bind(x)
      })
      const seens = await Promise.all(bound.map((x) => this.perform(x)))
      for (const seen of seens) seen.concurrent = true
      // An erasure beside a refund request (one at most is stored: 7 days between requests).
      const asked = bound.findIndex((x, i) => x.t === 'request' && seens[i]!.id !== undefined)
      bound.forEach((x, i) => {
        if (x.t === 'erase' && asked >= 0) seens[i]!.racedRequest = seens[asked]!.id
      })
      bound.forEach((x, i) => steps.push([x, seens[i]!]))
      this.log.push(`together(${bound.map((x, i) => label(x, seens[i]!)).join(', ')})`)
    } else {
      const b = this.bind(step)
      steps.push([b, await this.perform(b)])
      this.log.push(label(...steps[0]!))
    }
    const after = steps[0]![0].t === 'advance' ? this.w.now() : now
    // Stripe's answers to our actions are parts of their own, one per action (its key): an
    // approval's own refund right after its batch, or later, or after the other step; a cron's
    // retry before either. Every order is tried; an order in which an answer comes before the
    // step that decided its action is refused by `answered`, and the states that explain all the
    // answers are kept.
    const calls = this.w.fake.calls.slice(from).filter(isAnswerToAction)
    this.calls = this.w.fake.calls.length
    type Part = { step: number } | { answers: CallRecord[] }
    const parts: Part[] = steps.map((_, i) => ({ step: i }))
    const byAction = new Map<string, CallRecord[]>()
    for (const c of calls) {
      const k = c.key ?? `list:${c.params.payment_intent ?? ''}`
      byAction.set(k, [...(byAction.get(k) ?? []), c])
    }
    for (const answers of byAction.values()) parts.push({ answers })
    const next: M.MState[] = []
    const m0 = performance.now()
    // A refund request raced by the erasure (both answered 200/201) was stored either before the
    // erasure read the pending requests (it is then granted, as any pending one: decision 059) or
    // after (it goes with the account, unanswered: the limit 059 names). Both are tried.
    const raced = steps.some(([, seen]) => seen.racedRequest !== undefined)
    for (const grantRaced of raced ? [false, true] : [false]) {
      const seenOf = (i: number): Seen => {
        const seen = steps[i]![1]
        return grantRaced ? { ...seen, racedRequest: undefined } : seen
      }
      for (const order of orders(parts)) {
        for (const s of this.states) {
          const c = structuredClone(s)
          const ok = order.every((p) =>
            'step' in p ? this.model(c, steps[p.step]![0], seenOf(p.step), after) : this.answered(c, p.answers),
          )
          if (ok) next.push(c)
        }
      }
    }
    if (!next.length) {
      const [b, seen] = steps[0]!
      const asked = calls.map((c) => `\n    Stripe: ${callLabel(c)}`).join('')
      this.fail(
        (steps.length > 1
          ? `no order of ${this.log.at(-1)} and Stripe's answers explains what happened`
          : `${label(b, seen)}: the app answered ${seen.status}, the model expected ${this.expect(b, after)} (or its Stripe calls were not the model's)`) +
          asked +
          `\n    owed, as the model has it: ${this.owed()}`,
      )
    }
    this.states = next
    Sim.time('model', m0)
    // A step only Stripe saw (a Dashboard refund, a dispute, faults queued) left the ledger as it was.
    if (steps.some(([b]) => !STRIPE_ONLY.has(b.t))) {
      const o0 = performance.now()
      await this.observe(this.log.at(-1)!)
      Sim.time('observe', o0)
    } else this.states = this.dedupe(this.states)
  }

  /** The actions of the model's states, for a failure's message. */
  private owed() {
    return [
      ...new Set(
        this.states.flatMap((s) => Object.values(s.actions).map((a) => `${a.key} ${a.amount ?? 'whole'} ${a.state}`)),
      ),
    ].join('; ')
  }

  private expect(b: Bound, now: number) {
    const s = this.states[0]!
    switch (b.t) {
      case 'book':
        return M.book(s, b.start).join(' or ')
      case 'cancel':
        return M.cancel(structuredClone(s), b.id, now)
      case 'request':
        return M.requestRefund(s, b.pi, now)
      case 'approve':
        return M.approve(s, b.id, now, false)
      case 'reject':
        return M.reject(structuredClone(s), b.id)
      case 'stop':
        return M.stopRenewal(structuredClone(s), now).status
      case 'buy':
        return M.hasLivePlan(s, now) ? '409 (a live plan)' : 200
      default:
        return '200'
    }
  }

  /** Everything owed is delivered and done: events in Stripe's order, the minute cron, time for retries. */
  async settle() {
    this.w.fake.trouble = []
    for (let round = 0; round < 12; round++) {
      while (this.w.pending.length) await this.step({ t: 'deliver', k: 0 })
      await this.step({ t: 'cron' })
      // Settled: the app owes Stripe nothing for this history's objects (every action done or
      // refused for good), and some state of the model agrees.
      const owedByApp = await this.w.owedActions()
      const paid = this.states.filter((s) => !Object.values(s.actions).some((a) => a.state === 'pending'))
      if (paid.length && !owedByApp.length && !this.w.pending.length) {
        this.states = paid
        return
      }
      // Stripe keeps a key's answer (a 500 too) for 24 hours: retries go on past it.
      await this.step({ t: 'advance', hours: 7 })
    }
    const owedByApp = await this.w.owedActions()
    this.fail(
      `still owing Stripe after 12 rounds of retries: the app ${owedByApp.join(', ') || 'nothing'}; the model ${this.owed()}`,
    )
  }

  /** DESIGN §9's invariants, once everything is settled. */
  async check() {
    const w = this.w
    const s = this.states[0]!
    // The balance shown is the ledger's sum (and the model's).
    if (!w.erased) {
      const shown = await w.as('person', 'GET', '/v1/my/subscriptions')
      const sum = await w.ledgerSum()
      if (Math.round(shown.body.credits * 100) !== sum) this.fail(`balance shown ${shown.body.credits}, ledger ${sum}`)
    }
    // Per payment: money back + the value of the credits kept or spent ≤ what was paid.
    const keyOf = (c: { of: { checkout?: string; sub?: string; periodStart?: number } }) =>
      c.of.checkout ? `checkout:${c.of.checkout}` : `sub:${c.of.sub}:${c.of.periodStart}`
    const keys = [...w.fake.charges.values()].map(keyOf)
    const nets = keys.length
      ? await env.DB.prepare(
          `SELECT payment_key AS k, SUM(amount_cents) AS n FROM credit_ledger WHERE source = 'payment' AND payment_key IN (${keys.map(() => '?').join(',')}) GROUP BY payment_key`,
        )
          .bind(...keys)
          .all<{ k: string; n: number }>()
      : { results: [] }
    const netOf = new Map(nets.results.map((r) => [r.k, Number(r.n)]))
    for (const c of w.fake.charges.values()) {
      const key = keyOf(c)
      const item = c.of.checkout ? w.fake.sessions.get(c.of.checkout)!.item : w.fake.subs.get(c.of.sub!)!.item
      const E = M.CATALOGUE[item as M.ItemId].entitlement
      const net = netOf.get(key) ?? 0
      if (net * c.amount > (c.amount - c.refunded) * E)
        this.fail(
          `payment ${c.pi} (${item}): $${c.refunded / 100} of $${c.amount / 100} refunded at Stripe, yet ${net / 100} of credits (worth $${((net * c.amount) / E / 100).toFixed(2)}) kept or spent`,
        )
    }
    // And the other side of the rule, which checks of overpaying alone never see (found from outside:
    // an erased person's pack was kept, and the model agreed): no payment for nothing. Every charge
    // either gave its credits (a grant under its key, anonymised or not, or the credits a refund that
    // failed at the bank gave back) or was refunded whole at Stripe, unless the cardholder disputed
    // it (the bank then decides).
    const grants = keys.length
      ? await env.DB.prepare(
          `SELECT DISTINCT payment_key AS k FROM credit_ledger WHERE reason IN ('topup', 'subscription_grant', 'refund_undone') AND amount_cents > 0 AND payment_key IN (${keys.map(() => '?').join(',')})`,
        )
          .bind(...keys)
          .all<{ k: string }>()
      : { results: [] }
    const gave = new Set(grants.results.map((r) => r.k))
    for (const c of w.fake.charges.values())
      if (!c.disputed && c.refunded < c.amount && !gave.has(keyOf(c)))
        this.fail(
          `payment ${c.pi} of $${c.amount / 100}: no credits given, and only $${c.refunded / 100} of it refunded at Stripe`,
        )
    // A booked session keeps its goods or gives its money back (issue 41): the credits a live
    // booking spent of a payment, with what of that payment is still unspent, are worth no more than
    // what of it Stripe has not given back. (A gift that paid the session is no payment's: the
    // money back of a payment is never for it.) And the app spent them as the model's own order says.
    const onLive = await env.DB.prepare(
      `SELECT l.payment_key AS k, -SUM(l.amount_cents) AS n FROM credit_ledger l JOIN appointments a
         ON l.reference = 'appointment:' || a.id OR l.reference LIKE 'appointment:' || a.id || '@%'
       WHERE a.guest_id = ?1 AND a.status IN (1, 2) AND l.reason IN ('appointment_booking', 'appointment_refund')
       GROUP BY l.payment_key`,
    )
      .bind(w.person.id)
      .all<{ k: string | null; n: number }>()
    const bookedOf = new Map(onLive.results.map((r) => [r.k ?? M.FREE, Number(r.n)]))
    const view = await w.ledgerView()
    for (const c of w.fake.charges.values()) {
      const key = keyOf(c)
      const item = c.of.checkout ? w.fake.sessions.get(c.of.checkout)!.item : w.fake.subs.get(c.of.sub!)!.item
      const E = M.CATALOGUE[item as M.ItemId].entitlement
      // (The purse may be below zero: a Dashboard refund took spent credits back, a debt.)
      const held = (bookedOf.get(key) ?? 0) + (view.purses.get(key) ?? 0)
      if (held * c.amount > (c.amount - c.refunded) * E)
        this.fail(
          `payment ${c.pi} (${item}): $${c.refunded / 100} of $${c.amount / 100} given back, yet ${held / 100} of its credits are on live sessions or unspent`,
        )
    }
    if (!w.erased) {
      const modelBooked = new Map<string, number>()
      for (const b of Object.values(s.bookings))
        if (b.live)
          for (const [k, n] of s.took[`appointment_booking:${b.id}`] ?? [])
            modelBooked.set(k, (modelBooked.get(k) ?? 0) + n)
      for (const k of new Set([...bookedOf.keys(), ...modelBooked.keys()]))
        if ((bookedOf.get(k) ?? 0) !== (modelBooked.get(k) ?? 0))
          this.fail(
            `live sessions paid from ${k}: the ledger says ${bookedOf.get(k) ?? 0}, the model ${modelBooked.get(k) ?? 0}`,
          )
    }
    // No booking paid with credits the person did not have; no approval took more than the balance.
    if (!w.erased) {
      const rows = await env.DB.prepare(
        'SELECT amount_cents AS a, reason, reference FROM credit_ledger WHERE user_id = ?1 ORDER BY id',
      )
        .bind(w.person.id)
        .all<{ a: number; reason: string; reference: string }>()
      let run = 0
      for (const r of rows.results) {
        if (r.reason === 'appointment_booking' && run + r.a < 0)
          this.fail(`booking ${r.reference} paid with ${run} of credits`)
        run += r.a
        if (r.reason === 'refund' && r.reference.startsWith('refund-request:') && run < 0)
          this.fail(`approval ${r.reference} took credits the person no longer had (balance ${run})`)
      }
    }
    // At most one plan: in our records, and at Stripe once everything is settled.
    const live = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ?1 AND status = 1 AND duplicate = 0 AND (end_at IS NULL OR end_at > ?2)',
    )
      .bind(w.person.id, w.now())
      .first<{ n: number }>()
    if (Number(live!.n) > 1) this.fail(`${live!.n} live plans`)
    const atStripe = [...w.fake.subs.values()].filter((x) => x.status === 'active')
    if (atStripe.length > 1) this.fail(`${atStripe.length} active subscriptions at Stripe`)
    if (w.erased && atStripe.length) this.fail(`an erased person still billed: ${atStripe[0]!.id}`)
    // Every Stripe call is one the model expects, once.
    const done = new Map<string, number>()
    for (const c of w.fake.calls) {
      if (c.outcome !== 'executed' || c.status !== 200) continue
      if (c.method === 'POST' && c.path === '/v1/refunds') {
        const key = c.params.metadata?.action
        const a = key ? s.actions[key] : undefined
        if (!a || a.kind !== 'refund' || a.target !== c.params.payment_intent)
          this.fail(`a refund nobody decided: ${JSON.stringify(c.params)} (key ${c.key})`)
        if (a.amount !== null && Number(c.params.amount) !== a.amount)
          this.fail(`refund ${key} of ${c.params.amount}, the model decided ${a.amount}`)
        if (c.key !== key) this.fail(`refund ${key} sent with Idempotency-Key ${c.key}`)
        done.set(key!, (done.get(key!) ?? 0) + 1)
      } else if (c.method === 'DELETE') {
        const sub = c.path.split('/').pop()!
        if (!Object.values(s.actions).some((a) => a.kind === 'cancel' && a.target === sub))
          this.fail(`a cancel nobody decided: ${sub}`)
      } else if (c.method === 'POST' && c.path.startsWith('/v1/subscriptions/')) {
        done.set('stop', (done.get('stop') ?? 0) + 1)
      } else if (c.method === 'POST' && c.path === '/v1/checkout/sessions') {
        done.set('link', (done.get('link') ?? 0) + 1)
      }
    }
    for (const [k, n] of done) {
      if (k === 'stop' ? n > this.stops : k === 'link' ? n > this.links : n > 1)
        this.fail(`Stripe was asked ${n} times for ${k}`)
    }
    for (const a of Object.values(s.actions)) {
      if (a.state === 'pending') this.fail(`still owed to Stripe: ${a.key}`)
      if (a.kind === 'cancel' && w.fake.subs.get(a.target)?.status === 'active')
        this.fail(`${a.key}: the plan is still active at Stripe`)
    }
  }

  /**
   * The end of every history: everything owed settled, then checked. (Each history has its own
   * person, host and Stripe: nothing carries over to the next; erasure is one of the drawn steps.)
   */
  async finish() {
    const t0 = performance.now()
    await this.settle()
    Sim.time('settle', t0)
    const t1 = performance.now()
    await this.check()
    Sim.time('check', t1)
    await this.w.close()
  }
}

const STRIPE_ONLY = new Set<Bound['t']>([
  'none',
  'trouble',
  'dashboard',
  'dispute',
  'bankFails',
  'disputeLost',
  'dashboardCancel',
  'renewalFails',
  'renewalAmount',
])

const callLabel = (c: CallRecord) =>
  `${c.method} ${c.path} ${JSON.stringify(c.params)} key=${c.key} → ${c.status}${c.answered ? '' : ' (answer lost)'} ${c.status >= 400 ? JSON.stringify(c.body?.error?.code ?? c.body?.error?.message ?? '') : ''}`

/** Every order of the parts (the steps keep theirs: a together's two steps may go either way). */
function orders<T>(parts: T[]): T[][] {
  const out: T[][] = []
  const go = (done: T[], left: T[]) => {
    if (!left.length) return void out.push(done)
    left.forEach((p, i) =>
      go(
        [...done, p],
        left.filter((_, j) => j !== i),
      ),
    )
  }
  go([], parts)
  return out
}

/** The Stripe calls that answer one of our actions (a refund, its look-up, a cancel). */
const isAnswerToAction = (c: CallRecord) =>
  c.path === '/v1/refunds' || (c.method === 'DELETE' && c.path.startsWith('/v1/subscriptions/'))

const label = (b: Bound, seen: Seen) => {
  const o: Record<string, unknown> = { ...b }
  if ('ev' in o) {
    const ev = b.t === 'deliver' ? b.ev : null
    o.ev = ev
      ? `${ev.type} ${ev.id}${ev.type === 'charge.refunded' ? ` (${(ev.data.object as any).amount_refunded})` : ''}`
      : o.ev
  }
  return `${JSON.stringify(o)} → ${seen.status}${seen.id ? ` #${seen.id}` : ''}`
}

/** JSON with sorted keys: two model states that are the same print the same. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(v)
}

// ── The histories fast-check draws ─────────────────────────────────────────────────────────────

const item = fc.constantFrom<M.ItemId>('monthly', 'yearly', 'credits_1', 'credits_2', 'credits_4')
const k = fc.nat(20)
const fault = fc.constantFrom<Fault>('error500', 'unavailable', 'lost_after', 'lost_before', 'slow', 'rate_limited')
const single: fc.Arbitrary<Exclude<Step, { t: 'together' }>> = fc.oneof(
  { weight: 3, arbitrary: item.map((item) => ({ t: 'buy' as const, item })) },
  // A promotion code at Checkout (its first payment less than the price).
  { weight: 1, arbitrary: item.map((item) => ({ t: 'buy' as const, item, off: 25 })) },
  { weight: 2, arbitrary: k.map((k) => ({ t: 'confirm' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'hostCancel' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'adminCancel' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'close' as const, k })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ k, day: fc.integer({ min: 1, max: 12 }), hour: fc.integer({ min: 9, max: 12 }) })
      .map((r) => ({ t: 'move' as const, ...r })),
  },
  { weight: 1, arbitrary: fc.constantFrom('demote', 'erase').map((how) => ({ t: 'hostLeaves' as const, how })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ k, cents: fc.constantFrom(0, 12345, 4000) })
      .map((r) => ({ t: 'renewalAmount' as const, ...r })),
  },
  { weight: 8, arbitrary: k.map((k) => ({ t: 'deliver' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'deliverFails' as const, k })) },
  { weight: 3, arbitrary: fc.constant({ t: 'flush' as const }) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'redeliver' as const, k })) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(2, 20, 24 * 3, 24 * 8, 24 * 15, 24 * 31, 24 * 95)
      .map((hours) => ({ t: 'advance' as const, hours })),
  },
  {
    weight: 5,
    arbitrary: fc.record({ day: fc.integer({ min: 1, max: 12 }), hour: fc.integer({ min: 9, max: 12 }) }).map((r) => ({
      t: 'book' as const,
      ...r,
    })),
  },
  { weight: 2, arbitrary: k.map((k) => ({ t: 'cancel' as const, k })) },
  { weight: 5, arbitrary: k.map((k) => ({ t: 'request' as const, k })) },
  { weight: 6, arbitrary: k.map((k) => ({ t: 'approve' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'reject' as const, k })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ k, part: fc.constantFrom<'whole' | 'half' | 'third'>('whole', 'half', 'third') })
      .map((r) => ({ t: 'dashboard' as const, ...r })),
  },
  {
    weight: 2,
    arbitrary: fc.array(fault, { minLength: 1, maxLength: 3 }).map((faults) => ({ t: 'trouble' as const, faults })),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'stop' as const }) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'dispute' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'bankFails' as const, k })) },
  { weight: 2, arbitrary: fc.constant({ t: 'erase' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'cron' as const }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(4500, 1000, -2000).map((cents) => ({ t: 'adjust' as const, cents })),
  },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'disputeLost' as const, k })) },
  { weight: 1, arbitrary: k.map((k) => ({ t: 'dashboardCancel' as const, k })) },
  { weight: 2, arbitrary: k.map((k) => ({ t: 'renewalFails' as const, k })) },
)
/** Steps that may run beside another (time does not pass inside them). */
const concurrent = single.filter(
  // (A host leaving changes who the next booking is with: run alone.)
  (s) => s.t !== 'advance' && s.t !== 'trouble' && s.t !== 'flush' && s.t !== 'deliverFails' && s.t !== 'hostLeaves',
)
/** What an approval races in real life: the person booking or cancelling, Stripe's events, the cron. */
const beside = fc.oneof(
  single.filter((s) => s.t === 'book' || s.t === 'cancel' || s.t === 'deliver' || s.t === 'cron'),
  k.map((k) => ({ t: 'approve' as const, k })),
)
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: single },
  { weight: 1, arbitrary: fc.tuple(concurrent, concurrent).map(([a, b]) => ({ t: 'together' as const, a, b })) },
  {
    weight: 1,
    arbitrary: fc.tuple(concurrent, concurrent, concurrent).map(([a, b, c]) => ({ t: 'together' as const, a, b, c })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(k, beside).map(([k, b]) => ({ t: 'together' as const, a: { t: 'approve' as const, k }, b })),
  },
)

/** One fast-check command per step, for fc.commands / fc.asyncModelRun. */
export class StepCommand implements fc.AsyncCommand<{ sim: Sim | null }, { sim: Sim | null }> {
  constructor(readonly step: Step) {}
  check() {
    return true
  }
  async run(_m: { sim: Sim | null }, r: { sim: Sim | null }) {
    await r.sim!.step(this.step)
  }
  toString() {
    return describeStep(this.step)
  }
}
export const commandArb = stepArb.map((s) => new StepCommand(s))

/** A history: something bought first (its events delivered), then the random steps. */
export const historyArb = (maxCommands: number) =>
  fc.tuple(
    // One purchase, sometimes two (two plans in two tabs make a second plan); more are drawn steps.
    fc.oneof(
      { weight: 3, arbitrary: item.map((i) => [i]) },
      { weight: 1, arbitrary: fc.tuple(item, item).map(([a, b]) => [a, b]) },
    ),
    fc.commands([commandArb], { maxCommands }),
  )

/** Run one history (its prelude and its commands) and check it. */
type Ctx = { sim: Sim | null }
export async function runHistory(
  startMs: number,
  [buys, cmds]: [M.ItemId[], Iterable<fc.AsyncCommand<Ctx, Ctx, boolean>>],
) {
  const sim = await Sim.create(startMs)
  for (const item of buys) await sim.step({ t: 'buy', item })
  await sim.step({ t: 'flush' })
  await fc.asyncModelRun(() => ({ model: { sim: null }, real: { sim } }), cmds)
  await sim.finish()
  return sim
}
