// From outside, against POST /v1/unit/progress in one D1 batch (docs/decisions/073): bad input,
// a broken clock setting, saves at once from several tabs, a save after the session ended.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, userChanged } from '../helpers'
import { bearer, progressRow, routeWithMedia, save, someone } from '../playback/support'

const count = async (table: string, userId: number) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1`).bind(userId).first<{ n: number }>())!.n

describe('attack: POST /v1/unit/progress', () => {
  it('malformed input is a 422 with field errors, never a 500, and writes nothing', async () => {
    const route = await routeWithMedia({ units: 2 })
    const who = await someone('free')
    const id = route.units[0]!.id
    const forms: Record<string, string | number>[] = [
      { unit_id: 'NaN', position: 10 },
      { unit_id: id, position: 'Infinity' },
      { unit_id: id, position: '1e3' },
      { unit_id: id, position: '12.5' },
      { unit_id: id, position: '0x10' },
      { unit_id: id, position: ' 10' },
      { unit_id: id, position: 86401 },
      { unit_id: id, position: '9999999999999999' },
      { unit_id: 0, position: 10 },
      { unit_id: -5, position: 10 },
      { unit_id: id },
      { position: 10 },
      { unit_id: id, position: 10, completed: 'yes' },
      { unit_id: id, position: 10, completed: 2 },
      { unit_id: id, position: 10, played_at: -1 },
      { unit_id: id, position: 10, played_at: 'tomorrow' },
    ]
    for (const form of forms) {
      const { res, body } = await save(who, form)
      expect(res.status, `${JSON.stringify(form)} → ${JSON.stringify(body)}`).toBe(422)
      expect(body.errors ?? body.fields ?? body.field_errors, JSON.stringify(body)).toBeTruthy()
    }
    expect(await count('unit_progress', who.id)).toBe(0)
    expect(await count('activity_days', who.id)).toBe(0)
  })

  it('a time zone the clock no longer knows still saves (the activity never fails the save)', async () => {
    const route = await routeWithMedia({ units: 2 })
    const who = await someone('free')
    await env.DB.prepare("UPDATE users SET timezone = 'Mars/Olympus_Mons' WHERE id = ?1").bind(who.id).run()
    const { res, body } = await save(who, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.unit.completed).toBe(true)
  })

  it('ten tabs completing the same unit at once: one answer unlocks, one day, each reward and notice once', async () => {
    const route = await routeWithMedia({ units: 3 })
    const who = await someone('free')
    const id = route.units[0]!.id
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        save(who, { unit_id: id, position: i % 2 ? 300 : 299, completed: 1 }, i % 2 ? 'es' : 'en'),
      ),
    )
    for (const a of answers) expect(a.res.status, JSON.stringify(a.body)).toBe(200)
    expect(answers.filter((a) => a.body.units).length).toBe(1)
    const completedAt = new Set(answers.map((a) => a.body.unit.completed_at))
    expect(completedAt.size).toBe(1)
    expect(await count('activity_days', who.id)).toBe(1)
    const rewards = await count('user_rewards', who.id)
    const notices = await count('in_app_notifications', who.id)
    expect(notices).toBe(rewards)
    const dup = await env.DB.prepare(
      'SELECT title, description, count(*) AS n FROM in_app_notifications WHERE user_id = ?1 GROUP BY description HAVING n > 1',
    )
      .bind(who.id)
      .all()
    expect(dup.results).toEqual([])
    const streak = await env.DB.prepare('SELECT current_streak, points FROM user_engagement WHERE user_id = ?1')
      .bind(who.id)
      .first<{ current_streak: number; points: number }>()
    expect(streak?.current_streak).toBe(1)
  })

  it('the next unit saved at once with the completion of the one before: refused or saved, never a 500, never a refused write', async () => {
    const route = await routeWithMedia({ units: 3 })
    const who = await someone('free')
    const [a, b] = route.units
    const [first, second] = await Promise.all([
      save(who, { unit_id: a!.id, position: 300, completed: 1 }),
      save(who, { unit_id: b!.id, position: 300, completed: 1 }),
    ])
    expect(first.res.status).toBe(200)
    expect([200, 403]).toContain(second.res.status)
    const row = await progressRow(who.id, b!.id)
    if (second.res.status === 403) expect(row).toBeNull()
    else expect(row?.completed_at).not.toBeNull()
  })

  it('completing twice keeps the first completed_at and answers the units only once', async () => {
    const route = await routeWithMedia({ units: 2 })
    const who = await someone('free')
    const id = route.units[0]!.id
    const one = await save(who, { unit_id: id, position: 300, completed: 1 })
    const two = await save(who, { unit_id: id, position: 10, completed: 1 })
    expect(one.body.units).toBeTruthy()
    expect(two.res.status).toBe(200)
    expect(two.body.units).toBeUndefined()
    expect(two.body.unit).toEqual({ id, position: 10, completed: true, completed_at: one.body.unit.completed_at })
    expect(two.body.progress).toEqual(one.body.progress)
  })

  it('after logout the token saves nothing (401)', async () => {
    const route = await routeWithMedia({ units: 1 })
    const who = await someone('free')
    const out = await api('/v1/user/logout', { method: 'POST', headers: bearer(who.token) })
    expect(out.status).toBeLessThan(300)
    const { res } = await save(who, { unit_id: route.units[0]!.id, position: 300, completed: 1 })
    expect(res.status).toBe(401)
    expect(await count('unit_progress', who.id)).toBe(0)
  })

  it('a unit moved to a route the person has not started: the new route’s order applies', async () => {
    const from = await routeWithMedia({ units: 1 })
    const to = await routeWithMedia({ units: 2 })
    const who = await someone('free')
    // The unit moves to the end of a route whose first unit is not completed.
    await env.DB.prepare('UPDATE units SET route_id = ?1, "order" = 99 WHERE id = ?2')
      .bind(to.id, from.units[0]!.id)
      .run()
    const { res, body } = await save(who, { unit_id: from.units[0]!.id, position: 300, completed: 1 })
    expect(res.status, JSON.stringify(body)).toBe(403)
    expect(body.lock).toBe('unit_not_completed')
    expect(await count('unit_progress', who.id)).toBe(0)
  })
  it('ten saves at once on the day a freeze covers a missed day and a new freeze is earned: each once', async () => {
    const route = await routeWithMedia({ units: 2 })
    const who = await someone('free')
    // A clock outside the grace hours (00:00-03:00, when a play counts for a missed yesterday:
    // streak.ts GRACE_HOURS), whatever the hour the suite runs at: it failed from 00:00 to 03:00 UTC.
    const hourIn = (zone: string) =>
      Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()))
    const zone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].find((z) => hourIn(z) >= 4 && hourIn(z) < 22)!
    const day = (n: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() - n * 86_400_000))
    await env.DB.prepare('UPDATE users SET timezone = ?1, created_at = ?2 WHERE id = ?3')
      .bind(zone, Date.now() - 30 * 86_400_000, who.id)
      .run()
    await userChanged(who.id) // the session's copy of the person carries the zone
    await env.DB.prepare(
      `INSERT INTO user_engagement (user_id, last_day, current_streak, longest_streak, freezes, points, updated_at)
       VALUES (?1, ?2, 6, 6, 1, 60, ?3)
       ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day, current_streak = 6, longest_streak = 6, freezes = 1, points = 60`,
    )
      .bind(who.id, day(2), Date.now())
      .run()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => save(who, { unit_id: route.units[0]!.id, position: 300, completed: 1 })),
    )
    for (const a of answers) expect(a.res.status).toBe(200)
    const e = await env.DB.prepare(
      'SELECT last_day, current_streak, freezes, points FROM user_engagement WHERE user_id = ?1',
    )
      .bind(who.id)
      .first()
    // The missed day (yesterday) covered by the freeze held, today counted: 8 days, a freeze for
    // reaching 7, the day's points once.
    expect(e).toMatchObject({ last_day: day(0), current_streak: 8, freezes: 1 })
    const days = await env.DB.prepare('SELECT day FROM activity_days WHERE user_id = ?1 ORDER BY day')
      .bind(who.id)
      .all()
    expect(days.results.map((r) => r.day)).toEqual([day(1), day(0)])
  })
})
