// GET /v1/route/units (issue 6 §4-§6; docs/decisions/017-who-may-play.md): the ordered visible
// units of a route with, for the caller, position, completion and lock.
import { describe, expect, it } from 'vitest'
import { env } from 'cloudflare:test'
import { STATUS, makeRoute, unique } from '../factories'
import { api, json } from '../helpers'
import { locks, routeWithMedia, save, someone, unitsOf } from './support'

describe('GET /v1/route/units', () => {
  it('shows a visitor every unit locked login_needed, with no media, by id or by slug in the request language', async () => {
    const route = await routeWithMedia({ language: 'es', units: 3 })
    const { res, body } = await unitsOf(route.id, null)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(body.route).toEqual({ id: route.id, slug: route.slug, title: route.title, language: 'es' })
    expect(body.units.map((u: any) => u.id)).toEqual(route.units.map((u) => u.id))
    expect(locks(body)).toEqual(['login_needed', 'login_needed', 'login_needed'])
    expect(body.units.every((u: any) => u.media === null && u.position === 0 && u.completed === false)).toBe(true)
    expect(body.progress).toEqual({ route_id: route.id, completed_units: 0, visible_units: 3, progress: 0 })

    const bySlug = await unitsOf(route.slug, null, 'es')
    expect(bySlug.body.route.id).toBe(route.id)
    // Slugs are per language: the Spanish slug asked in English is not found.
    const other = await unitsOf(route.slug, null, 'en')
    expect(other.res.status).toBe(404)
    expect(other.body.message).toBe('We did not find what you are looking for.')
  })

  it('lists only visible units, in order, of visible routes', async () => {
    const route = await makeRoute({
      units: [
        { title: 'Tres', order: 3 },
        { title: 'Escondida', order: 2, status: STATUS.hidden },
        { title: 'Uno', order: 1 },
      ],
    })
    const me = await someone('free')
    const { body } = await unitsOf(route.id, me)
    expect(body.units.map((u: any) => u.title)).toEqual(['Uno', 'Tres'])
    expect(locks(body)).toEqual([null, 'unit_not_completed'])
    expect(body.progress.visible_units).toBe(2)

    for (const hidden of [
      await makeRoute({ units: 1, status: STATUS.hidden }),
      await makeRoute({ units: 1, isPublic: false }),
      await makeRoute({ units: 1, isActive: false }),
    ]) {
      expect((await unitsOf(hidden.id, me)).res.status).toBe(404)
    }
    expect((await unitsOf(unique('nope'), me)).res.status).toBe(404)
    expect((await unitsOf(999999999, me)).res.status).toBe(404)
  })

  it('gives a person in their free access the first unit, and each next one after the one before is completed', async () => {
    const route = await routeWithMedia({ units: 3 })
    const me = await someone('free')
    const first = await unitsOf(route.id, me)
    expect(locks(first.body)).toEqual([null, 'unit_not_completed', 'unit_not_completed'])
    const media = first.body.units[0].media
    expect(media.url).toMatch(new RegExp(`^/media/${route.keys[0]}\\?exp=\\d+&sig=[\\w-]{43}$`))
    expect(media.content_type).toBe('audio/mpeg')
    expect(Date.parse(media.expires_at)).toBeGreaterThan(Date.now() + 2 * 3600_000 - 1000)
    expect(media.transcripts).toEqual([])
    expect(first.body.units[1].media).toBeNull()

    await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    const second = await unitsOf(route.id, me)
    expect(locks(second.body)).toEqual([null, null, 'unit_not_completed'])
    expect(second.body.units[0]).toMatchObject({ completed: true, position: 300 })
    expect(second.body.units[1].media.url).toContain(route.keys[1])
    expect(second.body.progress).toEqual({ route_id: route.id, completed_units: 1, visible_units: 3, progress: 33 })
  })

  it('gives someone whose free access is over only the first unit (the trial); the rest is no_privileges', async () => {
    const route = await routeWithMedia({ units: 3 })
    const me = await someone('expired')
    const { body } = await unitsOf(route.id, me)
    expect(locks(body)).toEqual([null, 'no_privileges', 'no_privileges'])
    // Completing the trial unit does not open the next one.
    await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect(locks((await unitsOf(route.id, me)).body)).toEqual([null, 'no_privileges', 'no_privileges'])
  })

  it('lets subscribers and every other role play everything in order; admins and publishers in any order', async () => {
    const route = await routeWithMedia({ units: 3 })
    for (const kind of ['subscriber', 'psychologist'] as const) {
      const { body } = await unitsOf(route.id, await someone(kind))
      expect(locks(body), kind).toEqual([null, 'unit_not_completed', 'unit_not_completed'])
    }
    for (const kind of ['admin', 'publisher'] as const) {
      const { body } = await unitsOf(route.id, await someone(kind))
      expect(locks(body), kind).toEqual([null, null, null])
      expect(
        body.units.every((u: any) => u.media?.url),
        kind,
      ).toBe(true)
    }
  })

  it('shows each person their own progress only', async () => {
    const route = await routeWithMedia({ units: 2 })
    const ana = await someone('free')
    const bea = await someone('free')
    await save(ana, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    const mine = await unitsOf(route.id, ana)
    expect(mine.body.units[0]).toMatchObject({ position: 300, completed: true })
    const theirs = await unitsOf(route.id, bea)
    expect(theirs.body.units[0]).toMatchObject({ position: 0, completed: false, completed_at: null })
    expect(locks(theirs.body)).toEqual([null, 'unit_not_completed'])
    // An id in the query changes nothing: progress is always the caller's.
    const aimed = await api(`/v1/route/units?route=${route.id}&user_id=${ana.id}`, {
      headers: { authorization: `Bearer ${bea.token}` },
    })
    expect((await json(aimed)).units[0].position).toBe(0)
  })

  it('lists the transcripts a unit has, with signed URLs', async () => {
    const route = await routeWithMedia({ units: 1 })
    const base = route.keys[0]!.replace(/\.mp3$/, '')
    await env.MEDIA.put(`${base}.es.vtt`, 'WEBVTT\n\n00:00.000 --> 00:02.000\nHola\n')
    await env.MEDIA.put(`${base}.en.vtt`, 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n')
    const { body } = await unitsOf(route.id, await someone('free'))
    const transcripts = body.units[0].media.transcripts
    expect(transcripts.map((t: any) => t.language)).toEqual(['es', 'en'])
    expect(transcripts[0].url).toMatch(new RegExp(`^/media/${base}\\.es\\.vtt\\?exp=\\d+&sig=`))
  })

  it('refuses malformed input with 422, never 500', async () => {
    const me = await someone('free')
    for (const q of ['', '?route=', `?route=${'x'.repeat(201)}`, '?route=%00abc', '?route=a%0Ab']) {
      const res = await api(`/v1/route/units${q}`, { headers: { authorization: `Bearer ${me.token}` } })
      expect(res.status, q).toBe(422)
      expect((await json(res)).errors.route, q).toBeTruthy()
    }
  })
})
