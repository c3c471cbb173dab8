// The landings through the Worker (issue 8 §2): the pages in both languages, and a landing's
// registration: no password, the landing's plan, and the kit mail with its one-time link.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { mailTo, signUp, uniqueEmail } from '../users/support'
import { routeDefs1 } from '#worker/seed/data/routes-1'

const page = (path: string) => api(path, { headers: { accept: 'text/html' } })

describe('the landings', () => {
  // Issue 34 "Care": the landing promised "5 o más audios" while the kit's route has 4 units.
  it('the insomnia landing promises the audios the kit has, in both languages', async () => {
    const kit = routeDefs1.find((r) => r.es.slug === '4-ejercicios-para-el-insomnio')!
    const n = kit.units.length
    const es = await (await page('/get-a-plan-for-insomnia')).text()
    expect(es).toContain(`${n} audios guiados`)
    expect(es).not.toMatch(/\d+ o más audios/)
    const en = await (await page('/en/get-a-plan-for-insomnia')).text()
    expect(en).toContain(`${n} guided audios`)
    expect(en).not.toMatch(/\d+ or more guided audios/)
  })

  it('render for visitors in both languages, without a password field', async () => {
    const es = await page('/get-a-plan-for-insomnia')
    expect(es.status).toBe(200)
    const html = await es.text()
    expect(html).toContain('Enviadme el kit')
    expect(html).toContain('Soy mayor de edad y acepto recibir el kit y la invitación')
    expect(html).toContain('El kit llega a tu correo en menos de 5 minutos.')
    expect(html).not.toContain('name="password"')
    expect(html).not.toContain('name="name"')
    const en = await (await page('/en/get-a-plan-for-anxiety')).text()
    expect(en).toContain('Start my free plan')
    expect(en).toContain('name="name"')
    const thanks = await (await page('/get-a-plan-for-insomnia/thanks')).text()
    expect(thanks).toContain('data-testid="insomnia-thanks"')
    expect(thanks).not.toContain('data-testid="header"')
  })

  it('a registration from the insomnia landing: no password, the kit mail with a sign-in link to the kit route', async () => {
    const email = uniqueEmail('kit')
    const res = await signUp(
      {
        email,
        legal_age: '1',
        consent_kind: 'landing_kit',
        consent_text: 'Soy mayor de edad y acepto recibir el kit y la invitación',
        category: 'insomnia',
        language: 'es',
      },
      'es',
    )
    expect(res.status, JSON.stringify(await json(res.clone()))).toBe(201)
    const mail = (await mailTo(email, 'welcome'))!
    expect(mail!.subject).toBe('Aquí tienes tu kit anti-insomnio')
    const link = /https?:\/\/\S+\/login\?\S+/.exec(mail!.text)![0]
    const url = new URL(link)
    expect(url.searchParams.get('authorization')).toBeTruthy()
    expect(url.searchParams.get('redirect')).toBe('/route/4-ejercicios-para-el-insomnio')
    const consent = await env.DB.prepare(
      'SELECT kind FROM consent_records WHERE user_id = (SELECT id FROM users WHERE email = ?1)',
    )
      .bind(email)
      .first<{ kind: string }>()
    expect(consent!.kind).toBe('landing_kit')
  })

  it('the English anxiety landing mails the plan, to the English route', async () => {
    const email = uniqueEmail('plan')
    const res = await signUp({ email, name: 'Ana', legal_age: '1', category: 'anxiety', language: 'en' })
    expect(res.status).toBe(201)
    const mail = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE to_address = ?1')
      .bind(email)
      .first<{ subject: string; text: string }>()
    expect(mail!.subject).toBe('Your plan to ease anxiety is ready')
    expect(new URL(/https?:\/\/\S+\/login\?\S+/.exec(mail!.text)![0]).searchParams.get('redirect')).toBe(
      '/en/route/discover-and-understand-your-emotions',
    )
  })
})
