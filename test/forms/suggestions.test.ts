// POST /v1/suggestion and 'tell me when such a route is published' (issue 8 §3; SPEC §2
// /suggestions). A route saved visible (POST /v1/route) tells every waiting suggestion of its
// language whose topic the route search would answer with it: once, by mail and in-app.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { json } from '../helpers'
import { units } from '#worker/db/schema'
import { given, unique } from '../factories'
import { api } from '../helpers'
import { bearer, countRows, register, setRole, uniqueEmail } from '../users/support'
import { expectThanks, oddWord, post, signedIn } from './support'

let admin: string
beforeAll(async () => {
  const a = await register()
  await setRole(a.id, 4)
  admin = a.token
})

const saveRoute = async (form: Record<string, string>) => {
  const res = await api('/v1/route', { method: 'POST', locale: 'en', headers: bearer(admin), form })
  expect(res.status).toBeLessThan(300)
  return (await json(res)).route as { id: number; slug: string }
}
const addUnit = (routeId: number) => given(units, { routeId, order: 1, status: 1, title: 'Unidad 1' })
/**
 * A route as an editor makes one: saved hidden, given a unit, then saved with the status asked
 * (visible by default). Only a published route with a unit tells (issue 20 §8).
 */
const newRoute = async (title: string, extra: Record<string, string> = {}) => {
  const { status = '1', ...rest } = extra
  const route = await saveRoute({ language: 'es', slug: unique('ruta'), title, ...rest, status: '2' })
  await addUnit(route.id)
  return status === '2' ? route : saveRoute({ id: String(route.id), status })
}

const suggestionOf = (id: number) => env.DB.prepare('SELECT * FROM suggestions WHERE id = ?1').bind(id).first<any>()
const lastSuggestion = (keyword: string) =>
  env.DB.prepare('SELECT * FROM suggestions WHERE search_keyword = ?1 ORDER BY id DESC').bind(keyword).first<any>()
const routeMails = (to: string) =>
  env.DB.prepare("SELECT * FROM email_outbox WHERE template = 'route_published' AND to_address = ?1")
    .bind(to)
    .all<any>()
    .then((r) => r.results)

describe('POST /v1/suggestion', () => {
  it('stores the request with the search text, thanks, and mails the team', async () => {
    const keyword = `ansiedad ${oddWord()}`
    const res = await post('suggestion', { keyword, text: 'Para antes de los exámenes.' }, { locale: 'es' })
    await expectThanks(res, '¡Gracias! Hemos recibido tu petición.')
    const row = await lastSuggestion(keyword)
    expect(row).toMatchObject({
      text: 'Para antes de los exámenes.',
      search_keyword: keyword,
      notify: 0,
      email: null,
      notified_at: null,
      locale: 'es',
    })
    const mail = await env.DB.prepare("SELECT * FROM email_outbox WHERE template = 'team_request' AND subject = ?1")
      .bind(`Nueva petición de ruta #${row.id}`)
      .first<any>()
    expect(mail.to_address).toBe(env.TEAM_INBOX)
    expect(mail.text).toContain(`Tema buscado: ${keyword}`)
    expect(mail.text).toContain('Quiere que le avisemos: no')
    expect(mail.text).toContain(
      `Ver la búsqueda: http://localhost/routes?keyword=${encodeURIComponent(keyword).replace(/%20/g, '+')}`,
    )
  })

  it('with notify=1 needs an email, in both languages; the topic needs a word', async () => {
    const en = await post('suggestion', { keyword: 'sleep', notify: '1' })
    expect(en.status).toBe(422)
    expect((await json(en)).errors).toEqual({ email: ['Write your email so that we can let you know.'] })
    const es = await post('suggestion', { keyword: '%%', notify: '1', email: 'x' }, { locale: 'es' })
    expect(es.status).toBe(422)
    expect((await json(es)).errors).toEqual({
      keyword: ['Escribe al menos una palabra.'],
      email: ['El correo electrónico no es válido.'],
    })
    const none = await post('suggestion', {}, { locale: 'es' })
    expect((await json(none)).errors).toEqual({ keyword: ['Este campo es obligatorio.'] })
    const ok = await post('suggestion', { keyword: 'sleep', notify: '1', email: uniqueEmail('notify') })
    await expectThanks(ok, 'Thank you! We will let you know when such a route is published.')
  })

  it('needs a captcha', async () => {
    const keyword = oddWord('nocap')
    const res = await post('suggestion', { keyword }, { token: '' })
    expect(res.status).toBe(403)
    expect((await json(res)).code).toBe('invalid_captcha')
    expect(await countRows('suggestions', 'search_keyword = ?1', keyword)).toBe(0)
  })
})

describe('a published route that matches a waiting suggestion', () => {
  it('tells the person once, by mail and in-app, and never for a route that does not match', async () => {
    const me = await register({}, 'es')
    const word = oddWord('insomnio')
    const keyword = `Insómnio ${word}`
    const sent = await post('suggestion', { keyword, notify: '1', email: me.email }, signedIn(me.token))
    expect(sent.status).toBe(201)
    const s = await lastSuggestion(keyword)
    expect(s).toMatchObject({ notify: 1, email: me.email, user_id: me.id })

    // Not a match: another topic; the right words but hidden; the right words in English.
    await newRoute(`Respirar ${oddWord()}`)
    await newRoute(`Insomnio ${word}`, { status: '2' })
    await newRoute(`Insomnio ${word}`, { is_public: '0' })
    await saveRoute({ language: 'en', slug: unique('route'), title: `Insomnio ${word}` })
    expect((await suggestionOf(s.id)).notified_at).toBeNull()
    expect(await routeMails(me.email)).toHaveLength(0)

    // A match (accents and case aside): told once.
    const route = await newRoute(`Dormir mejor: insomnio y ${word.toUpperCase()}`, { description: 'Tres audios.' })
    const told = await suggestionOf(s.id)
    expect(told.notified_at).toBeGreaterThan(0)
    expect(told.notified_route_id).toBe(route.id)
    const mails = await routeMails(me.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ locale: 'es', subject: 'La ruta que pediste ya está lista' })
    expect(mails[0].text).toContain(`Nos pediste una ruta sobre «${keyword}».`)
    expect(mails[0].text).toContain(`http://localhost/route/${route.slug}`)
    const notices = await env.DB.prepare('SELECT * FROM in_app_notifications WHERE user_id = ?1').bind(me.id).all<any>()
    expect(notices.results).toHaveLength(1)
    expect(notices.results[0]).toMatchObject({
      locale: 'es',
      level: 'success',
      type: 'route_published',
      title: 'La ruta que pediste ya está lista',
      content: `/route/${route.slug}`,
    })
    expect(notices.results[0].description).toContain(`«Dormir mejor: insomnio y ${word.toUpperCase()}»`)

    // Saving it again, or another matching route: nothing more.
    await saveRoute({ id: String(route.id), description: 'Cuatro audios.' })
    await newRoute(`Insomnio ${word} (2)`)
    expect(await routeMails(me.email)).toHaveLength(1)
    expect(await countRows('in_app_notifications', 'user_id = ?1', me.id)).toBe(1)
  })

  it('a hidden route made visible later tells them then; a visitor with an account gets the in-app notice too', async () => {
    const member = await register({}, 'en')
    const word = oddWord('calm')
    // Sent as a visitor, with the email of an existing account, in English.
    expect((await post('suggestion', { keyword: word, notify: '1', email: member.email })).status).toBe(201)
    const s = await lastSuggestion(word)
    expect(s.user_id).toBeNull()
    const hidden = await saveRoute({ language: 'en', slug: unique('route'), title: `Calm ${word}`, status: '2' })
    await addUnit(hidden.id)
    expect((await suggestionOf(s.id)).notified_at).toBeNull()
    await saveRoute({ id: String(hidden.id), status: '1' })
    expect((await suggestionOf(s.id)).notified_route_id).toBe(hidden.id)
    const mails = await routeMails(member.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ locale: 'en', subject: 'A route you asked for is ready' })
    expect(mails[0].text).toContain(`http://localhost/en/route/${hidden.slug}`)
    const notice = await env.DB.prepare('SELECT * FROM in_app_notifications WHERE user_id = ?1')
      .bind(member.id)
      .first<any>()
    expect(notice).toMatchObject({
      locale: 'en',
      title: 'A route you asked for is ready',
      content: `/en/route/${hidden.slug}`,
    })
  })

  it('does not tell a suggestion that did not ask to be told, nor one whose words are not all in the route', async () => {
    const word = oddWord('quiet')
    const other = oddWord('loud')
    const email = uniqueEmail('partial')
    expect(
      (await post('suggestion', { keyword: `${word} ${other}`, notify: '1', email }, { locale: 'es' })).status,
    ).toBe(201)
    expect((await post('suggestion', { keyword: word }, { locale: 'es' })).status).toBe(201)
    await newRoute(`Silencio ${word}`)
    expect(await routeMails(email)).toHaveLength(0)
    expect(await countRows('suggestions', 'search_keyword = ?1 AND notified_at IS NOT NULL', word)).toBe(0)
    // With both words, the first is told.
    await newRoute(`Silencio ${word} y ${other}`)
    expect(await routeMails(email)).toHaveLength(1)
  })

  it('tells each person once when two matching routes are saved at the same moment', async () => {
    const word = oddWord('same')
    const emails = [uniqueEmail('twin'), uniqueEmail('twin')]
    for (const email of emails)
      expect((await post('suggestion', { keyword: word, notify: '1', email }, { locale: 'es' })).status).toBe(201)
    await Promise.all([newRoute(`Uno ${word}`), newRoute(`Dos ${word}`), newRoute(`Tres ${word}`)])
    for (const email of emails) expect(await routeMails(email)).toHaveLength(1)
  })
})

describe('a route published before it has units (issue 20 §8)', () => {
  it('tells nobody until its first visible unit is added, then once', async () => {
    const word = oddWord('empty')
    const email = uniqueEmail('early')
    expect((await post('suggestion', { keyword: word, notify: '1', email }, { locale: 'es' })).status).toBe(201)
    const route = await saveRoute({ language: 'es', slug: unique('ruta'), title: `Vacía ${word}` })
    expect(await routeMails(email)).toHaveLength(0)
    // A hidden unit is not yet something to listen to.
    const unit = (id?: number, status = '1') =>
      api('/v1/unit', {
        method: 'POST',
        locale: 'es',
        headers: bearer(admin),
        form: { ...(id ? { id: String(id) } : { route_id: String(route.id), title: 'Primera' }), status },
      })
    const hidden = await unit(undefined, '2')
    expect(hidden.status).toBe(201)
    expect(await routeMails(email)).toHaveLength(0)
    // Made visible: told, by mail, once.
    expect((await unit((await json(hidden)).unit.id as number, '1')).status).toBe(200)
    const mails = await routeMails(email)
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain(`http://localhost/route/${route.slug}`)
    expect((await unit()).status).toBe(201)
    expect(await routeMails(email)).toHaveLength(1)
  })
})
