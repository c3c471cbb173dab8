// Mail at the provider's limit (issue 43 §4; docs/decisions/070): a batch's calls go side by side,
// each at its own turn of the shared pace, so a call the provider never answers does not hold the
// turns behind it, and turns are the provider's 1000/rate ms plus a small margin. Through the real
// calma-mail consumer in workerd, with Resend's fake (test/fakes/resend.ts) at fetch.
import { createMessageBatch } from 'cloudflare:test'
import toml from '../../wrangler.toml?raw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendQueuedMail } from '#worker/mail/consumer'
import { departureGuard, PACE_MARGIN_MS } from '#worker/mail/pace'
import { PROVIDER_TIMEOUT_MS } from '#worker/mail/provider'
import type { MailMessage } from '#worker/queues/messages'
import { createFakeResend, type Fault } from '../fakes/resend'
import { PRODUCTION_VARS } from '../helpers'
import { clearMailPace, prodEnv, resendAtFetch } from './support'
import { welcomes } from './outbox'

afterEach(async () => {
  vi.restoreAllMocks()
  await clearMailPace()
})

/** One message a mail, all in one batch, as the queue delivers a backlog. */
const batchOf = (ids: number[]) =>
  createMessageBatch<MailMessage>(
    'calma-mail',
    ids.map((id, i) => ({ id: `pace-${id}-${i}`, timestamp: new Date(), attempts: 1, body: { ids: [id] } })),
  )

describe('the pace of a batch', () => {
  it('a call the provider never answers does not hold the batch’s other calls: they go at their turns while it waits', async () => {
    const prod = prodEnv(2)
    const ids = await welcomes(prod, 'hang1@example.com', 'hang2@example.com', 'hang3@example.com')
    // The first call is taken and never answered: its connection breaks only once the other two
    // calls have arrived, or when the Worker gives up on it (its 8 s timeout).
    const plan: Fault[] = ['lost']
    const fake = createFakeResend({
      apiKey: PRODUCTION_VARS.EMAIL_API_KEY,
      ratePerSecond: 2,
      fault: () => plan.shift() ?? 'none',
    })
    let othersArrived: () => void = () => {}
    const others = new Promise<void>((r) => (othersArrived = r))
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await fake.handle(new Request(input as RequestInfo, init))
      if (fake.calls.length >= 3) othersArrived()
      if (answer !== 'lost') return answer
      await Promise.race([others, new Promise((r) => init?.signal?.addEventListener('abort', r, { once: true }))])
      throw new TypeError('Network connection lost.')
    })
    const batch = batchOf(ids)
    const acks = batch.messages.map((m) => vi.spyOn(m, 'ack'))
    const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'))
    await sendQueuedMail(prod, batch)
    const [first, second, third] = fake.calls
    // One after another, the second call would wait for the first one's 8 s timeout.
    expect(second!.at - first!.at).toBeLessThan(2_000)
    expect(third!.at - first!.at).toBeLessThan(3_000)
    // Decision 082: the unanswered call is made again at the next free turn under its key, and the
    // provider answers it from the key's record: every message is done in this delivery.
    expect(fake.calls).toHaveLength(4)
    expect(fake.calls[3]).toMatchObject({ key: first!.key, status: 200, replayed: true })
    expect(acks.map((a) => a.mock.calls.length)).toEqual([1, 1, 1])
    expect(retries.map((r) => r.mock.calls.length)).toEqual([0, 0, 0])
    // The unanswered call was taken: its mail reached the inbox once, the others once each.
    for (const to of ['hang1@example.com', 'hang2@example.com', 'hang3@example.com'])
      expect(fake.received().get(to)).toBe(1)
  })

  // Decision 082: an unanswered call held its lane 8 s, and at a queue batch's end the whole batch
  // (locally the next one waits for it; bench:scale at 100,000: 7.6 s of the run). The provider's
  // key makes a retry safe at any moment (409 while the first is in progress, its answer after).
  it(`a call never answered is given up after ${PROVIDER_TIMEOUT_MS / 1000} s (was 8) and made again at the next turn under its key: answered from the key's record, sent once, done in the same delivery`, async () => {
    const prod = prodEnv(10)
    const [id] = await welcomes(prod, 'silent@example.com')
    const plan: Fault[] = ['lost']
    const fake = createFakeResend({
      apiKey: PRODUCTION_VARS.EMAIL_API_KEY,
      ratePerSecond: 10,
      fault: () => plan.shift() ?? 'none',
    })
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await fake.handle(new Request(input as RequestInfo, init))
      if (answer !== 'lost') return answer
      // Taken and sent; the answer never comes: only the Worker's own timeout ends the wait.
      await new Promise((r) => init?.signal?.addEventListener('abort', r, { once: true }))
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    })
    const batch = batchOf([id!])
    const acks = batch.messages.map((m) => vi.spyOn(m, 'ack'))
    const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'))
    await sendQueuedMail(prod, batch)
    const [first, second] = fake.calls
    expect(second).toMatchObject({ key: first!.key, status: 200, replayed: true })
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS - 50)
    expect(second!.at - first!.at).toBeLessThan(6_000)
    expect(acks[0]!.mock.calls).toHaveLength(1)
    expect(retries[0]!.mock.calls).toHaveLength(0)
    expect(fake.received().get('silent@example.com')).toBe(1)
  })

  it(`at 2 a second, six calls of a batch are ${1000 / 2 + PACE_MARGIN_MS} ms apart, not 600: none refused`, async () => {
    const prod = prodEnv(2)
    const to = [1, 2, 3, 4, 5, 6].map((n) => `pace${n}@example.com`)
    const ids = await welcomes(prod, ...to)
    const fake = resendAtFetch({ ratePerSecond: 2 })
    await sendQueuedMail(prod, batchOf(ids))
    expect(fake.calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 200, 200])
    for (const one of to) expect(fake.received().get(one)).toBe(1)
    const at = fake.calls.map((c) => c.at)
    // Five gaps: 5 × 515 ms is 2,575 ms; at the old 600 ms a turn, never less than 3,000 ms. The
    // provider's own limit is what the fake's 200s above hold (2 in any second: the 1st and 5th
    // call at least 2 s apart); the timers' jitter on a loaded machine moves a gap by tens of ms.
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(2 * 1000)
    expect(at.at(-1)! - at[0]!).toBeLessThan(5 * 600)
  })

  // Decision 078: bench:scale's calls left in pairs (a turn's timer late, the next on time, the
  // window letting both go), and the second of a pair reached the provider behind the first: the
  // next pair's first call then arrived less than a second after it, a 429 and a second's hold.
  it('calls ready at the same moment leave one pace apart (1000/rate + the margin), never as a pair', () => {
    const pace = 1000 / 2 + PACE_MARGIN_MS
    // Decision 082: 10 ms kept a call (was 15): the arrivals' jitter took at most 6 ms of two calls' 30.
    expect(pace).toBe(510)
    const guard = departureGuard(2)
    expect(guard.wait(10_000)).toBe(0)
    // The next turn's timer fired 700 ms late and the one after it on time: both ready at 11,200.
    expect(guard.wait(11_200)).toBe(0)
    expect(guard.wait(11_200)).toBe(pace)
    expect(guard.wait(11_200 + pace)).toBe(0)
    // A 429's Retry-After holds every call until it ends; the calls it held then leave one pace apart.
    guard.hold(14_000)
    expect(guard.wait(13_000)).toBe(1_000)
    expect(guard.wait(14_000)).toBe(0)
    expect(guard.wait(14_000)).toBe(pace)
  })

  // Decision 078: a notice's blocks write its mails 5 messages a step, and each small batch was
  // followed by the queue's 1 s wait to fill the next (100,000 mails: 33 calls in the first 55 s).
  it('calma-mail waits for no batch to fill: mail that is there goes now (max_batch_timeout = 0)', () => {
    const consumers = toml.split('[[queues.consumers]]').slice(1)
    const mail = consumers.find((block) => /^queue = "calma-mail"$/m.test(block))
    expect(mail).toMatch(/^max_batch_timeout = 0$/m)
  })

  // Decision 078: while a notice's blocks write its mails, each of a message's D1 rounds waits
  // behind their transactions; the more messages of a batch are under way, the more calls are
  // ready when the pace has a turn (100,000 mails: 33–37 calls in the first 55 s with 8).
  it('sixteen messages of a batch are under way at once: the sixteenth call leaves before the first is answered', async () => {
    const prod = prodEnv(10)
    const to = Array.from({ length: 16 }, (_, i) => `wide${i}@example.com`)
    const ids = await welcomes(prod, ...to)
    const fake = createFakeResend({ apiKey: PRODUCTION_VARS.EMAIL_API_KEY, ratePerSecond: 10 })
    let allArrived: () => void = () => {}
    const all = new Promise<void>((r) => (allArrived = r))
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await fake.handle(new Request(input as RequestInfo, init))
      if (fake.calls.length >= 16) allArrived()
      // No answer until every call has arrived, or 3 s: a provider slow to answer (inside the
      // Worker's own timeout, PROVIDER_TIMEOUT_MS).
      await Promise.race([all, new Promise((r) => setTimeout(r, 3_000))])
      if (answer === 'lost') throw new TypeError('Network connection lost.')
      return answer
    })
    await sendQueuedMail(prod, batchOf(ids))
    const at = fake.calls.map((c) => c.at)
    expect(at).toHaveLength(16)
    // 15 turns of 110 ms; eight at a time, the ninth call waits for the first answer (3 s).
    expect(at.at(-1)! - at[0]!).toBeLessThan(2_800)
    for (const one of to) expect(fake.received().get(one)).toBe(1)
  })
})
