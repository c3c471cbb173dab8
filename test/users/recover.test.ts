import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { captcha, countRows, mailTo, register, uniqueEmail } from './support'

const recover = (email: string, locale = 'en') =>
  api('/v1/user/recover/password', {
    method: 'POST',
    locale,
    headers: { 'x-captcha-token': captcha() },
    form: { email },
  })

describe('POST /v1/user/recover/password', () => {
  it('holds the 30-minute cooldown under 20 concurrent requests: exactly one passes, one email', async () => {
    const r = await register()
    const results = await Promise.all(Array.from({ length: 20 }, () => recover(r.email)))
    const statuses = results.map((x) => x.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 429)).toHaveLength(19)
    const refused = await json(results.find((x) => x.status === 429)!)
    expect(refused.message).toBe('You can only recover your password once every 30 minutes.')
    expect(Date.parse(refused.retry_at) - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(await countRows('email_outbox', "to_address = ?1 AND template = 'recover'", r.email)).toBe(1)
    // And later, still inside the window.
    expect((await recover(r.email)).status).toBe(429)
  })

  it('answers the same way whether or not the email has an account', async () => {
    const r = await register()
    const nobody = uniqueEmail('nobody')
    const known = await recover(r.email)
    const unknown = await recover(nobody)
    expect(known.status).toBe(unknown.status)
    expect(await json(known)).toEqual(await json(unknown))
    expect((await json(await recover(nobody, 'es'))).message).toBe(
      'Solo puedes recuperar tu contraseña una vez cada 30 minutos.',
    )
    expect(await countRows('email_outbox', 'to_address = ?1', nobody)).toBe(0)
    // Case and spaces do not make a new address.
    expect((await recover(`  ${r.email.toUpperCase()} `)).status).toBe(429)
  })

  it('mails a one-time sign-in link in the language of the request', async () => {
    const r = await register()
    const res = await recover(r.email, 'es')
    expect(res.status).toBe(200)
    expect((await json(res)).message).toBe(
      'Si hay una cuenta con este correo, le hemos enviado un enlace para entrar. Revisa tu bandeja de entrada.',
    )
    const mail = (await mailTo(r.email, 'recover'))!
    expect(mail.locale).toBe('es')
    expect(mail.subject).toBe('Tu enlace para entrar en Calma')
    expect(mail.text).toContain('El enlace funciona una sola vez y durante 60 minutos.')
    expect(mail.html).toContain(`/login?user_id=${r.id}&amp;authorization=`)
    // The local outbox page lists it with the link clickable.
    const page = await api('/__dev/outbox', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Tu enlace para entrar en Calma')
    expect(html).toMatch(
      new RegExp(
        `<a href="http://localhost/login\\?user_id=${r.id}&amp;authorization=[A-Za-z0-9_-]{43}&amp;redirect=%2Fprofile"`,
      ),
    )
  })
})
