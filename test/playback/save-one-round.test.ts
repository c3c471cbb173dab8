// POST /v1/unit/progress in one D1 batch (issue 43 §3, docs/decisions/073): the rules that refuse a
// save (the unit's lock, the plan's lock) are the write's own SQL conditions, and the activity and
// the rewards are conditional statements of the same batch. So: a refused save writes nothing at
// all (no progress, no day, no streak, no reward, no notice); the plan's lock the save's SQL
// finds is, in every state of a plan, the one routeBlock finds (GET /v1/route/units refuses with
// it); and two saves at once give a reward, a notice and a day once.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { planAssignments, recommendationRoutes, recommendations } from '#worker/db/schema'
import { STATUS, given, givenRows, makeAppointment, makePlan, makeRoute } from '../factories'
import { api, json } from '../helpers'
import { bearer, routeWithMedia, save, someone } from './support'

/** Everything a save may write for a person, counted. */
async function footprint(userId: number) {
  const n = async (table: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1`).bind(userId).first<{ n: number }>())!
      .n
  const streak = await env.DB.prepare(
    'SELECT last_day, current_streak, freezes, points FROM user_engagement WHERE user_id = ?1',
  )
    .bind(userId)
    .first()
  return {
    progress: await n('unit_progress'),
    days: await n('activity_days'),
    rewards: await n('user_rewards'),
    notices: await n('in_app_notifications'),
    streak,
  }
}

/** Units completed now, whatever was saved of them before. */
async function completeUnits(userId: number, unitIds: number[]) {
  for (const unitId of unitIds)
    await env.DB.prepare(
      `INSERT INTO unit_progress (user_id, unit_id, position_seconds, completed_at, updated_at) VALUES (?1, ?2, 0, ?3, ?3)
       ON CONFLICT (user_id, unit_id) DO UPDATE SET completed_at = excluded.completed_at`,
    )
      .bind(userId, unitId, Date.now())
      .run()
}

/** A plan assigned to `userId` as their current one. */
async function currentPlan(userId: number, routeIds: number[]) {
  const planId = await makePlan({ slug: `plan-save-${userId}-${routeIds[0]}` }, routeIds)
  await given(planAssignments, { planId, userId, assignedAt: new Date(Date.now() + 1000) })
  return planId
}

describe('a refused save writes nothing', () => {
  it('locked by the unit before, no privileges, locked by the plan, not found, wrong input: no progress, day, streak, reward or notice', async () => {
    const route = await routeWithMedia({ units: 2 })
    const free = await someone('free')
    const expired = await someone('expired')
    const planned = await someone('free')
    const first = await makeRoute({ units: 1 })
    const second = await makeRoute({ units: 1 })
    await currentPlan(planned.id, [first.id, second.id])
    const hidden = await makeRoute({ units: [{ title: 'Oculta', status: STATUS.hidden }] })
    // Each would complete a unit and count the day, were it allowed.
    const whole = { position: 300, completed: 1 }
    const cases: [string, { token: string; id: number }, Record<string, string | number>, number][] = [
      ['unit_not_completed', free, { unit_id: route.units[1]!.id, ...whole }, 403],
      ['no_privileges', expired, { unit_id: route.units[1]!.id, ...whole }, 403],
      ['the plan’s route_not_completed', planned, { unit_id: second.units[0]!.id, ...whole }, 403],
      ['a hidden unit', free, { unit_id: hidden.units[0]!.id, ...whole }, 404],
      ['no such unit', free, { unit_id: 987654321, ...whole }, 404],
      ['a negative position', free, { unit_id: route.units[0]!.id, position: -1, completed: 1 }, 422],
      ['a position that is no number', free, { unit_id: route.units[0]!.id, position: 'x', completed: 1 }, 422],
    ]
    for (const [name, who, form, status] of cases) {
      const before = await footprint(who.id)
      const { res, body } = await save(who, form)
      expect(res.status, `${name}: ${JSON.stringify(body)}`).toBe(status)
      expect(await footprint(who.id), name).toEqual(before)
    }
    // And the same people's allowed saves do write (the cases above were refused, not broken).
    expect((await save(planned, { unit_id: first.units[0]!.id, ...whole })).res.status).toBe(200)
    // The day's reward and the route's (its one unit), each with its notice.
    expect(await footprint(planned.id)).toMatchObject({ progress: 1, days: 1, rewards: 2, notices: 2 })
  })
})

describe('the plan’s lock in the save’s SQL is routeBlock’s', () => {
  it('in every state of a plan (waiting time, appointments needed, a hidden route, a recommendation), the save and the units call refuse alike', async () => {
    const me = await someone('free')
    const host = await someone('psychologist')
    const [a, b, h, c, d, e] = await Promise.all([
      makeRoute({ units: 1 }),
      makeRoute({ units: 1 }),
      makeRoute({ units: 1, status: STATUS.hidden }),
      makeRoute({ units: 2 }),
      makeRoute({ units: 1 }),
      makeRoute({ units: 1 }),
    ])
    const planId = await currentPlan(me.id, [a!.id, b!.id, h!.id, c!.id, d!.id, e!.id])
    const setting = (routeId: number, column: string) =>
      env.DB.prepare(`UPDATE plan_routes SET ${column} WHERE plan_id = ?1 AND route_id = ?2`)
        .bind(planId, routeId)
        .run()
    await setting(b!.id, 'waiting_time_hours = 2')
    await setting(c!.id, 'need_appointment = 1')
    await setting(d!.id, 'need_finished_appointment = 1')
    const routes = { a: a!, b: b!, c: c!, d: d!, e: e! }

    /** Each route's lock as the save finds it, checked equal to what GET /v1/route/units (routeBlock) finds. */
    async function locks(locale: 'en' | 'es' = 'en') {
      const out: Record<string, string | null> = {}
      for (const [name, route] of Object.entries(routes)) {
        const listed = await api(`/v1/route/units?route=${route.id}`, { headers: bearer(me.token), locale })
        const saved = await save(me, { unit_id: route.units[0]!.id, position: 1 }, locale)
        const js = await json(listed)
        const pick = (status: number, x: any) => ({
          status,
          lock_code: x.lock_code ?? null,
          lock_message: x.lock_message ?? null,
          plan_id: x.plan_id ?? null,
          message: status === 200 ? null : x.message,
        })
        expect(pick(saved.res.status, saved.body), name).toEqual(pick(listed.status, js))
        out[name] = saved.res.status === 200 ? null : saved.body.lock_code
      }
      return out
    }
    const rnc = 'route_not_completed'
    expect(await locks()).toEqual({ a: null, b: rnc, c: rnc, d: rnc, e: rnc })
    await completeUnits(me.id, [a!.units[0]!.id])
    expect(await locks()).toEqual({ a: null, b: 'waiting_time', c: rnc, d: rnc, e: rnc })
    expect(await locks('es')).toMatchObject({ b: 'waiting_time' })
    // The waiting time over (the first route completed 3 h ago).
    await env.DB.prepare('UPDATE unit_progress SET completed_at = completed_at - 10800000 WHERE user_id = ?1')
      .bind(me.id)
      .run()
    expect(await locks()).toEqual({ a: null, b: null, c: rnc, d: rnc, e: rnc })
    // The hidden route between is no step of the plan; the one after needs a booked session.
    await completeUnits(me.id, [b!.units[0]!.id])
    expect(await locks()).toEqual({ a: null, b: null, c: 'need_appointment', d: rnc, e: rnc })
    const start = Date.now() + 86_400_000
    const booked = await makeAppointment(me.id, host.id, start)
    expect(await locks()).toEqual({ a: null, b: null, c: null, d: rnc, e: rnc })
    // Half of a route is no route completed.
    await completeUnits(me.id, [c!.units[0]!.id])
    expect(await locks()).toEqual({ a: null, b: null, c: null, d: rnc, e: rnc })
    await completeUnits(me.id, [c!.units[1]!.id])
    expect(await locks()).toEqual({ a: null, b: null, c: null, d: 'need_finished_appointment', e: rnc })
    await env.DB.prepare('UPDATE appointments SET status = ?1 WHERE id = ?2')
      .bind(AppointmentStatus.finished_by_overtime, booked)
      .run()
    expect(await locks()).toEqual({ a: null, b: null, c: null, d: null, e: rnc })
    // A route their psychologist recommended opens whatever the plan's order (issue 44 §3).
    const rec = await given(recommendations, { appointmentId: booked, hostId: host.id, userId: me.id, note: '' })
    await givenRows(recommendationRoutes, { recommendationId: rec, routeId: e!.id, position: 1 })
    expect(await locks()).toEqual({ a: null, b: null, c: null, d: null, e: null })
  })
})

describe('two saves at once', () => {
  it('completing the same unit give its reward, its notice and the day once', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await someone('free')
    const unit = route.units[0]!.id
    const both = await Promise.all([
      save(me, { unit_id: unit, position: 300, completed: 1 }),
      save(me, { unit_id: unit, position: 300, completed: 1 }),
    ])
    expect(both.map((s) => s.res.status)).toEqual([200, 200])
    expect(both[0]!.body.unit.completed_at).toBe(both[1]!.body.unit.completed_at)
    // The save that completed it answers the units; the other found it completed.
    expect(both.filter((s) => s.body.units !== undefined)).toHaveLength(1)
    const rewards = await env.DB.prepare(
      'SELECT r.key, r.threshold, count(*) AS n FROM user_rewards ur JOIN rewards r ON r.id = ur.reward_id WHERE ur.user_id = ?1 GROUP BY r.id',
    )
      .bind(me.id)
      .all<{ key: string; threshold: number; n: number }>()
    expect(rewards.results).toEqual([{ key: 'usage_streak', threshold: 1, n: 1 }])
    const f = await footprint(me.id)
    expect(f).toMatchObject({ progress: 1, days: 1, rewards: 1, notices: 1 })
    expect(f.streak).toMatchObject({ current_streak: 1, points: 10 })
    // Ten at once, on the next unit: still one of each (nothing new to give: the day counted).
    const ten = await Promise.all(
      Array.from({ length: 10 }, () => save(me, { unit_id: route.units[1]!.id, position: 300, completed: 1 })),
    )
    expect(ten.every((s) => s.res.status === 200)).toBe(true)
    expect(ten.filter((s) => s.body.units !== undefined)).toHaveLength(1)
    expect(await footprint(me.id)).toMatchObject({ progress: 2, days: 1, rewards: 2, notices: 2 })
  })
})
