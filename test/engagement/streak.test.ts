// Kind streaks (issue 11 §1) on the real D1: the day an activity counts for on the person's own
// clock (23:59 and 00:01), the grace hours after midnight, a freeze covering a missed day, a time
// zone change, and two completions at once counting one day. The clock is the `at` argument.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { recordActivity, streakOf } from '#worker/features/engagement/engagement.service'
import { dayOfActivity, shownStreak, step } from '#worker/features/engagement/streak'
import { instantOf } from '#worker/lib/zones'
import { makeUser } from '../factories'
import { jobCtx } from '#worker/context'

const MADRID = 'Europe/Madrid'
/** The instant of `date` `hh:mm` on a Madrid clock. */
const at = (date: string, hhmm: string, zone = MADRID) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return instantOf(date, h * 60 + m, zone)!
}
const days = async (userId: number) =>
  (
    await env.DB.prepare('SELECT day, frozen, points FROM activity_days WHERE user_id = ?1 ORDER BY day')
      .bind(userId)
      .all<{ day: string; frozen: number; points: number }>()
  ).results
const person = async (timezone = MADRID) => {
  const u = await makeUser({ name: 'Lucía Pérez' })
  return { id: u.id, timezone, language: 'es' as const }
}

describe('the day an activity counts for', () => {
  it('23:59 and 00:01 on the person’s clock are two days, whatever UTC says', async () => {
    const u = await person()
    // 23:59 in Madrid is 22:59 UTC; 00:01 is 23:01 UTC of the same UTC day.
    expect((await recordActivity(jobCtx(env), u, at('2026-11-10', '23:59'))).day).toBe('2026-11-10')
    const next = await recordActivity(jobCtx(env), u, at('2026-11-11', '00:01'))
    expect(next.day).toBe('2026-11-11')
    expect(next.streak).toBe(2)
    expect((await days(u.id)).map((d) => d.day)).toEqual(['2026-11-10', '2026-11-11'])
  })

  it('a second activity the same day changes nothing (one day, 10 points, however many units)', async () => {
    const u = await person()
    await recordActivity(jobCtx(env), u, at('2026-11-10', '09:00'))
    const again = await recordActivity(jobCtx(env), u, at('2026-11-10', '21:00'))
    expect(again.day).toBeNull()
    expect(await days(u.id)).toEqual([{ day: '2026-11-10', frozen: 0, points: 10 }])
  })

  it('grace: at 01:30 after a missed evening the activity still counts for yesterday', async () => {
    const u = await person()
    await recordActivity(jobCtx(env), u, at('2026-11-10', '20:00'))
    // Nothing on the 11th; at 01:30 on the 12th it keeps the streak by counting for the 11th.
    const late = await recordActivity(jobCtx(env), u, at('2026-11-12', '01:30'))
    expect(late.day).toBe('2026-11-11')
    expect(late.streak).toBe(2)
    // The same morning later on counts for the 12th itself.
    const morning = await recordActivity(jobCtx(env), u, at('2026-11-12', '09:00'))
    expect(morning.day).toBe('2026-11-12')
    expect(morning.streak).toBe(3)
    // Past 03:00 there is no grace: 04:00 is today.
    expect(dayOfActivity(at('2026-11-20', '04:00'), MADRID, '2026-11-18')).toBe('2026-11-20')
    expect(dayOfActivity(at('2026-11-20', '02:59'), MADRID, '2026-11-18')).toBe('2026-11-19')
    // Grace never moves a day when yesterday already counts (00:01 after 23:59 is a new day).
    expect(dayOfActivity(at('2026-11-20', '00:01'), MADRID, '2026-11-19')).toBe('2026-11-20')
  })

  it('a time zone change never counts a day twice or goes back in time', async () => {
    const u = await person()
    await recordActivity(jobCtx(env), u, at('2026-11-10', '23:30'))
    // Flying to Mexico City: 00:30 Madrid is 17:30 of the 10th there: still the 10th, counted once.
    const mexico = { ...u, timezone: 'America/Mexico_City' }
    expect((await recordActivity(jobCtx(env), mexico, at('2026-11-11', '00:30'))).day).toBeNull()
    // The next evening in Mexico is the 11th: the streak goes on.
    const next = await recordActivity(jobCtx(env), mexico, at('2026-11-11', '19:00', 'America/Mexico_City'))
    expect(next.day).toBe('2026-11-11')
    expect(next.streak).toBe(2)
    // And flying back east to Tokyo, where it is already the 13th, counts the 13th.
    const tokyo = await recordActivity(
      jobCtx(env),
      { ...u, timezone: 'Asia/Tokyo' },
      at('2026-11-13', '08:00', 'Asia/Tokyo'),
    )
    expect(tokyo.day).toBe('2026-11-13')
  })
})

describe('freezes', () => {
  it('are earned every 7 days in a row, cover a missed day on their own, and a longer gap restarts kindly', async () => {
    const u = await person()
    for (let d = 1; d <= 7; d++) await recordActivity(jobCtx(env), u, at(`2026-10-0${d}`, '10:00'))
    let s = await streakOf(jobCtx(env), { id: u.id, row: { timezone: MADRID } }, at('2026-10-07', '22:00'))
    expect(s).toMatchObject({ current: 7, longest: 7, freezes: 1, last_7_days: 7, today_done: true })
    // The 8th is missed; on the 9th the freeze covers it and the streak goes on.
    const after = await recordActivity(jobCtx(env), u, at('2026-10-09', '10:00'))
    expect(after.streak).toBe(9)
    expect((await days(u.id)).find((d) => d.day === '2026-10-08')).toEqual({ day: '2026-10-08', frozen: 1, points: 0 })
    s = await streakOf(jobCtx(env), { id: u.id, row: { timezone: MADRID } }, at('2026-10-09', '22:00'))
    expect(s).toMatchObject({ current: 9, freezes: 0, last_7_days: 6 })
    expect(s.week.map((d) => d.active)).toEqual([true, true, true, true, true, false, true])
    // Three days missed with no freeze: a new streak starts; the longest is kept.
    const restart = await recordActivity(jobCtx(env), u, at('2026-10-13', '10:00'))
    expect(restart.streak).toBe(1)
    s = await streakOf(jobCtx(env), { id: u.id, row: { timezone: MADRID } }, at('2026-10-13', '22:00'))
    expect(s).toMatchObject({ current: 1, longest: 9, last_7_days: 3 })
  })

  it('at most 2 are held, and the shown streak stays while the freezes held cover the gap', () => {
    let s = { lastDay: null as string | null, currentStreak: 0, longestStreak: 0, freezes: 0 }
    for (let d = 0; d < 28; d++) s = step(s, Date.UTC(2026, 0, 1 + d, 12), 'UTC').next
    expect(s).toMatchObject({ currentStreak: 28, freezes: 2 })
    expect(shownStreak(s, '2026-01-29')).toBe(28) // yesterday was the last day
    expect(shownStreak(s, '2026-01-31')).toBe(28) // two days missed, two freezes
    expect(shownStreak(s, '2026-02-01')).toBe(0)
  })
})

describe('at once', () => {
  it('two completions at the same moment count the day once', async () => {
    const u = await person()
    await recordActivity(jobCtx(env), u, at('2026-11-01', '10:00'))
    const both = await Promise.all([
      recordActivity(jobCtx(env), u, at('2026-11-02', '10:00')),
      recordActivity(jobCtx(env), u, at('2026-11-02', '10:00')),
    ])
    expect(both.filter((r) => r.day === '2026-11-02')).toHaveLength(1)
    expect((await days(u.id)).map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02'])
    const row = await env.DB.prepare('SELECT current_streak FROM user_engagement WHERE user_id = ?1')
      .bind(u.id)
      .first<{ current_streak: number }>()
    expect(row!.current_streak).toBe(2)
  })
})
