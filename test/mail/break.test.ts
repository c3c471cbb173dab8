// Mail as the provider really works (issue 32 §5), attacked from outside: each test here is a way
// found to make the app send a mail twice, lose one, or leave one stuck, through the real queue
// consumer, dead-letter consumer, replay call and minute cron in workerd (real D1, KV, Queues),
// with Resend's fake (test/fakes/resend.ts) as the provider. Every test failed on the code it was
// written against (main at 351c10d); none of them changes product code.
//
// Resend's documented contract read for these (2026): resend.com/docs/dashboard/emails/
// idempotency-keys ("must be unique per API request"; keys kept 24 hours), resend.com/docs/
// api-reference/errors (409 invalid_idempotent_request, 429 daily_quota_exceeded and
// monthly_quota_exceeded), resend.com/docs/api-reference/rate-limit ("retry-after: how many
// seconds to wait before making a follow-up request"; the daily quota resets at midnight UTC).
import { createMessageBatch, env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Role } from '#shared/enums'
import { sendQueuedMail } from '#worker/mail/consumer'
import { RETRIES_IN_INVOCATION } from '#worker/mail/provider'
import type { MailMessage } from '#worker/queues/messages'
import { json, minuteCron } from '../helpers'
import { register, setRole } from '../users/support'
import {
  clearMailPace,
  deliver,
  deliverMail,
  faults,
  othersSent,
  prodEnv,
  resendAtFetch,
  times,
  wholeDelivery,
} from './support'
import { backdateMail, deadMail, outbox, replayDead, welcome, welcomes } from './outbox'

async function admin() {
  const a = await register({ name: 'Admin Calma' })
  await setRole(a.id, Role.admin)
  return a
}
const replay = (token: string, id?: number) => replayDead(token, { id, locale: 'es' })

afterEach(async () => {
  // The shared pace (rate_windows 'mail:provider') may have been pushed ahead by a test's clock,
  // and held by a test's 429 ('mail:provider:hold', 'mail:provider:quota').
  await clearMailPace()
})

describe('idempotency keys that are not unique per request (Resend: "must be unique per API request")', () => {
  it('a mail whose outbox id another deployment on the same Resend team sent today is marked sent and never delivered', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'prod-person@example.com')
    const fake = resendAtFetch()
    // Staging (or a preview deploy, or production's own D1 after a Time Travel restore) runs this
    // same code with outbox ids from 1 too, on the team's other API key. An hour ago it sent its own
    // mail number `id`, under the key the code at 351c10d derived from that id (one mail a message;
    // keys now come from a random token made with each mail, which staging cannot share).
    const idKey = async (n: number) =>
      `calma-batch-${[...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(String(n))))]
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('')}`
    const staging = await fake.handle(
      new Request('https://api.resend.com/emails/batch', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${prod.EMAIL_API_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': await idKey(id),
          'x-batch-validation': 'permissive',
        },
        body: JSON.stringify([
          {
            from: 'Calma staging <hola@staging.calma.app>',
            to: ['tester@example.com'],
            subject: 'Te damos la bienvenida',
            html: '<p>staging</p>',
            text: 'staging',
          },
        ]),
      }),
    )
    expect((staging as Response).status).toBe(200)

    await deliverMail([id], prod)
    // The provider answers 409 invalid_idempotent_request (another payload under that key) and the
    // consumer takes it as "this batch was sent": the row says sent, the person got nothing.
    expect(times(fake, 'prod-person@example.com')).toBe(1)
  })

  it('after a D1 restore (Time Travel) the next mails reuse sent ids: marked sent, never delivered', async () => {
    const prod = prodEnv()
    const fake = resendAtFetch()
    const before = await welcome(prod, 'before-restore@example.com')
    expect((await deliverMail([before], prod)).explicitAcks).toHaveLength(1)
    expect(times(fake, 'before-restore@example.com')).toBe(1)
    // An operator restores the database to a moment before that mail was written (D1 Time Travel,
    // the documented way back from a bad migration): its row and the table's sequence go back together.
    // Raw on purpose: a restore rewinds the table and its AUTOINCREMENT sequence together.
    await env.DB.batch([
      env.DB.prepare('DELETE FROM email_outbox WHERE id >= ?1').bind(before),
      env.DB.prepare("UPDATE sqlite_sequence SET seq = ?1 WHERE name = 'email_outbox'").bind(before - 1),
    ])
    // The next mail (another person's sign-in link, say) gets the same id, so the same key.
    const after = await welcome(prod, 'after-restore@example.com')
    expect(after).toBe(before)
    await deliverMail([after], prod)
    expect(times(fake, 'after-restore@example.com')).toBe(1)
  })

  it('a mail refused for a bad sender and replayed after the sender is fixed is marked sent and never delivered', async () => {
    // A deploy with a malformed EMAIL_FROM: the provider refuses every mail (permissive batch, all
    // invalid), so each is a dead letter at once, its batch key cleared.
    const broken = prodEnv(10, { EMAIL_FROM: 'Calma hola@calma.app' })
    const id = await welcome(broken, 'replayed@example.com')
    const fake = resendAtFetch()
    expect((await deliverMail([id], broken)).explicitAcks).toHaveLength(1)
    expect(await outbox(id)).toMatchObject({ status: 'dead' })
    expect(times(fake, 'replayed@example.com')).toBe(0)

    // The sender is fixed and an admin replays the dead letter: the replay is keyed from the same
    // single id, the same key as the refused call, with another payload.
    const a = await admin()
    expect(await json(await replay(a.token, id))).toMatchObject({ replayed: 1 })
    expect((await deliverMail([id], prodEnv())).explicitAcks).toHaveLength(1)
    expect(times(fake, 'replayed@example.com')).toBe(1)
  })

  it('a refused mail whose batch was still being sent when its message died is marked sent on replay', async () => {
    const prod = prodEnv()
    const good = await welcome(prod, 'late-good@example.com')
    const bad = await welcome(prod, 'not-an-address')
    // The provider takes a moment: the call is in flight when another delivery of the same mails
    // (at-least-once: a duplicate of the message) runs out of tries and reaches calma-mail-dead.
    const fake = resendAtFetch({ latencyMs: 300 })
    const first = deliverMail([good, bad], prod)
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1))
    expect((await deliver('calma-mail-dead', [{ body: { ids: [good, bad] } }], prod)).ackAll).toBe(true)
    await first
    // The call went through: the good mail is sent (a late success wins), the bad one was refused
    // but stays dead with the batch's key (markRefused only touches pending rows).
    expect(await outbox(good)).toMatchObject({ status: 'sent' })
    expect(await outbox(bad)).toMatchObject({ status: 'dead' })

    const a = await admin()
    expect(await json(await replay(a.token, bad))).toMatchObject({ replayed: 1 })
    expect((await deliverMail([bad], prod)).explicitAcks).toHaveLength(1)
    // Sent alone under the old batch's key: 409 invalid_idempotent_request, taken as "sent". The
    // provider refused this mail and never sent it; the admin's list loses it as delivered.
    const row = await outbox(bad)
    expect(row!.status).not.toBe('sent')
  })
})

describe('a dead letter whose replay could not be put on the queue', () => {
  it('stays pending for ever: the minute cron only takes mail never tried, and a second replay finds nothing dead', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'stranded@example.com')
    resendAtFetch({ fault: () => 'unavailable' })
    for (const attempt of [1, 2, 3]) expect((await deliverMail([id], prod, attempt)).retryMessages).toHaveLength(1)
    expect((await deliver('calma-mail-dead', [{ body: { ids: [id] } }], prod)).ackAll).toBe(true)
    // Each delivery tries the call RETRIES_IN_INVOCATION more times at the next turns (decision 082).
    expect(await outbox(id)).toMatchObject({ status: 'dead', attempts: 3 * (RETRIES_IN_INVOCATION + 1) })

    // The admin replays while Queues refuses the send (a transient failure of the binding, which
    // sendMail already expects and leaves to the cron).
    const a = await admin()
    // The failed replay answers 500 and logs it (expected here).
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const refused = vi
      .spyOn(env.MAIL_QUEUE, 'sendBatch')
      .mockRejectedValueOnce(new Error('Queue send failed: internal error'))
    await replay(a.token, id)
    expect(refused).toHaveBeenCalledTimes(1)

    // The admin tries again, and the minute cron runs two hours later.
    const again = (await json(await replay(a.token, id))).replayed as number
    const queued = vi.spyOn(env.MAIL_QUEUE, 'sendBatch')
    queued.mockClear()
    await minuteCron(prod, Date.now() + 2 * 3_600_000)
    const enqueued = queued.mock.calls.flatMap(([messages]) =>
      [...messages].flatMap((m) => (m.body as MailMessage).ids),
    )
    // Nothing will ever carry it: not the replay (it is not dead), not the cron (it was tried).
    expect({ replayedAgain: again, cronEnqueued: enqueued.includes(id) }).not.toEqual({
      replayedAgain: 0,
      cronEnqueued: false,
    })
  })
})

describe('a lease that ran out before the batch key was written', () => {
  it('a consumer still calls with the key it could not write: a message sharing one of its mails sends that mail twice', async () => {
    const prod = prodEnv()
    const [a, b, c] = await welcomes(prod, 'skew-a@example.com', 'skew-b@example.com', 'skew-c@example.com')
    const fake = resendAtFetch()
    // Two consumers at once: one carries [a, b]; the other carries [b, c] (the cron's or a replay's
    // message) on a Worker whose clock is 130 s ahead, so the first one's 120 s lease on b is over
    // when it claims. (The same happens to any claim that runs after a lease lapsed and before the
    // holder wrote its key.) The first one's keyMails writes nothing on b and it calls anyway.
    const ahead = createMessageBatch<MailMessage>('calma-mail', [
      { id: 'ahead', timestamp: new Date(), attempts: 1, body: { ids: [b!, c!] } },
    ])
    await Promise.all([deliverMail([a!, b!], prod), sendQueuedMail(prod, ahead, () => Date.now() + 130_000)])

    expect([times(fake, 'skew-a@example.com'), times(fake, 'skew-c@example.com')]).toEqual([1, 1])
    expect(times(fake, 'skew-b@example.com')).toBe(1)
  })
})

describe('the provider’s 429s', () => {
  it('a Retry-After holds the consumer that got it, not one that had already taken its turn: it calls inside the wait', async () => {
    const prod = prodEnv(2)
    const ids = await welcomes(prod, 'ra1@example.com', 'ra2@example.com')
    const fake = resendAtFetch({ ratePerSecond: 2 })
    // Two requests of the same team a moment ago (another part of the product): the window is full.
    await othersSent(fake, prod, 'other1@example.com', 'other2@example.com')
    // Two consumers (max_concurrency 10), one message each.
    await Promise.all(ids.map((id, i) => deliverMail([id], prod, 1, `ra-${i}`)))
    const mine = fake.calls.slice(2)
    const refusal = mine.find((c) => c.status === 429)!
    expect(refusal).toBeDefined()
    // "retry-after: how many seconds to wait before making a follow-up request" (per team).
    const wait = 1000
    expect(mine.filter((c) => c.n > refusal.n && c.at < refusal.at + wait)).toEqual([])
  })

  it('a daily_quota_exceeded 429 is taken for the per-second limit: hammered three times and retried a second later', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'quota@example.com')
    const fake = resendAtFetch()
    // The fake has no quotas; Resend answers every send past the Free plan's daily quota with this
    // until midnight UTC (resend.com/docs/api-reference/errors, /rate-limit "Email Quotas").
    let quotaAnswers = 0
    fake.spy.mockImplementation(async () => {
      quotaAnswers++
      return new Response(
        JSON.stringify({
          statusCode: 429,
          name: 'daily_quota_exceeded',
          message: 'You have exceeded your daily email sending quota.',
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'x-resend-daily-quota': '100' } },
      )
    })
    const result = await deliverMail([id], prod)
    expect(result.retryMessages).toHaveLength(1)
    const now = new Date()
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
    // Queues delays a retry 12 hours at most; anything shorter than the reset (or that cap) burns
    // one of max_retries = 5 for nothing: at one second a try, the day's mail is dead in seconds.
    const untilReset = Math.min(43_200, Math.floor((midnight - now.getTime()) / 1000))
    const delay = result.delays[0]![0] ?? 0
    expect({ calls: quotaAnswers, waitsForTheReset: delay >= Math.min(untilReset, 3600) }).toEqual({
      calls: 1,
      waitsForTheReset: true,
    })
  })
})

describe('the 24-hour horizon of a key', () => {
  it('a dead batch whose first try was sent, replayed the next day, is sent a second time', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'next-day@example.com')
    let clock = Date.now()
    // The first try reached the provider (its answer was lost), the next ones found it unavailable.
    const fake = resendAtFetch({ fault: faults(...wholeDelivery('lost'), ...wholeDelivery()), now: () => clock })
    for (const attempt of [1, 2]) expect((await deliverMail([id], prod, attempt)).retryMessages).toHaveLength(1)
    expect((await deliver('calma-mail-dead', [{ body: { ids: [id] } }], prod)).ackAll).toBe(true)
    expect(times(fake, 'next-day@example.com')).toBe(1)

    // The admin looks at the dead letters the next morning and replays. 25 hours have passed for
    // the provider (its clock) and for the app (the row's times moved back as D1's clock would
    // have them: the app cannot see the provider forget a key if no time passes for it).
    clock += 25 * 3_600_000
    await backdateMail(id, 25 * 3_600_000, 'keyedAt', 'uncertainAt', 'deadAt')
    const a = await admin()
    // The replay does not send it again silently: it says why, in the admin's language, and asks.
    const refused = await replay(a.token, id)
    expect(refused.status).toBe(409)
    const why = await json(refused)
    expect(why.message).toContain('más de 23 horas')
    expect(why.errors.confirm).toHaveLength(1)
    expect((await deliverMail([id], prod)).explicitAcks).toHaveLength(1)
    expect(times(fake, 'next-day@example.com')).toBe(1)
    expect(await deadMail(a.token, id, 'es')).toMatchObject({
      may_have_been_sent: true,
      needs_confirmation: true,
    })
    // Confirmed, it goes again (under a new key): the admin's informed choice, not a silent one.
    const confirmed = await replayDead(a.token, { id, confirm: '1', locale: 'es' })
    expect(await json(confirmed)).toMatchObject({ replayed: 1, needs_confirmation: 0 })
    expect((await deliverMail([id], prod)).explicitAcks).toHaveLength(1)
    expect(times(fake, 'next-day@example.com')).toBe(2)
  })
})
