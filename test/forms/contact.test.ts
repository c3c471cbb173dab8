// POST /v1/contact (issue 8 §3; SPEC §3 Contact request, §5 once every hour, §7, §9 reasons).
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { json, withoutOutbox } from '../helpers'
import { countRows, register, uniqueEmail } from '../users/support'
import { expectThanks, post, signedIn, teamMails } from './support'

const valid = (email: string) => ({ email, reason: 'bug_report', description: 'The audio stops after two minutes.' })

describe('POST /v1/contact', () => {
  it('stores the request, answers the thanks, and mails the team', async () => {
    const email = uniqueEmail('contact')
    const res = await post('contact', valid(email))
    expect(res.status).toBe(201)
    expect(await json(res)).toEqual({
      success: true,
      message: 'Thank you for contacting us! We will answer you by email soon.',
    })
    const row = await env.DB.prepare('SELECT * FROM contact_requests WHERE email = ?1').bind(email).first<any>()
    expect(row).toMatchObject({
      reason: 'bug_report',
      message: 'The audio stops after two minutes.',
      user_id: null,
      locale: 'en',
    })
    const mail = await env.DB.prepare("SELECT * FROM email_outbox WHERE template = 'team_request' AND text LIKE ?1")
      .bind(`%${email}%`)
      .first<any>()
    expect(mail.to_address).toBe(env.TEAM_INBOX)
    expect(mail.locale).toBe('es')
    expect(mail.subject).toBe(`Nueva solicitud de contacto #${row.id}`)
    expect(mail.text).toContain('Motivo: Algo no funciona (bug_report)')
    expect(mail.text).toContain('Mensaje: The audio stops after two minutes.')
    expect(mail.text).toContain('Idioma: en')
    expect(mail.text).toContain(`Responder por correo: mailto:${email}`)
  })

  it('answers in Spanish, and keeps the signed-in caller', async () => {
    const me = await register()
    const res = await post('contact', { ...valid(me.email), reason: 'payment_issue' }, signedIn(me.token))
    await expectThanks(res, '¡Gracias por contactarnos! Te responderemos por correo muy pronto.')
    expect(
      await countRows('contact_requests', 'email = ?1 AND user_id = ?2 AND locale = ?3', me.email, me.id, 'es'),
    ).toBe(1)
  })

  it('refuses bad input with field errors in both languages, storing nothing', async () => {
    const before = await countRows('contact_requests')
    const en = await post('contact', { email: 'not-an-email', reason: 'complaint', description: 'short' })
    expect(en.status).toBe(422)
    expect(await json(en)).toMatchObject({
      success: false,
      code: 'validation',
      message: 'Validation error in the provided data.',
      errors: {
        email: ['The email is not valid.'],
        reason: ['Choose one of the options.'],
        description: ['It must have at least 10 characters.'],
      },
    })
    const es = await post('contact', {}, { locale: 'es' })
    expect(es.status).toBe(422)
    const body = await json(es)
    expect(body.message).toBe('Error de validación en los datos proporcionados.')
    expect(body.errors.email).toEqual(['Este campo es obligatorio.'])
    expect(body.errors.reason).toEqual(['Elige una de las opciones.'])
    expect(body.errors.description).toEqual(['Este campo es obligatorio.'])
    expect(await countRows('contact_requests')).toBe(before)
  })

  it('refuses a missing or replayed captcha before anything is stored', async () => {
    const email = uniqueEmail('nocaptcha')
    const none = await post('contact', valid(email), { token: '' })
    expect(none.status).toBe(403)
    expect(await json(none)).toMatchObject({ code: 'invalid_captcha', message: 'Invalid reCAPTCHA token.' })
    const token = 'XXXX.DUMMY.TOKEN.XXXX.replayed-contact'
    expect((await post('contact', valid(uniqueEmail('first')), { token })).status).toBe(201)
    const replay = await post('contact', valid(email), { token, locale: 'es' })
    expect(replay.status).toBe(403)
    expect((await json(replay)).message).toBe('Token de reCAPTCHA no válido.')
    expect(await countRows('contact_requests', 'email = ?1', email)).toBe(0)
    // The hour was not spent by the refusals.
    expect((await post('contact', valid(email))).status).toBe(201)
  })

  it('holds once an hour per email under 20 concurrent requests: one passes, 19 get 429 with the message', async () => {
    const email = uniqueEmail('burst')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('contact', { ...valid(email), description: `Message number ${i} of the burst.` }),
      ),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 429)).toHaveLength(19)
    for (const r of results.filter((x) => x.status === 429)) {
      const body = await json(r)
      expect(body).toMatchObject({
        success: false,
        code: 'rate_limited',
        message: 'You can only submit a contact request once every hour.',
      })
      expect(Date.parse(body.retry_at) - Date.now()).toBeGreaterThan(59 * 60_000)
    }
    expect(await countRows('contact_requests', 'email = ?1', email)).toBe(1)
    expect(await countRows('email_outbox', "template = 'team_request' AND text LIKE ?1", `%${email}%`)).toBe(1)
    // Later within the hour, and in Spanish; another address is not held.
    const again = await post('contact', valid(email), { locale: 'es' })
    expect(again.status).toBe(429)
    expect((await json(again)).message).toBe('Solo puedes enviar una solicitud de contacto una vez cada hora.')
    expect((await post('contact', valid(`  ${email.toUpperCase()} `))).status).toBe(429)
    expect((await post('contact', valid(uniqueEmail('other')))).status).toBe(201)
  })

  it('still answers 201 when the team mail cannot be queued (the request is stored)', async () => {
    const email = uniqueEmail('nomail')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const res = await withoutOutbox(() => post('contact', valid(email)))
    expect(res.status).toBe(201)
    expect(await countRows('contact_requests', 'email = ?1', email)).toBe(1)
    expect(warn).toHaveBeenCalled()
    expect(String(warn.mock.calls[0]![0])).toContain('team mail for contact')
  })

  it('words every reason of SPEC §9 in the team mail', async () => {
    const reasons = ['bug_report', 'feature_request', 'account_issue', 'payment_issue', 'general_question', 'other']
    for (const reason of reasons)
      expect((await post('contact', { ...valid(uniqueEmail(reason.replace('_', ''))), reason })).status).toBe(201)
    const texts = (await teamMails('contacto')).map((m) => m.text).join('\n')
    for (const reason of reasons) expect(texts).toContain(`(${reason})`)
  })
})
