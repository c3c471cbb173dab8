import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { verifyCaptcha, SITEVERIFY_URL, TEST_SECRETS } from '#worker/http/captcha'
import { api, json } from '../helpers'
import { captcha, countRows, PASSWORD, register, sessionCookie, setCookieHeader, uniqueEmail } from './support'

const post = (form: Record<string, string>, headers: Record<string, string> = {}, locale = 'en') =>
  api('/v1/user', { method: 'POST', locale, headers, form })

describe('POST /v1/user (register)', () => {
  it('creates a patient with 3 days of free access, records consent, signs in and sets the cookie', async () => {
    const email = uniqueEmail('new')
    const before = Date.now()
    const res = await post(
      {
        email: email.toUpperCase(),
        password: PASSWORD,
        name: 'Ana',
        legal_age: '1',
        consent_text: 'I am an adult and accept.',
        consent_version: 'v7',
      },
      { 'x-captcha-token': captcha() },
    )
    expect(res.status).toBe(201)
    const body = await json(res)
    expect(body.message).toBe('Welcome to the product!')
    expect(body.user).toMatchObject({
      email,
      name: 'Ana',
      role: 1,
      subscriber: false,
      credits: 0,
      has_password: true,
      access_expired: false,
    })
    expect(body.user).not.toHaveProperty('password_hash')
    expect(JSON.stringify(body)).not.toContain('pbkdf2')
    // At least 128 random bits: 32 bytes base64url.
    expect(body.user.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(body.user.token_expires_at)).toBeGreaterThan(before)
    const free = Date.parse(body.user.free_access_until) - before
    expect(free).toBeGreaterThan(3 * 86_400_000 - 60_000)
    expect(free).toBeLessThan(3 * 86_400_000 + 60_000)

    const cookie = setCookieHeader(res)
    expect(sessionCookie(res)).toBe(body.user.token)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Secure/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)

    const consent = await env.DB.prepare(
      'SELECT kind, text, version FROM consent_records WHERE user_id = ?1 ORDER BY kind',
    )
      .bind(body.user.id)
      .all()
    expect(consent.results).toEqual([
      { kind: 'legal_age', text: 'I am an adult and accept.', version: 'v7' },
      { kind: 'registration', text: 'I am an adult and accept.', version: 'v7' },
    ])
    const row = await env.DB.prepare(
      'SELECT consent_version, legal_age_confirmed_at, password_hash FROM users WHERE id = ?1',
    )
      .bind(body.user.id)
      .first<any>()
    expect(row.consent_version).toBe('v7')
    expect(row.legal_age_confirmed_at).toBeGreaterThan(0)
    // KV keeps the session under a hash of the token, never the token itself.
    const keys = (await env.KV.list({ prefix: 'session:' })).keys.map((k) => k.name)
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.some((k) => k.includes(body.user.token))).toBe(false)
    for (const k of keys) expect(await env.KV.get(k)).not.toContain(body.user.token)
  })

  it('lets the landing forms register with no password and no name, and mails a sign-in link', async () => {
    const email = uniqueEmail('landing')
    const res = await post(
      {
        email,
        legal_age: '1',
        consent_kind: 'landing_kit',
        consent_text: 'Soy adulto y acepto recibir el kit y la invitación',
      },
      { 'x-captcha-token': captcha() },
      'es',
    )
    expect(res.status).toBe(201)
    const body = await json(res)
    expect(body.message).toBe('¡Bienvenido al producto!')
    expect(body.user).toMatchObject({ email, name: null, has_password: false, language: 'es' })
    const mail = await env.DB.prepare('SELECT subject, text, template FROM email_outbox WHERE to_address = ?1')
      .bind(email)
      .first<any>()
    expect(mail.template).toBe('welcome')
    expect(mail.subject).toBe('Te damos la bienvenida a Calma')
    expect(mail.text).toMatch(
      new RegExp(`/login\\?user_id=${body.user.id}&authorization=[A-Za-z0-9_-]{43}&redirect=%2Fjourney`),
    )
    expect(mail.text).toMatch(/\/disable-notifications\?user_id=\d+&signature=/)
    expect(await countRows('consent_records', 'user_id = ?1 AND kind = ?2', body.user.id, 'landing_kit')).toBe(1)
  })

  it('requires confirming legal age, in both languages', async () => {
    for (const [locale, msg] of [
      ['en', 'You must confirm that you are of legal age.'],
      ['es', 'Debes confirmar que eres mayor de edad.'],
    ]) {
      const email = uniqueEmail('minor')
      const res = await post({ email, password: PASSWORD, legal_age: '0' }, { 'x-captcha-token': captcha() }, locale)
      expect(res.status).toBe(422)
      expect((await json(res)).errors.legal_age).toEqual([msg])
      expect(await countRows('users', 'email = ?1', email)).toBe(0)
    }
  })

  it('refuses short and common passwords, and a taken email', async () => {
    const short = await post(
      { email: uniqueEmail(), password: 'short', legal_age: '1' },
      { 'x-captcha-token': captcha() },
    )
    expect(short.status).toBe(422)
    expect((await json(short)).errors.password).toEqual(['It must have at least 8 characters.'])
    const common = await post(
      { email: uniqueEmail(), password: 'password123', legal_age: '1' },
      { 'x-captcha-token': captcha() },
    )
    expect(common.status).toBe(422)
    expect((await json(common)).errors.password).toEqual(['This password is too common. Choose another one.'])
    const long = await post(
      { email: uniqueEmail(), password: 'x'.repeat(64) + 'Aa1!', legal_age: '1' },
      { 'x-captcha-token': captcha() },
    )
    expect(long.status).toBe(201) // at least 64 characters allowed

    const { email } = await register()
    const again = await post({ email, password: PASSWORD, legal_age: '1' }, { 'x-captcha-token': captcha() })
    expect(again.status).toBe(409)
    expect((await json(again)).message).toBe('This email already has an account. Sign in, or recover your password.')
  })

  it('never takes role, credits or subscriber from the form', async () => {
    const email = uniqueEmail('sneaky')
    const res = await post(
      { email, password: PASSWORD, legal_age: '1', role: '4', subscriber: '1', credits: '1000', id: '1' },
      { 'x-captcha-token': captcha() },
    )
    expect(res.status).toBe(201)
    const row = await env.DB.prepare('SELECT role, subscriber FROM users WHERE email = ?1').bind(email).first<any>()
    expect(row).toEqual({ role: 1, subscriber: 0 })
    expect(await countRows('credit_ledger', 'user_id = (SELECT id FROM users WHERE email = ?1)', email)).toBe(0)
  })
})

describe('captcha (Turnstile)', () => {
  it("accepts Turnstile's documented dummy token every time under the always-pass test secret", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post(
        { email: `dummy${i}.${Date.now()}@x.test`, password: PASSWORD, legal_age: '1' },
        { 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX' },
      )
      expect(res.status, `use ${i + 1}`).toBe(201)
    }
  })

  it('refuses a missing, overlong or replayed token before anything is written', async () => {
    const users = await countRows('users')
    const consents = await countRows('consent_records')
    const mails = await countRows('email_outbox')
    const form = () => ({ email: uniqueEmail('bot'), password: PASSWORD, legal_age: '1' })

    for (const headers of [{}, { 'x-captcha-token': 'x'.repeat(2049) }, { 'x-captcha-token': '   ' }] as Record<
      string,
      string
    >[]) {
      const res = await post(form(), headers)
      expect(res.status).toBe(403)
      expect((await json(res)).message).toBe('Invalid reCAPTCHA token.')
    }
    const token = captcha()
    expect((await post(form(), { 'x-captcha-token': token })).status).toBe(201)
    const replay = await post(form(), { 'x-captcha-token': token })
    expect(replay.status).toBe(403)
    // Five requests racing with one fresh token: exactly one goes through.
    const racing = captcha()
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => post(form(), { 'x-captcha-token': racing }).then((r) => r.status)),
    )
    expect(statuses.sort()).toEqual([201, 403, 403, 403, 403])
    expect((await json(replay)).message).toBe('Invalid reCAPTCHA token.')
    // Spanish too.
    const es = await post(form(), {}, 'es')
    expect((await json(es)).message).toBe('Token de reCAPTCHA no válido.')

    expect(await countRows('users')).toBe(users + 2)
    expect(await countRows('consent_records')).toBe(consents + 4)
    expect(await countRows('email_outbox')).toBe(mails + 2)
  })

  it('accepts the token as a form field too', async () => {
    const res = await post({
      email: uniqueEmail(),
      password: PASSWORD,
      legal_age: '1',
      'cf-turnstile-response': captcha(),
    })
    expect(res.status).toBe(201)
  })

  it('guards recovery and account deletion as well', async () => {
    const recover = await api('/v1/user/recover/password', {
      method: 'POST',
      locale: 'en',
      form: { email: uniqueEmail() },
    })
    expect(recover.status).toBe(403)
    const r = await register()
    const del = await api('/v1/user', {
      method: 'DELETE',
      locale: 'en',
      headers: { authorization: `Bearer ${r.token}` },
    })
    expect(del.status).toBe(403)
    expect(await countRows('users', 'id = ?1', r.id)).toBe(1)
  })

  it('with a real secret asks siteverify, and fails closed when it refuses, errs or times out', async () => {
    const real = { ...env, TURNSTILE_SECRET: '0x4AAAAAAAreal-secret', APP_ENV: 'production' } as typeof env
    const spy = vi.spyOn(globalThis, 'fetch')

    spy.mockImplementationOnce(async (input, init) => {
      expect(String(input)).toBe(SITEVERIFY_URL)
      const body = init!.body as FormData
      expect(body.get('secret')).toBe('0x4AAAAAAAreal-secret')
      expect(body.get('remoteip')).toBe('203.0.113.9')
      return Response.json({ success: true })
    })
    expect(await verifyCaptcha(real, captcha(), '203.0.113.9')).toBe('ok')

    spy.mockImplementationOnce(async () => Response.json({ success: false, 'error-codes': ['invalid-input-response'] }))
    expect(await verifyCaptcha(real, captcha())).toBe('failed')

    spy.mockImplementationOnce(async () => new Response('oops', { status: 500 }))
    expect(await verifyCaptcha(real, captcha())).toBe('unavailable')

    spy.mockImplementationOnce(async () => {
      throw new TypeError('network down')
    })
    expect(await verifyCaptcha(real, captcha())).toBe('unavailable')

    // A siteverify that never answers: the 3 s timeout aborts it.
    spy.mockImplementationOnce(
      (_input, init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    )
    expect(await verifyCaptcha(real, captcha())).toBe('unavailable')
    expect(spy).toHaveBeenCalledTimes(5)
  })

  it('answers the documented test secrets locally, without the network', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    expect(await verifyCaptcha({ ...env, TURNSTILE_SECRET: TEST_SECRETS.pass } as typeof env, captcha())).toBe('ok')
    expect(await verifyCaptcha({ ...env, TURNSTILE_SECRET: TEST_SECRETS.fail } as typeof env, captcha())).toBe('failed')
    expect(await verifyCaptcha({ ...env, TURNSTILE_SECRET: TEST_SECRETS.spent } as typeof env, captcha())).toBe(
      'failed',
    )
    expect(spy).not.toHaveBeenCalled()
  })
})
