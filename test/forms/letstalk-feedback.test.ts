// POST /v1/letstalk and POST /v1/feedback (issue 8 §3; SPEC §3 Call-back request and Feedback,
// §5 phone with its country code and score 1-10, §9 call windows and usage frequencies).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { json } from '../helpers'
import { countRows, register, uniqueEmail } from '../users/support'
import { expectThanks, post, signedIn } from './support'

describe('POST /v1/letstalk', () => {
  const valid = (email: string) => ({
    email,
    name: 'Lucía Pérez',
    phone: '+34 612 34 56 78',
    preferred_time: 'midday',
    timezone: 'europe/madrid',
  })

  it('stores the call-back request (E.164 phone, canonical zone), thanks, and mails the team', async () => {
    const email = uniqueEmail('call')
    const res = await post('letstalk', valid(email))
    await expectThanks(res, 'Thank you! We will call you in the time you chose.')
    const row = await env.DB.prepare('SELECT * FROM callback_requests WHERE email = ?1').bind(email).first<any>()
    expect(row).toMatchObject({
      name: 'Lucía Pérez',
      phone: '+34612345678',
      preferred_time: 'midday',
      timezone: 'Europe/Madrid',
      locale: 'en',
      user_id: null,
      handled_at: null,
    })
    const mail = await env.DB.prepare("SELECT * FROM email_outbox WHERE template = 'team_request' AND subject = ?1")
      .bind(`Nueva solicitud de llamada #${row.id}`)
      .first<any>()
    expect(mail.to_address).toBe(env.TEAM_INBOX)
    expect(mail.text).toContain('Horario preferido: Mediodía, 12:00 – 16:00')
    expect(mail.text).toContain('Zona horaria: Europe/Madrid')
    expect(mail.text).toContain('Llamar: tel:+34612345678')
    expect(mail.html).toContain('href="tel:+34612345678"')
  })

  it('keeps the signed-in caller and answers in Spanish', async () => {
    const me = await register()
    const res = await post('letstalk', { ...valid(me.email), preferred_time: 'evening' }, signedIn(me.token))
    await expectThanks(res, '¡Gracias! Te llamaremos en el horario que elegiste.')
    expect(await countRows('callback_requests', 'user_id = ?1', me.id)).toBe(1)
  })

  it('refuses a wrong phone, a window that does not exist and a missing name, in both languages', async () => {
    const email = uniqueEmail('badcall')
    const en = await post('letstalk', { email, phone: '612345678', preferred_time: 'night' })
    expect(en.status).toBe(422)
    expect((await json(en)).errors).toEqual({
      name: ['This field is required.'],
      phone: ['The phone number is not valid.'],
      preferred_time: ['Choose one of the options.'],
    })
    const es = await post('letstalk', { ...valid(email), phone: '+34 12', timezone: 'Mars/Olympus' }, { locale: 'es' })
    expect(es.status).toBe(422)
    const body = await json(es)
    expect(body.errors.phone).toEqual(['El número de teléfono no es válido.'])
    expect(body.errors.timezone).toHaveLength(1)
    expect(await countRows('callback_requests', 'email = ?1', email)).toBe(0)
  })

  it('needs a captcha', async () => {
    const email = uniqueEmail('nocap')
    const res = await post('letstalk', valid(email), { token: '' })
    expect(res.status).toBe(403)
    expect((await json(res)).message).toBe('Invalid reCAPTCHA token.')
    expect(await countRows('callback_requests', 'email = ?1', email)).toBe(0)
  })
})

describe('POST /v1/feedback', () => {
  const full = (email: string) => ({
    email,
    usage_frequency: '2',
    problem_to_solve: 'Sleeping before exams.',
    problem_solved: 'partly',
    best_part: 'The breathing audios.',
    frustrations: 'None.',
    improvements: 'More evening routes.',
    recommendation_score: '9',
    recommendation_reason: 'It calms me.',
    ideas_or_suggestions: 'A sleep timer.',
    price_feedback: 'Fair.',
  })

  it('stores the eleven answers, thanks, and mails the team', async () => {
    const email = uniqueEmail('fb')
    const res = await post('feedback', full(email))
    await expectThanks(res, 'Thank you for your feedback! It helps us a lot.')
    const row = await env.DB.prepare('SELECT * FROM feedback WHERE email = ?1').bind(email).first<any>()
    expect(row).toMatchObject({
      usage_frequency: 2,
      problem_to_solve: 'Sleeping before exams.',
      problem_solved: 'partly',
      best_part: 'The breathing audios.',
      frustrations: 'None.',
      improvements: 'More evening routes.',
      recommendation_score: 9,
      recommendation_reason: 'It calms me.',
      ideas_or_suggestions: 'A sleep timer.',
      price_feedback: 'Fair.',
      locale: 'en',
    })
    const mail = await env.DB.prepare("SELECT * FROM email_outbox WHERE template = 'team_request' AND subject = ?1")
      .bind(`Nuevos comentarios #${row.id}`)
      .first<any>()
    expect(mail.to_address).toBe(env.TEAM_INBOX)
    expect(mail.text).toContain('¿Con qué frecuencia usas Calma?: Cada semana (2)')
    expect(mail.text).toContain('¿Qué probabilidad hay de que recomiendes Calma a un amigo?: 9')
    expect(mail.text).not.toContain('captcha')
  })

  it('takes only the email, the frequency and the score as required; every SPEC §9 frequency', async () => {
    for (const f of ['1', '2', '3', '4']) {
      const res = await post(
        'feedback',
        { email: uniqueEmail(`f${f}`), usage_frequency: f, recommendation_score: f === '4' ? '10' : '1' },
        { locale: 'es' },
      )
      expect(res.status).toBe(201)
      expect((await json(res)).message).toBe('¡Gracias por tus comentarios! Nos ayudan mucho.')
    }
  })

  it('refuses a score outside 1-10 and an unknown frequency, in both languages', async () => {
    const email = uniqueEmail('badfb')
    const en = await post('feedback', {
      ...full(email),
      usage_frequency: '5',
      recommendation_score: '11',
      problem_solved: 'maybe',
    })
    expect(en.status).toBe(422)
    expect((await json(en)).errors).toEqual({
      usage_frequency: ['Choose one of the options.'],
      recommendation_score: ['It must be at most 10.'],
      problem_solved: ['Choose one of the options.'],
    })
    const es = await post('feedback', { ...full(email), recommendation_score: '0', email: '' }, { locale: 'es' })
    expect(es.status).toBe(422)
    expect((await json(es)).errors).toEqual({
      email: ['Este campo es obligatorio.'],
      recommendation_score: ['Debe ser como mínimo 1.'],
    })
    const nan = await post('feedback', { ...full(email), recommendation_score: '1e1' })
    expect((await json(nan)).errors).toEqual({ recommendation_score: ['It must be a number.'] })
    expect(await countRows('feedback', 'email = ?1', email)).toBe(0)
  })

  it('needs a captcha', async () => {
    const email = uniqueEmail('nocapfb')
    const res = await post('feedback', full(email), { token: '', locale: 'es' })
    expect(res.status).toBe(403)
    expect((await json(res)).message).toBe('Token de reCAPTCHA no válido.')
    expect(await countRows('feedback', 'email = ?1', email)).toBe(0)
  })
})
