// The demo's weeks of practice (issue 24 §5; src/worker/seed/seed.ts seedActivity): yesterday's
// ranking has the community and the demo patients, the patient's streak runs up to yesterday,
// and seeding again changes nothing (the seed runs on every `npm start`).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { content } from '#worker/seed/seed'
import { seedContent } from '../factories'

const only = { routes: false, posts: false, plans: false, users: true, activity: true }
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

describe('the demo activity', () => {
  it('closes yesterday’s ranking with people, gives the demo patient a streak up to yesterday, and seeds the same twice', async () => {
    await seedContent(only)
    const count = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM activity_days').first<{ n: number }>())!.n
    const before = await count()
    await seedContent(only)
    expect(await count()).toBe(before)

    const ranked = await env.DB.prepare(
      'SELECT name, position, points FROM ranking_snapshots WHERE day = ?1 ORDER BY position',
    )
      .bind(day(1))
      .all<{ name: string; position: number; points: number }>()
    expect(ranked.results.length).toBe(content.communityPeople.length + content.demoPractice.length)
    expect(ranked.results[0]).toMatchObject({ position: 1, name: 'Lucía M.' })
    expect(ranked.results.map((r) => r.name)).toContain('Carmen L.')

    const patient = await env.DB.prepare(
      `SELECT e.current_streak AS streak, e.last_day AS last_day, (SELECT count(*) FROM activity_days a WHERE a.user_id = u.id) AS days
       FROM users u JOIN user_engagement e ON e.user_id = u.id WHERE u.email = 'patient@demo.calma.app'`,
    ).first<{ streak: number; last_day: string; days: number }>()
    const pattern = content.demoPractice.find((p) => p.email === 'patient@demo.calma.app')!.practice
    expect(patient).toEqual({ streak: 9, last_day: day(1), days: [...pattern].filter((c) => c === 'x').length })
  })

  it('gives every demo unit 5 to 15 minutes (the landings’ promise)', async () => {
    await seedContent({ routes: true, posts: false, plans: false, users: false })
    const r = await env.DB.prepare(
      'SELECT min(duration_seconds) AS lo, max(duration_seconds) AS hi, count(*) AS n FROM units',
    ).first<{ lo: number; hi: number; n: number }>()
    expect(r!.n).toBeGreaterThanOrEqual(40)
    expect(r!.lo).toBeGreaterThanOrEqual(300)
    expect(r!.hi).toBeLessThanOrEqual(900)
  })
})
