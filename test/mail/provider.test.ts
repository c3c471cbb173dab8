// Mail as the provider really works (issue 32 §5; docs/decisions/040-mail-as-the-provider-works.md):
// the calma-mail consumer against a fake that keeps Resend's documented contract (test/fakes/resend.ts:
// one Idempotency-Key header per request kept 24 h, 100 mails a batch, no attachments in a batch,
// 2 requests a second per team, strict or permissive validation). "Once" is counted in the fake's
// inbox, where the person would see it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { emailOutbox } from '#worker/db/schema'
import { batchKey, RETRIES_IN_INVOCATION, retryAfterSeconds } from '#worker/mail/provider'
import { patch } from '../factories'
import { json } from '../helpers'
import { register, setRole } from '../users/support'
import { deliver, deliverMail, faults, othersSent, prodEnv, resendAtFetch, times, wholeDelivery } from './support'
import { appointment, deadMail, ICS, outbox, replayDead, welcome, welcomes } from './outbox'

const batchCalls = (fake: ReturnType<typeof resendAtFetch>) => fake.calls.filter((c) => c.endpoint === '/emails/batch')
const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)))

describe('a batch and its idempotency key', () => {
  it('carries one Idempotency-Key header derived from its mail ids; its retry has the same key and the same body', async () => {
    const prod = prodEnv()
    const ids = await welcomes(prod, 'k1@example.com', 'k2@example.com')
    const other = await welcomes(prod, 'k3@example.com')
    const fake = resendAtFetch({ fault: faults('unavailable') })

    // The 503'd call is made again at the next turn by the same consumer (decision 082).
    expect((await deliverMail(ids, prod, 1)).explicitAcks).toHaveLength(1)
    expect((await deliverMail(other, prod, 1)).explicitAcks).toHaveLength(1)

    const [first, retry, third] = batchCalls(fake)
    expect(first!.key).toBeTruthy()
    expect(first!.key!.length).toBeLessThanOrEqual(256)
    expect(retry!.key).toBe(first!.key)
    expect(fake.bodies[1]).toBe(fake.bodies[0])
    expect(third!.key).not.toBe(first!.key)
    expect(fake.calls.every((c) => c.key !== null)).toBe(true)
    expect([times(fake, 'k1@example.com'), times(fake, 'k2@example.com'), times(fake, 'k3@example.com')]).toEqual([
      1, 1, 1,
    ])
  })

  it('a batch accepted then answered 500 is retried under the same key and delivered once', async () => {
    const prod = prodEnv()
    const ids = await welcomes(prod, 'e1@example.com', 'e2@example.com')
    const fake = resendAtFetch({ fault: faults('error-after-accept') })

    // Made again at the next free turn by the same consumer (decision 082).
    expect((await deliverMail(ids, prod, 1)).explicitAcks).toHaveLength(1)

    const calls = batchCalls(fake)
    expect(calls.map((c) => [c.status, c.replayed])).toEqual([
      [500, false],
      [200, true],
    ])
    expect(calls[1]!.key).toBe(calls[0]!.key)
    expect([times(fake, 'e1@example.com'), times(fake, 'e2@example.com')]).toEqual([1, 1])
    for (const id of ids) {
      const row = await outbox(id)
      expect(row).toMatchObject({ status: 'sent', attempts: 2, html: null })
      expect(fake.inbox.map((m) => m.id)).toContain(row!.provider_id)
    }
  })
})

describe('a mail with an attachment', () => {
  it('goes alone through POST /emails with its .ics; the mails beside it go in a batch without attachments', async () => {
    const prod = prodEnv()
    const ids = [
      await welcome(prod, 'beside1@example.com'),
      await appointment(prod, 'guest@example.com'),
      await welcome(prod, 'beside2@example.com'),
    ]
    const fake = resendAtFetch()
    expect((await deliverMail(ids, prod)).explicitAcks).toHaveLength(1)

    const [single] = fake.inbox.filter((m) => m.to.includes('guest@example.com'))
    expect(single!.endpoint).toBe('/emails')
    expect(single!.attachments.map((a) => a.filename)).toEqual(['calma-appointment.ics'])
    expect(decode(single!.attachments[0]!.content)).toBe(ICS)
    expect(fake.inbox.every((m) => m.dropped.length === 0)).toBe(true)
    expect(fake.calls.map((c) => [c.endpoint, c.mails])).toEqual(
      expect.arrayContaining([
        ['/emails', 1],
        ['/emails/batch', 2],
      ]),
    )
    expect(fake.calls).toHaveLength(2)
    expect([times(fake, 'beside1@example.com'), times(fake, 'beside2@example.com')]).toEqual([1, 1])
  })
})

describe('one invalid mail', () => {
  it('never buries its neighbours: they are sent, it alone is a dead letter with the provider’s reason', async () => {
    const prod = prodEnv()
    const good = await welcomes(prod, 'n1@example.com', 'n2@example.com')
    const bad = await welcome(prod, 'not-an-address')
    const fake = resendAtFetch()
    const ids = [good[0]!, bad, good[1]!]

    const result = await deliverMail(ids, prod)
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toHaveLength(0)
    expect([times(fake, 'n1@example.com'), times(fake, 'n2@example.com')]).toEqual([1, 1])
    for (const id of good) expect(await outbox(id)).toMatchObject({ status: 'sent' })
    const dead = await outbox(bad)
    expect(dead).toMatchObject({ status: 'dead' })
    expect(dead!.error).toContain('Invalid `to` field')
    expect(dead!.dead_at).not.toBeNull()
    // The same message once more (a redelivery) calls nobody.
    const before = fake.calls.length
    expect((await deliverMail(ids, prod)).explicitAcks).toHaveLength(1)
    expect(fake.calls).toHaveLength(before)
  })
})

describe('rows claimed with a lease', () => {
  it('a redelivered message beside the first calls the provider once and sends nothing twice', async () => {
    const prod = prodEnv()
    const ids = await welcomes(prod, 'twin1@example.com', 'twin2@example.com')
    // The provider takes a moment to accept: both deliveries are in flight together.
    const fake = resendAtFetch({ latencyMs: 150 })
    const [a, b] = await Promise.all([deliverMail(ids, prod, 1, 'twin'), deliverMail(ids, prod, 1, 'twin')])

    expect(fake.calls).toHaveLength(1)
    expect([times(fake, 'twin1@example.com'), times(fake, 'twin2@example.com')]).toEqual([1, 1])
    // One of them sent; the other found the rows taken and comes back later (not acknowledged,
    // in case the first fails), when there is nothing left to send.
    expect([a.explicitAcks.length, b.explicitAcks.length].sort()).toEqual([0, 1])
    expect(a.retryMessages.length + b.retryMessages.length).toBe(1)
    expect((await deliverMail(ids, prod, 2, 'twin')).explicitAcks).toHaveLength(1)
    expect(fake.calls).toHaveLength(1)
  })

  it('a message that overlaps a batch tried before (the cron enqueued its mail again) sends that batch whole under its key', async () => {
    const prod = prodEnv()
    const [a, b, c, d] = await welcomes(
      prod,
      'o-a@example.com',
      'o-b@example.com',
      'o-c@example.com',
      'o-d@example.com',
    )
    // The first message's batch reached the provider; its answer was lost (and its tries at the next turns failed).
    const fake = resendAtFetch({ fault: faults(...wholeDelivery('lost')) })
    expect((await deliverMail([a!, b!, c!], prod, 1)).retryMessages).toHaveLength(1)
    // Another message holding some of those mails and one more.
    expect((await deliverMail([b!, c!, d!], prod, 1)).explicitAcks).toHaveLength(1)
    // The first message's retry finds nothing left.
    expect((await deliverMail([a!, b!, c!], prod, 2)).explicitAcks).toHaveLength(1)

    const calls = batchCalls(fake)
    const again = RETRIES_IN_INVOCATION + 1
    expect(calls).toHaveLength(again + 2)
    expect(calls[again]!.key).toBe(calls[0]!.key)
    expect(calls[again]!.replayed).toBe(true)
    expect(fake.bodies[again]).toBe(fake.bodies[0])
    for (const to of ['o-a', 'o-b', 'o-c', 'o-d']) expect(times(fake, `${to}@example.com`)).toBe(1)
    for (const id of [a!, b!, c!, d!]) expect(await outbox(id)).toMatchObject({ status: 'sent' })
  })
})

describe('the provider’s rate limit', () => {
  it('a 429 is waited out for its Retry-After, and the mail goes once', async () => {
    const prod = prodEnv(2)
    const id = await welcome(prod, 'slow@example.com')
    const fake = resendAtFetch({ ratePerSecond: 2 })
    // Two requests of the same team a moment ago (another part of the product): the window is full.
    await othersSent(fake, prod, 'x1@example.com', 'x2@example.com')
    // The app's pacer does not know about them: its first call is refused.
    const result = await deliverMail([id], prod)
    expect(result.explicitAcks).toHaveLength(1)
    const mine = fake.calls.slice(2)
    expect(mine[0]!.status).toBe(429)
    const refusal = mine[0]!
    const next = mine.find((c) => c.n > refusal.n && c.status === 200)!
    expect(next).toBeDefined()
    expect(next.key).toBe(refusal.key)
    // Retry-After was 1 second: nothing was asked before it passed.
    expect(mine.filter((c) => c.n > refusal.n && c.at < refusal.at + 1000)).toHaveLength(0)
    expect(times(fake, 'slow@example.com')).toBe(1)
  })

  it('messages taken together are paced under 2 requests a second: no 429', async () => {
    const prod = prodEnv(2)
    const ids = await welcomes(prod, 'p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com')
    const fake = resendAtFetch({ ratePerSecond: 2 })
    const result = await deliver(
      'calma-mail',
      ids.map((id) => ({ body: { ids: [id] } })),
      prod,
    )
    expect(result.explicitAcks).toHaveLength(4)
    expect(fake.calls.map((c) => c.status)).toEqual([200, 200, 200, 200])
    for (const to of ['p1', 'p2', 'p3', 'p4']) expect(times(fake, `${to}@example.com`)).toBe(1)
  })
})

describe('a key the provider already holds with another payload', () => {
  // Resend: 409 invalid_idempotent_request "this idempotency key has already been used on a request
  // that had a different payload. Retrying this request is useless without changing the
  // idempotency key or payload" (resend.com/docs/dashboard/emails/idempotency-keys). It says a call
  // under the key was processed, not that it sent these mails (it may have refused them, or the
  // key may be another database's): the test this replaces took it as "sent" (decision 040).
  it('409 invalid_idempotent_request is not proof of sending: dead letters that may have been sent, sent again only when an admin confirms', async () => {
    const prod = prodEnv()
    const ids = await welcomes(prod, 'from1@example.com', 'from2@example.com')
    const fake = resendAtFetch({ fault: faults(...wholeDelivery('lost')) })
    expect((await deliverMail(ids, prod, 1)).retryMessages).toHaveLength(1)
    // A deploy changed the sender between the tries: the same key now comes with another body.
    const moved = { ...prod, EMAIL_FROM: 'Calma <equipo@calma.app>' } as typeof env
    expect((await deliverMail(ids, moved, 2)).explicitAcks).toHaveLength(1)
    expect(batchCalls(fake).map((c) => c.status)).toEqual([200, ...Array(RETRIES_IN_INVOCATION).fill(503), 409])
    expect([times(fake, 'from1@example.com'), times(fake, 'from2@example.com')]).toEqual([1, 1])
    for (const id of ids) {
      const row = await outbox(id)
      expect(row).toMatchObject({ status: 'dead' })
      expect(row!.error).toContain('409 invalid_idempotent_request')
    }
    const admin = await register({ name: 'Admin Calma' })
    await setRole(admin.id, Role.admin)
    for (const id of ids)
      expect(await deadMail(admin.token, id, 'en')).toMatchObject({
        may_have_been_sent: true,
        needs_confirmation: true,
      })
    // The key is spent: a replay without confirmation is refused, in the admin's language.
    const refused = await replayDead(admin.token, { id: ids[0], locale: 'en' })
    expect(refused.status).toBe(409)
    expect((await json(refused)).message).toContain('could send it twice')
    // "Replay all" leaves them and says so.
    const all = await replayDead(admin.token, { locale: 'en' })
    const allBody = await json(all)
    expect(allBody.needs_confirmation).toBeGreaterThanOrEqual(2)
    expect(allBody.message).toContain('Left out, as they may already have been sent: ')
    for (const id of ids) expect(await outbox(id)).toMatchObject({ status: 'dead' })
    // Confirmed: under a new key, the admin's choice.
    const confirmed = await replayDead(admin.token, { id: ids[0], confirm: 'true', locale: 'en' })
    expect(await json(confirmed)).toMatchObject({ replayed: 1 })
    expect((await deliverMail([ids[0]!], moved)).explicitAcks).toHaveLength(1)
    expect(times(fake, 'from1@example.com')).toBe(2)
    expect(new Set(batchCalls(fake).map((c) => c.key)).size).toBe(2)
  })

  it('a copy of the database on the same team (staging restored from production’s backup) sends a mail first: production does not take it as its own', async () => {
    const prod = prodEnv()
    const id = await welcome(prod, 'copied@example.com')
    const fake = resendAtFetch()
    // Staging holds the same row, key token included, and sends it first, with its own sender.
    const { key_token } = (await env.DB.prepare('SELECT key_token FROM email_outbox WHERE id = ?1')
      .bind(id)
      .first<{ key_token: string }>())!
    expect(key_token).toMatch(/^[0-9a-f]{32}$/)
    const staging = (await fake.handle(
      new Request('https://api.resend.com/emails/batch', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${prod.EMAIL_API_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': await batchKey([key_token]),
          'x-batch-validation': 'permissive',
        },
        body: JSON.stringify([
          { from: 'Calma staging <hola@staging.calma.app>', to: ['copied@example.com'], subject: 'x', text: 'staging' },
        ]),
      }),
    )) as Response
    expect(staging.status).toBe(200)
    // Production's row, unsent there: the same key, another payload.
    expect((await deliverMail([id], prod)).explicitAcks).toHaveLength(1)
    expect(batchCalls(fake).map((c) => c.status)).toEqual([200, 409])
    const row = await outbox(id)
    expect(row!.status).not.toBe('sent')
    expect(row!.error).toContain('invalid_idempotent_request')
  })
})

describe('keys unique to each mail', () => {
  it('two mails are two keys, whatever their ids; each mail’s key is the same on every try', async () => {
    const prod = prodEnv()
    const attachment = await appointment(prod, 'keys-ics@example.com')
    const fake = resendAtFetch({ fault: faults('unavailable') })
    // The 503'd call is made again at the next turn by the same consumer (decision 082).
    expect((await deliverMail([attachment], prod, 1)).explicitAcks).toHaveLength(1)
    const { key_token } = (await env.DB.prepare('SELECT key_token FROM email_outbox WHERE id = ?1')
      .bind(attachment)
      .first<{ key_token: string }>())!
    expect(fake.calls.map((c) => c.key)).toEqual([`calma-mail-${key_token}`, `calma-mail-${key_token}`])
    // The key is the row's random token, not its id: a 32-hex token may contain the id's digits
    // by chance (it did, once in CI), so what is checked is that the token is not made of the id.
    expect(key_token).toMatch(/^[0-9a-f]{32}$/)
    expect(fake.calls[0]!.key).not.toBe(`calma-mail-${attachment}`)
  })
})

describe('dead letters', () => {
  it('a message whose last try died with its consumer (the lease still held) still leaves dead letters, not mail stuck pending', async () => {
    const prod = prodEnv()
    const ids = await welcomes(prod, 'gone1@example.com', 'gone2@example.com')
    // The consumer of the last try claimed them and was killed mid-call: its lease runs 2 more minutes.
    for (const id of ids)
      await patch(emailOutbox, id, { leaseUntil: Date.now() + 120_000, leaseToken: 'killed', attempts: 5 })
    expect((await deliver('calma-mail-dead', [{ body: { ids } }], prod)).ackAll).toBe(true)
    for (const id of ids) expect(await outbox(id)).toMatchObject({ status: 'dead' })
    const fake = resendAtFetch()
    const admin = await register({ name: 'Admin Calma' })
    await setRole(admin.id, Role.admin)
    const replay = await replayDead(admin.token)
    expect((await json(replay)).replayed).toBeGreaterThanOrEqual(2)
    expect((await deliverMail(ids, prod)).explicitAcks).toHaveLength(1)
    expect([times(fake, 'gone1@example.com'), times(fake, 'gone2@example.com')]).toEqual([1, 1])
  })

  it('a batch whose retries ran out after a try that may have reached the provider is replayed whole under its key: nobody gets it twice', async () => {
    const prod = prodEnv()
    const ids = await welcomes(prod, 'd1@example.com', 'd2@example.com')
    const fake = resendAtFetch({
      fault: faults(...wholeDelivery('lost'), ...wholeDelivery('unavailable'), ...wholeDelivery('unavailable')),
    })
    for (const attempt of [1, 2, 3]) expect((await deliverMail(ids, prod, attempt)).retryMessages).toHaveLength(1)
    // Past max_retries the queue moves the message to calma-mail-dead.
    expect((await deliver('calma-mail-dead', [{ body: { ids } }], prod)).ackAll).toBe(true)
    for (const id of ids) expect(await outbox(id)).toMatchObject({ status: 'dead' })

    const admin = await register({ name: 'Admin Calma' })
    await setRole(admin.id, Role.admin)
    // The admin replays one of them: its batch goes back whole (its first try may have been sent).
    const replay = await replayDead(admin.token, { id: ids[0], locale: 'es' })
    expect(await json(replay)).toMatchObject({ replayed: 2 })
    expect((await deliverMail(ids, prod, 1)).explicitAcks).toHaveLength(1)
    const calls = batchCalls(fake)
    expect(new Set(calls.map((c) => c.key)).size).toBe(1)
    expect(calls.at(-1)!.replayed).toBe(true)
    expect([times(fake, 'd1@example.com'), times(fake, 'd2@example.com')]).toEqual([1, 1])
    for (const id of ids) expect(await outbox(id)).toMatchObject({ status: 'sent' })
  })
})

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  it('reads seconds or an HTTP-date, ignores what is past or unreadable, and holds at most 12 h', () => {
    const now = Date.UTC(2026, 11, 7, 11, 0, 0)
    expect(retryAfterSeconds('4', now)).toBe(4)
    expect(retryAfterSeconds(' 1.5 ', now)).toBe(1.5)
    expect(retryAfterSeconds(new Date(now + 10_000).toUTCString(), now)).toBe(10)
    expect(retryAfterSeconds(new Date(now - 10_000).toUTCString(), now)).toBe(0)
    expect(retryAfterSeconds('-5', now)).toBe(0)
    expect(retryAfterSeconds('soon', now)).toBe(0)
    expect(retryAfterSeconds(null, now)).toBe(0)
    expect(retryAfterSeconds('1e9', now)).toBe(0) // not a delay-seconds, not a date
    expect(retryAfterSeconds('1000000000', now)).toBe(43_200)
  })
})
