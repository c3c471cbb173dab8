// Rewards and the ranking through the Worker (issue 11 §2–3): completing a unit counts the day
// and gives the 1-day reward at once, a reward is claimed once (also ten times at once), the
// ranking shows first name and initial with movement, and a person can leave it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { closeRankingDay } from '#worker/features/ranking/ranking.service'
import { recordActivity } from '#worker/features/engagement/engagement.service'
import { instantOf } from '#worker/lib/zones'
import { api, json } from '../helpers'
import { planAssignments } from '#worker/db/schema'
import { given, makeAppointment, makePlan, makeRoute, patchUser } from '../factories'
import { bearer, register, setRole } from '../users/support'
import { AppointmentStatus, Role } from '#shared/enums'
import { jobCtx } from '#worker/context'

async function call(token: string, method: string, path: string, form: Record<string, string> = {}, locale = 'en') {
  const res = await api(path, { method, headers: bearer(token), form: method === 'GET' ? undefined : form, locale })
  return { res, body: await json(res) }
}
const madrid = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return instantOf(date, h * 60 + m, 'Europe/Madrid')!
}

describe('rewards', () => {
  it('/performance paints the streak block on the server, with the rewards waiting to be claimed (decision 072)', async () => {
    const p = await register({ name: 'Marta Gómez' })
    const route = await makeRoute({ units: 2 })
    const page = async () => {
      const res = await api('/en/performance', { headers: { cookie: `calma_session=${p.token}` } })
      expect(res.status).toBe(200)
      const html = await res.text()
      return /<section[^>]*data-testid="engagement-block"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    }
    const before = await page()
    // The figures, not a placeholder waiting for the browser's read of GET /v1/rewards.
    expect(before).toContain('data-testid="streak"')
    expect(before).toContain('0 of the last 7 days')
    expect(before).not.toContain('data-testid="unclaimed"')
    const done = await call(p.token, 'POST', '/v1/unit/progress', {
      unit_id: String(route.units[0]!.id),
      position: '300',
      completed: '1',
    })
    expect(done.res.status).toBe(200)
    const after = await page()
    expect(after).toContain('1 of the last 7 days')
    expect(after).toMatch(/data-testid="unclaimed"[^>]*>You have 1 reward to claim</)
    // The same figures as the call gives.
    const { body } = await call(p.token, 'GET', '/v1/rewards')
    expect(body.streak).toMatchObject({ last_7_days: 1 })
  })

  it('completing a unit counts today and gives the 1-day reward at once; claimed once, a second claim changes nothing', async () => {
    const p = await register({ name: 'Marta Gómez' })
    const route = await makeRoute({ units: 2 })
    const before = await call(p.token, 'GET', '/v1/rewards')
    expect(before.res.status).toBe(200)
    expect(before.body.user_progress).toBe(0)
    expect(before.body.streak).toMatchObject({ current: 0, last_7_days: 0 })
    // SPEC §9: streaks 1, 7, 30, 90, 180, 365 days; 1 and 2 plans; 1 route; the first session.
    const streak = before.body.rewards.find((g: any) => g.key === 'usage_streak')
    expect(streak.rewards.slice(0, 6).map((r: any) => r.criteria.gte)).toEqual([1, 7, 30, 90, 180, 365])
    expect(streak.rewards.map((r: any) => r.level.icon)).toEqual([...Array(7).fill('white_heart'), 'green_heart'])
    expect(before.body.rewards.map((g: any) => g.key).sort()).toEqual([
      'active_days',
      'plans_completed',
      'routes_completed',
      'sessions_attended',
      'usage_streak',
    ])

    const done = await call(p.token, 'POST', '/v1/unit/progress', {
      unit_id: String(route.units[0]!.id),
      position: '300',
      completed: '1',
    })
    expect(done.res.status).toBe(200)
    const unclaimed = await call(p.token, 'GET', '/v1/rewards/unclaimed')
    const first = unclaimed.body.rewards.find((r: any) => r.key === 'usage_streak' && r.criteria.gte === 1)
    expect(first).toMatchObject({
      is_acquired: true,
      is_claimed: false,
      description: 'Your first day',
      level: { id: 1, title: 'Level 1' },
    })
    // The toast is stored for the unread list too.
    const unread = await call(p.token, 'GET', '/v1/notifications/unread')
    expect(unread.body.notifications.some((n: any) => n.type === 'reward' && n.title === 'A new reward is yours')).toBe(
      true,
    )

    const claims = await Promise.all(
      Array.from({ length: 10 }, () => call(p.token, 'POST', '/v1/rewards/claim', { reward_id: String(first.id) })),
    )
    expect(claims.filter((c) => c.res.status === 200)).toHaveLength(1)
    expect(claims.filter((c) => c.res.status === 409)).toHaveLength(9)
    const again = await call(p.token, 'POST', '/v1/rewards/claim', { reward_id: String(first.id) }, 'es')
    expect(again.res.status).toBe(409)
    expect(again.body.message).toBe('Ya has reclamado esta recompensa.')
    const row = await env.DB.prepare('SELECT claimed_at FROM user_rewards WHERE user_id = ?1 AND reward_id = ?2')
      .bind(p.id, first.id)
      .first<{ claimed_at: number }>()
    expect(row!.claimed_at).toBeGreaterThan(0)
    const after = await call(p.token, 'GET', '/v1/rewards')
    expect(after.body.streak).toMatchObject({ current: 1, last_7_days: 1, today_done: true })
    expect(after.body.user_progress).toBeGreaterThan(0)

    // A reward not earned: 404 with the field; a malformed id: 422, never 500.
    const other = streak.rewards.find((r: any) => r.criteria.gte === 365)
    const notYet = await call(p.token, 'POST', '/v1/rewards/claim', { reward_id: String(other.id) })
    expect(notYet.res.status).toBe(404)
    expect(notYet.body.errors.reward_id).toEqual(['This reward is not yours yet.'])
    const bad = await call(p.token, 'POST', '/v1/rewards/claim', { reward_id: 'x1' }, 'es')
    expect(bad.res.status).toBe(422)
    expect(bad.body.errors.reward_id).toBeDefined()
  })

  it('listening 5 minutes counts the day even before the unit ends; 4 minutes does not', async () => {
    const p = await register()
    const route = await makeRoute({ units: [{ title: 'Larga', durationSeconds: 1200 }] })
    await call(p.token, 'POST', '/v1/unit/progress', { unit_id: String(route.units[0]!.id), position: '240' })
    expect((await call(p.token, 'GET', '/v1/rewards')).body.streak.today_done).toBe(false)
    await call(p.token, 'POST', '/v1/unit/progress', { unit_id: String(route.units[0]!.id), position: '300' })
    expect((await call(p.token, 'GET', '/v1/rewards')).body.streak.today_done).toBe(true)
  })
})

describe('rewards given when the fact happens', () => {
  it('the psychologist closing a session as attended gives the guest the first-session reward, noted in the guest’s language', async () => {
    const guest = await register({}, 'es')
    const host = await register({}, 'en')
    await setRole(host.id, Role.psychologist)
    const start = Date.now() - 3_600_000
    const appt = await makeAppointment(guest.id, host.id, start, {
      status: AppointmentStatus.confirmed,
      endAt: new Date(start + 3_000_000),
      createdAt: new Date(start),
      updatedAt: new Date(start),
    })
    const closed = await call(host.token, 'POST', '/v1/appointment/close', { id: String(appt), status: '8' }, 'en')
    expect(closed.res.status).toBe(200)
    const unclaimed = await call(guest.token, 'GET', '/v1/rewards/unclaimed', {}, 'es')
    expect(unclaimed.body.rewards.map((r: any) => [r.key, r.description])).toEqual([
      ['sessions_attended', 'Tu primera sesión realizada'],
    ])
    const unread = await call(guest.token, 'GET', '/v1/notifications/unread')
    expect(unread.body.notifications.map((n: any) => n.title)).toEqual(['Tienes una nueva recompensa'])
  })
})

describe('a plan finished', () => {
  it('completing the last unit (a later one the same day) finishes the route and the plan: both rewards at once', async () => {
    const p = await register({}, 'en')
    const route = await makeRoute({ units: 2 })
    const planId = await makePlan({ slug: `plan-${p.id}` }, [route.id])
    await given(planAssignments, { planId, userId: p.id, assignedAt: new Date(Date.now() + 1000) })
    await call(p.token, 'POST', '/v1/unit/progress', {
      unit_id: String(route.units[0]!.id),
      position: '300',
      completed: '1',
    })
    // The second unit, the same day: the day counted already, the route is finished now.
    await call(p.token, 'POST', '/v1/unit/progress', {
      unit_id: String(route.units[1]!.id),
      position: '300',
      completed: '1',
    })
    const routeReward = await env.DB.prepare(
      "SELECT count(*) AS n FROM user_rewards ur JOIN rewards r ON r.id = ur.reward_id WHERE ur.user_id = ?1 AND r.key = 'routes_completed'",
    )
      .bind(p.id)
      .first<{ n: number }>()
    expect(routeReward!.n).toBe(1)
    const status = await call(p.token, 'GET', `/v1/my/plan/status?plan_id=${planId}`)
    expect(status.body.status).toMatchObject({ progress: 100, finished: true })
    const unclaimed = await call(p.token, 'GET', '/v1/rewards/unclaimed')
    expect(unclaimed.body.rewards.map((r: any) => r.key).sort()).toEqual([
      'plans_completed',
      'routes_completed',
      'usage_streak',
    ])
  })
})

describe('the ranking', () => {
  it('three local days, the day’s job, then a position change the next day; first name and initial; leaving it', async () => {
    const ana = await register({ name: 'Ana García López' })
    const ben = await register({ name: 'Benito Ruiz' })
    await patchUser([ana.id, ben.id], { timezone: 'Europe/Madrid' })
    const anaP = { id: ana.id, timezone: 'Europe/Madrid', language: 'es' as const }
    const benP = { id: ben.id, timezone: 'Europe/Madrid', language: 'es' as const }
    for (const d of ['2030-03-01', '2030-03-02', '2030-03-03'])
      await recordActivity(jobCtx(env), anaP, madrid(d, '21:00'))
    await recordActivity(jobCtx(env), benP, madrid('2030-03-03', '10:00'))
    await closeRankingDay(jobCtx(env), new Date('2030-03-03T23:59:00Z'))
    let r = await call(ana.token, 'GET', '/v1/ranking')
    expect(r.res.status).toBe(200)
    expect(r.body.day).toBe('2030-03-03')
    const mine = r.body.ranking.filter((e: any) => e.name === 'Ana L.' || e.name === 'Benito R.')
    expect(mine.map((e: any) => [e.name, e.points, e.is_me])).toEqual([
      ['Ana L.', 30, true],
      ['Benito R.', 10, false],
    ])
    expect(r.body.me).toMatchObject({ name: 'Ana L.', points: 30, position_change: 0 })
    expect(JSON.stringify(r.body)).not.toContain('@')

    // Ben practises three more days; Ana rests. Next day Ben has moved up.
    for (const d of ['2030-03-04', '2030-03-05', '2030-03-06'])
      await recordActivity(jobCtx(env), benP, madrid(d, '10:00'))
    await closeRankingDay(jobCtx(env), new Date('2030-03-06T23:59:00Z'))
    r = await call(ben.token, 'GET', '/v1/ranking')
    expect(r.body.me.points).toBe(40)
    expect(r.body.me.position_change).toBeGreaterThan(0)
    const anaRow = r.body.ranking.find((e: any) => e.name === 'Ana L.')
    expect(anaRow.position_change).toBeLessThan(0)
    expect(r.body.me.position).toBeLessThan(anaRow.position)

    // Ana leaves the ranking from her profile: gone at once, and not ranked the next day.
    const leave = await call(ana.token, 'POST', '/v1/ranking/visibility', { hidden: '1' })
    expect(leave.res.status).toBe(200)
    r = await call(ben.token, 'GET', '/v1/ranking')
    expect(r.body.ranking.some((e: any) => e.name === 'Ana L.')).toBe(false)
    const own = await call(ana.token, 'GET', '/v1/ranking')
    expect(own.body).toMatchObject({ hidden: true, me: null })
    await closeRankingDay(jobCtx(env), new Date('2030-03-07T23:59:00Z'))
    const hidden = await env.DB.prepare(
      "SELECT count(*) AS n FROM ranking_snapshots WHERE day = '2030-03-07' AND user_id = ?1",
    )
      .bind(ana.id)
      .first<{ n: number }>()
    expect(hidden!.n).toBe(0)
    // Her data export holds the streak state and the choice.
    const exported = await call(ana.token, 'GET', '/v1/user/export')
    expect(exported.body.export.user_engagement).toEqual([
      expect.objectContaining({ user_id: ana.id, longest_streak: 3 }),
    ])
    expect(exported.body.export.user_engagement[0].ranking_hidden).toBeTruthy()
    await call(ana.token, 'POST', '/v1/ranking/visibility', { hidden: '0' })
    expect((await call(ana.token, 'GET', '/v1/ranking')).body.hidden).toBe(false)
  })
})

describe('the seed', () => {
  it('holds the SPEC §9 rewards once, however often it runs', async () => {
    const { seedContent } = await import('../factories')
    await seedContent({ routes: false, posts: false, plans: false, users: false })
    await seedContent({ routes: false, posts: false, plans: false, users: false })
    const rows = await env.DB.prepare(
      "SELECT key, count(*) AS n FROM rewards WHERE key IN ('usage_streak', 'active_days', 'routes_completed', 'plans_completed', 'sessions_attended') GROUP BY key ORDER BY key",
    ).all<{ key: string; n: number }>()
    expect(rows.results).toEqual([
      { key: 'active_days', n: 8 },
      { key: 'plans_completed', n: 7 },
      { key: 'routes_completed', n: 1 },
      { key: 'sessions_attended', n: 1 },
      { key: 'usage_streak', n: 8 },
    ])
  })
})
