// Routes recommended after a session (issue 44 §3), from outside through the Worker on real D1:
// the psychologist of an attended session recommends one to three routes in the person's
// language; the person hears of it on their channels, reads it, and the route opens for them
// whatever their plan's order (a subscription's gate stays). Each refusal is its own test.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { given, makeAppointment, makePlan, makeRoute, patchUser, type MadeRoute } from '../factories'
import { api, json, minuteCron, userChanged } from '../helpers'
import { planAssignments } from '#worker/db/schema'
import { bearer, register, setRole } from '../users/support'
import { host } from '../appointments/support'

async function send(token: string, form: [string, string][], locale = 'en') {
  const res = await api('/v1/appointment/recommend', {
    method: 'POST',
    locale,
    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })
  return { res, body: await json(res) }
}
const recommend = (token: string, id: number, routes: number[], note?: string, locale = 'en') =>
  send(
    token,
    [
      ['id', String(id)],
      ...routes.map((r): [string, string] => ['route_ids[]', String(r)]),
      ...(note === undefined ? [] : [['note', note] as [string, string]]),
    ],
    locale,
  )
const read = async (token: string, path: string) => {
  const res = await api(path, { headers: bearer(token), locale: 'en' })
  return { res, body: await json(res) }
}

/** A person (Spanish), their psychologist, a session between them in `status`, and Spanish routes. */
async function world(status: AppointmentStatus = AppointmentStatus.attended) {
  const person = await register({ password: '' })
  await patchUser(person.id, { language: 'es', name: 'Lucía' })
  const h = await host()
  await patchUser(h.id, { name: 'Marta Ruiz' })
  const session = await makeAppointment(person.id, h.id, Date.now() - 3 * 3_600_000, { status })
  const routes: MadeRoute[] = []
  for (let i = 0; i < 4; i++) routes.push(await makeRoute({ language: 'es', units: 2 }))
  return { person, h, session, routes }
}

describe('POST /v1/appointment/recommend', () => {
  it('the psychologist of an attended session recommends; the person reads it and is told on their channels', async () => {
    const w = await world()
    const sent = await recommend(w.h.token, w.session, [w.routes[1]!.id, w.routes[0]!.id], 'Escúchala antes de dormir.')
    expect(sent.res.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body).toMatchObject({
      message: 'Your recommendation has been sent.',
      created: true,
      recommendation: { appointment_id: w.session, route_ids: [w.routes[1]!.id, w.routes[0]!.id] },
    })

    const mine = await read(w.person.token, '/v1/my/recommendations')
    expect(mine.res.status).toBe(200)
    expect(mine.body.recommendations).toHaveLength(1)
    expect(mine.body.recommendations[0]).toMatchObject({
      appointment_id: w.session,
      host: { id: w.h.id, name: 'Marta Ruiz' },
      note: 'Escúchala antes de dormir.',
      routes: [
        { id: w.routes[1]!.id, progress: 0 },
        { id: w.routes[0]!.id, progress: 0 },
      ],
    })
    // The psychologist's own list holds nothing of it (it is the person's), another person's neither.
    expect((await read(w.h.token, '/v1/my/recommendations')).body.recommendations).toEqual([])

    // Told once, on each channel the notice path allows; the minute job delivers the in-app one
    // in the person's language, with neither the routes nor the note in it.
    const notices = await env.DB.prepare(
      `SELECT channel, copy FROM admin_notifications WHERE receivers = ?1 ORDER BY channel`,
    )
      .bind(JSON.stringify([w.person.id]))
      .all<{ channel: string; copy: string }>()
    expect(notices.results.map((n) => n.channel)).toEqual(['email', 'in_app', 'push'])
    expect(notices.results[0]!.copy).not.toContain('Escúchala')
    await minuteCron()
    const inApp = await env.DB.prepare('SELECT title, locale FROM in_app_notifications WHERE user_id = ?1')
      .bind(w.person.id)
      .all<{ title: string; locale: string }>()
    expect(inApp.results).toEqual([{ title: 'Tu psicóloga te ha recomendado rutas', locale: 'es' }])

    // A second recommendation for the same session replaces the first and tells nobody again.
    const again = await recommend(w.h.token, w.session, [w.routes[2]!.id])
    expect(again.res.status).toBe(200)
    expect(again.body.created).toBe(false)
    const after = (await read(w.person.token, '/v1/my/recommendations')).body.recommendations
    expect(after).toHaveLength(1)
    expect(after[0].routes.map((r: any) => r.id)).toEqual([w.routes[2]!.id])
    expect(after[0].note).toBe('')
    const count = await env.DB.prepare('SELECT count(*) AS n FROM admin_notifications WHERE receivers = ?1')
      .bind(JSON.stringify([w.person.id]))
      .first<{ n: number }>()
    expect(count!.n).toBe(3)
  })

  it('a person who chose only mail is told by mail only', async () => {
    const w = await world()
    await patchUser(w.person.id, { notificationChannels: ['email'] })
    expect((await recommend(w.h.token, w.session, [w.routes[0]!.id])).res.status).toBe(200)
    await minuteCron()
    const inApp = await env.DB.prepare('SELECT count(*) AS n FROM in_app_notifications WHERE user_id = ?1')
      .bind(w.person.id)
      .first<{ n: number }>()
    expect(inApp!.n).toBe(0)
  })

  it('refuses another psychologist (403)', async () => {
    const w = await world()
    const other = await host()
    const r = await recommend(other.token, w.session, [w.routes[0]!.id])
    expect(r.res.status).toBe(403)
    expect(r.body.success).toBe(false)
  })

  it('refuses an admin who did not hold the session (403)', async () => {
    const w = await world()
    const a = await register({ password: '' })
    await setRole(a.id, Role.admin)
    expect((await recommend(a.token, w.session, [w.routes[0]!.id])).res.status).toBe(403)
  })

  it('refuses the person themselves (403)', async () => {
    const w = await world()
    expect((await recommend(w.person.token, w.session, [w.routes[0]!.id])).res.status).toBe(403)
  })

  it('refuses a psychologist who left the role (403), and the person keeps what they recommended before', async () => {
    const w = await world()
    expect((await recommend(w.h.token, w.session, [w.routes[0]!.id])).res.status).toBe(200)
    await setRole(w.h.id, Role.patient)
    expect((await recommend(w.h.token, w.session, [w.routes[1]!.id])).res.status).toBe(403)
    const mine = (await read(w.person.token, '/v1/my/recommendations')).body.recommendations
    expect(mine.map((r: any) => r.routes.map((x: any) => x.id))).toEqual([[w.routes[0]!.id]])
  })

  it('refuses a session not attended (409), in both languages', async () => {
    for (const status of [
      AppointmentStatus.confirmed,
      AppointmentStatus.cancelled,
      AppointmentStatus.finished_by_overtime,
    ]) {
      const w = await world(status)
      const en = await recommend(w.h.token, w.session, [w.routes[0]!.id])
      expect(en.res.status).toBe(409)
      expect(en.body.message).toBe('You can recommend routes only after a session closed as attended.')
      const es = await recommend(w.h.token, w.session, [w.routes[0]!.id], undefined, 'es')
      expect(es.body.message).toBe('Solo puedes recomendar rutas después de una sesión cerrada como atendida.')
    }
  })

  it('refuses a route not in the person’s language (422 on route_ids), in both languages', async () => {
    const w = await world()
    const english = await makeRoute({ language: 'en', units: 1 })
    const en = await recommend(w.h.token, w.session, [w.routes[0]!.id, english.id])
    expect(en.res.status).toBe(422)
    expect(en.body.errors).toEqual({ route_ids: ['Choose routes in the language of the person (Spanish).'] })
    const es = await recommend(w.h.token, w.session, [english.id], undefined, 'es')
    expect(es.body.errors).toEqual({ route_ids: ['Elige rutas en el idioma de la persona (español).'] })
    expect((await read(w.person.token, '/v1/my/recommendations')).body.recommendations).toEqual([])
  })

  it('refuses a hidden, inactive or unknown route, none or more than three, and a long note (422 with fields)', async () => {
    const w = await world()
    const hidden = await makeRoute({ language: 'es', status: 2 })
    const inactive = await makeRoute({ language: 'es', isActive: false })
    for (const bad of [[hidden.id], [inactive.id], [99_999_999]]) {
      const r = await recommend(w.h.token, w.session, bad)
      expect(r.res.status).toBe(422)
      expect(r.body.errors.route_ids).toEqual(['One of these routes does not exist or is not published.'])
    }
    const none = await recommend(w.h.token, w.session, [])
    expect(none.res.status).toBe(422)
    expect(Object.keys(none.body.errors)).toEqual(['route_ids'])
    const four = await recommend(
      w.h.token,
      w.session,
      w.routes.map((r) => r.id),
    )
    expect(four.res.status).toBe(422)
    expect(four.body.errors.route_ids).toEqual(['Choose at most three routes.'])
    const long = await recommend(w.h.token, w.session, [w.routes[0]!.id], 'x'.repeat(501), 'es')
    expect(long.res.status).toBe(422)
    expect(Object.keys(long.body.errors)).toEqual(['note'])
    // A session that is not there is refused as another's is (nobody learns which ids exist).
    expect((await recommend(w.h.token, 99_999_999, [w.routes[0]!.id])).res.status).toBe(403)
  })

  it('a recommended route opens whatever the plan’s order; what a subscription gates stays gated', async () => {
    const w = await world()
    const [first, second] = w.routes as [MadeRoute, MadeRoute]
    const planId = await makePlan({}, [first.id, second.id])
    await given(planAssignments, { planId, userId: w.person.id })
    await userChanged(w.person.id)
    const units = () => read(w.person.token, `/v1/route/units?route=${second.id}`)
    const locked = await units()
    expect(locked.res.status).toBe(403)

    expect((await recommend(w.h.token, w.session, [second.id])).res.status).toBe(200)
    const open = await units()
    expect(open.res.status, JSON.stringify(open.body)).toBe(200)
    expect(open.body.units.map((u: any) => u.lock)).toEqual([null, 'unit_not_completed'])

    // Free access over, no subscription: the route opens, its units past the first stay gated.
    await env.DB.prepare('UPDATE users SET free_access_until = ?1 WHERE id = ?2')
      .bind(Date.now() - 60_000, w.person.id)
      .run()
    await userChanged(w.person.id)
    const gated = await units()
    expect(gated.res.status).toBe(200)
    expect(gated.body.units.map((u: any) => u.lock)).toEqual([null, 'no_privileges'])
  })

  it('the plan’s own list shows a recommended route open, on /v1/my/plan/status and on /journey', async () => {
    const w = await world()
    const [first, second, third] = w.routes as [MadeRoute, MadeRoute, MadeRoute]
    const planId = await makePlan({}, [first.id, second.id, third.id])
    await given(planAssignments, { planId, userId: w.person.id })
    await userChanged(w.person.id)
    const status = async () => (await read(w.person.token, '/v1/my/plan/status')).body.status.items as any[]
    const journey = async () =>
      (
        await api('/journey', {
          headers: { cookie: `calma_session=${w.person.token}`, accept: 'text/html' },
          redirect: 'manual',
        })
      ).text()
    const row = (html: string, slug: string) => {
      const at = html.lastIndexOf('<li', html.indexOf(`data-slug="${slug}"`))
      return html.slice(at, html.indexOf('</li>', at))
    }
    expect((await status()).map((i) => i.locked)).toEqual([false, true, true])
    expect(row(await journey(), third.slug)).toContain('data-state="locked"')

    expect((await recommend(w.h.token, w.session, [third.id])).res.status).toBe(200)
    const items = await status()
    // The third opens; the second stays where the plan's order holds it (next to unlock).
    expect(items.map((i) => [i.locked, i.lock_code, i.next_to_unlock])).toEqual([
      [false, null, false],
      [true, 'route_not_completed', true],
      [false, null, false],
    ])
    const html = await journey()
    const open = row(html, third.slug)
    expect(open).toContain('data-state="open"')
    expect(open).toContain(`href="/route/${third.slug}?plan_id=${planId}"`)
    expect(row(html, second.slug)).toContain('data-state="locked"')
  })

  it('GET /v1/my/recommendations needs a signed-in caller', async () => {
    const res = await api('/v1/my/recommendations', { locale: 'en' })
    expect(res.status).toBe(401)
  })
})
