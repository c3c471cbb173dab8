// Issue 21: a warm signed-in request reads none of the person's rows from D1: they are kept
// under the person's data version (http/person-cache.ts, docs/decisions/029-*). What must hold:
// the second read makes no D1 call, and every write to the person's rows (their own, or anyone
// else's: a webhook, an admin) is seen by the next request at once, WITHOUT the bookmark that
// would make it miss anyway (another device of the same person has none).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { personChanged } from '#worker/identity/person'
import { deepFreeze } from '#worker/http/frozen'
import { withSpeedCaches } from './support'
import { api, json } from '../helpers'
import { unitProgress } from '#worker/db/schema'
import { givenRows, makeRoute, seedContent } from '../factories'
import { Role } from '#shared/enums'
import { bearer, register, setRole } from '../users/support'

// The memo of verified sessions on as well: a new data version must reach the next request through it.
withSpeedCaches()

const get = async (token: string, path: string) => {
  const res = await api(path, { headers: bearer(token), locale: 'en' })
  return { res, body: await json(res), calls: res.headers.get('x-d1-calls') }
}

describe("the person's cached rows", () => {
  it('their own progress is read back by a new request with no bookmark, after a warm read made no D1 call', async () => {
    const me = await register()
    const route = await makeRoute({ units: 2 })
    const unit = route.units[0]!.id
    await get(me.token, `/v1/route/units?route=${route.id}`)
    const warm = await get(me.token, `/v1/route/units?route=${route.id}`)
    expect(warm.res.status).toBe(200)
    expect(warm.calls, 'the warm read is served from the cached rows').toBe('0')
    expect(warm.body.units[0]).toMatchObject({ completed: false, position: 0 })

    const saved = await api('/v1/unit/progress', {
      method: 'POST',
      headers: bearer(me.token),
      form: { unit_id: String(unit), position: '300', completed: '1' },
    })
    expect(saved.status).toBe(200)
    const after = await get(me.token, `/v1/route/units?route=${route.id}`)
    expect(after.calls, 'the write made the cached rows stale').not.toBe('0')
    expect(after.body.units.find((u: { id: number }) => u.id === unit)).toMatchObject({
      completed: true,
      position: 300,
    })
    expect(after.body.progress).toMatchObject({ completed_units: 1 })
  })

  it("credits a visitor's request adds (the dev checkout's Stripe event) show in the next /v1/user and history", async () => {
    const p = await register()
    await get(p.token, '/v1/user')
    const warm = await get(p.token, '/v1/user')
    expect(warm.calls).toBe('0')
    expect(warm.body.user.credits).toBe(0)
    await get(p.token, '/v1/my/transactions')
    expect((await get(p.token, '/v1/my/transactions')).calls).toBe('0')

    const link = (await get(p.token, '/v1/subscription/payment/link?item=credits_2')).body.link
    const paid = await api(`${new URL(link).pathname}/pay`, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect((await get(p.token, '/v1/user')).body.user.credits).toBe(90)
    const h = (await get(p.token, '/v1/my/transactions')).body
    expect(h.credits).toBe(90)
    expect(h.transactions.length).toBeGreaterThan(0)
  })

  it("an admin's write to the person's rows (a plan assigned) shows in their next request", async () => {
    await seedContent({ routes: true, plans: true })
    const admin = await register()
    await setRole(admin.id, Role.admin)
    const p = await register()
    const plan = await env.DB.prepare('SELECT id FROM plans ORDER BY id DESC LIMIT 1').first<{ id: number }>()
    const path = `/v1/my/plan/status?plan_id=${plan!.id}`
    expect((await get(p.token, path)).res.status).toBe(404)
    const again = await get(p.token, path)
    expect(again.res.status).toBe(404)
    expect(again.calls, 'the missing assignment is cached too').toBe('0')
    const assigned = await api('/v1/plan/assign', {
      method: 'POST',
      headers: bearer(admin.token),
      form: { plan_id: String(plan!.id), user_id: String(p.id) },
    })
    expect(assigned.status, JSON.stringify(await json(assigned))).toBe(201)
    const after = await get(p.token, path)
    expect(after.res.status).toBe(200)
    expect(after.body.status.plan.id).toBe(plan!.id)
  })

  it('a write straight to D1 outside any request is seen once personChanged is called (what writers outside requests do)', async () => {
    const me = await register()
    const route = await makeRoute({ units: 1 })
    const unit = route.units[0]!.id
    await get(me.token, `/v1/route/units?route=${route.id}`)
    expect((await get(me.token, `/v1/route/units?route=${route.id}`)).calls).toBe('0')
    const now = new Date()
    await givenRows(unitProgress, { userId: me.id, unitId: unit, positionSeconds: 7, completedAt: now, updatedAt: now })
    await personChanged(env, me.id)
    const after = await get(me.token, `/v1/route/units?route=${route.id}`)
    expect(after.calls).not.toBe('0')
    expect(after.body.units[0]).toMatchObject({ completed: true, position: 7 })
  })

  it('logout still ends the session at once, and a later data-version bump does not bring it back', async () => {
    const me = await register()
    await get(me.token, '/v1/user')
    expect((await get(me.token, '/v1/user')).res.status).toBe(200)
    const out = await api('/v1/user/logout', { method: 'POST', headers: bearer(me.token) })
    expect(out.status).toBeLessThan(300)
    expect((await get(me.token, '/v1/user')).res.status).toBe(401)
    await personChanged(env, me.id)
    expect((await get(me.token, '/v1/user')).res.status).toBe(401)
  })
})

// The kept rows are handed out as they are (no copy per hit), frozen all the way down: a caller
// that changed them would change every later answer, so it fails instead (and `Frozen<T>` keeps
// such code from compiling).
describe('deepFreeze', () => {
  it('freezes objects, arrays and what maps and sets hold; a change throws and the value stays', () => {
    const value = deepFreeze({
      rows: [{ id: 1, tags: ['a'] }],
      progress: new Map([[7, { percent: 50 }]]),
      seen: new Set([{ day: '2026-11-26' }]),
      bytes: new Uint8Array([1, 2]),
      when: new Date(0),
    })
    const loose = value as unknown as {
      rows: { id: number; tags: string[] }[]
      progress: Map<number, { percent: number }>
      seen: Set<{ day: string }>
    }
    expect(() => (loose.rows[0]!.id = 2)).toThrow(TypeError)
    expect(() => loose.rows.push({ id: 3, tags: [] })).toThrow(TypeError)
    expect(() => loose.rows[0]!.tags.push('b')).toThrow(TypeError)
    expect(() => (loose.progress.get(7)!.percent = 100)).toThrow(TypeError)
    expect(() => ([...loose.seen][0]!.day = 'x')).toThrow(TypeError)
    expect(value.rows[0]).toEqual({ id: 1, tags: ['a'] })
    expect(value.progress.get(7)).toEqual({ percent: 50 })
    // Typed arrays cannot be frozen: left as they are rather than failing.
    expect(Object.isFrozen(value.bytes)).toBe(false)
  })
})
