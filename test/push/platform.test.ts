// Push as the platform works (issue 41 §3; docs/decisions/060): redirects never followed, our
// own keys' faults never taken as the devices', only the push service's 404/410 remove a device,
// production refuses VAPID keys that cannot work, quiet hours on each device's clock, the
// person's opt-out read again at send time, one device whatever its endpoint's fragment, the
// person's list of devices, the admin's list naming push, and the profile form keeping push.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index'
import { pushSubscriptions } from '#worker/db/schema'
import { deliverPushes, quietHoursEnd } from '#worker/push/deliver'
import { instantOf, wallClock } from '#worker/lib/zones'
import { eq } from 'drizzle-orm'
import { patch, patchUser } from '../factories'
import { api, json, PRODUCTION_VARS } from '../helpers'
import { bearer, register } from '../users/support'
import { FakePushService } from './fake-push-service'
import { call, deliveryOf, devicesOf, pendingPushes, pushNotice, pushServiceAtFetch, save } from './support'

afterEach(() => vi.restoreAllMocks())

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

describe('what the push service answers', () => {
  it('a redirect is never followed: the push is a failure, the device is kept and counted', async () => {
    const fake = new FakePushService()
    const ana = await register()
    const phone = await fake.subscribe()
    await save(ana.token, phone, { quiet_hours: '0' })
    const asked: { url: string; redirect: string }[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init)
      asked.push({ url: request.url, redirect: request.redirect })
      // An allowed host answering 307 towards a loopback address (seen in issue 41).
      return new Response(null, { status: 307, headers: { location: 'http://127.0.0.1:8080/admin' } })
    })
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const [id] = await pendingPushes([ana.id])
    expect(await deliverPushes(env, [id!])).toEqual({ sent: 0, waiting: 0 })
    expect(asked).toEqual([{ url: phone.endpoint, redirect: 'manual' }])
    expect(await devicesOf(ana.id)).toEqual([{ endpoint: phone.endpoint, quiet_hours: 0, failures: 1 }])
    expect(warned.mock.calls.flat().join(' ')).toMatch(/307/)
  })

  it('a push that cannot be built for one device keeps that device (only 404/410 remove one)', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    const phone = await fake.subscribe()
    await save(ana.token, phone, { quiet_hours: '0' })
    // Keys nothing can be encrypted to, as saved before the save checked them.
    await patch(pushSubscriptions, eq(pushSubscriptions.endpoint, phone.endpoint), {
      p256dh: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const [id] = await pendingPushes([ana.id])
    await deliverPushes(env, [id!])
    expect(await devicesOf(ana.id)).toEqual([{ endpoint: phone.endpoint, quiet_hours: 0, failures: 1 }])
  })
})

describe('our own keys', () => {
  it('a private key that is not the public key’s pair sends nothing, keeps every device, logs once and tells the admins once a period', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    const luis = await register()
    const phones = [await fake.subscribe(), await fake.subscribe()]
    await save(ana.token, phones[0]!, { quiet_hours: '0' })
    await save(luis.token, phones[1]!, { quiet_hours: '0' })
    const broken = { ...env, VAPID_PRIVATE_KEY: PRODUCTION_VARS.VAPID_PRIVATE_KEY } as typeof env
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ids = await pendingPushes([ana.id, luis.id])
    for (let i = 0; i < 3; i++) expect(await deliverPushes(broken, ids)).toEqual({ sent: 0, waiting: 0 })
    expect(fake.received).toEqual([])
    expect(await devicesOf(ana.id)).toHaveLength(1)
    expect(await devicesOf(luis.id)).toHaveLength(1)
    // The deliveries wait (the cron leases them again) rather than being spent.
    for (const id of ids) expect((await deliveryOf(id))?.status).toBe('pending')
    expect(logged.mock.calls.filter((c) => /VAPID/.test(String(c[0])))).toHaveLength(1)
    const alerts = await env.DB.prepare(
      "SELECT channel, role_recipients, copy FROM admin_notifications WHERE title LIKE '%Reminders on devices%'",
    ).all<{ channel: string; role_recipients: number; copy: string }>()
    expect(alerts.results).toHaveLength(1)
    expect(alerts.results[0]).toMatchObject({ channel: 'in_app', role_recipients: 4 })
    expect(JSON.parse(alerts.results[0]!.copy).es.title).toBe('Los recordatorios en dispositivos no están saliendo')
    // Once fixed, the same deliveries go out.
    expect(await deliverPushes(env, ids)).toEqual({ sent: 2, waiting: 0 })
  })

  it('production refuses missing, malformed, local and mismatched VAPID keys (503), as it refuses Turnstile’s test keys', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const prod = { ...env, ...PRODUCTION_VARS }
    const status = async (bindings: object) => {
      const ctx = createExecutionContext()
      const res = await worker.fetch(new Request('http://localhost/v1/push/key'), bindings as never, ctx)
      await waitOnExecutionContext(ctx)
      return res.status
    }
    expect(await status(prod)).toBe(200)
    const { VAPID_PRIVATE_KEY: _, ...noPrivate } = prod
    for (const bad of [
      noPrivate,
      { ...prod, VAPID_PUBLIC_KEY: 'not-a-key' },
      { ...prod, VAPID_SUBJECT: 'equipo' },
      // config/local.vars' pair is in the repository: anyone could sign as us.
      { ...prod, VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY },
      // A private key rotated alone: no push service would take its signatures.
      { ...prod, VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY },
    ])
      expect(await status(bad)).toBe(503)
  })
})

describe('quiet hours and the person’s choice, at send time', () => {
  it('quiet hours on the device’s own zone: 03:00 in Mexico City waits until 08:00 there, for a person with no zone', async () => {
    const fake = pushServiceAtFetch()
    const zone = 'America/Mexico_City'
    const ana = await register({}, 'es')
    await patchUser(ana.id, { timezone: null })
    const phone = await fake.subscribe()
    expect((await save(ana.token, phone, { timezone: zone }, 'es')).res.status).toBe(201)
    const night = instantOf(wallClock(Date.now(), zone).date, 3 * 60, zone)!
    const [id] = await pendingPushes([ana.id])
    expect(await deliverPushes(env, [id!], night)).toEqual({ sent: 0, waiting: 1 })
    expect(fake.received).toEqual([])
    const held = await deliveryOf(id!)
    expect(held).toEqual({ status: 'pending', due_at: quietHoursEnd(night, zone) })
    expect(wallClock(held!.due_at!, zone)).toMatchObject({ hour: 8, minute: 0 })
    expect(await deliverPushes(env, [id!], held!.due_at!)).toEqual({ sent: 1, waiting: 0 })
  })

  it('a zone that is no IANA zone is a translated 422', async () => {
    const ana = await register()
    const r = await save(ana.token, await new FakePushService().subscribe(), { timezone: 'Mars/Olympus' }, 'es')
    expect(r.res.status).toBe(422)
    expect(r.body.errors.timezone).toBeDefined()
  })

  it('a delivery held for the morning is not sent once the person took push out of their channels', async () => {
    const fake = pushServiceAtFetch()
    const ana = await register()
    await save(ana.token, await fake.subscribe(), { quiet_hours: '0' })
    const [id] = await pendingPushes([ana.id])
    const saved = await call(ana.token, 'POST', '/v1/user/update', { notification_channels: 'in_app|email' })
    expect(saved.res.status).toBe(200)
    expect(await deliverPushes(env, [id!])).toEqual({ sent: 0, waiting: 0 })
    expect(fake.received).toEqual([])
    expect((await deliveryOf(id!))?.status).toBe('cancelled')
  })

  it('the profile’s notification form keeps push whatever boxes it saves', async () => {
    const { channelsToSave } = await import('#client/features/users/channels.ts')
    expect(channelsToSave(true, true).split('|')).toContain('push')
    expect(channelsToSave(true, false)).toBe('in_app|push')
    expect(channelsToSave(false, true)).toBe('email|push')
  })
})

describe('one device, and the person’s list of them', () => {
  it('an endpoint with a #fragment is the same device', async () => {
    const fake = new FakePushService()
    const ana = await register()
    const phone = await fake.subscribe()
    expect((await save(ana.token, phone)).res.status).toBe(201)
    const again = await save(ana.token, { ...phone, endpoint: `${phone.endpoint}#again` })
    expect(again.res.status).toBe(200)
    expect((await devicesOf(ana.id)).map((d) => d.endpoint)).toEqual([phone.endpoint])
  })

  it('GET /v1/push/devices lists the caller’s devices by name; DELETE /v1/push/device removes only their own', async () => {
    const fake = new FakePushService()
    const ana = await register()
    const luis = await register()
    const phone = await fake.subscribe()
    const saved = await call(ana.token, 'POST', '/v1/push/subscription', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    })
    expect(saved.res.status).toBe(201)
    // The browser's name comes from the request that saved it (saved again here by Chrome on Android).
    const form = { endpoint: phone.endpoint, 'keys[p256dh]': phone.keys.p256dh, 'keys[auth]': phone.keys.auth }
    const res = await api('/v1/push/subscription', {
      method: 'POST',
      locale: 'en',
      headers: { ...bearer(ana.token), 'user-agent': CHROME_ANDROID },
      form,
    })
    expect(res.status).toBe(200)
    await json(res)
    await save(luis.token, await fake.subscribe())

    const listed = await call(ana.token, 'GET', '/v1/push/devices')
    expect(listed.res.status).toBe(200)
    expect(listed.body.devices).toEqual([
      {
        id: expect.any(Number),
        endpoint: phone.endpoint,
        browser: 'Chrome',
        system: 'Android',
        quiet_hours: true,
        created_at: expect.any(String),
        last_used_at: null,
      },
    ])
    const id = listed.body.devices[0].id as number
    const luisId = (await call(luis.token, 'GET', '/v1/push/devices')).body.devices[0].id as number

    const other = await call(ana.token, 'DELETE', '/v1/push/device', { id: luisId }, 'es')
    expect(other.res.status).toBe(404)
    expect(other.body.message).toBe('Este dispositivo no tiene recordatorios en tu cuenta.')
    expect(await devicesOf(luis.id)).toHaveLength(1)
    const bad = await call(ana.token, 'DELETE', '/v1/push/device', { id: 'x' })
    expect(bad.res.status).toBe(422)
    const gone = await call(ana.token, 'DELETE', '/v1/push/device', { id }, 'es')
    expect(gone.res.status).toBe(200)
    expect(gone.body.message).toBe('Quitamos ese dispositivo de tus recordatorios.')
    expect(await devicesOf(ana.id)).toEqual([])
    expect((await call(null, 'GET', '/v1/push/devices')).res.status).toBe(401)
  })
})

describe('the admin’s notices', () => {
  it('a notice on the push channel is listed as push', async () => {
    const admin = await register()
    await patchUser(admin.id, { role: 4 })
    const id = await pushNotice([admin.id])
    const listed = await call(admin.token, 'GET', '/v1/notifications?per_page=100')
    expect(listed.res.status).toBe(200)
    const mine = (listed.body.notifications as { id: number; channel: string }[]).find((n) => n.id === id)
    expect(mine?.channel).toBe('push')
  })
})
