// From outside, with the per-isolate caches a real run has (person cache, session memo): what a
// save in one batch (docs/decisions/073) wrote shows on the person's next reads at once.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { planAssignments } from '#worker/db/schema'
import { given, makePlan, makeRoute } from '../factories'
import { api, json } from '../helpers'
import { bearer, locks, routeWithMedia, save, someone, unitsOf } from '../playback/support'
import { withSpeedCaches } from '../speed/support'

withSpeedCaches()

describe('attack: a save and the warm caches', () => {
  it('the route’s units read right after a completion show the next unit open', async () => {
    const route = await routeWithMedia({ units: 3 })
    const who = await someone('free')
    expect(locks((await unitsOf(route.id, who)).body)).toEqual([null, 'unit_not_completed', 'unit_not_completed'])
    const done = await save(who, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect(done.res.status).toBe(200)
    const after = await unitsOf(route.id, who)
    expect(locks(after.body)).toEqual([null, null, 'unit_not_completed'])
    expect(after.body.progress.completed_units).toBe(1)
  })

  it('the plan’s next route opens right after the last unit of the one before is completed', async () => {
    const a = await makeRoute({ units: 1 })
    const b = await makeRoute({ units: 1 })
    const who = await someone('free')
    const planId = await makePlan({ slug: `plan-attack-${who.id}` }, [a.id, b.id])
    await given(planAssignments, { planId, userId: who.id, assignedAt: new Date(Date.now() + 1000) })
    // Read (and keep) the plan's lock on b.
    expect((await unitsOf(b.id, who)).res.status).toBe(403)
    expect((await save(who, { unit_id: b.units[0]!.id, position: 300, completed: 1 })).res.status).toBe(403)
    expect((await save(who, { unit_id: a.units[0]!.id, position: 300, completed: 1 })).res.status).toBe(200)
    expect((await unitsOf(b.id, who)).res.status).toBe(200)
    expect((await save(who, { unit_id: b.units[0]!.id, position: 300, completed: 1 })).res.status).toBe(200)
    const status = await api('/v1/my/plan/status', { locale: 'en', headers: bearer(who.token) })
    const body = await json(status)
    expect(status.status, JSON.stringify(body)).toBe(200)
  })

  it('the rewards page read right after the first completion shows the reward it gave', async () => {
    const route = await routeWithMedia({ units: 2 })
    const who = await someone('free')
    const before = await json(await api('/v1/rewards', { locale: 'en', headers: bearer(who.token) }))
    await save(who, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    const held = (await env.DB.prepare('SELECT count(*) AS n FROM user_rewards WHERE user_id = ?1')
      .bind(who.id)
      .first<{ n: number }>())!.n
    const after = await json(await api('/v1/rewards', { locale: 'en', headers: bearer(who.token) }))
    const acquired = (b: any) =>
      (b.rewards as { rewards: { is_acquired: boolean }[] }[]).flatMap((t) => t.rewards).filter((r) => r.is_acquired)
        .length
    expect(held).toBeGreaterThan(0)
    expect(acquired(before)).toBe(0)
    expect(acquired(after)).toBe(held)
    expect(after.streak.current).toBe(1)
    expect(after.streak.today_done).toBe(true)
  })
})
