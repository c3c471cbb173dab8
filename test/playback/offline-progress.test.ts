// A save made offline and sent later (issue 23 §5): POST /v1/unit/progress with `played_at`
// completes the unit and counts the streak's day at that moment, kept within the last 7 days
// and never after the server's clock.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { OFFLINE_SAVE_MAX_AGE_MS } from '#worker/features/playback/playback.service'
import { patchUser } from '../factories'
import { progressRow, routeWithMedia, save, someone } from './support'

const DAY = 24 * 60 * 60 * 1000
/** Someone whose account is 40 days old: a save is never dated before the account (issue 41 §4). */
async function longstanding() {
  const me = await someone('free')
  await patchUser(me.id, { createdAt: new Date(Date.now() - 40 * DAY) })
  return me
}
const lastDay = async (userId: number) =>
  (
    await env.DB.prepare('SELECT last_day FROM user_engagement WHERE user_id = ?1')
      .bind(userId)
      .first<{ last_day: string | null }>()
  )?.last_day ?? null

describe('POST /v1/unit/progress with played_at', () => {
  it('completes at the moment it happened and counts that day', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await longstanding()
    const yesterday = Date.now() - DAY
    const done = await save(me, { unit_id: route.units[0]!.id, position: 300, completed: 1, played_at: yesterday })
    expect(done.res.status).toBe(200)
    expect(Date.parse(done.body.unit.completed_at)).toBe(yesterday)
    expect((await progressRow(me.id, route.units[0]!.id))!.completed_at).toBe(yesterday)
    expect(await lastDay(me.id)).toBe(new Date(yesterday).toISOString().slice(0, 10))
  })

  it('never dates a save after now, nor more than 7 days back', async () => {
    const route = await routeWithMedia({ units: 2 })
    const me = await longstanding()
    const before = Date.now()
    const future = await save(me, {
      unit_id: route.units[0]!.id,
      position: 300,
      completed: 1,
      played_at: before + 10 * DAY,
    })
    expect(Date.parse(future.body.unit.completed_at)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(future.body.unit.completed_at)).toBeGreaterThanOrEqual(before)
    const old = await save(me, {
      unit_id: route.units[1]!.id,
      position: 300,
      completed: 1,
      played_at: before - 30 * DAY,
    })
    expect(Date.parse(old.body.unit.completed_at)).toBeGreaterThanOrEqual(before - OFFLINE_SAVE_MAX_AGE_MS)
    expect(Date.parse(old.body.unit.completed_at)).toBeLessThan(before - OFFLINE_SAVE_MAX_AGE_MS + 60_000)
  })

  it('refuses a played_at that is not a whole number of milliseconds (422)', async () => {
    const route = await routeWithMedia({ units: 1 })
    const me = await someone('free')
    const bad = await save(me, {
      unit_id: route.units[0]!.id,
      position: 3,
      played_at: 'yesterday' as unknown as number,
    })
    expect(bad.res.status).toBe(422)
  })
})
