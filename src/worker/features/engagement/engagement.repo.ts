// Every query of activity, streaks and rewards (CONVENTIONS 3: SQL lives only in *.repo.ts).
// The awarding is one set-based statement and the metrics are correlated sub-selects: drizzle's
// `sql` on `db`, rows checked (#worker/db/query, docs/decisions/032).
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows, rowsIn, run } from '#worker/db/query'
import { rowOf } from '#worker/db/rows'
import { rewards, userEngagement } from '#worker/db/schema'
import type { StreakState, StreakStep } from './streak'

export interface EngagementRow extends StreakState {
  rankingHidden: boolean
}

const engagementRow = rowOf(userEngagement).pick({
  last_day: true,
  current_streak: true,
  longest_streak: true,
  freezes: true,
  ranking_hidden: true,
})
const toEngagement = (r: z.infer<typeof engagementRow> | undefined): EngagementRow => ({
  lastDay: r?.last_day ?? null,
  currentStreak: r?.current_streak ?? 0,
  longestStreak: r?.longest_streak ?? 0,
  freezes: r?.freezes ?? 0,
  rankingHidden: !!r?.ranking_hidden,
})
const engagementOf = (userId: number) =>
  sql`SELECT last_day, current_streak, longest_streak, freezes, ranking_hidden FROM user_engagement WHERE user_id = ${userId}`

export async function findEngagement(db: Db, userId: number): Promise<EngagementRow> {
  return toEngagement(await firstRow(db, engagementOf(userId), engagementRow))
}

/**
 * Write one step of a streak in one batch: the active day (unique per user and day), the days
 * freezes covered, and the new state only if nobody moved it since it was read (`prevLastDay`):
 * two completions at once count the day once. True when this call wrote the day.
 */
export async function writeStep(
  db: Db,
  userId: number,
  prevLastDay: string | null,
  s: StreakStep,
  points: number,
  now: number,
): Promise<boolean> {
  if (!s.day) return false
  const n = s.next
  const res = await batch(db, [
    sql`INSERT INTO user_engagement (user_id, last_day, current_streak, longest_streak, freezes, updated_at)
        VALUES (${userId}, ${n.lastDay}, ${n.currentStreak}, ${n.longestStreak}, ${n.freezes}, ${now})
        ON CONFLICT(user_id) DO UPDATE SET last_day = ${n.lastDay}, current_streak = ${n.currentStreak},
          longest_streak = ${n.longestStreak}, freezes = ${n.freezes}, updated_at = ${now}
        WHERE user_engagement.last_day IS ${prevLastDay}`,
    // changes(): the statement before this one in the same batch (the state moved by this call).
    sql`INSERT OR IGNORE INTO activity_days (user_id, day, points, frozen) SELECT ${userId}, ${s.day}, ${points}, 0 WHERE changes() > 0`,
    ...s.frozenDays.map(
      (day) => sql`INSERT OR IGNORE INTO activity_days (user_id, day, points, frozen) VALUES (${userId}, ${day}, 0, 1)`,
    ),
  ])
  return (res[1]?.meta.changes ?? 0) > 0
}

const dayRow = z.object({ day: z.string() })
const activeDays = (userId: number, from: string, to: string) =>
  sql`SELECT day FROM activity_days WHERE user_id = ${userId} AND frozen = 0 AND day BETWEEN ${from} AND ${to} ORDER BY day`

/** Active (not frozen) days of a user from `from` to `to` inclusive ('YYYY-MM-DD'). */
export async function activeDaysBetween(db: Db, userId: number, from: string, to: string): Promise<string[]> {
  return (await rows(db, activeDays(userId, from, to), dayRow)).map((x) => x.day)
}

export interface Metrics {
  streak: number
  active_days: number
  routes_completed: number
  plans_completed: number
  sessions_attended: number
}

/**
 * What the rewards are measured by, in one statement. Attended = SPEC §4 status 8. Active days:
 * the days kept plus the months older days were rolled into (cron/retention.ts).
 */
const metricsSql = (userId: number): SQL => sql`SELECT
         (SELECT coalesce(max(longest_streak, current_streak), 0) FROM user_engagement WHERE user_id = ${userId}) AS streak,
         (SELECT count(*) FROM activity_days WHERE user_id = ${userId} AND frozen = 0) + (SELECT coalesce(sum(active_days), 0) FROM activity_months WHERE user_id = ${userId}) AS active_days,
         (SELECT count(*) FROM (
            SELECT u.route_id FROM units u LEFT JOIN unit_progress p ON p.unit_id = u.id AND p.user_id = ${userId}
            WHERE u.status = 1 AND u.route_id IN (SELECT DISTINCT u2.route_id FROM unit_progress p2 JOIN units u2 ON u2.id = p2.unit_id WHERE p2.user_id = ${userId} AND p2.completed_at IS NOT NULL)
            GROUP BY u.route_id HAVING count(*) > 0 AND count(p.completed_at) = count(*))) AS routes_completed,
         (SELECT count(*) FROM plan_assignments WHERE user_id = ${userId} AND finished_at IS NOT NULL) AS plans_completed,
         (SELECT count(*) FROM appointments WHERE guest_id = ${userId} AND status = 8) AS sessions_attended`

const metricsRow = z.object({
  streak: z.number().nullable(),
  active_days: z.number().nullable(),
  routes_completed: z.number().nullable(),
  plans_completed: z.number().nullable(),
  sessions_attended: z.number().nullable(),
})

export async function metricsOf(db: Db, userId: number): Promise<Metrics> {
  const r = await firstRow(db, metricsSql(userId), metricsRow)
  return {
    streak: r?.streak ?? 0,
    active_days: r?.active_days ?? 0,
    routes_completed: r?.routes_completed ?? 0,
    plans_completed: r?.plans_completed ?? 0,
    sessions_attended: r?.sessions_attended ?? 0,
  }
}

const rewardIdRow = z.object({ reward_id: z.number() })

/**
 * Give a user every reward their metrics reach, once (unique per user and reward): one
 * statement, whose answer is the rewards this call gave (none when another call got there first).
 */
export async function awardReached(db: Db, userId: number, m: Metrics, now: number): Promise<RewardRow[]> {
  const given = await rows(
    db,
    sql`INSERT OR IGNORE INTO user_rewards (user_id, reward_id, acquired_at)
        SELECT ${userId}, id, ${now} FROM rewards
        WHERE threshold <= CASE key WHEN 'usage_streak' THEN ${m.streak} WHEN 'active_days' THEN ${m.active_days}
                                    WHEN 'routes_completed' THEN ${m.routes_completed}
                                    WHEN 'plans_completed' THEN ${m.plans_completed} WHEN 'sessions_attended' THEN ${m.sessions_attended} ELSE -1 END
        RETURNING reward_id`,
    rewardIdRow,
  )
  if (!given.length) return []
  return rewardsByIds(
    db,
    given.map((x) => x.reward_id),
  )
}

const rewardRow = rowOf(rewards).pick({
  id: true,
  key: true,
  category: true,
  level_id: true,
  threshold: true,
  criteria: true,
})
export type RewardRow = z.infer<typeof rewardRow>

const userRewardRow = rewardRow.extend({ acquired_at: z.number().nullable(), claimed_at: z.number().nullable() })
export type UserRewardRow = z.infer<typeof userRewardRow>

/** Every reward, with the user's acquisition and claim. */
const userRewards = (userId: number) =>
  sql`SELECT r.id, r.key, r.category, r.level_id, r.threshold, r.criteria, ur.acquired_at, ur.claimed_at
      FROM rewards r LEFT JOIN user_rewards ur ON ur.reward_id = r.id AND ur.user_id = ${userId}
      ORDER BY r.category, r.key, r.level_id, r.threshold`

/** Claim an acquired reward once: only the call that flips claimed_at from NULL gets true. */
export async function claim(db: Db, userId: number, rewardId: number, now: number): Promise<boolean> {
  const changed = await run(
    db,
    sql`UPDATE user_rewards SET claimed_at = ${now} WHERE user_id = ${userId} AND reward_id = ${rewardId} AND claimed_at IS NULL`,
  )
  return changed > 0
}

export async function userReward(db: Db, userId: number, rewardId: number) {
  return (
    (await firstRow(
      db,
      sql`SELECT acquired_at, claimed_at FROM user_rewards WHERE user_id = ${userId} AND reward_id = ${rewardId}`,
      z.object({ acquired_at: z.number(), claimed_at: z.number().nullable() }),
    )) ?? null
  )
}

export async function setRankingHidden(db: Db, userId: number, hidden: boolean, now: number) {
  const flag = hidden ? 1 : 0
  await run(
    db,
    sql`INSERT INTO user_engagement (user_id, ranking_hidden, updated_at) VALUES (${userId}, ${flag}, ${now})
        ON CONFLICT(user_id) DO UPDATE SET ranking_hidden = ${flag}, updated_at = ${now}`,
  )
}

/** The seed's rewards (features/engagement/rewards.catalog.ts): insert the missing ones, never twice. */
export async function seedRewards(
  db: Db,
  list: readonly {
    key: string
    category: string
    level_id: number
    level_title: string
    threshold: number
    type_title: string
    type_description: string
    description: string
  }[],
) {
  await batch(
    db,
    list.map(
      (r) =>
        sql`INSERT INTO rewards (key, type_title, type_description, description, criteria, level_id, level_title, category, threshold)
            VALUES (${r.key}, ${r.type_title}, ${r.type_description}, ${r.description}, ${JSON.stringify({ metric: r.key, gte: r.threshold })},
                    ${r.level_id}, ${r.level_title}, ${r.category}, ${r.threshold})
            ON CONFLICT(key, level_id) DO NOTHING`,
    ),
  )
}

/**
 * GET /v1/rewards in ONE batch (one round trip, issue 21 §2): give every reward the person's
 * metrics reach (the metrics inline, as awardReached would), then, seeing that write, their
 * rewards, their streak state and their active days between `from` and `to`.
 */
export async function rewardsPage(db: Db, userId: number, now: number, from: string, to: string) {
  const [awarded, rewards, engagement, days] = await batch(db, [
    sql`INSERT OR IGNORE INTO user_rewards (user_id, reward_id, acquired_at)
        SELECT ${userId}, r.id, ${now} FROM rewards r, (${metricsSql(userId)}) m
        WHERE r.threshold <= CASE r.key WHEN 'usage_streak' THEN m.streak WHEN 'active_days' THEN m.active_days WHEN 'routes_completed' THEN m.routes_completed
                                        WHEN 'plans_completed' THEN m.plans_completed WHEN 'sessions_attended' THEN m.sessions_attended ELSE -1 END
        RETURNING reward_id`,
    userRewards(userId),
    engagementOf(userId),
    activeDays(userId, from, to),
  ])
  return {
    awardedIds: rowsIn(awarded, rewardIdRow).map((x) => x.reward_id),
    rewards: rowsIn(rewards, userRewardRow),
    engagement: toEngagement(rowsIn(engagement, engagementRow)[0]),
    activeDays: rowsIn(days, dayRow).map((x) => x.day),
  }
}

/** The definitions of rewards `ids` (those just given), in level order. */
export const rewardsByIds = (db: Db, ids: readonly number[]): Promise<RewardRow[]> =>
  rows(
    db,
    sql`SELECT id, key, category, level_id, threshold, criteria FROM rewards
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) ORDER BY level_id`,
    rewardRow,
  )

export async function rewardCount(db: Db) {
  const row = await firstRow(
    db,
    sql`SELECT count(*) AS n FROM rewards WHERE key IN ('usage_streak', 'active_days', 'routes_completed', 'plans_completed', 'sessions_attended')`,
    z.object({ n: z.number() }),
  )
  return row?.n ?? 0
}

export async function languageOf(db: Db, userId: number): Promise<'es' | 'en'> {
  const r = await firstRow(db, sql`SELECT language FROM users WHERE id = ${userId}`, z.object({ language: z.string() }))
  return r?.language === 'en' ? 'en' : 'es'
}
