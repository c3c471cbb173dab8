// Sign-in that holds under attack and membership that is costly to probe (issue 14 §1–2,
// issue 20 §7, docs/decisions/016-sign-in-under-attack.md). Through the real Worker, D1 and KV.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { runScheduled } from '#worker/cron/index'
import { REGISTER_PROBE_LIMITS, SIGN_IN_LIMITS } from '#worker/features/users/throttle'
import { authCounters } from '#worker/db/schema'
import { api, json } from '../helpers'
import { givenRows } from '../factories'
import { captcha, countRows, mailTo, PASSWORD, register, uniqueEmail } from './support'

let addr = 0
/** A fresh caller address (cf-connecting-ip), so each test starts with clean address windows. */
const newAddress = () => `203.0.113.${++addr}`

function signIn(email: string, password: string, address: string, headers: Record<string, string> = {}, locale = 'en') {
  return api('/v1/user/authenticate', {
    method: 'POST',
    locale,
    headers: { 'cf-connecting-ip': address, ...headers },
    form: { email, password },
  })
}

function registerFrom(address: string, email: string, locale = 'en') {
  return api('/v1/user', {
    method: 'POST',
    locale,
    headers: { 'cf-connecting-ip': address, 'x-captcha-token': captcha() },
    form: { email, password: PASSWORD, name: 'Someone', legal_age: '1' },
  })
}

/** Sign-in attempts counted against an address, over all its windows. */
const addressCount = async (address: string) =>
  (await env.DB.prepare(
    "SELECT COALESCE(SUM(count), 0) AS n FROM auth_counters WHERE kind = 'sign_in:address' AND subject = ?1",
  )
    .bind(address)
    .first<{ n: number }>())!.n

const mailsTo = (email: string, template: string) =>
  countRows('email_outbox', 'to_address = ?1 AND template = ?2', email, template)

describe('sign-in under attack', () => {
  it('20 concurrent wrong passwords are all counted, then a captcha is asked; the owner signs in with it', async () => {
    const owner = await register()
    const attacker = newAddress()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(owner.email, `wrong-guess-${i}`, attacker)),
    )
    const statuses = answers.map((r) => r.status).sort()
    // Every attempt is counted, none lost to a race (the old KV counter saw 3 of 20), in one row
    // per window (two if the burst straddles a window's turn).
    expect(await addressCount(attacker)).toBe(20)
    expect(await countRows('auth_counters', "kind = 'sign_in:address' AND subject = ?1", attacker)).toBeLessThanOrEqual(
      2,
    )
    // The first ones were checked (401); once past the threshold each needs a captcha.
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.captchaAfter)
    expect(statuses.filter((s) => s === 403)).toHaveLength(20 - SIGN_IN_LIMITS.captchaAfter)
    const refused = await json(answers.find((r) => r.status === 403)!)
    expect(refused).toMatchObject({
      success: false,
      code: 'captcha_required',
      message: 'For your safety, please complete the check below and sign in again.',
    })

    // The owner, from home: the right password alone is not enough now, with a captcha it is.
    const home = newAddress()
    const noCaptcha = await signIn(owner.email, PASSWORD, home, {}, 'es')
    expect(noCaptcha.status).toBe(403)
    expect((await json(noCaptcha)).message).toBe(
      'Por tu seguridad, completa la verificación de abajo y vuelve a iniciar sesión.',
    )
    const withCaptcha = await signIn(owner.email, PASSWORD, home, { 'x-captcha-token': captcha() })
    expect(withCaptcha.status).toBe(200)
    expect((await json(withCaptcha)).user.id).toBe(owner.id)
    // Signing in forgot the account's failures: the next sign-in needs no captcha.
    expect((await signIn(owner.email, PASSWORD, home)).status).toBe(200)

    // A wrong password with a solved captcha is still just wrong.
    for (let i = 0; i < SIGN_IN_LIMITS.captchaAfter; i++) await signIn(owner.email, `again-${i}`, attacker)
    const guessed = await signIn(owner.email, 'still-wrong', attacker, { 'x-captcha-token': captcha() })
    expect(guessed.status).toBe(401)
    expect((await json(guessed)).code).toBe('invalid_credentials')
  })

  it('an unknown email answers exactly like a known one, captcha included', async () => {
    const address = newAddress()
    const ghost = uniqueEmail('ghost')
    const codes: string[] = []
    for (let i = 0; i <= SIGN_IN_LIMITS.captchaAfter; i++)
      codes.push((await json(await signIn(ghost, `guess-${i}`, address))).code)
    expect(codes).toEqual([...Array(SIGN_IN_LIMITS.captchaAfter).fill('invalid_credentials'), 'captcha_required'])
    expect(await countRows('email_outbox', 'to_address = ?1', ghost)).toBe(0)
  })

  it('an address past its limit is asked for a captcha, never refused: the right password with one signs in (a shared office)', async () => {
    const office = newAddress()
    // Spraying many accounts: one failure each, so no account asks for a captcha.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++)
      expect((await signIn(uniqueEmail('spray'), 'password-guess', office)).status).toBe(401)
    const colleague = await register()
    // The right password alone from that address: asked for a captcha (SPEC's captcha error), not 429.
    for (const locale of ['en', 'es']) {
      const asked = await signIn(colleague.email, PASSWORD, office, {}, locale)
      expect(asked.status).toBe(403)
      expect(await json(asked)).toMatchObject({
        success: false,
        code: 'captcha_required',
        message:
          locale === 'en'
            ? 'For your safety, please complete the check below and sign in again.'
            : 'Por tu seguridad, completa la verificación de abajo y vuelve a iniciar sesión.',
      })
    }
    // A captcha that is not solved (missing, replayed) is asked again.
    const token = captcha()
    expect((await signIn(colleague.email, PASSWORD, office, { 'x-captcha-token': token })).status).toBe(200)
    expect((await signIn(colleague.email, PASSWORD, office, { 'x-captcha-token': token })).status).toBe(403)
    // With a solved captcha the right password always gets in from that address, again and again.
    for (let i = 0; i < 3; i++) {
      const inside = await signIn(colleague.email, PASSWORD, office, { 'x-captcha-token': captcha() })
      expect(inside.status).toBe(200)
      expect((await json(inside)).user.id).toBe(colleague.id)
    }
    // A wrong password with a solved captcha is still just wrong; a guess without one is asked for it.
    expect((await signIn(colleague.email, 'not-it', office, { 'x-captcha-token': captcha() })).status).toBe(401)
    expect((await signIn(uniqueEmail('spray'), 'password-guess', office)).status).toBe(403)
    // The same person from elsewhere needs no captcha at all.
    expect((await signIn(colleague.email, PASSWORD, newAddress())).status).toBe(200)
  })

  it('many refused attempts leave a bounded number of rows: a counter per account and per address and window, not a row each', async () => {
    const owner = await register()
    const address = newAddress()
    const before = await countRows('auth_counters')
    // 300 wrong passwords for one account from one address, 50 at a time (was 300 rows).
    const N = 300
    for (let batch = 0; batch < N / 50; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signIn(owner.email, `wrong-${batch}-${i}`, address)),
      )
      for (const r of answers) expect([401, 403]).toContain(r.status)
    }
    expect(await addressCount(address)).toBe(N)
    // One row for the address and one for the account, per window: two windows at most.
    expect((await countRows('auth_counters')) - before).toBeLessThanOrEqual(4)
    expect(await countRows('auth_counters', "kind = 'sign_in:address' AND subject = ?1", address)).toBeLessThanOrEqual(
      2,
    )

    // Spraying 100 emails from another address: each email is its own counter (that is what an
    // account's captcha needs), the address still one row per window.
    const spray = newAddress()
    const sprayBefore = await countRows('auth_counters')
    await Promise.all(Array.from({ length: 100 }, () => signIn(uniqueEmail('ghost'), 'password-guess', spray)))
    expect(await addressCount(spray)).toBe(100)
    expect((await countRows('auth_counters')) - sprayBefore).toBeLessThanOrEqual(100 + 2)
    expect(await countRows('auth_counters', "kind = 'sign_in:address' AND subject = ?1", spray)).toBeLessThanOrEqual(2)
  }, 60_000)

  it('the owner is told kindly, once, in their language, when their account sees many failures', async () => {
    const owner = await register({}, 'es')
    const address = newAddress()
    // Past the captcha threshold the attempts keep counting (and the captcha keeps being asked).
    for (let i = 0; i < SIGN_IN_LIMITS.noticeAfter + 5; i++)
      await signIn(owner.email, `wrong-${i}`, address, { 'x-captcha-token': captcha() })
    expect(await mailsTo(owner.email, 'sign_in_failures')).toBe(1)
    const mail = (await mailTo(owner.email, 'sign_in_failures'))!
    expect(mail.locale).toBe('es')
    expect(mail.subject).toBe('Alguien intenta entrar en tu cuenta de Calma')
    expect(mail.text).toContain('/login')
    expect(mail.text).toContain('/recover')
    expect(mail.text).not.toMatch(/authorization=|user_id=/) // never a sign-in token
  })

  it('the hourly cron forgets counter windows older than a day', async () => {
    // Every time is relative to the cron's own clock, so the test does not depend on today's date.
    const onTheHour = Date.UTC(2026, 10, 23, 11, 0)
    const old = onTheHour - 25 * 60 * 60 * 1000
    const recent = onTheHour - 23 * 60 * 60 * 1000
    await givenRows(
      authCounters,
      { kind: 'sign_in:address', subject: 'old-address', windowStart: old, count: 7 },
      { kind: 'sign_in:address', subject: 'recent-address', windowStart: recent, count: 3 },
    )
    await runScheduled('* * * * *', env, new Date(onTheHour - 30 * 60 * 1000))
    expect(await countRows('auth_counters', "subject = 'old-address'")).toBe(1) // only on the hour
    await runScheduled('* * * * *', env, new Date(onTheHour))
    expect(await countRows('auth_counters', "subject = 'recent-address'")).toBe(1)
    expect(await countRows('auth_counters', "subject = 'old-address'")).toBe(0)
  })
})

describe('membership is costly to probe', () => {
  it('registrations hitting existing emails slow the address after a few; each owner is mailed once', async () => {
    const owners = await Promise.all([register(), register(), register({}, 'es')])
    const prober = newAddress()
    for (const o of owners) {
      const res = await registerFrom(prober, o.email)
      expect(res.status).toBe(409)
      expect((await json(res)).message).toBe('This email already has an account. Sign in, or recover your password.')
    }
    // Past the limit the address waits for any email, new ones too: the 429 tells nothing.
    expect(owners).toHaveLength(REGISTER_PROBE_LIMITS.perAddress)
    for (const email of [owners[0]!.email, uniqueEmail('new')]) {
      const res = await registerFrom(prober, email)
      expect(res.status).toBe(429)
      expect((await json(res)).message).toBe(
        'Too many attempts from this connection. Please wait an hour and try again, or sign in if you already have an account.',
      )
    }
    // Another address probing the same owner again: still one mail per owner.
    expect((await registerFrom(newAddress(), owners[0]!.email)).status).toBe(409)
    for (const o of owners) expect(await mailsTo(o.email, 'register_attempt')).toBe(1)
    const es = (await mailTo(owners[2]!.email, 'register_attempt'))!
    expect(es.subject).toBe('Alguien ha intentado crear una cuenta con tu correo')
    expect(es.text).toContain('/login')
    expect(es.text).toContain('/recover')
    // A new person from a clean address registers as before.
    expect((await registerFrom(newAddress(), uniqueEmail('fresh'))).status).toBe(201)
  })

  it('recovery still answers the same whether or not the email has an account', async () => {
    const r = await register()
    const ask = (email: string) =>
      api('/v1/user/recover/password', {
        method: 'POST',
        locale: 'en',
        headers: { 'x-captcha-token': captcha(), 'cf-connecting-ip': newAddress() },
        form: { email },
      })
    const known = await json(await ask(r.email))
    const unknown = await json(await ask(uniqueEmail('nobody')))
    expect(known).toEqual(unknown)
  })
})
