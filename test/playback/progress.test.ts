// POST /v1/unit/progress and routeProgress() (issue 6 §4-§6): saved while playing, idempotent,
// never moves completion backwards, refuses what the caller may not play, and never touches
// anyone else's progress.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getDb } from '#worker/db/client'
import { routeProgress } from '#worker/features/playback/playback.repo'
import { unitProgress } from '#worker/db/schema'
import { STATUS, givenRows, makeRoute } from '../factories'
import { api, json } from '../helpers'
import { countRows, sessionCookie, signUp } from '../users/support'
import { locks, progressRow, routeWithMedia, save, someone, unitsOf } from './support'

describe('POST /v1/unit/progress', () => {
  it('saves the position, which GET shows again (resume on any device)', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('free')
    const unit = route.units[0]!.id
    const first = await save(me, { unit_id: unit, position: 95 })
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('cache-control')).toBe('no-store')
    expect(first.body.unit).toEqual({ id: unit, position: 95, completed: false, completed_at: null })
    expect(first.body.progress).toEqual({ route_id: route.id, completed_units: 0, visible_units: 2, progress: 0 })
    expect(first.body.units).toBeUndefined()
    await save(me, { unit_id: unit, position: 150 })
    const again = await unitsOf(route.id, me)
    expect(again.body.units[0]).toMatchObject({ position: 150, completed: false })
  })

  it('is idempotent: the same save twice is one row with the same answer', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const a = await save(me, { unit_id: route.units[0]!.id, position: 30 })
    const b = await save(me, { unit_id: route.units[0]!.id, position: 30 })
    expect(b.body.unit).toEqual(a.body.unit)
    expect(await countRows('unit_progress', 'user_id = ?1', me.id)).toBe(1)
  })

  it('completes a unit once: the answer unlocks the next unit, and no later save undoes it', async () => {
    const route = await routeWithMedia({ units: 3 })
    const me = await someone('free')
    const [u1, u2] = route.units
    const done = await save(me, { unit_id: u1!.id, position: 300, completed: 1 })
    expect(done.body.unit.completed).toBe(true)
    const completedAt = done.body.unit.completed_at
    expect(Date.parse(completedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(done.body.progress).toMatchObject({ completed_units: 1, visible_units: 3, progress: 33 })
    // The completing save answers the units again: the second is open, with its media.
    expect(locks(done.body)).toEqual([null, null, 'unit_not_completed'])
    expect(done.body.units[1].media.url).toContain(route.keys[1])

    // Replaying it from the start (completed=0) keeps it completed, with its first date.
    const replay = await save(me, { unit_id: u1!.id, position: 5, completed: 0 })
    expect(replay.body.unit).toEqual({ id: u1!.id, position: 5, completed: true, completed_at: completedAt })
    expect(replay.body.units).toBeUndefined()
    const row = await progressRow(me.id, u1!.id)
    expect(row!.completed_at).toBe(Date.parse(completedAt))

    // The second is now playable; finishing it opens the third.
    const second = await save(me, { unit_id: u2!.id, position: 300, completed: 1 })
    expect(second.res.status).toBe(200)
    expect(locks(second.body)).toEqual([null, null, null])
    expect(second.body.progress.progress).toBe(66)
  })

  it('clamps a position past the end of the unit to its end', async () => {
    const route = await routeWithMedia({ units: 1 }) // 300 s
    const me = await someone('free')
    const { body } = await save(me, { unit_id: route.units[0]!.id, position: 4000 })
    expect(body.unit.position).toBe(300)
  })

  it('refuses a visitor with 401 and writes nothing', async () => {
    const route = await routeWithMedia({ units: 1 })
    const before = await countRows('unit_progress')
    const { res, body } = await save(null, { unit_id: route.units[0]!.id, position: 10 })
    expect(res.status).toBe(401)
    expect(body).toMatchObject({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' })
    expect(await countRows('unit_progress')).toBe(before)
  })

  it('refuses a unit locked by the one before it (unit_not_completed, 403) and writes nothing', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('free')
    const { res, body } = await save(me, { unit_id: route.units[1]!.id, position: 10, completed: 1 })
    expect(res.status).toBe(403)
    expect(body).toMatchObject({
      success: false,
      lock: 'unit_not_completed',
      message: 'Finish the previous unit to unlock this one.',
    })
    expect(await progressRow(me.id, route.units[1]!.id)).toBeNull()
    // In Spanish too.
    const es = await save(me, { unit_id: route.units[1]!.id, position: 10 }, 'es')
    expect(es.body.message).toBe('Termina la unidad anterior para desbloquear esta.')
  })

  it('refuses someone whose free access is over beyond the trial unit: 403 no privileges to play this', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('expired')
    expect((await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })).res.status).toBe(200)
    const { res, body } = await save(me, { unit_id: route.units[1]!.id, position: 10 })
    expect(res.status).toBe(403)
    expect(body).toMatchObject({ code: 'no_privileges', lock: 'no_privileges', message: 'no privileges to play this' })
    expect(await progressRow(me.id, route.units[1]!.id)).toBeNull()
    const es = await save(me, { unit_id: route.units[1]!.id, position: 10 }, 'es')
    expect(es.body.message).toBe('no tienes privilegios para reproducir esto')
  })

  it('answers 404 for a unit that is hidden, in a hidden route, or does not exist', async () => {
    const me = await someone('admin')
    const hiddenUnit = await makeRoute({ units: [{ title: 'Oculta', status: STATUS.hidden }] })
    const hiddenRoute = await makeRoute({ units: 1, status: STATUS.hidden })
    for (const id of [hiddenUnit.units[0]!.id, hiddenRoute.units[0]!.id, 987654321]) {
      const { res, body } = await save(me, { unit_id: id, position: 1 })
      expect(res.status, String(id)).toBe(404)
      expect(body.message).toBe('We could not find the item to play.')
    }
  })

  it('only ever writes the caller’s own progress', async () => {
    const route = await routeWithMedia({ units: 1 })
    const ana = await someone('free')
    const bea = await someone('free')
    const unit = route.units[0]!.id
    await save(ana, { unit_id: unit, position: 120 })
    // Bea names Ana as the user: the field is not part of the form, and her own row is written.
    const res = await api('/v1/unit/progress', {
      method: 'POST',
      headers: { authorization: `Bearer ${bea.token}` },
      form: { unit_id: String(unit), position: '7', user_id: String(ana.id), id: String(ana.id) },
    })
    expect(res.status).toBe(200)
    expect((await progressRow(ana.id, unit))!.position).toBe(120)
    expect((await progressRow(bea.id, unit))!.position).toBe(7)
  })

  it('needs the page token when the session comes from the cookie (CSRF)', async () => {
    const route = await routeWithMedia({ units: 1 })
    const reg = await signUp({ email: `cookie.${Date.now()}@example.com`, legal_age: '1' })
    const cookie = `calma_session=${sessionCookie(reg)}`
    const res = await api('/v1/unit/progress', {
      method: 'POST',
      headers: { cookie },
      form: { unit_id: String(route.units[0]!.id), position: '3' },
    })
    expect(res.status).toBe(403)
  })

  it('refuses malformed input with 422 and field errors, never 500', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const unit = String(route.units[0]!.id)
    const cases: [Record<string, string>, string][] = [
      [{ position: '1' }, 'unit_id'],
      [{ unit_id: unit }, 'position'],
      [{ unit_id: 'abc', position: '1' }, 'unit_id'],
      [{ unit_id: '0', position: '1' }, 'unit_id'],
      [{ unit_id: unit, position: '-1' }, 'position'],
      [{ unit_id: unit, position: '1e3' }, 'position'],
      [{ unit_id: unit, position: '12.5' }, 'position'],
      [{ unit_id: unit, position: '0x10' }, 'position'],
      [{ unit_id: unit, position: '86401' }, 'position'],
      [{ unit_id: unit, position: '1', completed: 'yes' }, 'completed'],
      [{ unit_id: '9'.repeat(40), position: '1' }, 'unit_id'],
    ]
    for (const [form, field] of cases) {
      const res = await api('/v1/unit/progress', {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}` },
        form,
      })
      expect(res.status, JSON.stringify(form)).toBe(422)
      expect(Object.keys((await json(res)).errors), JSON.stringify(form)).toContain(field)
    }
    expect(await countRows('unit_progress', 'user_id = ?1', me.id)).toBe(0)
  })
})

describe('routeProgress(db, userId, routeIds)', () => {
  it('counts completed visible units over visible units, per route, for one user', async () => {
    const a = await routeWithMedia({ units: 4 })
    const b = await makeRoute({ units: [{ title: 'visible' }, { title: 'oculta', status: STATUS.hidden }] })
    const empty = await makeRoute({ units: 0 })
    const me = await someone('admin') // any order: completes units directly
    const other = await someone('admin')
    await save(me, { unit_id: a.units[0]!.id, position: 300, completed: 1 })
    await save(me, { unit_id: a.units[2]!.id, position: 300, completed: 1 })
    await save(me, { unit_id: a.units[3]!.id, position: 100 }) // started, not completed
    await save(me, { unit_id: b.units[0]!.id, position: 300, completed: 1 })
    await save(other, { unit_id: a.units[1]!.id, position: 300, completed: 1 })
    // A completed unit that is hidden does not count, on either side of the fraction.
    await givenRows(unitProgress, {
      userId: me.id,
      unitId: b.units[1]!.id,
      positionSeconds: 0,
      completedAt: new Date(),
    })

    const got = await routeProgress(getDb(env.DB), me.id, [a.id, b.id, empty.id, 123456789])
    expect(got.get(a.id)).toMatchObject({ routeId: a.id, completed: 2, total: 4, percent: 50 })
    expect(got.get(a.id)!.lastCompletedAt).toBeInstanceOf(Date)
    expect(got.get(b.id)).toMatchObject({ completed: 1, total: 1, percent: 100 })
    expect(got.get(empty.id)).toEqual({ routeId: empty.id, completed: 0, total: 0, percent: 0, lastCompletedAt: null })
    expect(got.get(123456789)).toMatchObject({ total: 0, percent: 0 })
    expect((await routeProgress(getDb(env.DB), other.id, [a.id])).get(a.id)).toMatchObject({
      completed: 1,
      total: 4,
      percent: 25,
    })
    expect((await routeProgress(getDb(env.DB), me.id, [])).size).toBe(0)
  })

  it('matches what the unit calls answer', async () => {
    const route = await routeWithMedia({ units: 3 })
    const me = await someone('free')
    await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    const fromCall = (await unitsOf(route.id, me)).body.progress
    const fromRepo = (await routeProgress(getDb(env.DB), me.id, [route.id])).get(route.id)!
    expect([fromCall.completed_units, fromCall.visible_units, fromCall.progress]).toEqual([
      fromRepo.completed,
      fromRepo.total,
      fromRepo.percent,
    ])
  })
})

describe('a completion is the end reached (80% of a unit of known length, decision 045)', () => {
  it('239 s of 300 keeps the position and leaves the unit open; 240 s completes it; a repeat changes nothing', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('free')
    const early = await save(me, { unit_id: route.units[0]!.id, position: 239, completed: 1 })
    expect(early.res.status).toBe(200)
    expect(early.body.unit).toMatchObject({ position: 239, completed: false, completed_at: null })
    expect((await unitsOf(route.id, me)).body.units[1].lock).toBe('unit_not_completed')
    const done = await save(me, { unit_id: route.units[0]!.id, position: 240, completed: 1 })
    expect(done.body.unit.completed).toBe(true)
    const again = await save(me, { unit_id: route.units[0]!.id, position: 240, completed: 1 })
    expect(again.body.unit.completed_at).toBe(done.body.unit.completed_at)
    expect((await unitsOf(route.id, me)).body.units[1].lock).toBeNull()
  })
})
