// The real side of the simulator: the Worker in workerd with its real bindings (D1, KV, Durable
// Objects), driven as people and Stripe drive it: /v1 calls through the Worker's fetch handler,
// Stripe's events signed as Stripe signs them to /hooks/stripe, the crons through the scheduled
// handler, Stripe itself faked at fetch (../stripe-fake.ts). Time is the simulated clock (`Date`
// only: timers stay real), so a year of plans passes in a moment.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test'
import { vi } from 'vitest'
import worker from '#worker/index'
import { Role } from '#shared/enums'
import { subscriptionsJob } from '#worker/cron/subscriptions'
import { moneyMinute } from '#worker/features/payments/payments.service'
import { signPayload } from '#worker/features/payments/stripe'
import { createTemporaryToken } from '#worker/identity/temporary'
import { instantOf } from '#worker/lib/zones'
import { captcha, uniqueEmail } from '../../users/support'
import { FakeStripe, uninstallStripe, type FakeEvent } from '../stripe-fake'
import { jobCtx } from '#worker/context'
import { closingJob } from '#worker/cron/closing'

/** The bindings of a run with a Stripe key (Stripe answered by the fake). */
const STRIPE_ENV = () => ({ ...env, STRIPE_SECRET_KEY: 'sk_test_simulator' })

export interface Answer {
  status: number
  body: Record<string, any>
}

interface Person {
  id: number
  token: string
  /** When the session stops working (ms): signed in again before. */
  exp: number
}

const REMEMBER_MS = 30 * 86_400_000

/** A person signed in again through a one-time link (SPEC §2 `user_id` + `authorization`). */
async function signIn(id: number): Promise<Person> {
  const authorization = await createTemporaryToken(env as never, id, 'welcome')
  const a = await request('POST', '/v1/user/authenticate', null, {
    user_id: String(id),
    authorization,
    remember: '1',
  })
  if (a.status !== 200) throw new Error(`sign-in of ${id} failed: ${a.status} ${JSON.stringify(a.body)}`)
  return { id, token: a.body.user.token, exp: Date.now() + REMEMBER_MS - 3_600_000 }
}

/** One request through the Worker's fetch handler; its waitUntil work is awaited (so a step is whole). */
async function request(method: string, path: string, token: string | null, form?: Record<string, string>) {
  const ctx = createExecutionContext()
  let body: FormData | undefined
  if (form) {
    body = new FormData()
    for (const [k, v] of Object.entries(form)) body.append(k, v)
  }
  const headers: Record<string, string> = { accept: 'application/json', locale: 'en', 'x-captcha-token': captcha() }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await worker.fetch(
    new Request(`http://localhost${path}`, { method, body, headers }) as never,
    STRIPE_ENV() as never,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  const text = await res.text()
  let parsed: Record<string, any> = {}
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = { raw: text.slice(0, 200) }
  }
  return { status: res.status, body: parsed }
}

let admin: Person | null = null
/** A test file's storage starts empty (test/reset.ts): its admin is made again. */
export const forgetAdmin = () => {
  admin = null
}

export class World {
  fake = new FakeStripe()
  person!: Person
  host!: number
  /** The host signed in (their confirmations, cancels and closes), made when first needed. */
  private hostSession: Person | null = null
  /** Events Stripe sent that we have not delivered yet, in Stripe's order. */
  pending: FakeEvent[] = []
  /** Events delivered at least once (a redelivery picks among them). */
  delivered: FakeEvent[] = []
  erased = false
  /**
   * Whether time passing runs the closing job too (the simulator's histories). The findings' tests
   * (money-findings.test.ts) were worked out before it and book sessions no host ever accepts,
   * which the job would refund as not held.
   */
  closes = false
  private seen = 0

  static async create(startMs: number) {
    vi.setSystemTime(startMs)
    const w = new World()
    w.fake.install()
    // Plans an earlier history left live (one that failed, and its shrinking, never closed): not this
    // history's business (the daily job would end them and cancel them at this history's Stripe).
    await env.DB.prepare('UPDATE subscriptions SET status = 2 WHERE status = 1').run()
    // The person and their host are data, not the subject (accounts are tested in test/users):
    // rows written as registration leaves them, then a real sign-in.
    // No email: a booking then sends no mail with its calendar file (mail is tested in test/mail;
    // here it only costs time), and money never depends on it.
    const person = await env.DB.prepare(
      "INSERT INTO users (email, name, role, language, phone, timezone) VALUES (NULL, 'Simulated Person', ?1, 'en', '+34600111222', 'Europe/Madrid') RETURNING id",
    )
      .bind(Role.patient)
      .first<{ id: number }>()
    const id = person!.id
    // The host is data, not a subject: one row and their hours (each history its own agenda).
    const host = await env.DB.prepare(
      // No email: the booking mails (with their calendar files) go to the guest only, halving their cost.
      "INSERT INTO users (email, name, role, psychologist_open_to_get_appointment, timezone, language) VALUES (NULL, 'Host', ?1, 1, 'Europe/Madrid', 'es') RETURNING id",
    )
      .bind(Role.psychologist)
      .first<{ id: number }>()
    w.host = host!.id
    await w.hours()
    w.person = await signIn(id)
    if (!admin) {
      const a = await env.DB.prepare(
        "INSERT INTO users (email, name, role, language) VALUES (?1, 'Admin', ?2, 'en') RETURNING id",
      )
        .bind(uniqueEmail('admin'), Role.admin)
        .first<{ id: number }>()
      admin = await signIn(a!.id)
    }
    return w
  }

  /** The host's weekly hours: 09:00–13:00 Madrid every day, 60-minute sessions. */
  private async hours() {
    await env.DB.batch(
      Array.from({ length: 7 }, (_, d) =>
        env.DB.prepare(
          "INSERT INTO psychologist_availability (host_id, weekday, start_minute, end_minute, slot_minutes, timezone) VALUES (?1, ?2, 540, 780, 60, 'Europe/Madrid')",
        ).bind(this.host, d),
      ),
    )
  }

  /** The host left (demoted or erased): another psychologist takes the person's next bookings. */
  async newHost() {
    const host = await env.DB.prepare(
      "INSERT INTO users (email, name, role, psychologist_open_to_get_appointment, timezone, language) VALUES (NULL, 'Host', ?1, 1, 'Europe/Madrid', 'es') RETURNING id",
    )
      .bind(Role.psychologist)
      .first<{ id: number }>()
    this.host = host!.id
    this.hostSession = null
    await this.hours()
  }

  /** A call by the host (signed in through a one-time link, as the person is). */
  async asHost(method: string, path: string, form?: Record<string, string>): Promise<Answer> {
    if (!this.hostSession || Date.now() >= this.hostSession.exp) this.hostSession = await signIn(this.host)
    const a = await request(method, path, this.hostSession.token, form)
    this.collect()
    return a
  }

  now() {
    return Date.now()
  }

  /**
   * Time passes: Stripe charges the renewals due; then the crons' money jobs run, as the scheduled
   * handler dispatches them (cron/index.ts): the daily subscriptions job, the minute money job. The
   * crons' other jobs (ranking, notifications, retention) move no money and are tested elsewhere;
   * `cron()` runs a whole cron through the scheduled handler.
   */
  async advance(ms: number) {
    vi.setSystemTime(Date.now() + ms)
    this.collect()
    this.fake.advance(Date.now())
    this.collect()
    await subscriptionsJob(STRIPE_ENV() as never, new Date())
    // Sessions that ended 6 hours ago close by themselves (the minute cron's closing job, decision 058).
    if (this.closes) await closingJob(STRIPE_ENV() as never, new Date())
    await this.moneyMinute()
  }

  async cron(cron: string) {
    const ctx = createExecutionContext()
    await worker.scheduled!(
      createScheduledController({ scheduledTime: Date.now(), cron }) as never,
      STRIPE_ENV() as never,
      ctx,
    )
    await waitOnExecutionContext(ctx)
  }

  /** The minute cron's money job alone (what settling a history needs, without the rest of the cron). */
  async moneyMinute() {
    await moneyMinute(jobCtx(STRIPE_ENV() as never), Date.now())
    this.collect()
  }

  /** Stripe's new events join the queue of those not delivered. */
  collect() {
    while (this.seen < this.fake.outbox.length) this.pending.push(this.fake.outbox[this.seen++]!)
  }

  async deliver(ev: FakeEvent) {
    const payload = JSON.stringify(ev)
    const sig = await signPayload(env.STRIPE_WEBHOOK_SECRET!, payload, Math.floor(Date.now() / 1000))
    const ctx = createExecutionContext()
    const res = await worker.fetch(
      new Request('http://localhost/hooks/stripe', {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': sig },
      }) as never,
      STRIPE_ENV() as never,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    await res.arrayBuffer()
    if (!this.delivered.includes(ev)) this.delivered.push(ev)
    this.collect()
    return res.status
  }

  /**
   * A delivery our side fails after its batch (D1 refusing to mark the event applied, as a failing
   * write would): the Worker answers 500 and Stripe will deliver it again (queued once more).
   */
  async deliverFailingAfter(ev: FakeEvent) {
    const trigger = `mark_fails_${ev.id.replace(/\W/g, '_')}`
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF applied_at ON stripe_events WHEN NEW.id = '${ev.id}' BEGIN SELECT RAISE(ABORT, 'D1 is down'); END`,
    ).run()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const status = await this.deliver(ev)
      if (status >= 500) this.pending.push(ev)
      return status
    } finally {
      error.mockRestore()
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run()
    }
  }

  async as(who: 'person' | 'admin', method: string, path: string, form?: Record<string, string>): Promise<Answer> {
    let p = who === 'person' ? this.person : admin!
    if (Date.now() >= p.exp) {
      p = await signIn(p.id)
      if (who === 'person') this.person = p
      else admin = p
    }
    const a = await request(method, path, p.token, form)
    this.collect()
    return a
  }

  /** A start on the host's grid `day` days ahead at `hour`:00 Madrid. */
  slot(day: number, hour: number) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
    return instantOf(date, hour * 60, 'Europe/Madrid')!
  }

  // ── Reading what the app wrote (the checks' side) ────────────────────────────────────────

  /** This history's payment keys (a pack's checkout, a plan's period), from what Stripe charged. */
  paymentKeys() {
    return [
      ...[...this.fake.charges.values()].map((c) =>
        c.of.checkout ? `checkout:${c.of.checkout}` : `sub:${c.of.sub}:${c.of.periodStart}`,
      ),
      // A period paid by a zero invoice: its credits are the plan's, no charge's.
      ...this.fake.freeInvoices.map((f) => `sub:${f.sub}:${f.periodStart}`),
    ]
  }

  /**
   * The ledger in one read: the person's balance (null once erased: their rows are anonymised) and
   * each payment's net (the sum of its rows, erased or not).
   */
  async ledgerView() {
    const keys = this.paymentKeys()
    const inKeys = keys.map((_, i) => `?${i + 2}`).join(',') || 'NULL'
    // Per payment: its net (its own rows: what it gave, less what was taken back) and its purse
    // (every row with its key: what of it is still unspent); and the purse no payment filled.
    const r = await env.DB.prepare(
      `SELECT 'balance' AS w, NULL AS k, COALESCE(SUM(amount_cents), 0) AS n FROM credit_ledger WHERE user_id = ?1
       UNION ALL SELECT 'free', NULL, COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE user_id = ?1 AND payment_key IS NULL
       UNION ALL SELECT 'net', payment_key, SUM(amount_cents) FROM credit_ledger WHERE payment_key IN (${inKeys}) AND source = 'payment' GROUP BY payment_key
       UNION ALL SELECT 'purse', payment_key, SUM(amount_cents) FROM credit_ledger WHERE payment_key IN (${inKeys}) GROUP BY payment_key`,
    )
      .bind(this.person.id, ...keys)
      .all<{ w: string; k: string | null; n: number }>()
    const nets = new Map<string, number>()
    const purses = new Map<string, number>()
    let balance = 0
    let free = 0
    for (const row of r.results) {
      if (row.w === 'balance') balance = Number(row.n)
      else if (row.w === 'free') free = Number(row.n)
      else if (row.w === 'net') nets.set(row.k!, Number(row.n))
      else purses.set(row.k!, Number(row.n))
    }
    return { balance: this.erased ? null : balance, free: this.erased ? null : free, nets, purses, keys }
  }

  async ledgerSum() {
    const r = await env.DB.prepare('SELECT COALESCE(SUM(amount_cents), 0) AS s FROM credit_ledger WHERE user_id = ?1')
      .bind(this.person.id)
      .first<{ s: number }>()
    return Number(r!.s)
  }

  /**
   * The history is over and checked: its plans stop being anyone's business, so the daily job of
   * the next history (the clock starts again) does not grant or end them. Housekeeping of the test,
   * not a step of the app.
   */
  async close() {
    await env.DB.prepare('UPDATE subscriptions SET status = 2 WHERE user_id = ?1').bind(this.person.id).run()
  }

  /** Actions on this history's Stripe objects not yet final (neither done nor refused for good). */
  async owedActions() {
    const targets = [...this.fake.subs.keys(), ...this.fake.charges.keys()]
    if (!targets.length) return []
    const r = await env.DB.prepare(
      `SELECT key FROM stripe_actions WHERE done_at IS NULL AND failed_at IS NULL AND target IN (${targets.map(() => '?').join(',')})`,
    )
      .bind(...targets)
      .all<{ key: string }>()
    return r.results.map((x) => x.key)
  }

  async txId(pi: string) {
    const r = await env.DB.prepare('SELECT id FROM transactions WHERE payment_intent = ?1')
      .bind(pi)
      .first<{ id: number }>()
    return r?.id ?? null
  }
}

/** The simulated clock on (Date only), from `startMs`. */
export function simulatedClock(startMs: number) {
  uninstallStripe()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(startMs)
}
