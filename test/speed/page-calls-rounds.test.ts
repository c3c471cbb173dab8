// Issue 43 §3 (docs/decisions/069): every /v1 call a signed-in person makes on /journey,
// /performance, /appointments, /profile and /downloads waits on at most ONE D1 round, writes
// included (one batch). The calls each page makes as it opens are d1-distance.test.ts's; these
// are the rest: what the bell asks, what the person does there (a unit played to its end, a
// check-in, the ranking switch, a notification read…). Read cold (the person's rows not kept,
// the test pool's default), as an isolate that has not met the person; the shared parts cached.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { demoPatientToken } from './demo-patient'

let token = ''
let units: { id: number; duration_seconds: number | null }[] = []
let routeSlug = ''

beforeAll(async () => {
  token = await demoPatientToken()
  const status = await json(await ask('GET', '/v1/my/plan/status'))
  routeSlug = status.status.items[0].route.slug
  units = (await json(await ask('GET', `/v1/route/units?route=${encodeURIComponent(routeSlug)}`))).units
  expect(units.length).toBeGreaterThan(2)
})

function ask(method: 'GET' | 'POST' | 'DELETE', path: string, form?: Record<string, string>) {
  return api(path, { method, headers: { authorization: `Bearer ${token}` }, locale: 'es', form })
}
const roundsOf = (res: Response) => Number(res.headers.get('x-d1-rounds'))

describe('one D1 round a call, on the signed-in pages (issue 43 §3)', () => {
  // Decision 073: the save is one batch (the route's units and the plan's lock read, the activity
  // counted, the progress written with the rules as its SQL condition, the rewards given with
  // their notices). It waited on 3 rounds (a plain save) and 10 (a unit completed) before.
  it('a unit played to its end (its progress, the activity day, the rewards and what it unlocks) is one batch', async () => {
    const seen: Record<string, number> = {}
    // The first unit completed (the next one unlocks, the day counts), then the second listened to halfway.
    for (const [i, u] of units.slice(0, 2).entries()) {
      const d = u.duration_seconds ?? 30
      const res = await ask('POST', '/v1/unit/progress', {
        unit_id: String(u.id),
        position: String(i === 0 ? d : Math.floor(d / 2)),
        completed: i === 0 ? '1' : '0',
      })
      const body = await json(res)
      expect(res.status, JSON.stringify(body)).toBe(200)
      if (i === 0) expect(body.units, 'the completing save answers the units').toBeDefined()
      seen[`unit ${i}`] = roundsOf(res)
    }
    console.warn('[d1 rounds, unit/progress]', JSON.stringify(seen))
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeLessThanOrEqual(1)
  })

  it('a plain save (a position, short of a day’s listening or past it) and a refused one wait on one round each', async () => {
    const seen: Record<string, number> = {}
    const u = units[1]!
    for (const position of [10, 20]) {
      const res = await ask('POST', '/v1/unit/progress', { unit_id: String(u.id), position: String(position) })
      expect(res.status, JSON.stringify(await json(res.clone()))).toBe(200)
      expect((await json(res)).units).toBeUndefined()
      seen[`position ${position}`] = roundsOf(res)
    }
    // The unit after one not completed: refused (403), in the same one round.
    const locked = units[units.length - 1]!
    const refused = await ask('POST', '/v1/unit/progress', { unit_id: String(locked.id), position: '5' })
    expect(refused.status).toBe(403)
    seen.refused = roundsOf(refused)
    console.warn('[d1 rounds, plain save]', JSON.stringify(seen))
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeLessThanOrEqual(1)
  })

  it('what the bell, the check-in, the ranking switch and the devices list ask for waits on one round each', async () => {
    const calls: [string, 'GET' | 'POST' | 'DELETE', string, Record<string, string>?][] = [
      ['unread', 'GET', '/v1/notifications/unread'],
      ['read all', 'POST', '/v1/notifications/read', {}],
      ['check-ins', 'GET', '/v1/checkins'],
      ['check-in', 'POST', '/v1/checkin', { mood: '4', note: 'bien' }],
      ['rewards', 'GET', '/v1/rewards'],
      ['appointments', 'GET', '/v1/appointments?page=1&per_page=20'],
      ['ranking', 'GET', '/v1/ranking'],
      ['ranking hidden', 'POST', '/v1/ranking/visibility', { hidden: '1' }],
      ['ranking shown', 'POST', '/v1/ranking/visibility', { hidden: '0' }],
      ['devices', 'GET', '/v1/push/devices'],
      ['plan status', 'GET', '/v1/my/plan/status'],
      ['route units', 'GET', `/v1/route/units?route={slug}`],
      ['user', 'GET', '/v1/user'],
    ]
    const seen: Record<string, number> = {}
    for (const [name, method, path, form] of calls) {
      const p = path.replace('{slug}', encodeURIComponent(routeSlug))
      if (method === 'GET') await ask(method, p) // the shared parts cached, as on a busy location
      const res = await ask(method, p, form)
      expect(res.status, `${name}: ${JSON.stringify(await json(res.clone()))}`).toBe(200)
      seen[name] = roundsOf(res)
    }
    console.warn('[d1 rounds, calls]', JSON.stringify(seen))
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeLessThanOrEqual(1)
  })
})
