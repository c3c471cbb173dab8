// The mail tests' tools: Resend's fake answering at fetch (the only thing faked, DESIGN §7), and
// the calma-mail consumer driven as the queue drives it (the Worker's own queue handler with the
// vitest plugin's message batches, as test/engagement/queues.test.ts does).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { vi } from 'vitest'
import worker from '#worker/index'
import { like } from 'drizzle-orm'
import { rateWindows } from '#worker/db/schema'
import { drop } from '../factories'
import { createFakeResend, type Fault, type FakeResendOptions } from '../fakes/resend'
import { PRODUCTION_VARS } from '../helpers'
import { RETRIES_IN_INVOCATION } from '#worker/mail/provider'

/**
 * A production Worker whose provider team may make `rate` requests a second (Resend raises the
 * default 2 on request; most tests use 10 so that pacing costs little time).
 */
export const prodEnv = (rate = 10, extra: Record<string, string> = {}) =>
  ({ ...env, ...PRODUCTION_VARS, EMAIL_RATE_PER_SECOND: String(rate), ...extra }) as typeof env

/** Resend's fake behind `fetch`: a lost answer is a network error, as workerd reports one. */
export function resendAtFetch(options: Partial<FakeResendOptions> = {}) {
  const fake = createFakeResend({ apiKey: PRODUCTION_VARS.EMAIL_API_KEY, ratePerSecond: 10, ...options })
  const bodies: string[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init)
    bodies.push(await request.clone().text())
    const answer = await fake.handle(request)
    if (answer === 'lost') throw new TypeError('Network connection lost.')
    return answer
  })
  return { ...fake, bodies, spy }
}

/** Faults in the order given, then none. */
export const faults =
  (...plan: Fault[]) =>
  (): Fault =>
    plan.shift() ?? 'none'

/**
 * Faults for every try one delivery makes of a call (the first, then RETRIES_IN_INVOCATION more at
 * the next turns, decision 082): a message that meets them goes back to the queue.
 */
export const wholeDelivery = (first: Fault = 'unavailable'): Fault[] => [
  first,
  ...Array<Fault>(RETRIES_IN_INVOCATION).fill('unavailable'),
]

/** How many mails Resend's fake delivered to `to`. */
export const times = (fake: ReturnType<typeof resendAtFetch>, to: string) => fake.received().get(to) ?? 0

let seq = 0
/** Run the Worker's queue handler on messages as the queue would deliver them. */
export async function deliver(
  queue: string,
  messages: { body: unknown; attempts?: number; id?: string }[],
  runEnv: typeof env,
) {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({
      id: m.id ?? `msg-${++seq}`,
      timestamp: new Date(),
      attempts: m.attempts ?? 1,
      body: m.body,
    })),
  )
  // getQueueResult names the retried messages but not their delay: the handler's own call says it.
  const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'))
  const ctx = createExecutionContext()
  await worker.queue(batch, runEnv, ctx)
  const result = await getQueueResult(batch, ctx)
  return { ...result, delays: retries.map((r) => r.mock.calls.map(([o]) => o?.delaySeconds)) }
}
export const deliverMail = (ids: number[], runEnv: typeof env, attempts = 1, id?: string) =>
  deliver('calma-mail', [{ body: { ids }, attempts, id }], runEnv)

/** The shared pace and its holds (rate_windows 'mail:provider…') away: one test's 429 or spent quota is not the next one's. */
export const clearMailPace = () => drop(rateWindows, like(rateWindows.key, 'mail:provider%'))

/** Requests the same Resend team made a moment ago (another part of the product), one mail to each address. */
export async function othersSent(fake: ReturnType<typeof resendAtFetch>, runEnv: typeof env, ...to: string[]) {
  for (const one of to)
    await fake.handle(
      new Request('https://api.resend.com/emails', {
        method: 'POST',
        headers: { authorization: `Bearer ${runEnv.EMAIL_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: runEnv.EMAIL_FROM, to: [one], subject: 'x', text: 'x' }),
      }),
    )
}
