// A calma-fanout batch's push messages go side by side, sharing the invocation's connections
// (issue 43 §4, docs/decisions/074): a message's D1 rounds and encryption no longer wait for the
// message before it to finish its sends, and never more than a Worker's 6 connections are open.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { afterEach, expect, it, vi } from 'vitest'
import worker from '#worker/index'
import { makeUser } from '../factories'
import { FakePushService } from './fake-push-service'
import { pendingPushes } from './support'

afterEach(() => vi.restoreAllMocks())

/** `n` people with one device each (reminders on, no quiet hours), the devices the fake's. */
async function peopleWithDevices(fake: FakePushService, n: number) {
  const sub = await fake.subscribe()
  fake.aliasPrefix(`${sub.endpoint}-`, sub)
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const { id } = await makeUser({ language: i % 2 ? 'en' : 'es' })
    await env.DB.prepare(
      'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, language, quiet_hours, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6)',
    )
      .bind(id, `${sub.endpoint}-${id}`, sub.keys.p256dh, sub.keys.auth, 'es', Date.now())
      .run()
    ids.push(id)
  }
  return ids
}

it('two push messages of a batch go side by side, never more than 6 connections open at once, each device once', async () => {
  const fake = new FakePushService()
  const first = await peopleWithDevices(fake, 9)
  const second = await peopleWithDevices(fake, 9)
  const byEndpoint = new Map<string, 'first' | 'second'>()
  for (const [name, people] of [
    ['first', first],
    ['second', second],
  ] as const)
    for (const id of people) byEndpoint.set(`-${id}`, name)
  const messageOf = (url: string) => byEndpoint.get(url.slice(url.lastIndexOf('-')))!
  let open = 0
  let mostOpen = 0
  const events: { message: string; at: 'start' | 'end' }[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init)
    if (!fake.handles(request.url)) throw new Error(`unexpected fetch ${request.url}`)
    open++
    mostOpen = Math.max(mostOpen, open)
    events.push({ message: messageOf(request.url), at: 'start' })
    // A push service a few milliseconds away.
    await new Promise((resolve) => setTimeout(resolve, 15))
    const answer = await fake.fetch(request)
    open--
    events.push({ message: messageOf(request.url), at: 'end' })
    return answer
  })
  const [a, b] = [await pendingPushes(first), await pendingPushes(second)]
  const batch = createMessageBatch('calma-fanout', [
    { id: 'a', timestamp: new Date(), attempts: 1, body: { kind: 'devices', deliveries: a } },
    { id: 'b', timestamp: new Date(), attempts: 1, body: { kind: 'devices', deliveries: b } },
  ])
  const ctx = createExecutionContext()
  await worker.queue(batch, env, ctx)
  const result = await getQueueResult(batch, ctx)
  expect(result.explicitAcks.sort()).toEqual(['a', 'b'])
  expect(new Set(fake.received.map((r) => r.endpoint)).size).toBe(18)
  expect(fake.received).toHaveLength(18)
  expect(mostOpen).toBeLessThanOrEqual(6)
  // Side by side: the second message's first push leaves before the first message's last one is answered.
  const firstOfSecond = events.findIndex((e) => e.message === 'second' && e.at === 'start')
  const lastOfFirst = events.findLastIndex((e) => e.message === 'first' && e.at === 'end')
  expect(firstOfSecond).toBeLessThan(lastOfFirst)
})
