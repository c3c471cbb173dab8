// Plans and the person (issue 7 §2-§5): which plan a person gets (landing, language, default),
// what finishing does, and that a locked route cannot be opened through the API or the page.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { api, json } from '../helpers'
import {
  backdateProgress,
  completeUnits,
  givePassword,
  makeRoute,
  makeUser,
  pastAppointment,
  unique,
  type MadeRoute,
} from '../factories'
import { bearer, countRows, register, sessionCookie, setRole, signUp } from '../users/support'

const slug = (tag: string) =>
  unique(tag)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')

async function call(token: string, method: string, path: string, form: Record<string, string> = {}, locale = 'en') {
  const res = await api(path, { method, headers: bearer(token), form: method === 'GET' ? undefined : form, locale })
  return { res, body: await json(res) }
}

let adminToken = ''
interface WorldPlan {
  id: number
  routes: MadeRoute[]
}
/** One plan per (language, category), made before the tests: the oldest of each is the one people get. */
const world: Record<string, WorldPlan> = {}

async function makePlan(
  language: 'en' | 'es',
  category: string,
  routes: number,
  settings: Record<string, string>[] = [],
) {
  const { res, body } = await call(adminToken, 'POST', '/v1/plan', {
    language,
    slug: slug(`plan-${category}`),
    title: `Plan ${category} ${language}`,
    category,
  })
  expect(res.status, JSON.stringify(body)).toBe(201)
  const made: MadeRoute[] = []
  for (let i = 0; i < routes; i++) {
    const r = await makeRoute({ language, units: 2 })
    made.push(r)
    expect(
      (await call(adminToken, 'POST', '/v1/plan/route', { plan_id: String(body.plan.id), route_id: String(r.id) })).res
        .status,
    ).toBe(201)
    const setting = settings[i]
    if (setting)
      await call(adminToken, 'POST', '/v1/plan/setting', {
        plan_id: String(body.plan.id),
        route_id: String(r.id),
        ...setting,
      })
  }
  return { id: body.plan.id as number, routes: made }
}

beforeAll(async () => {
  const a = await register()
  await setRole(a.id, Role.admin)
  adminToken = a.token
  world.enAnxiety = await makePlan('en', 'anxiety', 3)
  world.enInsomnia = await makePlan('en', 'insomnia', 3)
  world.esAnxiety = await makePlan('es', 'anxiety', 3)
  world.esInsomnia = await makePlan('es', 'insomnia', 3)
})

const status = async (token: string, query = '', locale = 'en') =>
  call(token, 'GET', `/v1/my/plan/status${query}`, {}, locale)
const planOf = async (token: string) => (await status(token)).body.status.plan.id as number

async function complete(userId: number, route: MadeRoute, at = Date.now()) {
  await completeUnits(
    userId,
    route.units.map((u) => u.id),
    at,
  )
}

describe('which plan a person gets', () => {
  it('registering from the insomnia or anxiety landing assigns that plan; otherwise the default (anxiety) of their language', async () => {
    expect(await planOf((await register({ category: 'insomnia' })).token)).toBe(world.enInsomnia!.id)
    expect(await planOf((await register({ category: 'anxiety' })).token)).toBe(world.enAnxiety!.id)
    expect(await planOf((await register()).token)).toBe(world.enAnxiety!.id)
    const es = await register({ category: 'insomnia' }, 'es')
    expect(await planOf(es.token)).toBe(world.esInsomnia!.id)
    // Assigned at registration, not on the first look.
    expect(await countRows('plan_assignments', 'user_id = ?1', es.id)).toBe(1)

    const res = await signUp(
      {
        email: `${unique('cat')}@example.com`,
        password: 'Calm-and-steady-42',
        legal_age: '1',
        category: 'sadness',
      },
      'es',
    )
    expect(res.status).toBe(422)
    expect((await json(res)).errors.category).toBeTruthy()
  })

  it('a person with no plan gets the default plan of their language on their first look', async () => {
    const u = await makeUser({ language: 'es' })
    const token = await tokenOf(u.email)
    const first = await status(token, '', 'es')
    expect(first.res.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.status.plan.id).toBe(world.esAnxiety!.id)
    expect(await countRows('plan_assignments', 'user_id = ?1', u.id)).toBe(1)
  })

  it('changing language makes the same kind of plan of the new language current; going back finds the first again', async () => {
    const u = await register({ category: 'insomnia' })
    expect(await planOf(u.token)).toBe(world.enInsomnia!.id)
    await complete(u.id, world.enInsomnia!.routes[0]!)
    const toEs = await call(u.token, 'POST', '/v1/user/update', { language: 'es' })
    expect(toEs.res.status, JSON.stringify(toEs.body)).toBe(200)
    expect(await planOf(u.token)).toBe(world.esInsomnia!.id)
    expect(await countRows('plan_assignments', 'user_id = ?1', u.id)).toBe(2)
    await call(u.token, 'POST', '/v1/user/update', { language: 'en' })
    const back = (await status(u.token)).body.status
    expect(back.plan.id).toBe(world.enInsomnia!.id)
    expect(back.items[0].progress).toBe(100) // progress is kept per unit
    // Saving the profile without a new language changes nothing.
    await call(u.token, 'POST', '/v1/user/update', { name: 'Otra Persona' })
    expect(await planOf(u.token)).toBe(world.enInsomnia!.id)
  })
})

/** A session token for a user made by a factory, which has no password: give them one and sign in. */
async function tokenOf(email: string) {
  await givePassword(email, 'Calm-and-steady-42')
  const res = await api('/v1/user/authenticate', {
    method: 'POST',
    locale: 'en',
    form: { email, password: 'Calm-and-steady-42' },
  })
  const body = await json(res)
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body.user.token as string
}

describe('finishing a plan', () => {
  it('marks it once under concurrent calls, records one plan_finished, shows the congratulation once and assigns the next plan', async () => {
    const u = await register({ category: 'insomnia' }, 'es')
    const plan = world.esInsomnia!
    for (const r of plan.routes) await complete(u.id, r)
    const answers = await Promise.all([1, 2, 3, 4].map(() => status(u.token, `?plan_id=${plan.id}`)))
    for (const a of answers) expect(a.body.status).toMatchObject({ progress: 100, finished: true })
    expect(answers.filter((a) => a.body.status.just_finished)).toHaveLength(1)
    expect(await countRows('plan_assignments', 'user_id = ?1 AND finished_at IS NOT NULL', u.id)).toBe(1)
    expect(await countRows('tracking_events', "user_id = ?1 AND event = 'plan_finished'", u.id)).toBe(1)
    const ev = await env.DB.prepare("SELECT params FROM tracking_events WHERE user_id = ?1 AND event = 'plan_finished'")
      .bind(u.id)
      .first<{ params: string }>()
    // With no next plan set, the next is the first plan of the language the person never had.
    expect(JSON.parse(ev!.params)).toEqual({ plan_id: plan.id, next_plan_id: world.esAnxiety!.id })
    expect(await planOf(u.token)).toBe(world.esAnxiety!.id)
    expect((await status(u.token, `?plan_id=${plan.id}`)).body.status.just_finished).toBe(false)
  })

  it("follows the plan's next_plan_id when set", async () => {
    const next = await makePlan('en', 'maintenance', 1)
    const first = await makePlan('en', 'short', 1)
    await call(adminToken, 'POST', '/v1/plan', { id: String(first.id), next_plan_id: String(next.id) })
    const u = await register()
    await call(adminToken, 'POST', '/v1/plan/assign', { plan_id: String(first.id), user_id: String(u.id) })
    await complete(u.id, first.routes[0]!)
    expect((await status(u.token, `?plan_id=${first.id}`)).body.status.just_finished).toBe(true)
    expect(await planOf(u.token)).toBe(next.id)
  })
})

describe('a locked route cannot be opened', () => {
  const unitsOf = (token: string, route: string | number, query = '', locale = 'en') =>
    call(token, 'GET', `/v1/route/units?route=${route}${query}`, {}, locale)

  it('through the API: the units call and saving progress answer 403 with the lock; the active route plays', async () => {
    const u = await register()
    const [first, second, third] = world.enAnxiety!.routes
    expect((await unitsOf(u.token, first!.id)).res.status).toBe(200)
    const locked = await unitsOf(u.token, second!.slug)
    expect(locked.res.status).toBe(403)
    expect(locked.body).toMatchObject({
      message: 'This route is still locked in your plan.',
      lock_code: 'route_not_completed',
      lock_message: 'Finish the previous route to unlock this one.',
      plan_id: world.enAnxiety!.id,
    })
    const es = await unitsOf(u.token, third!.id, '', 'es')
    expect(es.body.message).toBe('Esta ruta todavía está bloqueada en tu plan.')

    const save = await call(u.token, 'POST', '/v1/unit/progress', {
      unit_id: String(second!.units[0]!.id),
      position: '10',
    })
    expect(save.res.status).toBe(403)
    expect(await countRows('unit_progress', 'user_id = ?1', u.id)).toBe(0)

    // Finishing the first route opens the second at once.
    for (const unit of first!.units)
      expect(
        (
          await call(u.token, 'POST', '/v1/unit/progress', {
            unit_id: String(unit.id),
            position: '300',
            completed: '1',
          })
        ).res.status,
      ).toBe(200)
    expect((await unitsOf(u.token, second!.id)).res.status).toBe(200)
    expect((await unitsOf(u.token, third!.id)).res.status).toBe(403)
  })

  it('a route outside the plan, an admin and a visitor are not held by it', async () => {
    const u = await register()
    const outside = await makeRoute({ language: 'en', units: 1 })
    expect((await unitsOf(u.token, outside.id)).res.status).toBe(200)
    const a = await register()
    await setRole(a.id, Role.admin)
    await call(adminToken, 'POST', '/v1/plan/assign', { plan_id: String(world.enAnxiety!.id), user_id: String(a.id) })
    expect((await unitsOf(a.token, world.enAnxiety!.routes[2]!.id)).res.status).toBe(200)
    const visitor = await api(`/v1/route/units?route=${world.enAnxiety!.routes[2]!.id}`)
    expect(visitor.status).toBe(200)
  })

  it('through the page: the blocked page (403) at the route URL, or the need-appointment page for an appointment lock', async () => {
    const u = await register({ category: 'anxiety' })
    const cookie = `calma_session=${sessionCookie(u.res)}`
    const page = (path: string) => api(path, { headers: { cookie, accept: 'text/html' } })
    const [first, second] = world.enAnxiety!.routes
    const open = await page(`/en/route/${first!.slug}`)
    expect(open.status).toBe(200)
    const blocked = await page(`/en/route/${second!.slug}?plan_id=${world.enAnxiety!.id}`)
    expect(blocked.status).toBe(403)
    const html = await blocked.text()
    expect(html).toContain('data-testid="route-blocked"')
    expect(html).toContain('Finish the previous route to unlock this one.')

    // An appointment lock shows the need-appointment page instead.
    await call(adminToken, 'POST', '/v1/plan/setting', {
      plan_id: String(world.enAnxiety!.id),
      route_id: String(second!.id),
      need_appointment: '1',
    })
    try {
      await complete(u.id, first!)
      const need = await page(`/en/route/${second!.slug}`)
      expect(need.status).toBe(403)
      expect(await need.text()).toContain('data-testid="need-appointment"')
    } finally {
      await call(adminToken, 'POST', '/v1/plan/setting', {
        plan_id: String(world.enAnxiety!.id),
        route_id: String(second!.id),
        need_appointment: '0',
      })
    }
  })
})

describe('the appointment locks read the appointments table', () => {
  const cases: [string, AppointmentStatus, 'need_appointment' | 'need_finished_appointment', boolean][] = []
  for (const [name, s] of Object.entries(AppointmentStatus)) {
    cases.push([name, s, 'need_appointment', s !== AppointmentStatus.cancelled])
    cases.push([
      name,
      s,
      'need_finished_appointment',
      s === AppointmentStatus.attended || s === AppointmentStatus.finished_by_overtime,
    ])
  }

  it.each(cases)('an appointment %s (%i) and %s: opens = %s', async (_name, s, rule, opens) => {
    const plan = await makePlan('en', 'appointments', 2, [{}, { [rule]: '1' }])
    const u = await register()
    await call(adminToken, 'POST', '/v1/plan/assign', { plan_id: String(plan.id), user_id: String(u.id) })
    await complete(u.id, plan.routes[0]!)
    const before = (await status(u.token, `?plan_id=${plan.id}`)).body.status.items[1]
    expect(before).toMatchObject({
      locked: true,
      next_to_unlock: true,
      lock_code: rule,
      lock_message: 'You will need an appointment for this route.',
    })
    await pastAppointment(u.id, s)
    const after = (await status(u.token, `?plan_id=${plan.id}`)).body.status.items[1]
    expect(after.locked).toBe(!opens)
    expect(after.lock_code).toBe(opens ? null : rule)
    expect(
      (await call(u.token, 'GET', `/v1/route/units?route=${plan.routes[1]!.id}&plan_id=${plan.id}`)).res.status,
    ).toBe(opens ? 200 : 403)
  })

  it('waiting_time: locked a second before the wait ends, open a second after', async () => {
    const plan = await makePlan('en', 'waiting', 2, [{}, { waiting_time_hours: '1' }])
    const u = await register()
    await call(adminToken, 'POST', '/v1/plan/assign', { plan_id: String(plan.id), user_id: String(u.id) })
    await complete(u.id, plan.routes[0]!, Date.now() - 3_600_000 + 5_000)
    const before = (await status(u.token, `?plan_id=${plan.id}`)).body.status.items[1]
    expect(before).toMatchObject({
      locked: true,
      lock_code: 'waiting_time',
      lock_message: 'This route unlocks in 1 min.',
    })
    await backdateProgress(u.id, Date.now() - 3_600_000 - 1_000)
    const after = (await status(u.token, `?plan_id=${plan.id}`)).body.status.items[1]
    expect(after).toMatchObject({ locked: false, active: true, lock_code: null })
  })
})
