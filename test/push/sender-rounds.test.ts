// What one push message costs the sender (issue 43 §4, docs/decisions/083): the D1 rounds of a
// calma-fanout `devices` message and the WebCrypto calls of one push. Each is CPU on the Worker's
// thread a push or a message; the behaviour around them is the other push tests'.
import { env } from 'cloudflare:test'
import { afterEach, expect, it, vi } from 'vitest'
import { countedD1, type D1Rounds } from '#worker/db/rounds'
import type { Env } from '#worker/env'
import { encryptPush, pushRequest } from '#worker/push/payload'
import { connectionSlots, deliverPushes } from '#worker/push/deliver'
import { makeUser } from '../factories'
import { b64u, browserSubscription, decryptPushBody, FakePushService } from './fake-push-service'
import { deliveryOf, pendingPushes, pushServiceAtFetch } from './support'

afterEach(() => vi.restoreAllMocks())

async function device(
  userId: number,
  endpoint: string,
  keys: { p256dh: string; auth: string },
  expiresAt: number | null,
) {
  await env.DB.prepare(
    'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, language, quiet_hours, created_at, session_expires_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?7)',
  )
    .bind(userId, endpoint, keys.p256dh, keys.auth, 'es', Date.now(), expiresAt)
    .run()
}

it('a push message reads its deliveries and devices in one D1 round: three rounds in all, with the claim and the answers', async () => {
  const fake = pushServiceAtFetch()
  const sub = await fake.subscribe()
  fake.aliasPrefix(`${sub.endpoint}-`, sub)
  const now = Date.now()
  const [a, b, off] = [await makeUser(), await makeUser(), await makeUser()]
  // a: a live device and one whose session ended by itself (gone at send time, decision 060);
  // b: one device; off: stopped notifications since the notice was written (cancelled, issue 41).
  await device(a.id, `${sub.endpoint}-a1`, sub.keys, now + 86_400_000)
  await device(a.id, `${sub.endpoint}-a2`, sub.keys, now - 1000)
  await device(b.id, `${sub.endpoint}-b1`, sub.keys, null)
  await device(off.id, `${sub.endpoint}-off`, sub.keys, null)
  const ids = await pendingPushes([a.id, b.id, off.id])
  await env.DB.prepare('UPDATE users SET notifications_disabled_at = ?1 WHERE id = ?2').bind(now, off.id).run()

  const count: D1Rounds = { rounds: 0, calls: 0, wrote: false, changed: false }
  const counted = { ...env, DB: countedD1(env.DB, count) } as Env
  expect(await deliverPushes(counted, ids, now)).toEqual({ sent: 2, waiting: 0 })

  // Was five: the read of the deliveries, then the devices and the ended ones side by side, the claim, the answers.
  expect(count.calls).toBe(3)
  expect(count.rounds).toBe(3)
  expect(fake.received.map((r) => r.endpoint.slice(r.endpoint.lastIndexOf('-') + 1)).sort()).toEqual(['a1', 'b1'])
  const left = await env.DB.prepare(
    'SELECT endpoint, last_ok_at FROM push_subscriptions WHERE user_id IN (?1, ?2, ?3) ORDER BY endpoint',
  )
    .bind(a.id, b.id, off.id)
    .all<{ endpoint: string; last_ok_at: number | null }>()
  expect(left.results.map((r) => [r.endpoint.slice(r.endpoint.lastIndexOf('-') + 1), r.last_ok_at])).toEqual([
    ['a1', now],
    ['b1', now],
    ['off', null],
  ])
  expect((await deliveryOf(ids[0]!))?.status).toBe('sent')
  expect((await deliveryOf(ids[2]!))?.status).toBe('cancelled')
})

it("a message's statements find its deliveries by id, never by reading every pending delivery (the status index)", async () => {
  const fake = pushServiceAtFetch()
  const sub = await fake.subscribe()
  fake.aliasPrefix(`${sub.endpoint}-`, sub)
  const [a, b] = [await makeUser(), await makeUser()]
  await device(a.id, `${sub.endpoint}-a`, sub.keys, null)
  await device(b.id, `${sub.endpoint}-b`, sub.keys, null)
  // Others' pending deliveries, as 100,000 are while a notice goes out: a statement planned on
  // (status, due_at) reads them all for every message (bench:scale at 100,000: 1,800 us a push).
  const others = []
  for (let i = 0; i < 3; i++) others.push((await makeUser()).id)
  await pendingPushes(others)
  const ids = await pendingPushes([a.id, b.id])
  const seen: { sql: string; params: unknown[] }[] = []
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare')
        return (query: string) => {
          const stmt = target.prepare(query)
          return new Proxy(stmt, {
            get(s, p) {
              if (p === 'bind')
                return (...params: unknown[]) => {
                  seen.push({ sql: query, params })
                  return s.bind(...params)
                }
              const v = Reflect.get(s, p, s)
              return typeof v === 'function' ? v.bind(s) : v
            },
          })
        }
      const v = Reflect.get(target, prop, target)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
  expect(await deliverPushes({ ...env, DB: db } as Env, ids)).toEqual({ sent: 2, waiting: 0 })
  const plans: string[] = []
  for (const { sql, params } of seen.filter((q) => /notification_deliveries/.test(q.sql))) {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>()
    plans.push(plan.results.map((r) => r.detail).join('; '))
  }
  expect(plans.length).toBeGreaterThanOrEqual(3)
  expect(plans.filter((p) => p.includes('status_due_idx'))).toEqual([])
})

it('one push is encrypted with six WebCrypto calls (RFC 8291 §3.4 key schedule in JS), and the browser reads it', async () => {
  const sub = await browserSubscription('https://push.fake.example/wpush/v2/x')
  const subtle = crypto.subtle
  const spies = (['importKey', 'generateKey', 'exportKey', 'deriveBits', 'deriveKey', 'encrypt', 'sign'] as const).map(
    (name) => vi.spyOn(subtle, name),
  )
  const body = await encryptPush(sub.keys, new TextEncoder().encode('{"title":"Respira"}'))
  const calls = Object.fromEntries(spies.map((s) => [s.getMockName(), s.mock.calls.length]))
  vi.restoreAllMocks()
  // The browser's key imported, the sender's pair made and its public half exported, the ECDH, the
  // AES key imported and the record encrypted. Was eleven: the two HKDFs took five more
  // (an import of each input key and a deriveBits each for the IKM, the CEK and the nonce).
  expect(calls).toEqual({
    importKey: 2,
    generateKey: 1,
    exportKey: 1,
    deriveBits: 1,
    deriveKey: 0,
    encrypt: 1,
    sign: 0,
  })
  expect(body.length).toBe(4096)
  const text = await decryptPushBody(body, {
    privateKey: sub.privateKey,
    publicRaw: b64u.decode(sub.keys.p256dh),
    auth: b64u.decode(sub.keys.auth),
  })
  expect(JSON.parse(text)).toEqual({ title: 'Respira' })
})

it("a message's pushes share their timeout timers: one a second, each fetch with a signal of at least 10 s", async () => {
  const fake = pushServiceAtFetch()
  const fetchSpy = vi.mocked(globalThis.fetch)
  const sub = await fake.subscribe()
  fake.aliasPrefix(`${sub.endpoint}-`, sub)
  const people = []
  for (let i = 0; i < 8; i++) {
    const { id } = await makeUser()
    await device(id, `${sub.endpoint}-${i}`, sub.keys, null)
    people.push(id)
  }
  const ids = await pendingPushes(people)
  const timeouts = vi.spyOn(AbortSignal, 'timeout')
  expect(await deliverPushes(env, ids, Date.now(), connectionSlots())).toEqual({ sent: 8, waiting: 0 })
  // Was one timer a push (8); the pushes of this message all took their connection within a second.
  expect(timeouts.mock.calls.length).toBe(1)
  expect(timeouts.mock.calls[0]![0]).toBeGreaterThanOrEqual(10_000)
  expect(fetchSpy.mock.calls.every(([, init]) => init?.signal instanceof AbortSignal)).toBe(true)
  expect(fake.received).toHaveLength(8)
})

it("a push's request: no content-length of its own (fetch sets it from the body), its endpoint's URL parsed once per push service, not once a push", async () => {
  // An origin no other test pushes to, so the first push parses it here.
  const fake = new FakePushService('https://push.once.example')
  const sub = await fake.subscribe()
  fake.aliasPrefix(`${sub.endpoint}-`, sub)
  const vapid = { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! }
  const options = { ttl: 86_400, urgency: 'normal' as const, topic: 'notice-1' }
  const notice = { title: 'Respira', body: '', url: '/journey', tag: 'notice-1' }
  const RealURL = globalThis.URL
  let parsed = 0
  globalThis.URL = class extends RealURL {
    constructor(url: string | URL, base?: string | URL) {
      super(url, base)
      parsed++
    }
  }
  const made = []
  try {
    for (let i = 0; i < 5; i++)
      made.push(await pushRequest(vapid, { endpoint: `${sub.endpoint}-${i}`, ...sub.keys }, notice, options))
  } finally {
    globalThis.URL = RealURL
  }
  // Was one a push (5).
  expect(parsed).toBe(1)
  // Was content-length: '4096' beside the body: one header more to copy at each hop.
  expect(made.every((r) => !('content-length' in r.headers))).toBe(true)
  for (const [i, r] of made.entries()) {
    const request = new Request(`${sub.endpoint}-${i}`, { method: 'POST', headers: r.headers, body: r.body })
    expect((await fake.fetch(request)).status, JSON.stringify(fake.refused)).toBe(201)
  }
  expect(fake.received.map((r) => r.payload)).toEqual(Array.from({ length: 5 }, () => notice))
  // What is kept is per https origin: another scheme on the same host is still refused.
  await expect(
    pushRequest(vapid, { endpoint: 'http://push.once.example/wpush/v2/x', ...sub.keys }, notice, options),
  ).rejects.toThrow(/not https/)
})

it('pushes made side by side, a long one then a short one, each decrypt to their own words: the padding is zeros every time', async () => {
  // The padded plaintext is written into one buffer of the isolate (decision 085): a byte left of
  // the long notice would make the short one's padding end in it (no 0x02 delimiter last).
  const sub = await browserSubscription('https://push.fake.example/wpush/v2/pad')
  const words = ['x'.repeat(3000), 'corto', 'y'.repeat(1200), '']
  const bodies = await Promise.all(words.map((w) => encryptPush(sub.keys, new TextEncoder().encode(w))))
  const ua = { privateKey: sub.privateKey, publicRaw: b64u.decode(sub.keys.p256dh), auth: b64u.decode(sub.keys.auth) }
  for (const [i, body] of bodies.entries()) {
    expect(body.length).toBe(4096)
    expect(await decryptPushBody(body, ua)).toBe(words[i])
  }
  expect(await decryptPushBody(await encryptPush(sub.keys, new TextEncoder().encode('corto')), ua)).toBe('corto')
})
