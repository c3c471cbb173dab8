// The ranking that stays flat (issue 22 §2): a running points total per person kept with each
// active day, the nightly job ranking in keyset pages into a snapshot day that the read shows
// only once complete, and old snapshot days dropped (the newest 8 kept).
import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#worker/db/client'
import { activityDays, userEngagement } from '#worker/db/schema'
import { beginRankingDay, rankPage } from '#worker/features/ranking/ranking.repo'
import { closeRankingDay, RANKING_DAYS_KEPT } from '#worker/features/ranking/ranking.service'
import { activeDays, patch } from '../factories'
import { api, json } from '../helpers'
import { bearer, register } from '../users/support'
import { jobCtx } from '#worker/context'

// The activity_days triggers keep user_engagement's running total on any write; these tests check them.
const points = (userId: number, day: string, p: number) => activeDays(userId, [day], p)
const at = (day: string) => new Date(`${day}T23:59:00Z`)
const ranking = async (token: string) => json(await api('/v1/ranking', { headers: bearer(token) }))

describe('the ranking snapshot days', () => {
  it('keeps each person’s running total with every active day written', async () => {
    const ana = await register({ name: 'Ana Running' })
    await points(ana.id, '2031-01-01', 10)
    await points(ana.id, '2031-01-03', 10)
    await activeDays(ana.id, ['2031-01-02'], 0, true)
    await patch(activityDays, and(eq(activityDays.userId, ana.id), eq(activityDays.day, '2031-01-03'))!, { points: 15 })
    const row = await env.DB.prepare('SELECT points, first_day FROM user_engagement WHERE user_id = ?1')
      .bind(ana.id)
      .first()
    expect(row).toEqual({ points: 25, first_day: '2031-01-01' })
    // Out of the next test's ranking.
    await patch(userEngagement, eq(userEngagement.userId, ana.id), { rankingHidden: true })
  })

  it('a snapshot is invisible until complete; ranked page by page it equals one ordering; old days are dropped', async () => {
    const people = [] as Awaited<ReturnType<typeof register>>[]
    for (const name of ['Ana Uno', 'Ben Dos', 'Cai Tres', 'Dan Cuatro', 'Eva Cinco'])
      people.push(await register({ name }))
    const [ana, ben, cai, dan, eva] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ]
    // Ana 30, Ben 20 (from the 1st), Cai 20 (from the 2nd), Dan 10; Eva left the ranking.
    for (const [p, days] of [
      [ana, ['2032-05-01', '2032-05-02', '2032-05-03']],
      [ben, ['2032-05-01', '2032-05-03']],
      [cai, ['2032-05-02', '2032-05-03']],
      [dan, ['2032-05-03']],
      [eva, ['2032-05-01', '2032-05-02', '2032-05-03', '2032-05-04']],
    ] as const) {
      for (const d of days) await points(p.id, d, 10)
    }
    await patch(userEngagement, eq(userEngagement.userId, eva.id), { rankingHidden: true })

    const first = await closeRankingDay(jobCtx(env), at('2032-05-03'), { page: 2 })
    expect(first.ranked).toBe(4)
    let r = await ranking(ana.token)
    expect(r.day).toBe('2032-05-03')
    expect(r.ranking.map((e: any) => [e.position, e.name, e.points])).toEqual([
      [1, 'Ana U.', 30],
      [2, 'Ben D.', 20],
      [3, 'Cai T.', 20],
      [4, 'Dan C.', 10],
    ])

    // Dan practises twice more; the next day is being built: a first page is written, not shown.
    await points(dan.id, '2032-05-04', 10)
    await points(dan.id, '2032-05-05', 10)
    await beginRankingDay(getDb(env.DB), '2032-05-05', Date.now())
    const page = await rankPage(getDb(env.DB), '2032-05-05', '2032-05-03', null, 1)
    expect(page.ranked).toBe(1)
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM ranking_snapshots WHERE day = '2032-05-05'").first<{
        n: number
      }>())!.n,
    ).toBe(1)
    r = await ranking(dan.token)
    expect(r.day).toBe('2032-05-03')
    expect(r.me).toMatchObject({ position: 4, points: 10 })

    // The job finishes the day (one person a page): complete, shown, with its movement.
    await closeRankingDay(jobCtx(env), at('2032-05-05'), { page: 1 })
    r = await ranking(dan.token)
    expect(r.day).toBe('2032-05-05')
    expect(r.ranking.map((e: any) => [e.position, e.name, e.points, e.position_change])).toEqual([
      [1, 'Ana U.', 30, 0],
      [2, 'Dan C.', 30, 2],
      [3, 'Ben D.', 20, -1],
      [4, 'Cai T.', 20, -1],
    ])

    // A re-run of the shown day hides it while it is rebuilt (the last complete day shows).
    await beginRankingDay(getDb(env.DB), '2032-05-05', Date.now())
    expect((await ranking(dan.token)).day).toBe('2032-05-03')
    await closeRankingDay(jobCtx(env), at('2032-05-05'))
    expect((await ranking(dan.token)).day).toBe('2032-05-05')
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM ranking_snapshots WHERE day = '2032-05-05'").first<{
        n: number
      }>())!.n,
    ).toBe(4)

    // Ten more days: only the newest RANKING_DAYS_KEPT complete days (and their rows) remain.
    for (let d = 6; d <= 15; d++) await closeRankingDay(jobCtx(env), at(`2032-05-${String(d).padStart(2, '0')}`))
    const days = await env.DB.prepare("SELECT day FROM ranking_days WHERE day LIKE '2032-05-%' ORDER BY day").all<{
      day: string
    }>()
    expect(days.results.map((x) => x.day)).toEqual(
      Array.from(
        { length: RANKING_DAYS_KEPT },
        (_, i) => `2032-05-${String(15 - RANKING_DAYS_KEPT + 1 + i).padStart(2, '0')}`,
      ),
    )
    const rows = await env.DB.prepare(
      "SELECT count(DISTINCT day) AS n FROM ranking_snapshots WHERE day LIKE '2032-05-%'",
    ).first<{ n: number }>()
    expect(rows!.n).toBe(RANKING_DAYS_KEPT)
  })
})
