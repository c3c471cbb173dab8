// Breaking "Reminders on this device" (issue 34 §1) from outside: tests written by a tester,
// each with a one-line comment of what it shows. Helpers copied from test/push/push.test.ts.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { pushSubscriptions, users } from '#worker/db/schema'
import { sendDueNotifications } from '#worker/features/notifications/notifications.due'
import { deliverPushes } from '#worker/push/deliver'
import { patch } from '../factories'
import { register } from '../users/support'
import { FakePushService } from '../push/fake-push-service'
import { call, devicesOf, pushNotice, pushServiceAtFetch, runNotices, save } from '../push/support'
import { jobCtx } from '#worker/context'

/** 0x04 followed by 64 zero bytes: 65 bytes of valid base64url, but not a point on P-256. */
const NOT_A_POINT = 'BA' + 'A'.repeat(85)

afterEach(() => vi.restoreAllMocks())

describe('endpoint hosts (SSRF: the Worker POSTs to whatever endpoint was saved)', () => {
  // Shows: any https host is accepted as a push endpoint (metadata IP, loopback, internal names,
  // any web site), so the Worker will send signed POSTs there; real push services are a short list
  // (fcm.googleapis.com, updates.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com).
  it('refuses endpoints that are not a push service (loopback, link-local metadata, internal, any site)', async () => {
    const fake = new FakePushService()
    const sub = await fake.subscribe()
    const ana = await register()
    const hosts = [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/wpush',
      'https://localhost/wpush',
      'https://[::1]/wpush',
      'https://10.0.0.1/wpush',
      'https://calma.internal/wpush',
      'https://example.com/anything',
      'https://user:pass@example.com/x',
    ]
    const accepted: string[] = []
    for (const endpoint of hosts) {
      const r = await save(ana.token, { endpoint, keys: sub.keys })
      if (r.res.status !== 422) accepted.push(`${r.res.status} ${endpoint}`)
    }
    expect(accepted).toEqual([])
  })

  // Holds (expected): http: is refused with the translated field error.
  it('refuses http: endpoints with a translated field error', async () => {
    const sub = await new FakePushService().subscribe()
    const ana = await register()
    const r = await save(ana.token, { endpoint: 'http://127.0.0.1/x', keys: sub.keys }, {}, 'es')
    expect(r.res.status).toBe(422)
    expect(r.body.errors.endpoint).toEqual(['Este navegador dio una dirección que no podemos usar para recordatorios.'])
  })

  // Holds (expected): a 2 KB endpoint is a 422, not a 500.
  it('refuses a 2 KB endpoint', async () => {
    const sub = await new FakePushService().subscribe()
    const ana = await register()
    const r = await save(ana.token, { endpoint: `https://push.fake.example/${'a'.repeat(2048)}`, keys: sub.keys })
    expect(r.res.status).toBe(422)
    expect(r.body.errors.endpoint).toBeDefined()
  })

  // Shows: the same browser saved under a host spelled in capitals (or with :443) is a second
  // device, so that one browser gets each notice twice.
  it('one browser is one device whatever the spelling of its endpoint', async () => {
    const fake = new FakePushService()
    const sub = await fake.subscribe()
    const ana = await register()
    await save(ana.token, sub)
    await save(ana.token, {
      endpoint: sub.endpoint.replace('https://push.fake.example', 'https://PUSH.FAKE.EXAMPLE'),
      keys: sub.keys,
    })
    await save(ana.token, {
      endpoint: sub.endpoint.replace('push.fake.example', 'push.fake.example:443'),
      keys: sub.keys,
    })
    expect(await devicesOf(ana.id)).toHaveLength(1)
  })
})

describe('keys', () => {
  // Shows: a p256dh of the right length that is not a point on P-256 is saved (201); the
  // contract only checks length/alphabet. Sending to it later throws (see the next test).
  it('refuses a p256dh that is not a point on P-256', async () => {
    const sub = await new FakePushService().subscribe()
    const ana = await register()
    const r = await save(ana.token, { endpoint: sub.endpoint, keys: { p256dh: NOT_A_POINT, auth: sub.keys.auth } })
    expect(r.res.status).toBe(422)
    expect(JSON.stringify(r.body.errors)).toContain('This browser gave keys we cannot use for reminders.')
  })

  // Holds (expected): wrong lengths, padding, standard base64 and odd characters are a 422.
  it('refuses keys of wrong length or alphabet with field errors', async () => {
    const sub = await new FakePushService().subscribe()
    const ana = await register()
    const bad = [
      { p256dh: sub.keys.p256dh + 'A', auth: sub.keys.auth },
      { p256dh: sub.keys.p256dh.slice(0, -1), auth: sub.keys.auth },
      { p256dh: sub.keys.p256dh, auth: sub.keys.auth + '==' },
      { p256dh: sub.keys.p256dh.replace(/.$/, '+'), auth: sub.keys.auth },
      { p256dh: sub.keys.p256dh, auth: 'é'.repeat(22) },
    ]
    for (const keys of bad) {
      const r = await save(ana.token, { endpoint: sub.endpoint, keys })
      expect(r.res.status).toBe(422)
    }
    expect(await devicesOf(ana.id)).toEqual([])
  })

  // Shows: one device with unusable keys (saved as above) makes the whole calma-fanout message
  // fail: sendPush throws while building the payload, the deliveries are already claimed 'sent',
  // the message is retried but finds nothing pending, so the others' outcomes (a 410 to drop) are
  // never written and people in the same message can lose the notice.
  it('one device with bad keys does not break the delivery of other people in the same message', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    const luis = await register()
    const anaBad = await fake.subscribe()
    const luisGone = await fake.subscribe()
    const luisPhone = await fake.subscribe()
    // Put the bad keys straight in the table, in case the save starts refusing them.
    await save(ana.token, anaBad, { quiet_hours: '0' })
    await patch(pushSubscriptions, eq(pushSubscriptions.endpoint, anaBad.endpoint), { p256dh: NOT_A_POINT })
    await save(luis.token, luisGone, { quiet_hours: '0' })
    await save(luis.token, luisPhone, { quiet_hours: '0' })
    fake.answer(luisGone.endpoint, 410)
    await pushNotice([ana.id, luis.id])
    const { result } = await runNotices()
    await new Promise((r) => setTimeout(r, 200))
    expect(result.retryMessages).toEqual([])
    expect(fake.received.map((r) => r.endpoint)).toEqual([luisPhone.endpoint])
    expect((await devicesOf(luis.id)).map((d) => d.endpoint)).toEqual([luisPhone.endpoint])
  })
})

describe('quiet_hours and refusals', () => {
  // Holds (expected): odd quiet_hours values are a translated 422, never a 500.
  it('odd quiet_hours values are a 422 with a field error', async () => {
    const sub = await new FakePushService().subscribe()
    const ana = await register()
    for (const v of ['2', 'yes', '-1', '01', ' 1', 'null']) {
      const r = await save(ana.token, sub, { quiet_hours: v }, 'es')
      expect(r.res.status, v).toBe(422)
      expect(r.body.errors.quiet_hours, v).toBeDefined()
    }
    expect(await devicesOf(ana.id)).toEqual([])
  })

  // Holds (expected): visitors get 401 on save and delete.
  it('a visitor cannot save or delete', async () => {
    const sub = await new FakePushService().subscribe()
    expect((await save('', sub)).res.status).toBe(401)
    expect((await call(null, 'DELETE', '/v1/push/subscription', { endpoint: sub.endpoint })).res.status).toBe(401)
  })

  // Holds (expected): a body over the limit is a 413 before anything runs.
  it('a huge body is a 413', async () => {
    const sub = await new FakePushService().subscribe()
    const ana = await register()
    const r = await save(ana.token, sub, { padding: 'x'.repeat(200_000) })
    expect(r.res.status).toBe(413)
    expect(await devicesOf(ana.id)).toEqual([])
  })

  // Holds (expected): a device moved to B cannot be deleted by A, and A no longer gets notices on it.
  it('a device moved from A to B: A cannot delete it and gets nothing on it', async () => {
    const fake = pushServiceAtFetch()
    const a = await register()
    const b = await register()
    const sub = await fake.subscribe()
    await save(a.token, sub, { quiet_hours: '0' })
    await save(b.token, sub, { quiet_hours: '0' })
    const del = await call(a.token, 'DELETE', '/v1/push/subscription', { endpoint: sub.endpoint })
    expect(del.res.status).toBe(404)
    expect(await devicesOf(b.id)).toHaveLength(1)
    await pushNotice([a.id])
    await runNotices()
    expect(fake.received).toEqual([])
  })
})

describe('the push service misbehaving', () => {
  // Shows: the send has no timeout: a push service that never answers keeps the queue consumer
  // (and all the other devices of the message waiting behind 6 connections) hanging.
  it('a push service that never answers does not hang the delivery', { timeout: 30_000 }, async () => {
    const ana = await register()
    const fake = new FakePushService()
    const sub = await fake.subscribe()
    await save(ana.token, sub, { quiet_hours: '0' })
    let sawSignal = false
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_, reject) => {
          if (init?.signal) {
            sawSignal = true
            init.signal.addEventListener('abort', () => reject(new Error('aborted')))
          }
        }),
    )
    const sent = vi.spyOn(env.FANOUT_QUEUE, 'sendBatch').mockImplementation(async () => ({}) as never)
    await pushNotice([ana.id])
    await sendDueNotifications(jobCtx(env), new Date())
    const bodies = sent.mock.calls.flatMap(([b]) => [...b].map((m) => m.body)) as {
      kind: string
      deliveries?: number[]
    }[]
    const ids = bodies.flatMap((b) => (b.kind === 'devices' ? b.deliveries! : []))
    expect(ids).toHaveLength(1)
    const outcome = await Promise.race([
      deliverPushes(env, ids).then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('still waiting after 20 s'), 20_000)),
    ])
    expect({ outcome, sawSignal }).toEqual({ outcome: 'settled', sawSignal: true })
  })

  // Holds (expected): a 500 keeps the device, counts a failure, and the message is acknowledged.
  it('a 500 keeps the device, counts a failure, and acks the message', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    const sub = await fake.subscribe()
    await save(ana.token, sub, { quiet_hours: '0' })
    fake.answer(sub.endpoint, 500)
    await pushNotice([ana.id])
    const { result } = await runNotices()
    expect(result.retryMessages).toEqual([])
    expect(await devicesOf(ana.id)).toEqual([expect.objectContaining({ failures: 1 })])
  })

  // Holds (expected): the payload is only the notice's title/body, url and tag.
  it('the payload carries only title, body, url and tag', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    const sub = await fake.subscribe()
    await save(ana.token, sub, { quiet_hours: '0' })
    await pushNotice([ana.id])
    await runNotices()
    expect(fake.received).toHaveLength(1)
    expect(Object.keys(fake.received[0]!.payload!).sort()).toEqual(['body', 'tag', 'title', 'url'])
  })

  // Holds (expected): a person whose channels exclude push gets no push.
  it('a person who chose only in_app channels gets no push', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    const sub = await fake.subscribe()
    await save(ana.token, sub, { quiet_hours: '0' })
    await patch(users, ana.id, { notificationChannels: ['in_app'] })
    await pushNotice([ana.id])
    await runNotices()
    expect(fake.received).toEqual([])
  })
})
