// The streak step counted inside a save's batch (issue 43 §3, docs/decisions/073): engagement.repo
// says streak.ts `step` in SQL so the day, the freezes and the streak move in the save's one D1
// round. Here both meet every kind of state an activity can find (no streak yet, the day counted
// already, yesterday, a gap a freeze covers or not, a streak about to earn a freeze, a person
// gone west) at 10:00 and in the grace hours: the state and the days written are `step`'s.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { jobCtx } from '#worker/context'
import { recordActivity } from '#worker/features/engagement/engagement.service'
import { step, type StreakState } from '#worker/features/engagement/streak'
import { addDays, instantOf } from '#worker/lib/zones'
import { makeUser } from '../factories'

const ZONE = 'America/Mexico_City'
const TODAY = '2026-11-20'

async function stateOf(userId: number): Promise<StreakState> {
  const r = await env.DB.prepare(
    'SELECT last_day, current_streak, longest_streak, freezes FROM user_engagement WHERE user_id = ?1',
  )
    .bind(userId)
    .first<{ last_day: string | null; current_streak: number; longest_streak: number; freezes: number }>()
  return {
    lastDay: r?.last_day ?? null,
    currentStreak: r?.current_streak ?? 0,
    longestStreak: r?.longest_streak ?? 0,
    freezes: r?.freezes ?? 0,
  }
}
const daysOf = async (userId: number) =>
  (
    await env.DB.prepare('SELECT day, frozen, points FROM activity_days WHERE user_id = ?1 ORDER BY day')
      .bind(userId)
      .all<{ day: string; frozen: number; points: number }>()
  ).results

describe('the streak step in SQL', () => {
  it('moves the state and writes the days exactly as `step` does, for every kind of state', async () => {
    const u = await makeUser({ name: 'Inés Ríos' })
    const person = { id: u.id, timezone: ZONE, language: 'es' as const }
    const lasts = [
      null,
      TODAY,
      addDays(TODAY, -1),
      addDays(TODAY, -2),
      addDays(TODAY, -3),
      addDays(TODAY, -4),
      addDays(TODAY, 1),
    ]
    let cases = 0
    for (const hhmm of [10 * 60, 90]) {
      const at = instantOf(TODAY, hhmm, ZONE)!
      for (const lastDay of lasts)
        for (const currentStreak of lastDay === null ? [0] : [1, 6, 7, 13, 20])
          for (const freezes of lastDay === null ? [0] : [0, 1, 2]) {
            const longestStreak = lastDay === null ? 0 : currentStreak + 3
            const before: StreakState = { lastDay, currentStreak, longestStreak, freezes }
            await env.DB.batch([
              env.DB.prepare('DELETE FROM activity_days WHERE user_id = ?1').bind(u.id),
              env.DB.prepare('DELETE FROM user_engagement WHERE user_id = ?1').bind(u.id),
              ...(lastDay === null
                ? []
                : [
                    env.DB.prepare(
                      'INSERT INTO user_engagement (user_id, last_day, current_streak, longest_streak, freezes) VALUES (?1, ?2, ?3, ?4, ?5)',
                    ).bind(u.id, lastDay, currentStreak, before.longestStreak, freezes),
                  ]),
            ])
            const expected = step(before, at, ZONE)
            const label = JSON.stringify({ before, hhmm })
            const got = await recordActivity(jobCtx(env), person, at)
            expect(got.day, label).toBe(expected.day)
            expect(await stateOf(u.id), label).toEqual(expected.next)
            const days = expected.day
              ? [
                  { day: expected.day, frozen: 0, points: 10 },
                  ...expected.frozenDays.map((day) => ({ day, frozen: 1, points: 0 })),
                ].sort((a, b) => a.day.localeCompare(b.day))
              : []
            expect(await daysOf(u.id), label).toEqual(days)
            cases++
          }
    }
    expect(cases).toBe(2 * (1 + 6 * 5 * 3))
  })
})
