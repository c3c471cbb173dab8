// The calma-mail consumer where the outside world is not on time (issue 32 §5; docs/decisions/
// 040-mail-as-the-provider-works.md): Workers whose clocks disagree, a lease taken between a claim
// and its key, the team's daily quota spent, a message that never comes back, a call refused
// whole, and a try that may have been sent whose key the provider is about to forget. Through
// the real consumers and cron in workerd, with Resend's fake (test/fakes/resend.ts) at fetch.
import { createMessageBatch, env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Role } from '#shared/enums'
import { getDb } from '#worker/db/client'
import { emailOutbox } from '#worker/db/schema'
import { claimMails, keyMails } from '#worker/mail/outbox.repo'
import { sendQueuedMail } from '#worker/mail/consumer'
import { retryDelay } from '#worker/mail/pace'
import { RETRIES_IN_INVOCATION } from '#worker/mail/provider'
import type { MailMessage } from '#worker/queues/messages'
import { patch } from '../factories'
import { json, minuteCron as cron } from '../helpers'
import { register, setRole } from '../users/support'
import { clearMailPace, deliver, deliverMail, faults, prodEnv, resendAtFetch, times, wholeDelivery } from './support'
import { backdateMail, deadMail, outbox, replayDead, welcome, welcomes } from './outbox'

const HOUR = 3_600_000
const row = (id: number) =>
  env.DB.prepare('SELECT status, queued_at, keyed_at, uncertain_at, batch_key FROM email_outbox WHERE id = ?1')
    .bind(id)
    .first<{
      status: string
      queued_at: number | null
      keyed_at: number | null
      uncertain_at: number | null
      batch_key: string | null
    }>()

afterEach(async () => {
  // The pace and its holds are the whole deployment's: one test's 429 or spent quota is not the next one's.
  await clearMailPace()
})

describe('clocks', () => {
  it('Workers whose clocks are 130 s ahead and behind share the pace and the leases by D1’s clock: no turn is lost, no 429, each mail once', async () => {
    const prod = prodEnv(2)
    const ids = await welcomes(
      prod,
      'clock1@example.com',
      'clock2@example.com',
      'clock3@example.com',
      'clock4@example.com',
    )
    const fake = resendAtFetch({ ratePerSecond: 2 })
    const batchOf = (name: string, mine: number[]) =>
      createMessageBatch<MailMessage>(
        'calma-mail',
        mine.map((id, i) => ({ id: `${name}-${i}`, timestamp: new Date(), attempts: 1, body: { ids: [id] } })),
      )
    const ahead = batchOf('ahead', [ids[0]!, ids[2]!])
    const behind = batchOf('behind', [ids[1]!, ids[3]!])
    const acks = [...ahead.messages, ...behind.messages].map((m) => vi.spyOn(m, 'ack'))
    const retries = [...ahead.messages, ...behind.messages].map((m) => vi.spyOn(m, 'retry'))
    await Promise.all([
      sendQueuedMail(prod, ahead, () => Date.now() + 130_000),
      sendQueuedMail(prod, behind, () => Date.now() - 130_000),
    ])
    expect(retries.map((r) => r.mock.calls.length)).toEqual([0, 0, 0, 0])
    expect(acks.map((a) => a.mock.calls.length)).toEqual([1, 1, 1, 1])
    expect(fake.calls.map((c) => c.status)).toEqual([200, 200, 200, 200])
    for (const n of [1, 2, 3, 4]) expect(times(fake, `clock${n}@example.com`)).toBe(1)
    // Four turns 600 ms apart: about 2 s, not the 130 s a clock ahead would push the pace by.
    expect(fake.calls.at(-1)!.at - fake.calls[0]!.at).toBeLessThan(5_000)
  })

  it('a claim whose lease another claim took before its key was written keys, and so calls with, only the mails still its own', async () => {
    const prod = prodEnv()
    const [a, b] = await welcomes(prod, 'lapse-a@example.com', 'lapse-b@example.com')
    const db = getDb(env.DB)
    const { mails } = await claimMails(db, [a!, b!], 120_000, 'consumer-one')
    expect(mails.map((m) => m.id)).toEqual([a, b])
    // Another consumer claimed b meanwhile (the first one's lease had run out).
    await patch(emailOutbox, b!, { leaseToken: 'consumer-two' })
    expect(
      await keyMails(db, 'consumer-one', [
        { id: a!, key: 'calma-batch-one' },
        { id: b!, key: 'calma-batch-one' },
      ]),
    ).toEqual([a])
    expect(await row(b!)).toMatchObject({ batch_key: null })
  })
})

describe('the team’s quota', () => {
  it('a daily_quota_exceeded holds all sending until 00:00 UTC (checked again within the hour), with one call and no try spent', async () => {
    const prod = prodEnv()
    const [first, second] = await welcomes(prod, 'quota1@example.com', 'quota2@example.com')
    const fake = resendAtFetch({ dailyQuota: 1 })
    expect((await deliverMail([first!], prod)).explicitAcks).toHaveLength(1)
    expect(fake.calls.at(-1)!.status).toBe(200)

    const held = await deliverMail([second!], prod)
    expect(fake.calls.map((c) => c.status)).toEqual([200, 429])
    expect(held.retryMessages).toHaveLength(1)
    const now = Date.now()
    const day = new Date(now)
    const untilReset = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1) - now
    const expected = Math.ceil(Math.min(untilReset, HOUR) / 1000)
    expect(Math.abs(held.delays[0]![0]! - expected)).toBeLessThanOrEqual(2)
    expect(await outbox(second!)).toMatchObject({ status: 'pending', attempts: 0 })
    // The hold is the whole deployment's, by D1's clock, until the same moment.
    const hold = await env.DB.prepare(
      "SELECT last_at - CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) AS left FROM rate_windows WHERE key = 'mail:provider:quota'",
    ).first<{ left: number }>()
    expect(Math.abs(hold!.left - Math.min(untilReset, HOUR))).toBeLessThan(3_000)
  })

  // Monthly: the hold is an hour at a time whatever the time of day (no answer says when the
  // plan's month turns), so every step below is the same at any hour; the daily one's is shorter
  // just before midnight, when a consumer may rightly wait for it inside its lease.
  it('a monthly_quota_exceeded holds every consumer, spends no try, is not a dead letter, and sending resumes when the quota is back', async () => {
    const prod = prodEnv()
    const [first, second, third] = await welcomes(
      prod,
      'month1@example.com',
      'month2@example.com',
      'month3@example.com',
    )
    let clock = Date.now()
    const fake = resendAtFetch({ monthlyQuota: 1, now: () => clock })
    expect((await deliverMail([first!], prod)).explicitAcks).toHaveLength(1)

    const held = await deliverMail([second!], prod)
    expect(fake.calls.map((c) => c.status)).toEqual([200, 429])
    expect(held.retryMessages).toHaveLength(1)
    expect(Math.abs(held.delays[0]![0]! - HOUR / 1000)).toBeLessThanOrEqual(2)
    const calls = fake.calls.length

    // Another consumer meanwhile: no call at all, its mail not tried either.
    const other = await deliverMail([third!], prod)
    expect(other.retryMessages).toHaveLength(1)
    expect(other.delays[0]![0]!).toBeGreaterThan(HOUR / 1000 - 60)
    expect(fake.calls).toHaveLength(calls)
    for (const id of [second!, third!]) expect(await outbox(id)).toMatchObject({ status: 'pending', attempts: 0 })

    // The minute cron, hours later, leaves them to their messages.
    const sendBatch = vi.spyOn(env.MAIL_QUEUE, 'sendBatch')
    const now = Date.now()
    await cron(prod, now + 3 * HOUR)
    expect(sendBatch.mock.calls.flatMap(([m]) => [...m].flatMap((x) => (x.body as MailMessage).ids))).not.toContain(
      second,
    )
    // Its message runs out of tries while the quota holds: back on the queue for then, not dead.
    sendBatch.mockClear()
    expect((await deliver('calma-mail-dead', [{ body: { ids: [second!] } }], prod)).ackAll).toBe(true)
    expect(await outbox(second!)).toMatchObject({ status: 'pending' })
    expect(sendBatch).toHaveBeenCalledWith([{ body: { ids: [second!] }, delaySeconds: expect.any(Number) }])

    // The next month: the provider's quota is back, and the hold has passed (D1's clock, moved
    // here by ending the hold rows).
    clock += 32 * 24 * HOUR
    await clearMailPace()
    expect((await deliverMail([second!], prod)).explicitAcks).toHaveLength(1)
    expect(times(fake, 'month2@example.com')).toBe(1)
  })
})

describe('mail no message carries', () => {
  it('a retried message keeps the cron away until an hour after it was due; past that, or lost, the cron enqueues it; never a mail a consumer holds', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'carried@example.com')
    resendAtFetch({ fault: () => 'unavailable' })
    const start = Date.now()
    expect((await deliverMail([id], prod, 1)).delays[0]).toEqual([retryDelay(1)])
    const due = (await row(id))!.queued_at!
    expect(Math.abs(due - (start + retryDelay(1) * 1000))).toBeLessThan(2_000)

    const sendBatch = vi.spyOn(env.MAIL_QUEUE, 'sendBatch')
    const enqueued = () => sendBatch.mock.calls.flatMap(([m]) => [...m].flatMap((x) => (x.body as MailMessage).ids))
    await cron(prod, due + HOUR - 1_000)
    expect(enqueued()).not.toContain(id)
    // Its message never came back (lost): the cron carries it.
    await cron(prod, due + HOUR + 1_000)
    expect(enqueued()).toContain(id)
    // A mail a consumer holds is not enqueued beside it, however old.
    sendBatch.mockClear()
    await patch(emailOutbox, id!, { queuedAt: 0, leaseUntil: Date.now() + 120_000 })
    await cron(prod, Date.now() + 2 * HOUR)
    expect(enqueued()).not.toContain(id)
  })
})

describe('a call refused whole', () => {
  it('a sender whose domain is not verified (403): nothing was taken, so each try is a new key, the dead letter needs no confirmation, and its replay sends it once', async () => {
    const wrong = prodEnv(10, { EMAIL_FROM: 'Calma <hola@calma.dev>' })
    const id = await welcome(wrong, 'domain@example.com')
    const fake = resendAtFetch({ domains: ['calma.app'] })
    for (const attempt of [1, 2]) expect((await deliverMail([id], wrong, attempt)).retryMessages).toHaveLength(1)
    expect(fake.calls.map((c) => c.status)).toEqual([403, 403])
    expect(fake.calls[1]!.key).not.toBe(fake.calls[0]!.key)
    expect((await deliver('calma-mail-dead', [{ body: { ids: [id] } }], wrong)).ackAll).toBe(true)
    expect(await row(id)).toMatchObject({ status: 'dead', uncertain_at: null })

    const admin = await register({ name: 'Admin Calma' })
    await setRole(admin.id, Role.admin)
    expect(await deadMail(admin.token, id!)).toMatchObject({
      may_have_been_sent: false,
      needs_confirmation: false,
    })
    // Fixed days later: nothing may have been sent, so the replay needs no confirmation.
    await backdateMail(id!, 48 * HOUR, 'deadAt')
    const replay = await replayDead(admin.token, { id })
    expect(await json(replay)).toMatchObject({ replayed: 1, needs_confirmation: 0 })
    expect((await deliverMail([id], prodEnv())).explicitAcks).toHaveLength(1)
    expect(times(fake, 'domain@example.com')).toBe(1)
  })
})

describe('a try that may have been sent, under a key about to be forgotten', () => {
  it('is not called again past 23 hours: a dead letter waiting for confirmation, not a second mail', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'late-retry@example.com')
    const fake = resendAtFetch({ fault: faults(...wholeDelivery('lost')) })
    expect((await deliverMail([id], prod, 1)).retryMessages).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'pending', uncertain_at: expect.any(Number) })
    // Its retry comes a day later (a quota held sending meanwhile): D1's clock, moved on the row.
    await backdateMail(id, 24 * HOUR, 'keyedAt', 'uncertainAt')
    expect((await deliverMail([id], prod, 2)).explicitAcks).toHaveLength(1)
    expect(fake.calls).toHaveLength(RETRIES_IN_INVOCATION + 1)
    expect(times(fake, 'late-retry@example.com')).toBe(1)
    const dead = await outbox(id)
    expect(dead).toMatchObject({ status: 'dead' })
    expect(dead!.error).toContain('may have sent it')
  })
})

// Decision 078: a message whose call failed came back 10 s later even when it was the last one
// left, and the pace idled meanwhile (bench:scale: the last 10 s of every run). Decision 082: it
// went back through the queue, which locally delivers it only once the current batch has ended
// (the last 8–28 s of every 100,000-mail run). The same consumer now makes it again at the next
// free turn, under the same key (RETRIES_IN_INVOCATION times), and only then goes back to the
// queue: the provider's Retry-After says when, else a second, then 10 s, 20 s.
describe('a call that failed', () => {
  it('is made again by the same consumer at the next free turn, under the same key: sent in the same delivery, each try counted', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'next-turn@example.com')
    const fake = resendAtFetch({ fault: faults('unavailable') })
    const result = await deliverMail([id], prod, 1)
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.delays[0]).toEqual([])
    const [first, second] = fake.calls
    expect([first!.status, second!.status]).toEqual([503, 200])
    expect(second!.key).toBe(first!.key)
    // The next free turn (one pace: 115 ms at 10 a second), not a second later through the queue.
    expect(second!.at - first!.at).toBeLessThan(1_000)
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 2 })
    expect(times(fake, 'next-turn@example.com')).toBe(1)
  })

  it(`fails ${RETRIES_IN_INVOCATION + 1} times in a row, then goes back to the queue a second later, then 10 s, 20 s; each try under the same key, the mail sent once`, async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'soon-again@example.com')
    const tries = RETRIES_IN_INVOCATION + 1
    const fake = resendAtFetch({ fault: faults(...Array<'unavailable'>(3 * tries).fill('unavailable')) })
    const delays = []
    for (const attempt of [1, 2, 3]) {
      delays.push((await deliverMail([id], prod, attempt)).delays[0])
      expect(fake.calls).toHaveLength(attempt * tries)
    }
    expect(delays).toEqual([[1], [10], [20]])
    expect((await deliverMail([id], prod, 4)).explicitAcks).toHaveLength(1)
    expect(new Set(fake.calls.map((c) => c.key)).size).toBe(1)
    expect(times(fake, 'soon-again@example.com')).toBe(1)
    expect(await outbox(id)).toMatchObject({ status: 'sent', attempts: 3 * tries + 1 })
  })

  it('a 5xx that says Retry-After is made again after it by the same consumer; a long one goes back to the queue for it', async () => {
    const prod = prodEnv()
    const short = await welcome(prod, 'retry-after@example.com')
    const long = await welcome(prod, 'retry-later@example.com')
    const fake = resendAtFetch({ fault: faults('unavailable', 'none', 'unavailable') })
    // The provider's 503 with a Retry-After (RFC 9110 §10.2.3), as a service under maintenance says it.
    let after = '2'
    const answer = fake.spy.getMockImplementation()!
    fake.spy.mockImplementation(async (input, init) => {
      const res = await answer(input, init)
      if (res.status !== 503) return res
      return new Response(res.body, {
        status: 503,
        headers: { ...Object.fromEntries(res.headers), 'retry-after': after },
      })
    })
    const first = await deliverMail([short], prod, 3)
    expect(first.explicitAcks).toHaveLength(1)
    const [refused, sent] = fake.calls
    expect(sent!.status).toBe(200)
    expect(sent!.at - refused!.at).toBeGreaterThanOrEqual(2_000)
    expect(times(fake, 'retry-after@example.com')).toBe(1)
    after = '30'
    expect((await deliverMail([long], prod, 1)).delays[0]).toEqual([30])
    expect((await deliverMail([long], prod, 2)).explicitAcks).toHaveLength(1)
    expect(times(fake, 'retry-later@example.com')).toBe(1)
  })
})
