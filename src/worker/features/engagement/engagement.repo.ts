// Every query of activity, streaks and rewards (CONVENTIONS 3: SQL lives only in *.repo.ts).
// Raw SQL on the D1 binding: the awarding is one set-based statement.
import type { StreakState, StreakStep } from './streak'

export interface EngagementRow extends StreakState {
  rankingHidden: boolean
}

export async function findEngagement(d1: D1Database, userId: number): Promise<EngagementRow> {
  const r = await d1
    .prepare(
      'SELECT last_day, current_streak, longest_streak, freezes, ranking_hidden FROM user_engagement WHERE user_id = ?1',
    )
    .bind(userId)
    .first<{
      last_day: string | null
      current_streak: number
      longest_streak: number
      freezes: number
      ranking_hidden: number
    }>()
  return {
    lastDay: r?.last_day ?? null,
    currentStreak: r?.current_streak ?? 0,
    longestStreak: r?.longest_streak ?? 0,
    freezes: r?.freezes ?? 0,
    rankingHidden: !!r?.ranking_hidden,
  }
}

/**
 * Write one step of a streak in one batch: the active day (unique per user and day), the days
 * freezes covered, and the new state only if nobody moved it since it was read (`prevLastDay`):
 * two completions at once count the day once. True when this call wrote the day.
 */
export async function writeStep(
  d1: D1Database,
  userId: number,
  prevLastDay: string | null,
  s: StreakStep,
  points: number,
  now: number,
): Promise<boolean> {
  if (!s.day) return false
  const n = s.next
  const statements = [
    d1
      .prepare(
        `INSERT INTO user_engagement (user_id, last_day, current_streak, longest_streak, freezes, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?7)
         ON CONFLICT(user_id) DO UPDATE SET last_day = ?2, current_streak = ?3, longest_streak = ?4, freezes = ?5, updated_at = ?7
         WHERE user_engagement.last_day IS ?6`,
      )
      .bind(userId, n.lastDay, n.currentStreak, n.longestStreak, n.freezes, prevLastDay, now),
    d1
      .prepare(
        'INSERT OR IGNORE INTO activity_days (user_id, day, points, frozen) SELECT ?1, ?2, ?3, 0 WHERE changes() > 0',
      )
      .bind(userId, s.day, points),
    ...s.frozenDays.map((day) =>
      d1
        .prepare('INSERT OR IGNORE INTO activity_days (user_id, day, points, frozen) VALUES (?1, ?2, 0, 1)')
        .bind(userId, day),
    ),
  ]
  const res = await d1.batch(statements)
  return (res[1]?.meta.changes ?? 0) > 0
}

/** Active (not frozen) days of a user from `from` to `to` inclusive ('YYYY-MM-DD'). */
export async function activeDaysBetween(d1: D1Database, userId: number, from: string, to: string): Promise<string[]> {
  const r = await d1
    .prepare('SELECT day FROM activity_days WHERE user_id = ?1 AND frozen = 0 AND day BETWEEN ?2 AND ?3 ORDER BY day')
    .bind(userId, from, to)
    .all<{ day: string }>()
  return r.results.map((x) => x.day)
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
const METRICS_SQL = `SELECT
         (SELECT coalesce(max(longest_streak, current_streak), 0) FROM user_engagement WHERE user_id = ?1) AS streak,
         (SELECT count(*) FROM activity_days WHERE user_id = ?1 AND frozen = 0) + (SELECT coalesce(sum(active_days), 0) FROM activity_months WHERE user_id = ?1) AS active_days,
         (SELECT count(*) FROM (
            SELECT u.route_id FROM units u LEFT JOIN unit_progress p ON p.unit_id = u.id AND p.user_id = ?1
            WHERE u.status = 1 AND u.route_id IN (SELECT DISTINCT u2.route_id FROM unit_progress p2 JOIN units u2 ON u2.id = p2.unit_id WHERE p2.user_id = ?1 AND p2.completed_at IS NOT NULL)
            GROUP BY u.route_id HAVING count(*) > 0 AND count(p.completed_at) = count(*))) AS routes_completed,
         (SELECT count(*) FROM plan_assignments WHERE user_id = ?1 AND finished_at IS NOT NULL) AS plans_completed,
         (SELECT count(*) FROM appointments WHERE guest_id = ?1 AND status = 8) AS sessions_attended`

export async function metricsOf(d1: D1Database, userId: number): Promise<Metrics> {
  const r = await d1
    .prepare(
      `SELECT
         (SELECT coalesce(max(longest_streak, current_streak), 0) FROM user_engagement WHERE user_id = ?1) AS streak,
         (SELECT count(*) FROM activity_days WHERE user_id = ?1 AND frozen = 0) + (SELECT coalesce(sum(active_days), 0) FROM activity_months WHERE user_id = ?1) AS active_days,
         (SELECT count(*) FROM (
            SELECT u.route_id FROM units u LEFT JOIN unit_progress p ON p.unit_id = u.id AND p.user_id = ?1
            WHERE u.status = 1 AND u.route_id IN (SELECT DISTINCT u2.route_id FROM unit_progress p2 JOIN units u2 ON u2.id = p2.unit_id WHERE p2.user_id = ?1 AND p2.completed_at IS NOT NULL)
            GROUP BY u.route_id HAVING count(*) > 0 AND count(p.completed_at) = count(*))) AS routes_completed,
         (SELECT count(*) FROM plan_assignments WHERE user_id = ?1 AND finished_at IS NOT NULL) AS plans_completed,
         (SELECT count(*) FROM appointments WHERE guest_id = ?1 AND status = 8) AS sessions_attended`,
    )
    .bind(userId)
    .first<Record<keyof Metrics, number | null>>()
  return {
    streak: r?.streak ?? 0,
    active_days: r?.active_days ?? 0,
    routes_completed: r?.routes_completed ?? 0,
    plans_completed: r?.plans_completed ?? 0,
    sessions_attended: r?.sessions_attended ?? 0,
  }
}

/**
 * Give a user every reward their metrics reach, once (unique per user and reward): one
 * statement, whose answer is the rewards this call gave (none when another call got there first).
 */
export async function awardReached(d1: D1Database, userId: number, m: Metrics, now: number): Promise<RewardRow[]> {
  const r = await d1
    .prepare(
      `INSERT OR IGNORE INTO user_rewards (user_id, reward_id, acquired_at)
       SELECT ?1, id, ?2 FROM rewards
       WHERE threshold <= CASE key WHEN 'usage_streak' THEN ?3 WHEN 'active_days' THEN ?4 WHEN 'routes_completed' THEN ?5
                                   WHEN 'plans_completed' THEN ?6 WHEN 'sessions_attended' THEN ?7 ELSE -1 END
       RETURNING reward_id`,
    )
    .bind(userId, now, m.streak, m.active_days, m.routes_completed, m.plans_completed, m.sessions_attended)
    .all<{ reward_id: number }>()
  if (!r.results.length) return []
  const ids = JSON.stringify(r.results.map((x) => x.reward_id))
  const rows = await d1
    .prepare(`SELECT ${REWARD_COLUMNS} FROM rewards WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY level_id`)
    .bind(ids)
    .all<RewardRow>()
  return rows.results
}

export interface RewardRow {
  id: number
  key: string
  category: string
  level_id: number
  threshold: number
  criteria: string | null
}
const REWARD_COLUMNS = 'id, key, category, level_id, threshold, criteria'

export interface UserRewardRow extends RewardRow {
  acquired_at: number | null
  claimed_at: number | null
}

/** Every reward, with the user's acquisition and claim. */
const USER_REWARDS_SQL = `SELECT r.id, r.key, r.category, r.level_id, r.threshold, r.criteria, ur.acquired_at, ur.claimed_at
       FROM rewards r LEFT JOIN user_rewards ur ON ur.reward_id = r.id AND ur.user_id = ?1
       ORDER BY r.category, r.key, r.level_id, r.threshold`

export async function rewardsOf(d1: D1Database, userId: number): Promise<UserRewardRow[]> {
  const r = await d1
    .prepare(
      `SELECT r.id, r.key, r.category, r.level_id, r.threshold, r.criteria, ur.acquired_at, ur.claimed_at
       FROM rewards r LEFT JOIN user_rewards ur ON ur.reward_id = r.id AND ur.user_id = ?1
       ORDER BY r.category, r.key, r.level_id, r.threshold`,
    )
    .bind(userId)
    .all<UserRewardRow>()
  return r.results
}

/** Claim an acquired reward once: only the call that flips claimed_at from NULL gets true. */
export async function claim(d1: D1Database, userId: number, rewardId: number, now: number): Promise<boolean> {
  const r = await d1
    .prepare('UPDATE user_rewards SET claimed_at = ?3 WHERE user_id = ?1 AND reward_id = ?2 AND claimed_at IS NULL')
    .bind(userId, rewardId, now)
    .run()
  return (r.meta.changes ?? 0) > 0
}

export async function userReward(d1: D1Database, userId: number, rewardId: number) {
  return d1
    .prepare('SELECT acquired_at, claimed_at FROM user_rewards WHERE user_id = ?1 AND reward_id = ?2')
    .bind(userId, rewardId)
    .first<{ acquired_at: number; claimed_at: number | null }>()
}

export async function setRankingHidden(d1: D1Database, userId: number, hidden: boolean, now: number) {
  await d1
    .prepare(
      `INSERT INTO user_engagement (user_id, ranking_hidden, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT(user_id) DO UPDATE SET ranking_hidden = ?2, updated_at = ?3`,
    )
    .bind(userId, hidden ? 1 : 0, now)
    .run()
}

/** The seed's rewards (features/engagement/rewards.catalog.ts): insert the missing ones, never twice. */
export async function seedRewards(
  d1: D1Database,
  rows: readonly {
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
  await d1.batch(
    rows.map((r) =>
      d1
        .prepare(
          `INSERT INTO rewards (key, type_title, type_description, description, criteria, level_id, level_title, category, threshold)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT(key, level_id) DO NOTHING`,
        )
        .bind(
          r.key,
          r.type_title,
          r.type_description,
          r.description,
          JSON.stringify({ metric: r.key, gte: r.threshold }),
          r.level_id,
          r.level_title,
          r.category,
          r.threshold,
        ),
    ),
  )
}

/**
 * GET /v1/rewards in ONE batch (one round trip, issue 21 §2): give every reward the person's
 * metrics reach (the metrics inline, as awardReached would), then, seeing that write, their
 * rewards, their streak state and their active days between `from` and `to`.
 */
export async function rewardsPage(d1: D1Database, userId: number, now: number, from: string, to: string) {
  const [awarded, rewards, engagement, days] = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO user_rewards (user_id, reward_id, acquired_at)
         SELECT ?1, r.id, ?2 FROM rewards r, (${METRICS_SQL}) m
         WHERE r.threshold <= CASE r.key WHEN 'usage_streak' THEN m.streak WHEN 'active_days' THEN m.active_days WHEN 'routes_completed' THEN m.routes_completed
                                         WHEN 'plans_completed' THEN m.plans_completed WHEN 'sessions_attended' THEN m.sessions_attended ELSE -1 END
         RETURNING reward_id`,
      )
      .bind(userId, now),
    d1.prepare(USER_REWARDS_SQL).bind(userId),
    d1
      .prepare(
        'SELECT last_day, current_streak, longest_streak, freezes, ranking_hidden FROM user_engagement WHERE user_id = ?1',
      )
      .bind(userId),
    d1
      .prepare('SELECT day FROM activity_days WHERE user_id = ?1 AND frozen = 0 AND day BETWEEN ?2 AND ?3 ORDER BY day')
      .bind(userId, from, to),
  ])
  const e = (
    engagement!.results as {
      last_day: string | null
      current_streak: number
      longest_streak: number
      freezes: number
      ranking_hidden: number
    }[]
  )[0]
  return {
    awardedIds: (awarded!.results as { reward_id: number }[]).map((x) => x.reward_id),
    rewards: rewards!.results as UserRewardRow[],
    engagement: {
      lastDay: e?.last_day ?? null,
      currentStreak: e?.current_streak ?? 0,
      longestStreak: e?.longest_streak ?? 0,
      freezes: e?.freezes ?? 0,
      rankingHidden: !!e?.ranking_hidden,
    } as EngagementRow,
    activeDays: (days!.results as { day: string }[]).map((x) => x.day),
  }
}

/** The definitions of rewards `ids` (those just given), in level order. */
export async function rewardsByIds(d1: D1Database, ids: number[]): Promise<RewardRow[]> {
  const rows = await d1
    .prepare(`SELECT ${REWARD_COLUMNS} FROM rewards WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY level_id`)
    .bind(JSON.stringify(ids))
    .all<RewardRow>()
  return rows.results
}

export async function rewardCount(d1: D1Database) {
  return (
    (
      await d1
        .prepare(
          "SELECT count(*) AS n FROM rewards WHERE key IN ('usage_streak', 'active_days', 'routes_completed', 'plans_completed', 'sessions_attended')",
        )
        .first<{ n: number }>()
    )?.n ?? 0
  )
}

export async function languageOf(d1: D1Database, userId: number): Promise<'es' | 'en'> {
  const r = await d1.prepare('SELECT language FROM users WHERE id = ?1').bind(userId).first<{ language: string }>()
  return r?.language === 'en' ? 'en' : 'es'
}
