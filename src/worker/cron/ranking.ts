import type { Env } from '../env'

/** 'YYYY-MM-DD' of a moment, in UTC (the ranking's day). */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The daily ranking (SPEC §9 "updates at the end of each day"): one set-based statement
 * ranks everyone by the points they earned up to and including `day` and records how far
 * each moved since the previous snapshot. Re-running a day replaces it, so a retried cron
 * changes nothing. Names are first names only; the email never reaches the ranking.
 */
export async function closeRankingDay(env: Env, now: Date) {
  const day = utcDay(now)
  const del = env.DB.prepare('DELETE FROM ranking_snapshots WHERE day = ?1').bind(day)
  const insert = env.DB.prepare(
    `INSERT INTO ranking_snapshots (day, user_id, position, position_change, points, name)
     SELECT ?1, t.user_id, t.position,
            COALESCE(prev.position - t.position, 0),
            t.points,
            COALESCE(NULLIF(trim(substr(u.name, 1, instr(u.name || ' ', ' ') - 1)), ''), 'Calma')
     FROM (
       SELECT user_id, SUM(points) AS points,
              ROW_NUMBER() OVER (ORDER BY SUM(points) DESC, MIN(day) ASC, user_id ASC) AS position
       FROM activity_days WHERE day <= ?1 GROUP BY user_id HAVING SUM(points) > 0
     ) t
     JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
     LEFT JOIN ranking_snapshots prev
       ON prev.user_id = t.user_id
      AND prev.day = (SELECT max(day) FROM ranking_snapshots WHERE day < ?1)`,
  ).bind(day)
  const [, res] = await env.DB.batch([del, insert])
  return { day, ranked: res?.meta.changes ?? 0 }
}
