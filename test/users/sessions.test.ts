import { describe, expect, it, vi } from 'vitest'
import { api, json, userChanged } from '../helpers'
import { patchUser } from '../factories'
import { Role } from '#shared/enums'
import {
  bearer,
  captcha,
  changePassword,
  login,
  mailTo,
  PASSWORD,
  recoveryLink,
  register,
  sessionCookie,
  setCookieHeader,
  signInWithLink,
  uniqueEmail,
  updateProfile,
} from './support'

const me = (headers: Record<string, string>) => api('/v1/user', { headers, locale: 'en' })
const cookie = (token: string) => ({ cookie: `calma_session=${token}` })

describe('POST /v1/user/authenticate', () => {
  it('gives the same answer for a wrong password and an unknown email, after the same work', async () => {
    const { email } = await register()
    const derive = vi.spyOn(crypto.subtle, 'deriveBits')
    const wrong = await login(email, 'not-the-password')
    expect(derive).toHaveBeenCalledTimes(1)
    const unknown = await login(uniqueEmail('nobody'), 'not-the-password')
    // An unknown email still runs one PBKDF2 (against a dummy hash): same cost, same answer.
    expect(derive).toHaveBeenCalledTimes(2)
    expect(wrong.res.status).toBe(401)
    expect(unknown.res.status).toBe(401)
    expect(wrong.body).toEqual({ success: false, code: 'invalid_credentials', message: 'Invalid credentials.' })
    expect(unknown.body).toEqual(wrong.body)
    expect(sessionCookie(wrong.res)).toBeNull()
    const es = await api('/v1/user/authenticate', {
      method: 'POST',
      locale: 'es',
      form: { email, password: 'nope-nope' },
    })
    expect((await json(es)).message).toBe('Credenciales no válidas.')
  })

  it('signs in with email and password; keep me connected gives a longer session', async () => {
    const { email } = await register()
    const short = await login(email.toUpperCase())
    expect(short.res.status).toBe(200)
    expect(short.body.user.email).toBe(email)
    expect(setCookieHeader(short.res)).not.toMatch(/Max-Age/i) // ends with the browser
    const long = await login(email, PASSWORD, { remember: '1' })
    expect(setCookieHeader(long.res)).toMatch(/Max-Age=2592000/)
    const shortMs = Date.parse(short.body.user.token_expires_at) - Date.now()
    const longMs = Date.parse(long.body.user.token_expires_at) - Date.now()
    expect(shortMs).toBeGreaterThan(23 * 3600_000)
    expect(longMs).toBeGreaterThan(29 * 86_400_000)
    expect(longMs).toBeGreaterThan(shortMs * 10)
  })

  it('asks for a way to sign in (SPEC §5: email, Google ID or Apple ID)', async () => {
    const res = await api('/v1/user/authenticate', { method: 'POST', locale: 'en', form: { remember: '1' } })
    expect(res.status).toBe(422)
    expect((await json(res)).errors.email).toEqual(['Enter your email and password, or sign in with Google or Apple.'])
  })
})

describe('sessions', () => {
  it('answers 401 Unauthenticated. without a valid session, and never the token of someone else', async () => {
    for (const headers of [
      {},
      bearer('x'.repeat(43)),
      bearer('not a token'),
      { authorization: 'Basic abc' },
      cookie('garbage'),
    ]) {
      const res = await me(headers)
      expect(res.status).toBe(401)
      expect(await json(res)).toMatchObject({ success: false, message: 'Unauthenticated.' })
    }
    const a = await register()
    const b = await register()
    const body = await json(await me(bearer(a.token)))
    expect(body.user.id).toBe(a.id)
    expect(JSON.stringify(body)).not.toContain(b.token)
    expect(JSON.stringify(body)).not.toContain(a.token) // GET /v1/user carries no token at all
  })

  it('logout ends the session: the token is refused afterwards, bearer or cookie', async () => {
    const { email } = await register()
    const { body } = await login(email)
    const token = body.user.token
    expect((await me(bearer(token))).status).toBe(200)
    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(token) })
    expect(out.status).toBe(200)
    expect((await json(out)).message).toBe('You have signed out.')
    expect(setCookieHeader(out)).toMatch(/calma_session=;/)
    expect((await me(bearer(token))).status).toBe(401)
    expect((await me(cookie(token))).status).toBe(401)
    const again = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(token) })
    expect(again.status).toBe(401)
  })

  it('reads the page cookie; cookie-carried writes need the CSRF token of the page', async () => {
    const r = await register()
    // The page embeds the session's CSRF token in its meta tag.
    const page = await api('/en/profile', { headers: { ...cookie(r.token), accept: 'text/html' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1]
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const update = (headers: Record<string, string>) =>
      api('/v1/user/update', { method: 'POST', locale: 'en', headers, form: { name: 'Nueva' } })
    const noToken = await update(cookie(r.token))
    expect(noToken.status).toBe(403)
    expect((await json(noToken)).message).toBe('This page has expired. Reload it and try again.')
    expect((await update({ ...cookie(r.token), 'x-csrf-token': 'y'.repeat(43) })).status).toBe(403)
    const good = await update({ ...cookie(r.token), 'x-csrf-token': csrf! })
    expect(good.status).toBe(200)
    expect((await json(good)).user.name).toBe('Nueva')
    // Bearer calls need no CSRF token: a browser never adds that header on its own.
    expect((await update(bearer(r.token))).status).toBe(200)
    // A write from another site is refused whatever it carries (login CSRF included).
    const signInFrom = (origin: string) =>
      api('/v1/user/authenticate', {
        method: 'POST',
        locale: 'en',
        headers: { origin },
        form: { email: r.email, password: PASSWORD },
      })
    const cross = await signInFrom('https://evil.example')
    expect(cross.status).toBe(403)
    const crossSite = await update({ ...bearer(r.token), 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    // Same origin is fine.
    const same = await signInFrom('http://localhost')
    expect(same.status).toBe(200)
  })

  it('signed-in visitors of guest pages go to /journey; user pages send visitors to /login', async () => {
    const r = await register()
    const login = await api('/login', { headers: { ...cookie(r.token), accept: 'text/html' }, redirect: 'manual' })
    expect(login.status).toBe(302)
    expect(login.headers.get('location')).toBe('/journey')
    const profile = await api('/en/profile?tab=x', { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(profile.status).toBe(302)
    expect(profile.headers.get('location')).toBe('/en/login?redirect=%2Fen%2Fprofile%3Ftab%3Dx')
  })

  it('signed-in staff land on their own work: a psychologist on the agenda, an admin or publisher on /admin (issue 42 §8)', async () => {
    for (const [role, landing] of [
      [Role.psychologist, '/appointments'],
      [Role.admin, '/admin'],
      [Role.publisher, '/admin'],
      [Role.patient, '/journey'],
    ] as const) {
      const r = await register()
      await patchUser(r.id, { role })
      await userChanged(r.id)
      for (const [path, to] of [
        ['/', landing],
        ['/login', landing],
        ['/en/register', `/en${landing}`],
      ]) {
        const res = await api(path, { headers: { ...cookie(r.token), accept: 'text/html' }, redirect: 'manual' })
        expect(res.status, `${role} ${path}`).toBe(302)
        expect(res.headers.get('location'), `${role} ${path}`).toBe(to)
      }
    }
  })

  it('a password change ends every session of the user but gives the caller a new one', async () => {
    const r = await register()
    const other = (await login(r.email)).body.user.token
    const res = await changePassword(r.token, 'A-brand-new-one-9')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.message).toBe('Password updated.')
    expect(body.user.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sessionCookie(res)).toBe(body.user.token)
    expect((await me(bearer(other))).status).toBe(401)
    expect((await me(bearer(r.token))).status).toBe(401)
    expect((await me(bearer(body.user.token))).status).toBe(200)
    expect((await login(r.email)).res.status).toBe(401)
    expect((await login(r.email, 'A-brand-new-one-9')).res.status).toBe(200)
  })

  it('a new password needs the current one; a blank password changes nothing', async () => {
    const r = await register()
    const missing = await updateProfile(r.token, { password: 'Another-good-one-1' })
    expect(missing.status).toBe(422)
    expect((await json(missing)).errors.current_password).toEqual(['Enter your current password to set a new one.'])
    const wrong = await updateProfile(r.token, { password: 'Another-good-one-1', current_password: 'nope-nope-nope' })
    expect((await json(wrong)).errors.current_password).toEqual(['Your current password is not correct.'])
    const blank = await updateProfile(r.token, { password: '', name: 'Same Pass' })
    expect(blank.status).toBe(200)
    expect((await json(blank)).user).not.toHaveProperty('token')
    expect((await me(bearer(r.token))).status).toBe(200)
    expect((await login(r.email)).res.status).toBe(200)
  })
})

describe('temporary tokens (user_id + authorization)', () => {
  it('a recovery link signs in once, then lets the new password be set without the old one', async () => {
    const r = await register({}, 'es')
    const rec = await api('/v1/user/recover/password', {
      method: 'POST',
      locale: 'es',
      headers: { 'x-captcha-token': captcha() },
      form: { email: r.email },
    })
    expect(rec.status).toBe(200)
    const mail = (await mailTo(r.email, 'recover'))!
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
    expect(link.pathname).toBe('/login')
    expect(link.searchParams.get('user_id')).toBe(String(r.id))
    expect(link.searchParams.get('redirect')).toBe('/profile')
    const authorization = link.searchParams.get('authorization')!

    const wrongUser = await signInWithLink(r.id + 1000, authorization)
    expect(wrongUser.status).toBe(401)
    const ok = await signInWithLink(r.id, authorization)
    expect(ok.status).toBe(200)
    const token = (await json(ok)).user.token
    const reuse = await signInWithLink(r.id, authorization)
    expect(reuse.status).toBe(401)
    expect((await json(reuse)).message).toBe('This link has expired or was already used. Ask for a new one.')

    const set = await updateProfile(token, { password: 'Recovered-calm-77' })
    expect(set.status).toBe(200)
    expect((await login(r.email, 'Recovered-calm-77')).res.status).toBe(200)
  })

  it('of a link used twice at the same moment, only one use signs in', async () => {
    const r = await register()
    const authorization = await recoveryLink(r.email)
    const results = await Promise.all(Array.from({ length: 5 }, () => signInWithLink(r.id, authorization)))
    expect(results.map((x) => x.status).sort()).toEqual([200, 401, 401, 401, 401])
  })
})
