// Plans through the Worker (issue 7): admin writes, the lists, and the caller's plan status.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { api, json } from '../helpers'
import { backdateProgress, completeUnits, makeRoute, pastAppointment, unique } from '../factories'
import { bearer, countRows, register, setRole } from '../users/support'
import { countingD1, fetchWithDb } from '../d1-count'

const slug = (tag: string) =>
  unique(tag)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')

async function admin() {
  const a = await register()
  await setRole(a.id, Role.admin)
  return a
}

async function call(token: string, method: string, path: string, form: Record<string, string> = {}, locale = 'en') {
  const res = await api(path, { method, headers: bearer(token), form: method === 'GET' ? undefined : form, locale })
  return { res, body: await json(res) }
}

async function newPlan(token: string, extra: Record<string, string> = {}) {
  const { res, body } = await call(token, 'POST', '/v1/plan', {
    language: 'es',
    slug: slug('plan'),
    title: 'Plan de prueba',
    ...extra,
  })
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body.plan.id as number
}

async function status(token: string, query = '', locale = 'en') {
  return call(token, 'GET', `/v1/my/plan/status${query}`, {}, locale)
}

describe('plan admin calls', () => {
  it('creates a plan, adds routes once (409 twice, in both languages), sets lock settings, assigns and removes', async () => {
    const a = await admin()
    const planId = await newPlan(a.token)
    const route = await makeRoute({ units: 2 })
    const add = () => call(a.token, 'POST', '/v1/plan/route', { plan_id: String(planId), route_id: String(route.id) })
    expect((await add()).res.status).toBe(201)
    const twice = await add()
    expect(twice.res.status).toBe(409)
    expect(twice.body.message).toBe('Route already in plan.')
    const es = await call(
      a.token,
      'POST',
      '/v1/plan/route',
      { plan_id: String(planId), route_id: String(route.id) },
      'es',
    )
    expect(es.body.message).toBe('La ruta ya está en el plan.')

    const set = await call(a.token, 'POST', '/v1/plan/setting', {
      plan_id: String(planId),
      route_id: String(route.id),
      waiting_time_hours: '2',
      need_appointment: '1',
    })
    expect(set.res.status).toBe(200)
    expect(set.body.setting).toMatchObject({
      waiting_time_minutes: 120,
      need_appointment: true,
      need_finished_appointment: false,
    })

    const user = await register()
    const assign = () => call(a.token, 'POST', '/v1/plan/assign', { plan_id: String(planId), user_id: String(user.id) })
    expect((await assign()).res.status).toBe(201)
    expect((await assign()).res.status).toBe(409)
    const mine = await call(user.token, 'GET', '/v1/my/plans')
    expect(mine.body.plans.map((p: { id: number }) => p.id)).toContain(planId)

    const remove = async (path: string, form: Record<string, string>) =>
      (await call(a.token, 'DELETE', path, { plan_id: String(planId), ...form })).res.status
    expect(await remove('/v1/plan/assign', { user_id: String(user.id) })).toBe(200)
    expect(await remove('/v1/plan/assign', { user_id: String(user.id) })).toBe(404)
    expect(await remove('/v1/plan/route', { route_id: String(route.id) })).toBe(200)
    expect(await remove('/v1/plan/route', { route_id: String(route.id) })).toBe(404)
    expect((await call(a.token, 'DELETE', '/v1/plan', { id: String(planId) })).res.status).toBe(200)
    expect(await countRows('plans', 'id = ?1', planId)).toBe(0)
  })

  it('refuses a patient 403 and lists only public visible plans', async () => {
    const a = await admin()
    const p = await register()
    expect((await call(p.token, 'POST', '/v1/plan', { language: 'es', slug: slug('x'), title: 'X' })).res.status).toBe(
      403,
    )
    const pub = await newPlan(a.token)
    const priv = await newPlan(a.token, { visibility: '2' })
    const res = await api('/v1/plans?per_page=100&filters[language]=es')
    const ids = (await json(res)).plans.map((x: { id: number }) => x.id)
    expect(ids).toContain(pub)
    expect(ids).not.toContain(priv)
  })
})

describe('GET /v1/my/plan/status', () => {
  async function world(routes: number) {
    const a = await admin()
    const planId = await newPlan(a.token)
    const made = []
    for (let i = 0; i < routes; i++) {
      const r = await makeRoute({ units: 2 })
      made.push(r)
      await call(a.token, 'POST', '/v1/plan/route', { plan_id: String(planId), route_id: String(r.id) })
    }
    const user = await register()
    await call(a.token, 'POST', '/v1/plan/assign', { plan_id: String(planId), user_id: String(user.id) })
    return { a, planId, routes: made, user }
  }

  it('answers progress, the active route, the next to unlock and the locks; 404 without a plan', async () => {
    const w = await world(3)
    await completeUnits(
      w.user.id,
      w.routes[0]!.units.map((u) => u.id),
      Date.now() - 60_000,
    )
    await completeUnits(w.user.id, [w.routes[1]!.units[0]!.id], Date.now())
    const { res, body } = await status(w.user.token, `?filters[plan_id]=${w.planId}`)
    expect(res.status, JSON.stringify(body)).toBe(200)
    const s = body.status
    expect(s.plan.id).toBe(w.planId)
    expect(s.progress).toBe(50)
    expect(s.items.map((i: any) => [i.progress, i.active, i.locked, i.next_to_unlock, i.lock_code])).toEqual([
      [100, false, false, false, null],
      [50, true, false, false, null],
      [0, false, true, true, 'route_not_completed'],
    ])
    expect(s.items[2].lock_message).toBe('Finish the previous route to unlock this one.')
    expect(s.items[0].route).toMatchObject({ id: w.routes[0]!.id, slug: w.routes[0]!.slug })
    // The default (no plan_id) is the same plan; bare plan_id works too.
    expect((await status(w.user.token)).body.status.plan.id).toBe(w.planId)
    expect((await status(w.user.token, `?plan_id=${w.planId}`)).body.status.plan.id).toBe(w.planId)

    const nobody = await register()
    const none = await status(nobody.token)
    expect(none.res.status).toBe(404)
    expect(none.body.message).toBe('It seems that something is not quite right, contact us.')
    expect((await status(nobody.token, `?plan_id=${w.planId}`)).res.status).toBe(404)
  })

  it('waiting_time with the time left (Spanish), then need_finished_appointment until one is attended', async () => {
    const w = await world(2)
    await call(w.a.token, 'POST', '/v1/plan/setting', {
      plan_id: String(w.planId),
      route_id: String(w.routes[1]!.id),
      waiting_time_hours: '2',
      need_finished_appointment: '1',
    })
    await completeUnits(
      w.user.id,
      w.routes[0]!.units.map((u) => u.id),
      Date.now() - 30 * 60_000,
    )
    const waiting = (await status(w.user.token, '', 'es')).body.status.items[1]
    expect(waiting).toMatchObject({
      locked: true,
      next_to_unlock: true,
      lock_code: 'waiting_time',
      setting: { waiting_time_minutes: 120, need_finished_appointment: true },
    })
    expect(waiting.lock_message).toMatch(/^Esta ruta se desbloquea en 1 h 30 min\.$/)

    await backdateProgress(w.user.id, Date.now() - 3 * 3_600_000)
    const appt = (await status(w.user.token)).body.status.items[1]
    expect(appt).toMatchObject({
      locked: true,
      lock_code: 'need_finished_appointment',
      lock_message: 'You will need an appointment for this route.',
    })

    await pastAppointment(w.user.id, AppointmentStatus.attended)
    const open = (await status(w.user.token)).body.status.items[1]
    expect(open).toMatchObject({ active: true, locked: false, lock_code: null, lock_message: null })
  })

  it('finishing: at 100 the plan is marked finished once, even under concurrent calls, and the next plan is assigned', async () => {
    const w = await world(1)
    const next = await newPlan(w.a.token)
    await call(w.a.token, 'POST', '/v1/plan', { id: String(w.planId), next_plan_id: String(next) })
    await completeUnits(
      w.user.id,
      w.routes[0]!.units.map((u) => u.id),
      Date.now(),
    )
    const answers = await Promise.all([1, 2, 3].map(() => status(w.user.token, `?plan_id=${w.planId}`)))
    for (const a of answers) expect(a.body.status).toMatchObject({ progress: 100, finished: true })
    expect(
      await countRows(
        'plan_assignments',
        'user_id = ?1 AND plan_id = ?2 AND finished_at IS NOT NULL',
        w.user.id,
        w.planId,
      ),
    ).toBe(1)
    expect(await countRows('plan_assignments', 'user_id = ?1 AND plan_id = ?2', w.user.id, next)).toBe(1)
    // The default plan is now the unfinished next one.
    expect((await status(w.user.token)).body.status.plan.id).toBe(next)
  })
})

async function statusCounted(token: string, planId: number) {
  const { db, seen } = countingD1(env.DB)
  const req = new Request(`http://localhost/v1/my/plan/status?plan_id=${planId}`, {
    headers: { accept: 'application/json', ...bearer(token) },
  })
  const res = await fetchWithDb(req, db)
  expect(res.status).toBe(200)
  return seen
}

describe('GET /v1/my/plan/status statements', () => {
  it('makes the same number of D1 statements for 1 route and for 6', async () => {
    const a = await admin()
    const counts: string[][] = []
    for (const n of [1, 6]) {
      const planId = await newPlan(a.token)
      for (let i = 0; i < n; i++) {
        const r = await makeRoute({ units: 3 })
        await call(a.token, 'POST', '/v1/plan/route', { plan_id: String(planId), route_id: String(r.id) })
      }
      const user = await register()
      await call(a.token, 'POST', '/v1/plan/assign', { plan_id: String(planId), user_id: String(user.id) })
      counts.push(await statusCounted(user.token, planId))
    }
    expect(counts[1]!.length, counts[1]!.join('\n')).toBe(counts[0]!.length)
    // The service's own statements: the assignment, the plan's routes, their progress, the
    // appointments, and the routes a psychologist recommended (open whatever the order, issue 44 §3).
    const own = counts[1]!.filter((s) =>
      /plan_assignments|plan_routes|unit_progress|appointments|recommendation_routes/.test(s),
    )
    expect(own.length, own.join('\n')).toBe(5)
    // And nothing else: the session comes from KV alone (issue 21 §1).
    expect(counts[1]!.length, counts[1]!.join('\n')).toBe(5)
  })
})
