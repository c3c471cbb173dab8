// The lifecycle table, sessions' part (issue 41 §1; docs/decisions/060): every way a session ends,
// and stopping notifications, against what the person owns — their sessions and tokens, their
// push devices, the notices and pushes waiting for them, and what the browser is told about its
// offline copies (decision 039: the companion cookie, cleared by the answer that ends a session).
// Each `it` is one cell, named "[row × column]". Through the Worker on the real D1 and KV; the
// only fake is the push service at fetch.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deliverPushes } from '#worker/push/deliver'
import { tokenHash } from '#worker/lib/crypto'
import { sessionKey, type SessionRecord } from '#worker/identity/records'
import { api, json } from '../helpers'
import { bearer, captcha, login, PASSWORD, register, sessionCookie, type Registered } from '../users/support'
import type { BrowserSubscription, FakePushService } from '../push/fake-push-service'
import { call, deliveryOf, devicesOf, pendingPushes, pushServiceAtFetch, save } from '../push/support'

afterEach(() => vi.restoreAllMocks())

const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })
const COMPANION = '__Host-calma_viewer'
const setCookies = (res: Response) => res.headers.getSetCookie()
const companionCleared = (res: Response) =>
  expect(setCookies(res)).toContain(`${COMPANION}=; Max-Age=0; Path=/; Secure; SameSite=Lax`)
const sessionCleared = (res: Response) =>
  expect(setCookies(res).some((c) => /^calma_session=;.*Max-Age=0/.test(c))).toBe(true)

/** One browser's session: its token (also its cookie), its viewer (companion) and page CSRF token. */
interface Browser {
  token: string
  viewer: string
  csrf: string
  headers: Record<string, string>
}
async function browserOf(token: string): Promise<Browser> {
  const res = await page('/profile', { headers: { cookie: `calma_session=${token}` } })
  expect(res.status).toBe(200)
  const viewer = res.headers.get('x-calma-viewer')!
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await res.text())![1]!
  return {
    token,
    viewer,
    csrf,
    headers: { cookie: `calma_session=${token}; ${COMPANION}=${viewer}`, 'x-csrf-token': csrf },
  }
}

/**
 * A person with three sessions: A and B are browsers (cookies) with a push device each, C is a
 * bearer token (an app), and a push delivery held for them (written before the event).
 */
async function person(fake: FakePushService) {
  const r: Registered = await register({}, 'es')
  const a = await browserOf(r.token)
  const b = await browserOf(sessionCookie((await login(r.email, PASSWORD, { remember: '1' })).res)!)
  const c = (await login(r.email)).body.user.token as string
  const phoneA = await fake.subscribe()
  const phoneB = await fake.subscribe()
  expect((await save(a.token, phoneA, { quiet_hours: '0' })).res.status).toBe(201)
  expect((await save(b.token, phoneB, { quiet_hours: '0' })).res.status).toBe(201)
  const [held] = await pendingPushes([r.id])
  return { r, a, b, c, phoneA, phoneB, held: held! }
}

const signedIn = async (token: string) => (await api('/v1/user', { headers: bearer(token) })).status === 200
const endpoints = async (id: number) => (await devicesOf(id)).map((d) => d.endpoint)
const reached = (fake: FakePushService) => fake.received.map((x) => x.endpoint)
const only = (...subs: BrowserSubscription[]) => subs.map((s) => s.endpoint)

const logoutPost = (b: Browser) => api('/v1/user/logout', { method: 'POST', headers: b.headers })
const logoutLink = (b: Browser) => page('/logout', { headers: { ...b.headers, 'sec-fetch-site': 'same-origin' } })
const logoutAll = (b: Browser) => api('/v1/user/logout/all', { method: 'POST', headers: b.headers })

/** The session's end passes: its KV record says it ended a second ago (as its TTL would). */
async function expire(token: string) {
  const key = sessionKey(await tokenHash(env, token))
  const rec = (await env.KV.get<SessionRecord>(key, 'json'))!
  await env.KV.put(key, JSON.stringify({ ...rec, exp: Date.now() - 1000 }))
  return rec.exp
}

describe('sign-out (POST /v1/user/logout)', () => {
  it('[sign-out (POST /v1/user/logout) × sessions and tokens] ends that session only: the others and bearer tokens go on', async () => {
    const p = await person(pushServiceAtFetch())
    expect((await logoutPost(p.a)).status).toBe(200)
    expect(await signedIn(p.a.token)).toBe(false)
    expect(await signedIn(p.b.token)).toBe(true)
    expect(await signedIn(p.c)).toBe(true)
  })

  it('[sign-out (POST /v1/user/logout) × push devices] removes the devices that session saved, keeps the others', async () => {
    const p = await person(pushServiceAtFetch())
    await logoutPost(p.a)
    expect(await endpoints(p.r.id)).toEqual(only(p.phoneB))
  })

  it('[sign-out (POST /v1/user/logout) × notices and pushes] a push held for the person reaches only their devices still signed in', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    await logoutPost(p.a)
    expect(await deliverPushes(env, [p.held])).toEqual({ sent: 1, waiting: 0 })
    expect(reached(fake)).toEqual(only(p.phoneB))
  })

  it('[sign-out (POST /v1/user/logout) × offline copies] the answer clears the session cookie and the companion the service worker reads', async () => {
    const p = await person(pushServiceAtFetch())
    const out = await logoutPost(p.a)
    sessionCleared(out)
    companionCleared(out)
  })
})

describe('sign-out (GET /logout)', () => {
  it('[sign-out (GET /logout) × sessions and tokens] a same-origin link ends that session only', async () => {
    const p = await person(pushServiceAtFetch())
    expect((await logoutLink(p.a)).status).toBe(303)
    expect(await signedIn(p.a.token)).toBe(false)
    expect(await signedIn(p.b.token)).toBe(true)
    expect(await signedIn(p.c)).toBe(true)
  })

  it('[sign-out (GET /logout) × push devices] removes the devices that session saved, as the POST does', async () => {
    const p = await person(pushServiceAtFetch())
    await logoutLink(p.a)
    expect(await endpoints(p.r.id)).toEqual(only(p.phoneB))
  })

  it('[sign-out (GET /logout) × notices and pushes] a push held for the person no longer reaches the signed-out device', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    await logoutLink(p.a)
    await deliverPushes(env, [p.held])
    expect(reached(fake)).toEqual(only(p.phoneB))
  })

  it('[sign-out (GET /logout) × offline copies] the redirect clears the session cookie and the companion', async () => {
    const p = await person(pushServiceAtFetch())
    const out = await logoutLink(p.a)
    sessionCleared(out)
    companionCleared(out)
  })
})

describe('session expiry', () => {
  it('[session expiry × sessions and tokens] an expired session answers as a visitor; the others go on', async () => {
    const p = await person(pushServiceAtFetch())
    await expire(p.a.token)
    expect(await signedIn(p.a.token)).toBe(false)
    expect(await signedIn(p.b.token)).toBe(true)
  })

  it('[session expiry × push devices] a device whose session expired is not listed and is deleted at send time', async () => {
    const p = await person(pushServiceAtFetch())
    const ends = Date.parse(p.r.body.user.token_expires_at)
    // Once A's day is over (B kept 'keep me connected': 30 days).
    await deliverPushes(env, [p.held], ends + 60_000)
    expect(await endpoints(p.r.id)).toEqual(only(p.phoneB))
    const listed = await call(p.b.token, 'GET', '/v1/push/devices')
    expect(listed.body.devices.map((d: { endpoint: string }) => d.endpoint)).toEqual(only(p.phoneB))
  })

  it('[session expiry × notices and pushes] a push after the session’s end does not reach its device', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    const ends = Date.parse(p.r.body.user.token_expires_at)
    expect(await deliverPushes(env, [p.held], ends + 60_000)).toEqual({ sent: 1, waiting: 0 })
    expect(reached(fake)).toEqual(only(p.phoneB))
  })

  it('[session expiry × offline copies] the expired session’s next answer clears its companion', async () => {
    const p = await person(pushServiceAtFetch())
    await expire(p.a.token)
    const res = await page('/journey', { headers: p.a.headers })
    companionCleared(res)
    expect(res.headers.get('x-calma-viewer')).toBe('v')
    await res.text()
  })
})

describe('password change', () => {
  const change = (p: Awaited<ReturnType<typeof person>>) =>
    call(p.a.token, 'POST', '/v1/user/update', { password: 'A-new-calm-password-7', current_password: PASSWORD })

  it('[password change × sessions and tokens] every other session and bearer token ends; the caller goes on with a new one', async () => {
    const p = await person(pushServiceAtFetch())
    const changed = await change(p)
    expect(changed.res.status).toBe(200)
    expect(await signedIn(p.b.token)).toBe(false)
    expect(await signedIn(p.c)).toBe(false)
    expect(await signedIn(p.a.token)).toBe(false)
    expect(await signedIn(changed.body.user.token)).toBe(true)
  })

  it('[password change × push devices] the other sessions’ devices go (the lost phone); the caller’s stays, now under the new session', async () => {
    const p = await person(pushServiceAtFetch())
    const changed = await change(p)
    expect(await endpoints(p.r.id)).toEqual(only(p.phoneA))
    // It belongs to the new session: that session's logout removes it.
    expect((await call(changed.body.user.token, 'POST', '/v1/user/logout')).res.status).toBe(200)
    expect(await endpoints(p.r.id)).toEqual([])
  })

  it('[password change × notices and pushes] a push held for the person reaches only the device of the session that changed it', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    await change(p)
    await deliverPushes(env, [p.held])
    expect(reached(fake)).toEqual(only(p.phoneA))
  })

  it('[password change × offline copies] another browser’s next answer clears its companion', async () => {
    const p = await person(pushServiceAtFetch())
    await change(p)
    const res = await page('/journey', { headers: p.b.headers })
    companionCleared(res)
    await res.text()
  })
})

describe('sign-out everywhere', () => {
  it('[sign-out everywhere × sessions and tokens] POST /v1/user/logout/all ends every session, this one and bearer tokens included', async () => {
    const p = await person(pushServiceAtFetch())
    const out = await logoutAll(p.a)
    expect(out.status).toBe(200)
    expect(await json(out)).toMatchObject({
      success: true,
      message: 'Has cerrado la sesión en todos tus dispositivos.',
    })
    for (const token of [p.a.token, p.b.token, p.c]) expect(await signedIn(token)).toBe(false)
    expect((await api('/v1/user/logout/all', { method: 'POST', headers: bearer(p.c) })).status).toBe(401)
  })

  it('[sign-out everywhere × push devices] every device of the person goes', async () => {
    const p = await person(pushServiceAtFetch())
    await logoutAll(p.a)
    expect(await devicesOf(p.r.id)).toEqual([])
  })

  it('[sign-out everywhere × notices and pushes] a push held for the person reaches no device', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    await logoutAll(p.a)
    await deliverPushes(env, [p.held])
    expect(fake.received).toEqual([])
  })

  it('[sign-out everywhere × offline copies] the answer clears this browser’s companion, and the other browser’s next answer clears its own', async () => {
    const p = await person(pushServiceAtFetch())
    const out = await logoutAll(p.a)
    sessionCleared(out)
    companionCleared(out)
    const other = await page('/journey', { headers: p.b.headers })
    companionCleared(other)
    await other.text()
  })
})

describe('stopping notifications', () => {
  const stop = (p: Awaited<ReturnType<typeof person>>) => call(p.c, 'DELETE', '/v1/user/notifications/delete')

  it('[stopping notifications × sessions and tokens] ends no session', async () => {
    const p = await person(pushServiceAtFetch())
    expect((await stop(p)).res.status).toBe(200)
    for (const token of [p.a.token, p.b.token, p.c]) expect(await signedIn(token)).toBe(true)
  })

  it('[stopping notifications × push devices] the devices are kept (the person may turn notices back on), and still listed', async () => {
    const p = await person(pushServiceAtFetch())
    await stop(p)
    expect((await endpoints(p.r.id)).sort()).toEqual(only(p.phoneA, p.phoneB).sort())
    expect((await call(p.a.token, 'GET', '/v1/push/devices')).body.devices).toHaveLength(2)
  })

  it('[stopping notifications × notices and pushes] a push held for the morning is cancelled, never sent', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    await stop(p)
    expect(await deliverPushes(env, [p.held])).toEqual({ sent: 0, waiting: 0 })
    expect(fake.received).toEqual([])
    expect((await deliveryOf(p.held))?.status).toBe('cancelled')
  })

  it('[stopping notifications × offline copies] the browser keeps its viewer: nothing of the session is cleared', async () => {
    const p = await person(pushServiceAtFetch())
    const out = await api('/v1/user/notifications/delete', { method: 'DELETE', headers: p.a.headers })
    expect(out.status).toBe(200)
    expect(setCookies(out).some((c) => c.startsWith(`${COMPANION}=`))).toBe(false)
    expect(out.headers.get('x-calma-viewer')).toBe(p.a.viewer)
  })
})

describe('erasure of a person', () => {
  const erase = (p: Awaited<ReturnType<typeof person>>) =>
    api('/v1/user', { method: 'DELETE', headers: { ...p.a.headers, 'x-captcha-token': captcha() } })

  it('[erasure of a person × sessions and tokens] every session and bearer token ends', async () => {
    const p = await person(pushServiceAtFetch())
    expect((await erase(p)).status).toBe(200)
    for (const token of [p.a.token, p.b.token, p.c]) expect(await signedIn(token)).toBe(false)
  })

  it('[erasure of a person × push devices] every device goes', async () => {
    const p = await person(pushServiceAtFetch())
    await erase(p)
    expect(await devicesOf(p.r.id)).toEqual([])
  })

  it('[erasure of a person × notices and pushes] the pushes held for them go with them, and nothing is sent', async () => {
    const fake = pushServiceAtFetch()
    const p = await person(fake)
    await erase(p)
    expect(await deliveryOf(p.held)).toBeNull()
    expect(await deliverPushes(env, [p.held])).toEqual({ sent: 0, waiting: 0 })
    expect(fake.received).toEqual([])
  })

  it('[erasure of a person × offline copies] the answer clears the companion, and another browser’s next answer says the person was erased', async () => {
    const p = await person(pushServiceAtFetch())
    const out = await erase(p)
    companionCleared(out)
    const other = await page('/journey', { headers: p.b.headers })
    companionCleared(other)
    expect(other.headers.get('x-calma-erased')).toMatch(/^[0-9a-f]{32}$/)
    await other.text()
  })
})
