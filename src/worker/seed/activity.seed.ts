// The demo community's weeks of practice (issue 24 §5): the ranking, streaks and rewards with life.
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { activityDays, userEngagement, users } from '#worker/db/schema'
import { closeRankingDayOn } from '#worker/features/ranking/ranking.days'
import { content, demoAccount, insertNew } from './content'

/** 'YYYY-MM-DD' of `days` before the UTC day of `now`. */
const dayBefore = (now: number, days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10)

/**
 * Weeks of practice for the demo (issue 24 §5), so the ranking, streaks and rewards have life:
 * the demo community (content.communityPeople) and the demo patients (content.demoPractice)
 * practised on some of the last weeks' days, each by their own pattern, up to yesterday;
 * yesterday's ranking (and the day before's, for the arrows) is closed. The demo patients'
 * streak runs up to yesterday, so today is theirs to keep, and the rewards it reached wait on
 * /rewards to be claimed. Idempotent and moving with the calendar: days are written once, a
 * streak is only set when its stored last day is older (a person's own practice is kept), and
 * the two ranking days are rebuilt. Answers how many community people were new.
 */
export async function seedActivity(db: Db, hash: string, now: number): Promise<number> {
  let created = 0
  for (const p of content.communityPeople) {
    if (await insertNew(db, users, { ...demoAccount(p, hash), role: 1 })) created++
  }
  const practice = [...content.communityPeople, ...content.demoPractice]
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        practice.map((p) => p.email),
      ),
    )
  for (const person of people) {
    // pattern[i]: practised i+1 days ago ('x') or not ('.'); yesterday first.
    const pattern = practice.find((p) => p.email === person.email)!.practice
    const days = [...pattern].flatMap((c, i) => (c === 'x' ? [dayBefore(now, i + 1)] : []))
    for (let i = 0; i < days.length; i += 25)
      await db
        .insert(activityDays)
        .values(days.slice(i, i + 25).map((day) => ({ userId: person.id, day, points: 10 })))
        .onConflictDoNothing()
    const runs = pattern.split('.').map((r) => r.length)
    const current = pattern.startsWith('x') ? runs[0]! : 0
    const state = {
      lastDay: days[0] ?? null,
      currentStreak: current,
      longestStreak: Math.max(...runs),
      freezes: Math.min(2, Math.floor(current / 7)),
      updatedAt: new Date(now),
    }
    await db
      .insert(userEngagement)
      .values({ userId: person.id, ...state })
      .onConflictDoUpdate({
        target: userEngagement.userId,
        set: state,
        setWhere: sql`${userEngagement.lastDay} IS NULL OR ${userEngagement.lastDay} < ${state.lastDay}`,
      })
  }
  // Yesterday's ranking, after the day before's, closed by the nightly job's own function (it ranks
  // the running points totals the practice above added to; re-running a day rebuilds it).
  await closeRankingDayOn(db, new Date(`${dayBefore(now, 2)}T23:59:00Z`))
  await closeRankingDayOn(db, new Date(`${dayBefore(now, 1)}T23:59:00Z`))
  return created
}
