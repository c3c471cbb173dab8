// Reminders on this device (issue 34 §1) through the Worker on the real D1: saving, moving and
// deleting a device's subscription (the caller's own only), translated refusals, logout and
// erasure; and a `push` notice reaching each device through calma-fanout, sent to the fake push
// service at fetch (which checks the VAPID JWT and decrypts with the browser's private key).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index'
import { notificationDeliveries, users } from '#worker/db/schema'
import { bestMoment } from '#worker/features/notifications/notifications.due'
import { deliverPushes, queueDuePushes, quietHoursEnd } from '#worker/push/deliver'
import { instantOf, wallClock } from '#worker/lib/zones'
import { drop, patch, patchUser } from '../factories'
import { register } from '../users/support'
import { FakePushService, type BrowserSubscription } from './fake-push-service'
import { call, devicesOf, pushNotice, pushServiceAtFetch, runNotices, save } from './support'

afterEach(() => vi.restoreAllMocks())

describe('saving this device', () => {
  it('GET /v1/push/key gives the VAPID public key to anyone', async () => {
    const { res, body } = await call(null, 'GET', '/v1/push/key')
    expect(res.status).toBe(200)
    expect(body.public_key).toBe(env.VAPID_PUBLIC_KEY)
  })

  it('saves (201), saves again (200, quiet hours kept), and the caller can delete only their own', async () => {
    const fake = new FakePushService()
    const ana = await register()
    const luis = await register()
    const sub = await fake.subscribe()
    const first = await save(ana.token, sub)
    expect(first.res.status).toBe(201)
    expect(first.body.message).toBe('Reminders are on for this device.')
    expect(first.body.device).toMatchObject({ endpoint: sub.endpoint, quiet_hours: true })
    expect(first.body.device.keys).toBeUndefined()
    const off = await save(ana.token, sub, { quiet_hours: '0' }, 'es')
    expect(off.res.status).toBe(200)
    expect(off.body.message).toBe('Actualizamos los recordatorios de este dispositivo.')
    const again = await save(ana.token, sub)
    expect(again.body.device.quiet_hours).toBe(false)
    expect(await devicesOf(ana.id)).toHaveLength(1)

    // Another person's endpoint: 404, nothing deleted.
    const other = await call(luis.token, 'DELETE', '/v1/push/subscription', { endpoint: sub.endpoint }, 'es')
    expect(other.res.status).toBe(404)
    expect(other.body.message).toBe('Este dispositivo no tiene recordatorios en tu cuenta.')
    expect(await devicesOf(ana.id)).toHaveLength(1)
    const gone = await call(ana.token, 'DELETE', '/v1/push/subscription', { endpoint: sub.endpoint })
    expect(gone.res.status).toBe(200)
    expect(gone.body.message).toBe('Reminders are off for this device.')
    expect(await devicesOf(ana.id)).toEqual([])
  })

  it('turning a device on adds push to channels the person chose, once; no choice stays no choice', async () => {
    const fake = new FakePushService()
    const chose = await register()
    const none = await register()
    await patchUser(chose.id, { notificationChannels: ['in_app'] })
    const channels = async (id: number) =>
      (
        await env.DB.prepare('SELECT notification_channels AS c FROM users WHERE id = ?1')
          .bind(id)
          .first<{ c: string | null }>()
      )?.c
    const first = await save(chose.token, await fake.subscribe())
    // The channel is chosen by the device's own batch: one D1 round (issue 43 §3; it was 2).
    expect(Number(first.res.headers.get('x-d1-rounds'))).toBe(1)
    expect(JSON.parse((await channels(chose.id))!)).toEqual(['in_app', 'push'])
    await save(chose.token, await fake.subscribe())
    expect(JSON.parse((await channels(chose.id))!)).toEqual(['in_app', 'push'])
    await save(none.token, await fake.subscribe())
    expect(await channels(none.id)).toBeNull()
  })

  it('the same browser saved by another person moves to them', async () => {
    const fake = new FakePushService()
    const ana = await register()
    const luis = await register()
    const sub = await fake.subscribe()
    await save(ana.token, sub)
    const moved = await save(luis.token, sub)
    expect(moved.res.status).toBe(201)
    expect(await devicesOf(ana.id)).toEqual([])
    expect((await devicesOf(luis.id)).map((d) => d.endpoint)).toEqual([sub.endpoint])
  })

  it('keeps at most 10 devices a person, dropping the oldest', async () => {
    const fake = new FakePushService()
    const ana = await register()
    const subs: BrowserSubscription[] = []
    for (let i = 0; i < 11; i++) {
      subs.push(await fake.subscribe())
      expect((await save(ana.token, subs[i]!)).res.status).toBe(201)
    }
    const kept = (await devicesOf(ana.id)).map((d) => d.endpoint)
    expect(kept).toHaveLength(10)
    expect(kept).not.toContain(subs[0]!.endpoint)
  })

  it('refuses a visitor, and bad endpoints and keys with field errors in both languages', async () => {
    const fake = new FakePushService()
    const sub = await fake.subscribe()
    const anon = await call(null, 'POST', '/v1/push/subscription', { endpoint: sub.endpoint, keys: sub.keys })
    expect(anon.res.status).toBe(401)
    const ana = await register()
    const bad = await call(ana.token, 'POST', '/v1/push/subscription', {
      endpoint: 'http://push.fake.example/x',
      keys: { p256dh: 'short', auth: sub.keys.auth },
    })
    expect(bad.res.status).toBe(422)
    expect(bad.body.errors.endpoint).toEqual(['This browser gave an address we cannot use for reminders.'])
    expect(JSON.stringify(bad.body.errors)).toContain('This browser gave keys we cannot use for reminders.')
    const es = await call(ana.token, 'POST', '/v1/push/subscription', { endpoint: 'not a url', keys: sub.keys }, 'es')
    expect(es.res.status).toBe(422)
    expect(es.body.errors.endpoint).toEqual([
      'Este navegador dio una dirección que no podemos usar para recordatorios.',
    ])
    expect(await devicesOf(ana.id)).toEqual([])
  })

  it('logout removes the devices its session saved; the export lists them without keys; erasure removes them', async () => {
    const fake = new FakePushService()
    const ana = await register()
    await save(ana.token, await fake.subscribe())
    const exported = await call(ana.token, 'GET', '/v1/user/export')
    expect(exported.body.export.push_devices).toHaveLength(1)
    expect(JSON.stringify(exported.body.export.push_devices)).not.toMatch(/p256dh|auth/)
    expect((await call(ana.token, 'POST', '/v1/user/logout')).res.status).toBe(200)
    expect(await devicesOf(ana.id)).toEqual([])

    const luis = await register()
    await save(luis.token, await fake.subscribe())
    await drop(users, luis.id)
    expect(await devicesOf(luis.id)).toEqual([])
  })
})

describe('a push notice reaches the devices', () => {
  it('decrypted by the push service in each person’s language, with the page to open; 410 drops, 429 keeps', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register({}, 'es')
    const tom = await register({}, 'en')
    const anaPhone = await fake.subscribe()
    const tomPhone = await fake.subscribe()
    const tomOld = await fake.subscribe()
    const tomBusy = await fake.subscribe()
    for (const [p, s] of [
      [ana, anaPhone],
      [tom, tomPhone],
      [tom, tomOld],
      [tom, tomBusy],
    ] as const)
      await save(p.token, s, { quiet_hours: '0' }, p === ana ? 'es' : 'en')
    fake.answer(tomOld.endpoint, 410)
    fake.answer(tomBusy.endpoint, 429)
    const id = await pushNotice([ana.id, tom.id])
    const { bodies: messages } = await runNotices()
    expect(messages.map((m) => m.kind)).toContain('devices')
    const byEndpoint = new Map(fake.received.map((r) => [r.endpoint, r]))
    expect(byEndpoint.get(anaPhone.endpoint)?.payload).toEqual({
      title: 'Respira',
      body: 'Tres minutos para ti',
      url: '/journey',
      tag: `notice-${id}`,
    })
    expect(byEndpoint.get(tomPhone.endpoint)?.payload).toMatchObject({ title: 'Breathe', url: '/en/journey' })
    expect(byEndpoint.get(tomPhone.endpoint)?.k).toBe(env.VAPID_PUBLIC_KEY)
    expect(fake.received).toHaveLength(2)
    expect(fake.refused.map((r) => r.status).sort()).toEqual([410, 429])
    const tomDevices = await devicesOf(tom.id)
    expect(tomDevices.map((d) => d.endpoint).sort()).toEqual([tomBusy.endpoint, tomPhone.endpoint].sort())
    expect(tomDevices.find((d) => d.endpoint === tomBusy.endpoint)?.failures).toBe(1)
    // Run again: each delivery was sent once.
    await runNotices()
    expect(fake.received).toHaveLength(2)
  })

  it('quiet hours: a notice at 23:00 on the person’s clock waits until 08:00 on a quiet device', async () => {
    const fake = pushServiceAtFetch()
    const zone = 'America/Mexico_City'
    const ana = await register({ timezone: zone }, 'es')
    await patchUser(ana.id, { timezone: zone })
    await save(ana.token, await fake.subscribe(), {}, 'es')
    // The last 23:00 in Mexico City (today's, or yesterday's before it comes): its morning is then at
    // most 9 h away, inside the 24 h the device's session lives (a later night would outlive it).
    const tonight = instantOf(wallClock(Date.now(), zone).date, 23 * 60, zone)!
    const night =
      tonight <= Date.now() ? tonight : instantOf(wallClock(Date.now() - 24 * 3600_000, zone).date, 23 * 60, zone)!
    const id = await pushNotice([ana.id], { sendAt: new Date(night - 1000), createdAt: new Date(night - 1000) })
    await runNotices(new Date(night))
    // The deliveries' consumer ran at the real now; judge it at 23:00 by delivering again at that time.
    const pending = await env.DB.prepare(
      "SELECT id FROM notification_deliveries WHERE notification_id = ?1 AND channel = 'push'",
    )
      .bind(id)
      .first<{ id: number }>()
    await patch(notificationDeliveries, pending!.id, { status: 'pending', sentAt: null })
    fake.received.length = 0
    const r = await deliverPushes(env, [pending!.id], night)
    expect(r).toEqual({ sent: 0, waiting: 1 })
    expect(fake.received).toEqual([])
    const row = await env.DB.prepare('SELECT status, due_at FROM notification_deliveries WHERE id = ?1')
      .bind(pending!.id)
      .first<{ status: string; due_at: number }>()
    expect(row).toEqual({ status: 'pending', due_at: quietHoursEnd(night, zone) })
    expect(wallClock(row!.due_at, zone)).toMatchObject({ hour: 8, minute: 0 })
    const morning = await deliverPushes(env, [pending!.id], row!.due_at)
    expect(morning).toEqual({ sent: 1, waiting: 0 })
    expect(fake.received).toHaveLength(1)
  })

  it('a practice reminder at the person’s best moment: nothing before it, then the minute job pushes it in their language', async () => {
    const fake = pushServiceAtFetch()
    const zone = 'America/Bogota'
    const ana = await register({ timezone: zone }, 'es')
    await patchUser(ana.id, { timezone: zone, perfectTimeToSendNotifications: '16:00' })
    await save(ana.token, await fake.subscribe(), { quiet_hours: '0' }, 'es')
    const now = Date.now()
    const moment = bestMoment(now, zone, '16:00')
    expect(moment).toBeGreaterThan(now)
    await pushNotice([ana.id], { atBestMoment: true })
    await runNotices(new Date(now))
    expect(fake.received).toEqual([])
    // The minute job before the moment leases nothing; at the moment it queues the delivery.
    const sent = vi.spyOn(env.FANOUT_QUEUE, 'sendBatch').mockImplementation(async () => ({}) as never)
    expect(await queueDuePushes(env, moment - 60_000)).toBe(0)
    expect(await queueDuePushes(env, moment)).toBe(1)
    const bodies = sent.mock.calls.flatMap(([b]) => [...b].map((m) => m.body))
    sent.mockRestore()
    expect(bodies).toEqual([{ kind: 'devices', deliveries: [expect.any(Number)] }])
    const batch = createMessageBatch(
      'calma-fanout',
      bodies.map((body, i) => ({ id: `b${i}`, timestamp: new Date(), attempts: 1, body })),
    )
    const ctx = createExecutionContext()
    await worker.queue(batch, env, ctx)
    await getQueueResult(batch, ctx)
    expect(fake.received.map((r) => r.payload)).toEqual([
      { title: 'Respira', body: 'Tres minutos para ti', url: '/journey', tag: expect.stringMatching(/^notice-\d+$/) },
    ])
  })
})
