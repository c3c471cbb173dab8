// Sessions, events and missing translations through the Worker (issue 8 §4; SPEC §3, §7, §9).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { bearer, countRows, register } from '../users/support'

const session = async (query: string, headers: Record<string, string> = {}) => {
  const res = await api(`/v1/session?${query}`, { headers })
  return { res, body: await json(res) }
}
const row = (id: string) =>
  env.DB.prepare('SELECT * FROM tracking_sessions WHERE session_id = ?1').bind(id).first<Record<string, any>>()

describe('GET /v1/session', () => {
  it('starts a session with the visit’s utm values and SPEC’s defaults, then knows it again', async () => {
    const first = await session(
      'pathname=/&event_source_url=' +
        encodeURIComponent('https://calma.app/?utm_source=landing') +
        '&utm_source=landing&utm_medium=hero&utm_campaign=otono',
    )
    expect(first.res.status).toBe(200)
    expect(first.body.new_session).toBe(true)
    expect(first.body.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await row(first.body.session_id)).toMatchObject({
      utm_source: 'landing',
      utm_medium: 'hero',
      utm_campaign: 'otono',
      utm_agency: 'na',
      utm_category: 'anxiety',
      pathname: '/',
      user_id: null,
    })

    const again = await session(`session_id=${first.body.session_id}&pathname=/routes`)
    expect(again.body).toMatchObject({ session_id: first.body.session_id, new_session: false })
    expect(await countRows('tracking_sessions', 'session_id = ?1', first.body.session_id)).toBe(1)
  })

  it('the insomnia landing’s agency and category (bare or utm_ names); an unknown or odd id starts a new session', async () => {
    const landing = await session(
      'pathname=/get-a-plan-for-insomnia&agency=adconver&utm_category=insomnia&fbc=fb.1.123',
    )
    expect(await row(landing.body.session_id)).toMatchObject({
      utm_agency: 'adconver',
      utm_category: 'insomnia',
      utm_fbc: 'fb.1.123',
    })
    const unknown = await session(`session_id=${crypto.randomUUID()}`)
    expect(unknown.body.new_session).toBe(true)
    const odd = await session('session_id=not-a-uuid')
    expect(odd.body.new_session).toBe(true)
    const tooLong = await session(`utm_source=${'x'.repeat(300)}`, { 'accept-language': 'es' })
    expect(tooLong.res.status).toBe(422)
    expect(tooLong.body.errors.utm_source).toBeTruthy()
  })

  it('a session seen again once the person has signed in is theirs', async () => {
    const visit = await session('pathname=/')
    const me = await register()
    await session(`session_id=${visit.body.session_id}`, bearer(me.token))
    expect((await row(visit.body.session_id))!.user_id).toBe(me.id)
  })
})

describe('POST /v1/track', () => {
  it('stores the event with its session, page and route, post or search; the signed-in person with it', async () => {
    const { body } = await session('pathname=/route/x')
    const me = await register()
    const res = await api('/v1/track', {
      method: 'POST',
      headers: bearer(me.token),
      form: { session_id: body.session_id, event: 'page_view', page: '/route/calma', route: 'calma' },
    })
    expect(res.status).toBe(202)
    await api('/v1/track', {
      method: 'POST',
      form: { session_id: body.session_id, event: 'search', page: '/routes', search: 'insomnio' },
    })
    const events = (
      await env.DB.prepare('SELECT event, page, params, user_id FROM tracking_events WHERE session_id = ?1 ORDER BY id')
        .bind(body.session_id)
        .all<any>()
    ).results
    expect(events.map((e) => [e.event, e.page, JSON.parse(e.params), e.user_id])).toEqual([
      ['page_view', '/route/calma', { route: 'calma' }, me.id],
      ['search', '/routes', { search: 'insomnio' }, null],
    ])
  })

  it('refuses a bad event or session id with field errors in both languages, storing nothing', async () => {
    const before = await countRows('tracking_events')
    const en = await api('/v1/track', {
      method: 'POST',
      locale: 'en',
      form: { session_id: 'nope', event: 'Page View!' },
    })
    expect(en.status).toBe(422)
    const enBody = await json(en)
    expect(Object.keys(enBody.errors).sort()).toEqual(['event', 'session_id'])
    const es = await api('/v1/track', { method: 'POST', locale: 'es', form: { session_id: crypto.randomUUID() } })
    const esBody = await json(es)
    expect(es.status).toBe(422)
    expect(esBody.errors.event[0]).not.toEqual(enBody.errors.event[0])
    expect(await countRows('tracking_events')).toBe(before)
  })
})

describe('POST /v1/translation', () => {
  it('records a missing key once per language, counting repeats', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await api('/v1/translation', { method: 'POST', locale: 'es', form: { text: 'home.missing_title' } })).status,
      ).toBe(202)
    await api('/v1/translation', { method: 'POST', locale: 'en', form: { text: 'home.missing_title' } })
    const rows = (
      await env.DB.prepare(
        "SELECT locale, count FROM translation_misses WHERE text = 'home.missing_title' ORDER BY locale",
      ).all<any>()
    ).results
    expect(rows).toEqual([
      { locale: 'en', count: 1 },
      { locale: 'es', count: 3 },
    ])
  })
})
