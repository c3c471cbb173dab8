// Issue 34 §2 tried from outside (a tester who did not write it): the two calls the player makes,
// GET /v1/route/units and POST /v1/unit/progress, as a hostile or unlucky client would make them.
// Wrong ids, other people's units, locked units and routes, odd numbers, and saves repeated or
// sent at once. Tests that pass are kept as evidence of what held.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { STATUS, makeRoute, unique } from '../factories'
import { api, json } from '../helpers'
import { routeWithMedia, save, someone, unitsOf, progressRow, type Someone } from '../playback/support'
import { bearer, countRows, register, sessionCookie, setRole } from '../users/support'

async function call(token: string, method: string, path: string, form: Record<string, string> = {}, locale = 'en') {
  const res = await api(path, { method, headers: bearer(token), form: method === 'GET' ? undefined : form, locale })
  return { res, body: await json(res) }
}

let adminToken = ''
beforeAll(async () => {
  const a = await register()
  await setRole(a.id, Role.admin)
  adminToken = a.token
})

/** A plan of `n` routes (each with 2 playable units), assigned to a new person: route 2 is locked until route 1 is done. */
async function personWithPlan(n = 2) {
  const made = await call(adminToken, 'POST', '/v1/plan', {
    language: 'en',
    slug: unique('plan-sleep').toLowerCase(),
    title: 'Plan for sleep',
    category: 'insomnia',
  })
  expect(made.res.status, JSON.stringify(made.body)).toBe(201)
  const planId = made.body.plan.id as number
  const routes = []
  for (let i = 0; i < n; i++) {
    const r = await routeWithMedia({ language: 'en', units: 2 })
    const added = await call(adminToken, 'POST', '/v1/plan/route', { plan_id: String(planId), route_id: String(r.id) })
    expect(added.res.status).toBe(201)
    routes.push(r)
  }
  const me = await someone('free')
  const assigned = await call(adminToken, 'POST', '/v1/plan/assign', {
    plan_id: String(planId),
    user_id: String(me.id),
  })
  // 409: the plan was already theirs (a new person gets the oldest plan of their language at sign-up).
  expect([200, 201, 409], JSON.stringify(assigned.body)).toContain(assigned.res.status)
  return { me, planId, routes }
}

describe('a route the plan still locks (SPEC §4 "Locked routes cannot be opened")', () => {
  it('is refused as it should be when asked plainly (held)', async () => {
    const { me, routes } = await personWithPlan()
    const { res, body } = await unitsOf(routes[1]!.id, me)
    expect(res.status).toBe(403)
    expect(body.lock_code).toBe('route_not_completed')
    expect(JSON.stringify(body)).not.toContain('/media/')
  })

  it('FINDING: a made-up plan_id opens it: the units come with signed media URLs that play', async () => {
    const { me, routes } = await personWithPlan()
    const locked = routes[1]!
    const res = await api(`/v1/route/units?route=${locked.id}&plan_id=999999`, {
      locale: 'en',
      headers: bearer(me.token),
    })
    const body = await json(res)
    // What a person (or a page with ?plan_id= in its address) gets: the lock must hold whatever plan_id says.
    const urls: string[] = (body.units ?? [])
      .map((u: { media: { url: string } | null }) => u.media?.url)
      .filter(Boolean)
    if (urls.length) {
      const file = await api(urls[0]!)
      expect(file.status, 'the signed URL of a locked route plays').not.toBe(200)
    }
    expect(res.status, 'a locked route listed with its media through plan_id=999999').toBe(403)
  })

  it("FINDING: another person's plan_id opens it too", async () => {
    const { me, routes } = await personWithPlan()
    const other = await personWithPlan()
    const res = await api(`/v1/route/units?route=${routes[1]!.id}&plan_id=${other.planId}`, {
      locale: 'en',
      headers: bearer(me.token),
    })
    expect(res.status).toBe(403)
  })

  it('FINDING: the route page itself opens with a made-up plan_id (the blocked page only without it)', async () => {
    const { routes, planId } = await personWithPlan()
    const person = await register()
    await call(adminToken, 'POST', '/v1/plan/assign', { plan_id: String(planId), user_id: String(person.id) })
    const cookie = `calma_session=${sessionCookie(person.res)}`
    const page = (path: string) => api(path, { headers: { cookie, accept: 'text/html' } })
    const plain = await page(`/en/route/${routes[1]!.slug}`)
    expect(plain.status, 'held: the blocked page at the plain address').toBe(403)
    const made = await page(`/en/route/${routes[1]!.slug}?plan_id=999999`)
    expect(made.status, 'the locked route page opens with ?plan_id=999999').toBe(403)
  })

  it('the route page with a made-up plan_id does not play it either (the page asks the same call)', async () => {
    const { me, routes } = await personWithPlan()
    // The save is checked against the person's own plan (held): nothing is written.
    const saved = await save(me, { unit_id: routes[1]!.units[0]!.id, position: 30 })
    expect(saved.res.status).toBe(403)
    expect(await progressRow(me.id, routes[1]!.units[0]!.id)).toBeNull()
  })
})

describe('POST /v1/unit/progress from outside', () => {
  let route: Awaited<ReturnType<typeof routeWithMedia>>
  let me: Someone
  beforeAll(async () => {
    route = await routeWithMedia({ units: 3, language: 'en' })
    me = await someone('free')
  })

  it.each([
    ['unit_id', 'abc'],
    ['unit_id', '0'],
    ['unit_id', '-3'],
    ['unit_id', '1.5'],
    ['unit_id', '1e3'],
    ['unit_id', '9999999999999999999'],
    ['position', '-1'],
    ['position', '12.5'],
    ['position', 'NaN'],
    ['position', 'Infinity'],
    ['position', '86401'],
    ['position', '0x10'],
    ['position', ''],
    ['completed', 'yes'],
    ['played_at', '-5'],
    ['played_at', '1e400'],
  ])('refuses %s=%s with 422 and a field error in both languages, never a 500 (held)', async (field, value) => {
    const form: Record<string, string> = { unit_id: String(route.units[0]!.id), position: '10', [field]: value }
    for (const locale of ['en', 'es']) {
      const res = await api('/v1/unit/progress', { method: 'POST', locale, headers: bearer(me.token), form })
      const body = await json(res)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(body.errors?.[field]?.length, JSON.stringify(body)).toBeGreaterThan(0)
    }
    expect(await progressRow(me.id, route.units[0]!.id)).toBeNull()
  })

  it('a missing unit_id or position is a field error, not a 500 (held)', async () => {
    for (const form of [{ position: '10' }, { unit_id: String(route.units[0]!.id) }, {}] as Record<string, string>[]) {
      const res = await api('/v1/unit/progress', { method: 'POST', locale: 'es', headers: bearer(me.token), form })
      expect(res.status).toBe(422)
      expect(Object.keys((await json(res)).errors ?? {}).length).toBeGreaterThan(0)
    }
  })

  it('a unit that does not exist, a hidden one, or one of a hidden route: 404, nothing written (held)', async () => {
    const hidden = await makeRoute({ units: [{ title: 'U1' }, { title: 'U2', status: STATUS.hidden }], language: 'en' })
    const hiddenRoute = await makeRoute({ units: 1, status: STATUS.hidden, language: 'en' })
    const before = await countRows('unit_progress')
    for (const id of [999_999_999, hidden.units[1]!.id, hiddenRoute.units[0]!.id]) {
      const { res } = await save(me, { unit_id: id, position: 10 })
      expect(res.status).toBe(404)
    }
    expect(await countRows('unit_progress')).toBe(before)
  })

  it('a locked unit (the one before not done) is refused whatever the body claims (held)', async () => {
    const fresh = await someone('free')
    for (const completed of [0, 1]) {
      const { res, body } = await save(fresh, { unit_id: route.units[2]!.id, position: 300, completed })
      expect(res.status).toBe(403)
      expect(body.lock).toBe('unit_not_completed')
    }
    expect(await progressRow(fresh.id, route.units[2]!.id)).toBeNull()
  })

  it("never touches another person's progress: each save is the caller's own (held)", async () => {
    const a = await someone('free')
    const b = await someone('free')
    await save(a, { unit_id: route.units[0]!.id, position: 120 })
    // (A completion counts from 80% of the unit since decision 045: b completes at its end.)
    await save(b, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect((await progressRow(a.id, route.units[0]!.id))!.position).toBe(120)
    expect((await progressRow(a.id, route.units[0]!.id))!.completed_at).toBeNull()
    const seen = await unitsOf(route.id, a)
    expect(seen.body.units[0]).toMatchObject({ position: 120, completed: false })
    expect((await unitsOf(route.id, b)).body.units[0]).toMatchObject({ position: 300, completed: true })
  })

  it('a visitor and an expired person get no media for the units they may not play (held)', async () => {
    const expired = await someone('expired')
    const visitor = await unitsOf(route.id, null)
    expect(visitor.body.units.every((u: { media: unknown }) => u.media === null)).toBe(true)
    const late = await unitsOf(route.id, expired)
    expect(late.body.units.map((u: { lock: string | null }) => u.lock)).toEqual([
      null,
      'no_privileges',
      'no_privileges',
    ])
    expect(late.body.units.slice(1).every((u: { media: unknown }) => u.media === null)).toBe(true)
  })

  it('FINDING: a unit is marked completed (and the next unlocked) by a save at 0 s of 300 s: never listened', async () => {
    const fresh = await someone('free')
    const { body } = await save(fresh, { unit_id: route.units[0]!.id, position: 0, completed: 1 })
    // The player only says completed at the media's end; a completion at second 0 of a
    // 300-second unit is not a person who listened (a skipped end is at 297 s at least).
    expect(body.unit.completed, 'completed at 0 of 300 s').toBe(false)
  })
})

describe('saves under repetition: no lost progress, no double credit', () => {
  it('eight completions of the same unit at once: one completion, one day, each reward once (held)', async () => {
    const route = await routeWithMedia({ units: 1, language: 'en' })
    const me = await someone('free')
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })),
    )
    expect(answers.every((a) => a.res.status === 200)).toBe(true)
    const dates = new Set(answers.map((a) => a.body.unit.completed_at))
    expect(dates.size, 'one first completion date').toBe(1)
    expect(await countRows('activity_days', 'user_id = ?1 AND frozen = 0', me.id)).toBe(1)
    const rewards = await countRows('user_rewards', 'user_id = ?1', me.id)
    const notices = await countRows('in_app_notifications', "user_id = ?1 AND type = 'reward'", me.id)
    expect(rewards).toBeGreaterThan(0)
    expect(notices, 'one reward notice per reward').toBe(rewards)
  })

  it('replaying a completed unit many times adds no reward and no second day (held)', async () => {
    const route = await routeWithMedia({ units: 2, language: 'en' })
    const me = await someone('free')
    await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    await save(me, { unit_id: route.units[1]!.id, position: 300, completed: 1 })
    const rewards = await countRows('user_rewards', 'user_id = ?1', me.id)
    const notices = await countRows('in_app_notifications', 'user_id = ?1', me.id)
    for (let i = 0; i < 5; i++) {
      await save(me, { unit_id: route.units[0]!.id, position: 40 + i })
      await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    }
    expect(await countRows('user_rewards', 'user_id = ?1', me.id)).toBe(rewards)
    expect(await countRows('in_app_notifications', 'user_id = ?1', me.id)).toBe(notices)
    expect(await countRows('activity_days', 'user_id = ?1', me.id)).toBe(1)
  })

  it('a late save from an older tab (position behind) after a later one: the completion stays (held)', async () => {
    const route = await routeWithMedia({ units: 2, language: 'en' })
    const me = await someone('free')
    await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    await save(me, { unit_id: route.units[0]!.id, position: 12 })
    const { body } = await unitsOf(route.id, me)
    expect(body.units[0].completed).toBe(true)
    expect(body.units[1].lock).toBeNull()
  })

  it('played_at in the future is kept to now; older than 7 days to 7 days back (held)', async () => {
    const route = await routeWithMedia({ units: 1, language: 'en' })
    const me = await someone('free')
    const ahead = await save(me, {
      unit_id: route.units[0]!.id,
      position: 300,
      completed: 1,
      played_at: Date.now() + 365 * 86_400_000,
    })
    expect(Date.parse(ahead.body.unit.completed_at)).toBeLessThanOrEqual(Date.now())
    const row = await env.DB.prepare('SELECT updated_at FROM unit_progress WHERE user_id = ?1').bind(me.id).first()
    expect(Number(row!.updated_at)).toBeLessThanOrEqual(Date.now())
  })
})
