// A year of activity inside D1 (issue 22; migration 0014): the retention job rolls active days
// older than 60 days into one row per person and month, in bounded steps, and every reader gives
// the same answer after as before: the reward counts, the streak block, the ranking's running total.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ACTIVITY_DAYS_KEPT, retentionJob } from '#worker/cron/retention'
import { getDb } from '#worker/db/client'
import { rollUpOldDays } from '#worker/cron/retention.repo'
import { metricsOf } from '#worker/features/engagement/engagement.repo'
import { streakOf } from '#worker/features/engagement/engagement.service'
import { addDays } from '#worker/lib/zones'
import { eq } from 'drizzle-orm'
import { userEngagement } from '#worker/db/schema'
import { api, json } from '../helpers'
import { activeDays, patch } from '../factories'
import { bearer, register } from '../users/support'
import { jobCtx } from '#worker/context'

const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!

describe('active days rolled up into months', () => {
  it('keeps the totals, rewards, streak and ranking points; the job is bounded and a second run changes nothing', async () => {
    const now = Date.now()
    const today = new Date(now).toISOString().slice(0, 10)
    const p = await register({ name: 'Lucía Mar' })
    const other = await register()
    // 70 active days long ago (every other day, 61 to 199 days back) and one frozen among them;
    // the last 10 days every day. The triggers keep the running ranking total.
    const old = Array.from({ length: 70 }, (_, i) => addDays(today, -(61 + 2 * i)))
    const recent = Array.from({ length: 10 }, (_, i) => addDays(today, -(i + 1)))
    await activeDays(p.id, [...old, ...recent])
    await activeDays(p.id, [addDays(today, -100)], 0, true)
    await activeDays(other.id, [addDays(today, -90)])
    await patch(userEngagement, eq(userEngagement.userId, p.id), {
      lastDay: addDays(today, -1),
      currentStreak: 10,
      longestStreak: 35,
      freezes: 1,
    })
    const points = () => one<{ points: number }>('SELECT points FROM user_engagement WHERE user_id = ?1', p.id)
    const before = {
      metrics: await metricsOf(getDb(env.DB), p.id),
      streak: await streakOf(jobCtx(env), { id: p.id }, now),
      points: await points(),
    }
    expect(before.metrics.active_days).toBe(80)
    expect(before.points.points).toBe(800)

    // One step takes exactly its limit, oldest first, and moves them whole (days + months agree).
    const cut = addDays(today, -ACTIVITY_DAYS_KEPT)
    expect(await rollUpOldDays(getDb(env.DB), cut, 7)).toBe(7)
    expect(await metricsOf(getDb(env.DB), p.id)).toEqual(before.metrics)
    expect(
      await one<{ n: number }>(
        'SELECT (SELECT coalesce(sum(active_days + frozen_days), 0) FROM activity_months) + (SELECT count(*) FROM activity_days WHERE day < ?1) AS n',
        cut,
      ),
    ).toEqual({ n: 72 })

    // The job (forced: it runs at minute 30) takes the rest; run again, it finds nothing.
    const first = await retentionJob(env, new Date(now), { force: true })
    expect(first!.activity_days).toBe(72 - 7)
    expect((await retentionJob(env, new Date(now), { force: true }))!.activity_days).toBe(0)

    expect(await one<{ n: number }>('SELECT count(*) AS n FROM activity_days WHERE day < ?1', cut)).toEqual({ n: 0 })
    expect(await one<{ n: number }>('SELECT count(*) AS n FROM activity_days WHERE user_id = ?1', p.id)).toEqual({
      n: 10,
    })
    expect(
      await one(
        'SELECT sum(active_days) AS active, sum(frozen_days) AS frozen, sum(points) AS points FROM activity_months WHERE user_id = ?1',
        p.id,
      ),
    ).toEqual({ active: 70, frozen: 1, points: 700 })
    expect(
      (
        await env.DB.prepare('SELECT month FROM activity_months WHERE user_id = ?1 ORDER BY month')
          .bind(p.id)
          .all<{ month: string }>()
      ).results.map((r) => r.month),
    ).toEqual([...new Set(old.map((d) => d.slice(0, 7)))].sort())
    expect(await one('SELECT sum(active_days) AS n FROM activity_months WHERE user_id = ?1', other.id)).toEqual({
      n: 1,
    })

    // The same totals, streak and ranking points as before the roll-up.
    expect(await metricsOf(getDb(env.DB), p.id)).toEqual(before.metrics)
    expect(await streakOf(jobCtx(env), { id: p.id }, now)).toEqual(before.streak)
    expect(await points()).toEqual(before.points)
    // Rewards given after the roll-up count the months: 80 days reach 3, 10, 25 and 50 (not 100).
    const rewards = await json(await api('/v1/rewards', { headers: bearer(p.token) }))
    const days = rewards.rewards.find((g: any) => g.key === 'active_days')
    expect(days.rewards.filter((r: any) => r.is_acquired).map((r: any) => r.criteria.gte)).toEqual([3, 10, 25, 50])
    expect(rewards.streak).toEqual(before.streak)
    // Their own export carries the months.
    const exported = await json(await api('/v1/user/export', { headers: bearer(p.token) }))
    expect(exported.export.activity_months.map((m: any) => m.activeDays ?? m.active_days)).toHaveLength(
      new Set(old.map((d) => d.slice(0, 7))).size,
    )
  })
})
