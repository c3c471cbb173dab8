// Every query of activity, streaks and rewards (CONVENTIONS 3: SQL lives only in *.repo.ts).
// The awarding is one set-based statement and the metrics are correlated sub-selects: drizzle's
// `sql` on `db`, rows checked (#worker/db/query, docs/decisions/032).
import { is, sql, SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows, rowsIn, run, type RunResult } from '#worker/db/query'
import { rowOf } from '#worker/db/rows'
import { rewards, userEngagement } from '#worker/db/schema'
import { FREEZE_EVERY_DAYS, MAX_FREEZES, type StreakState } from './streak'

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

const dayRow = z.object({ day: z.string() })
const activeDays = (userId: number, from: string, to: string) =>
  sql`SELECT day FROM activity_days WHERE user_id = ${userId} AND frozen = 0 AND day BETWEEN ${from} AND ${to} ORDER BY day`

/** Active (not frozen) days of a user from `from` to `to` inclusive ('YYYY-MM-DD'). */
export async function activeDaysBetween(db: Db, userId: number, from: string, to: string): Promise<string[]> {
  return (await rows(db, activeDays(userId, from, to), dayRow)).map((x) => x.day)
}

const rewardIdRow = z.object({ reward_id: z.number() })

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
const metricsSql = (userId: number | SQL): SQL => sql`SELECT
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

export async function setRankingHidden(db: Db, userId: number, hidden: boolean, now: number) {
  const flag = hidden ? 1 : 0
  await run(
    db,
    sql`INSERT INTO user_engagement (user_id, ranking_hidden, updated_at) VALUES (${userId}, ${flag}, ${now})
        ON CONFLICT(user_id) DO UPDATE SET ranking_hidden = ${flag}, updated_at = ${now}`,
  )
}

type SeedReward = {
  key: string
  category: string
  level_id: number
  level_title: string
  threshold: number
  type_title: string
  type_description: string
  description: string
}

/** The seed's rewards (features/engagement/rewards.catalog.ts): insert the missing ones, never twice. */
export async function seedRewards(db: Db, list: readonly SeedReward[]) {
  await batch(db, seedRewardsStatements(list))
}

/** seedRewards as statements of a caller's batch (one statement a reward, each a no-op once there). */
export const seedRewardsStatements = (list: readonly SeedReward[]): SQL[] =>
  list.map(
    (r) =>
      sql`INSERT INTO rewards (key, type_title, type_description, description, criteria, level_id, level_title, category, threshold)
          VALUES (${r.key}, ${r.type_title}, ${r.type_description}, ${r.description}, ${JSON.stringify({ metric: r.key, gte: r.threshold })},
                  ${r.level_id}, ${r.level_title}, ${r.category}, ${r.threshold})
          ON CONFLICT(key, level_id) DO NOTHING`,
  )

/**
 * The reads of GET /v1/rewards, as statements for the end of the caller's batch (one round trip,
 * issue 21 §2, decision 079): the person's rewards, streak state and active days between `from`
 * and `to`, seeing whatever the batch gave before them. Read their answers with rewardsPageOf.
 */
export const rewardsPageReads = (userId: number, from: string, to: string): SQL[] => [
  userRewards(userId),
  engagementOf(userId),
  activeDays(userId, from, to),
]

/** The answers of rewardsPageReads' statements, in their order. */
export function rewardsPageOf([rewards, engagement, days]: readonly (RunResult | undefined)[]) {
  return {
    rewards: rowsIn(rewards, userRewardRow),
    engagement: toEngagement(rowsIn(engagement, engagementRow)[0]),
    activeDays: rowsIn(days, dayRow).map((x) => x.day),
  }
}

/**
 * Claim an acquired reward once, and the person's row of it as it is after, in one batch
 * (decision 079: a refusal's reason came from a second round). `claimed`: this call flipped
 * claimed_at from NULL (only one of many at once does); `row`: null when not earned.
 */
export async function claimOrExplain(db: Db, userId: number, rewardId: number, now: number) {
  const [claimed, row] = await batch(db, [
    sql`UPDATE user_rewards SET claimed_at = ${now} WHERE user_id = ${userId} AND reward_id = ${rewardId} AND claimed_at IS NULL
        RETURNING reward_id`,
    sql`SELECT acquired_at, claimed_at FROM user_rewards WHERE user_id = ${userId} AND reward_id = ${rewardId}`,
  ])
  return {
    claimed: rowsIn(claimed, rewardIdRow).length > 0,
    row: rowsIn(row, z.object({ acquired_at: z.number(), claimed_at: z.number().nullable() }))[0] ?? null,
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

// ── An activity counted inside its caller's batch (issue 43 §3, docs/decisions/073) ────────────

/** What the person's clock says at the activity: today, the day before, and whether the grace hours hold. */
export interface ActivityClock {
  today: string
  yesterday: string
  /** Before GRACE_HOURS on their clock: the activity may still count for yesterday. */
  grace: boolean
}

/**
 * streak.ts `step` in SQL, over the person's streak state as it is when the statement runs: the
 * day the activity counts for (`day`; the same as `last` when it counts already), the missed days
 * a freeze covers (`covered`, `missed` of them after `last`), and the next state (`cur`,
 * `longest`, `fz_next`). test/engagement/streak-sql.test.ts holds it equal to `step`.
 */
function stepQuery(userId: number, c: ActivityClock) {
  const grace = c.grace ? 1 : 0
  // Integers in the SQL text: D1 binds a JS number as a REAL, and `cur / 7.0` would not floor.
  const [most, every] = [sql.raw(String(MAX_FREEZES)), sql.raw(String(FREEZE_EVERY_DAYS))]
  return sql`SELECT last, day, missed, cur, max(ls, cur) AS longest,
      (last IS NOT NULL AND missed > 0 AND missed <= fz) AS covered,
      min(${most}, fz1 + max(0, cur / ${every} - (CASE WHEN restarted THEN 0 ELSE cs END) / ${every})) AS fz_next
    FROM (SELECT *,
        CASE WHEN last IS NULL THEN 1 WHEN missed = 0 THEN cs + 1 WHEN missed <= fz THEN cs + missed + 1 ELSE 1 END AS cur,
        (last IS NOT NULL AND missed > fz) AS restarted,
        CASE WHEN last IS NOT NULL AND missed > 0 AND missed <= fz THEN fz - missed ELSE fz END AS fz1
      FROM (SELECT *, CASE WHEN last IS NULL THEN 0 ELSE CAST(round(julianday(day) - julianday(last)) AS INTEGER) - 1 END AS missed
        FROM (SELECT e.last_day AS last, coalesce(e.current_streak, 0) AS cs, coalesce(e.longest_streak, 0) AS ls,
                coalesce(e.freezes, 0) AS fz,
                CASE WHEN e.last_day IS NULL THEN ${c.today}
                     WHEN ${grace} AND e.last_day < ${c.yesterday} THEN ${c.yesterday}
                     WHEN e.last_day > ${c.today} THEN e.last_day
                     ELSE ${c.today} END AS day
              FROM (SELECT 1) one LEFT JOIN user_engagement e ON e.user_id = ${userId})))`
}

/**
 * One activity of the person at `at`, as two statements of the caller's batch, each run only when
 * `gate` holds (a SQL condition: the caller's write is allowed and counts; true for a job): the
 * active day and the missed days a freeze covers (activity_days, before the state moves: they are
 * read from the state as it was), then the streak state. Both compute the step from the state as
 * the batch finds it, so two activities at once (two batches, one after the other) count a day
 * once. The second answers the new state (last_day, current_streak) when it moved.
 */
export function activityWrites(userId: number, c: ActivityClock, gate: SQL, points: number, at: number): SQL[] {
  const step = stepQuery(userId, c)
  const frozen = JSON.stringify(Array.from({ length: MAX_FREEZES }, (_, i) => i + 1))
  return [
    sql`INSERT OR IGNORE INTO activity_days (user_id, day, points, frozen)
        SELECT ${userId}, d.day, d.points, d.frozen FROM (
          SELECT st.day AS day, ${points} AS points, 0 AS frozen, 0 AS i FROM (${step}) st WHERE st.day IS NOT st.last
          UNION ALL
          SELECT date(st.last, '+' || k.value || ' days'), 0, 1, k.value FROM (${step}) st, json_each(${frozen}) k
          WHERE st.day IS NOT st.last AND st.covered AND k.value <= st.missed
        ) d WHERE ${gate} ORDER BY d.frozen, d.i`,
    sql`INSERT INTO user_engagement (user_id, last_day, current_streak, longest_streak, freezes, updated_at)
        SELECT ${userId}, st.day, st.cur, st.longest, st.fz_next, ${at} FROM (${step}) st
        WHERE st.day IS NOT st.last AND ${gate}
        ON CONFLICT(user_id) DO UPDATE SET last_day = excluded.last_day, current_streak = excluded.current_streak,
          longest_streak = excluded.longest_streak, freezes = excluded.freezes, updated_at = excluded.updated_at
        RETURNING last_day, current_streak`,
  ]
}

export const movedStreak = z.object({ last_day: z.string(), current_streak: z.number() })
export const streakNow = (userId: number) => sql`SELECT current_streak FROM user_engagement WHERE user_id = ${userId}`
export const streakRow = z.object({ current_streak: z.number() })

/** The rewards `userId`'s metrics reach now, as a condition on `r` (a row of rewards) and `m` (metricsSql). */
const reached =
  sql.raw(`r.threshold <= CASE r.key WHEN 'usage_streak' THEN m.streak WHEN 'active_days' THEN m.active_days
  WHEN 'routes_completed' THEN m.routes_completed WHEN 'plans_completed' THEN m.plans_completed
  WHEN 'sessions_attended' THEN m.sessions_attended ELSE -1 END`)

/**
 * The rewards a person's metrics reach and they do not hold yet, when `gate` holds, as the rows
 * of their notices (for notifications' insertInAppSelect): `texts` maps `key:threshold` to the
 * notice's words (the reward's stored description when missing). Run just before
 * awardWhenNoticed, which gives exactly these: the same rows, nothing written between.
 */
export function rewardNoticesSelect(
  userId: number | SQL,
  n: {
    locale: string | SQL
    title: string | SQL
    texts: Record<string, string> | SQL
    closeAfter: number
    now: number
  },
  gate: SQL,
): SQL {
  const texts = is(n.texts, SQL) ? n.texts : JSON.stringify(n.texts)
  return sql`SELECT ${userId}, ${n.locale}, 'success', 'reward', ${n.closeAfter}, ${n.title}, coalesce(j.value, r.description), NULL, ${n.now}
    FROM rewards r JOIN (${metricsSql(userId)}) m LEFT JOIN json_each(${texts}) j ON j.key = r.key || ':' || r.threshold
    WHERE ${reached} AND NOT EXISTS (SELECT 1 FROM user_rewards ur WHERE ur.user_id = ${userId} AND ur.reward_id = r.id) AND ${gate}
    ORDER BY r.level_id, r.id`
}

/**
 * Give the rewards reached (once each: unique per user and reward) when the statement just before
 * wrote their notices (`changes()`: rewardNoticesSelect's insert). Answers the rewards given.
 */
export const awardWhenNoticed = (userId: number | SQL, at: number): SQL =>
  sql`INSERT OR IGNORE INTO user_rewards (user_id, reward_id, acquired_at)
      SELECT ${userId}, r.id, ${at} FROM rewards r JOIN (${metricsSql(userId)}) m WHERE ${reached} AND changes() > 0
      RETURNING reward_id`
export const givenReward = rewardIdRow

/**
 * SQL: the language a person's notices are written in, as D1 has it now ('en' or else 'es', as
 * languageOf answers), for a batch that does not know the person before it runs (decision 087).
 */
export const languageSql = (userId: number | SQL): SQL =>
  sql`coalesce((SELECT CASE language WHEN 'en' THEN 'en' ELSE 'es' END FROM users WHERE id = ${userId}), 'es')`
/** SQL: `texts.en` when the person reads English (languageSql), else `texts.es`. */
export const inLanguageOf = (userId: number | SQL, texts: Record<'es' | 'en', string>): SQL =>
  sql`CASE ${languageSql(userId)} WHEN 'en' THEN ${texts.en} ELSE ${texts.es} END`
