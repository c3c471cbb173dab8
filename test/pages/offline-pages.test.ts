// What the service worker relies on (issue 23, issue 32 §4; docs/decisions/023-offline-and-install.md,
// 039-offline-copies-belong-to-one-session.md): every answer names the device's viewer, an opaque
// id of the cookie session and its expiry (or `v`), in a header and in a companion cookie the
// service worker reads offline; the companion goes whenever the session does. The offline page
// exists in both languages with the crisis lines and is never indexed, and each language links
// its own manifest.
import { env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { tokenHash } from '#worker/lib/crypto'
import { api, json } from '../helpers'
import { bearer, captcha, login, PASSWORD, register, sessionCookie } from '../users/support'

const page = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { redirect: 'manual', ...init })

const VIEWER = /^[A-Za-z0-9_-]{22}\.\d{10}$/
const COMPANION = '__Host-calma_viewer'
/** The companion cookie's Set-Cookie line of an answer, or undefined. */
const companionOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${COMPANION}=`))
const cookies = (session: string, viewer?: string) => ({
  cookie: `calma_session=${session}${viewer ? `; ${COMPANION}=${viewer}` : ''}`,
})

describe('pages for the service worker', () => {
  it('name their viewer: v for a visitor (no cookie set), an opaque id and expiry of the session for a person', async () => {
    const visitor = await page('/help')
    expect(visitor.headers.get('x-calma-viewer')).toBe('v')
    expect(companionOf(visitor)).toBeUndefined()
    await visitor.text()

    const r = await register({}, 'es')
    const session = sessionCookie(r.res)!
    const res = await page('/journey', { headers: cookies(session) })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    await res.text()
    const viewer = res.headers.get('x-calma-viewer')!
    expect(viewer).toMatch(VIEWER)
    // Opaque (22 base64url characters, not `u<id>`): nothing of the token either.
    expect(viewer).not.toContain(session.slice(0, 8))
    // Its expiry is the session's (a day, no 'keep me connected').
    const exp = Number(viewer.split('.')[1]) * 1000
    expect(Math.abs(exp - Date.parse(r.body.user.token_expires_at))).toBeLessThan(1500)
    // The companion: readable by the service worker (not HttpOnly), host-only, Secure, Path=/, and,
    // like the session cookie without 'keep me connected', it ends with the browser (no Max-Age).
    const set = companionOf(res)!
    expect(set).toBe(`${COMPANION}=${viewer}; Path=/; Secure; SameSite=Lax`)

    // Already there: the same viewer, not set again; every page and call of the session says the same.
    for (const path of ['/profile', '/en/journey']) {
      const again = await page(path, { headers: cookies(session, viewer) })
      expect(again.headers.get('x-calma-viewer'), path).toBe(viewer)
      expect(companionOf(again), path).toBeUndefined()
      await again.text()
    }
    const call = await api('/v1/user', { headers: cookies(session, viewer) })
    expect(call.status).toBe(200)
    expect(call.headers.get('x-calma-viewer')).toBe(viewer)
    await call.text()

    // Another session of the same person is another viewer; 'keep me connected' lives as its cookie.
    const kept = await login(r.email, PASSWORD, { remember: '1' })
    const other = await page('/journey', { headers: cookies(sessionCookie(kept.res)!) })
    const otherViewer = other.headers.get('x-calma-viewer')!
    expect(otherViewer).toMatch(VIEWER)
    expect(otherViewer.split('.')[0]).not.toBe(viewer.split('.')[0])
    expect(companionOf(other)).toMatch(
      new RegExp(`^${COMPANION}=${otherViewer.replace('.', '\\.')}; Max-Age=259\\d{4}; Path=/; Secure; SameSite=Lax$`),
    )
    await other.text()
  })

  it("a session's companion goes with it: a password change or erasure elsewhere, a 401, a logout, a new sign-in", async () => {
    const r = await register({}, 'es')
    const mine = sessionCookie(r.res)!
    const first = await page('/journey', { headers: cookies(mine) })
    const viewer = first.headers.get('x-calma-viewer')!
    const html = await first.text()
    const cleared = (res: Response) =>
      expect(companionOf(res)).toMatch(new RegExp(`^${COMPANION}=; Max-Age=0; Path=/; Secure; SameSite=Lax$`))

    // Elsewhere (another device with its own session), the password changes: this device's next
    // page is a visitor's, and its companion is cleared.
    const elsewhere = await login(r.email)
    const changed = await api('/v1/user/update', {
      method: 'POST',
      headers: bearer(elsewhere.body.user.token),
      form: { password: 'A-new-calm-password-7', current_password: PASSWORD },
    })
    expect(changed.status).toBe(200)
    await changed.text()
    const after = await page('/', { headers: cookies(mine, viewer) })
    expect(after.headers.get('x-calma-viewer')).toBe('v')
    cleared(after)
    await after.text()
    // A call that needs the session answers 401 and clears it too.
    const call = await api('/v1/user', { headers: cookies(mine, viewer) })
    expect(call.status).toBe(401)
    cleared(call)
    await call.text()
    // A companion left without any session cookie (its session cookie ended) goes as well.
    const orphan = await page('/routes', { headers: { cookie: `${COMPANION}=${viewer}` } })
    expect(orphan.headers.get('x-calma-viewer')).toBe('v')
    cleared(orphan)
    await orphan.text()

    // Erasure elsewhere.
    const e = await register({}, 'en')
    const eSession = sessionCookie(e.res)!
    const ePage = await page('/en/profile', { headers: cookies(eSession) })
    const eViewer = ePage.headers.get('x-calma-viewer')!
    await ePage.text()
    const bye = await api('/v1/user', {
      method: 'DELETE',
      headers: { ...bearer(e.token), 'x-captcha-token': captcha() },
    })
    expect(bye.status).toBe(200)
    await bye.text()
    const gone = await page('/en/profile', { headers: cookies(eSession, eViewer) })
    expect(gone.status).toBe(302)
    expect(gone.headers.get('x-calma-viewer')).toBe('v')
    cleared(gone)

    // Logout on this device, and a new sign-in over an old companion (the next answer names the new one).
    const s = await login(r.email, 'A-new-calm-password-7')
    const sSession = sessionCookie(s.res)!
    const sPage = await page('/journey', { headers: cookies(sSession) })
    const sViewer = sPage.headers.get('x-calma-viewer')!
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await sPage.text())![1]!
    const out = await api('/v1/user/logout', {
      method: 'POST',
      headers: { ...cookies(sSession, sViewer), 'x-csrf-token': csrf },
    })
    expect(out.status).toBe(200)
    cleared(out)
    await out.text()
    const signIn = await api('/v1/user/authenticate', {
      method: 'POST',
      headers: { cookie: `${COMPANION}=${sViewer}` },
      form: { email: r.email, password: 'A-new-calm-password-7' },
    })
    expect(signIn.status).toBe(200)
    cleared(signIn)
    await signIn.text()
    expect(html).toContain('csrf-token')
  })

  it("an erased person's companion goes with the tag the device keeps their things under; a password change or a made-up id say nothing", async () => {
    // The tag of src/client/pwa/viewer.ts's caches: SHA-256 of `calma-cache:<id>`, 16 bytes in hex.
    const tagOf = async (viewer: string) =>
      Array.from(
        new Uint8Array(
          await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`calma-cache:${viewer.split('.')[0]}`)),
        ).slice(0, 16),
        (b) => b.toString(16).padStart(2, '0'),
      ).join('')
    const erased = (res: Response) => res.headers.get('x-calma-erased')

    // A session on this device, and one more of the same person elsewhere: erased from there.
    const e = await register({}, 'en')
    const mine = sessionCookie(e.res)!
    const first = await page('/en/profile', { headers: cookies(mine) })
    const viewer = first.headers.get('x-calma-viewer')!
    expect(erased(first)).toBeNull()
    await first.text()
    const other = await login(e.email, PASSWORD, { remember: '1' })
    const bye = await api('/v1/user', {
      method: 'DELETE',
      headers: { ...bearer(other.body.user.token), 'x-captcha-token': captcha() },
    })
    expect(bye.status).toBe(200)
    await bye.text()
    // The next answer this device gets (a page, a call, or with the session cookie already gone)
    // clears the companion and says whose things to drop: this session's tag, never the id.
    const tag = await tagOf(viewer)
    for (const [what, res] of [
      ['page', await page('/en/blog', { headers: cookies(mine, viewer) })],
      ['call', await api('/v1/user', { headers: cookies(mine, viewer) })],
      ['orphan', await page('/en/routes', { headers: { cookie: `${COMPANION}=${viewer}` } })],
    ] as const) {
      expect(res.headers.get('x-calma-viewer'), what).toBe('v')
      expect(companionOf(res), what).toMatch(/^__Host-calma_viewer=; Max-Age=0;/)
      expect(erased(res), what).toBe(tag)
      expect(erased(res), what).not.toContain(viewer.split('.')[0])
      await res.text()
    }

    // A session ended by a new password elsewhere: the person is not gone, nothing is said.
    const p = await register({}, 'es')
    const pSession = sessionCookie(p.res)!
    const pPage = await page('/journey', { headers: cookies(pSession) })
    const pViewer = pPage.headers.get('x-calma-viewer')!
    await pPage.text()
    const changed = await api('/v1/user/update', {
      method: 'POST',
      headers: bearer((await login(p.email)).body.user.token),
      form: { password: 'A-new-calm-password-8', current_password: PASSWORD },
    })
    expect(changed.status).toBe(200)
    await changed.text()
    const after = await page('/', { headers: cookies(pSession, pViewer) })
    expect(companionOf(after)).toMatch(/^__Host-calma_viewer=; Max-Age=0;/)
    expect(erased(after)).toBeNull()
    await after.text()
    // An id nobody was given, in the shape of one: cleared, nothing said.
    const made = await page('/', { headers: { cookie: `${COMPANION}=${'A'.repeat(22)}.${viewer.split('.')[1]}` } })
    expect(companionOf(made)).toMatch(/^__Host-calma_viewer=; Max-Age=0;/)
    expect(erased(made)).toBeNull()
    await made.text()
  })

  it('bearer calls, media and a session that cannot be read leave the companion alone', async () => {
    const r = await register({}, 'en')
    const res = await api('/v1/user', { headers: bearer(r.token) })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-calma-viewer')).toBeNull()
    expect(companionOf(res)).toBeUndefined()
    await json(res)
    // /media never looks the session up: a companion sent there is not the Worker's to judge.
    const media = await page('/media/none.mp3', { headers: { cookie: `${COMPANION}=x.1` } })
    expect(companionOf(media)).toBeUndefined()
    expect(media.headers.get('x-calma-viewer')).toBeNull()
    await media.text()

    // KV cannot be read (identity/ serves the request as a visitor's, flagged):
    // the session may be fine, so nothing is said and nothing cleared.
    const first = await page('/en/journey', { headers: cookies(r.token) })
    const viewer = first.headers.get('x-calma-viewer')!
    await first.text()
    const key = `session:${await tokenHash(env as never, r.token)}`
    const record = await env.KV.get(key)
    await env.KV.put(key, '{not json')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const blind = await page('/en/routes', { headers: cookies(r.token, viewer) })
      expect(blind.status).toBe(200)
      expect(blind.headers.get('x-calma-viewer')).toBeNull()
      expect(companionOf(blind)).toBeUndefined()
      await blind.text()
    } finally {
      warn.mockRestore()
      await env.KV.put(key, record!)
    }
  })

  it('have an offline page in each language, with tel: links, the way to /help, and noindex', async () => {
    for (const [path, lang, title, help] of [
      ['/offline', 'es', 'Estás sin conexión', 'href="/help"'],
      ['/en/offline', 'en', 'You are offline', 'href="/en/help"'],
    ] as const) {
      const res = await page(path)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html).toContain(`<html lang="${lang}">`)
      expect(html).toContain(title)
      expect(html).toContain(help)
      expect(html).toMatch(/href="tel:/)
      expect(html).toMatch(/<meta name="robots" content="noindex/)
      expect(html).toContain(`<link rel="manifest" href="/manifest.${lang}.webmanifest">`)
    }
  })
})
