// Every query of the ranking (CONVENTIONS 3: SQL lives only in *.repo.ts).

/** The name shown: first name and the initial of the last ('Ana García López' → 'Ana L.'); never the email. */
const SHOWN_NAME = `CASE
  WHEN trim(coalesce(u.name, '')) = '' THEN 'Calma'
  WHEN instr(trim(u.name), ' ') = 0 THEN trim(u.name)
  ELSE substr(trim(u.name), 1, instr(trim(u.name), ' ') - 1) || ' ' ||
       upper(substr(replace(trim(u.name), rtrim(trim(u.name), replace(trim(u.name), ' ', '')), ''), 1, 1)) || '.'
END`

/**
 * Replace the snapshot of `day` ('YYYY-MM-DD'): one set-based statement ranks everyone by the
 * points they earned up to and including `day` and records how far each moved since the
 * previous snapshot. People who left the ranking (user_engagement.ranking_hidden) are not
 * ranked. Delete and insert go in one batch, so a re-run replaces the day whole. Answers how
 * many were ranked.
 */
export async function replaceRankingDay(d1: D1Database, day: string): Promise<number> {
  const del = d1.prepare('DELETE FROM ranking_snapshots WHERE day = ?1').bind(day)
  const insert = d1
    .prepare(
      `INSERT INTO ranking_snapshots (day, user_id, position, position_change, points, name)
       SELECT ?1, t.user_id, t.position,
              COALESCE(prev.position - t.position, 0),
              t.points,
              ${SHOWN_NAME}
       FROM (
         SELECT a.user_id, SUM(a.points) AS points,
                ROW_NUMBER() OVER (ORDER BY SUM(a.points) DESC, MIN(a.day) ASC, a.user_id ASC) AS position
         FROM activity_days a
         WHERE a.day <= ?1 AND a.user_id NOT IN (SELECT user_id FROM user_engagement WHERE ranking_hidden = 1)
         GROUP BY a.user_id HAVING SUM(a.points) > 0
       ) t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN ranking_snapshots prev
         ON prev.user_id = t.user_id
        AND prev.day = (SELECT max(day) FROM ranking_snapshots WHERE day < ?1)`,
    )
    .bind(day)
  const [, res] = await d1.batch([del, insert])
  return res?.meta.changes ?? 0
}

export interface RankingRow {
  user_id: number
  position: number
  position_change: number
  points: number
  name: string
}

/** The last day a ranking was made, or null before the first. */
export async function latestDay(d1: D1Database) {
  return (await d1.prepare('SELECT max(day) AS day FROM ranking_snapshots').first<{ day: string | null }>())?.day ?? null
}

/** The first `limit` places of `day`, leaving out anyone who left the ranking since. */
export async function topOf(d1: D1Database, day: string, limit: number) {
  const r = await d1
    .prepare(
      `SELECT s.user_id, s.position, s.position_change, s.points, s.name FROM ranking_snapshots s
       WHERE s.day = ?1 AND s.user_id NOT IN (SELECT user_id FROM user_engagement WHERE ranking_hidden = 1)
       ORDER BY s.position LIMIT ?2`,
    )
    .bind(day, limit)
    .all<RankingRow>()
  return r.results
}

/** The caller's choice and, unless hidden, their row of `day`. */
export async function myRow(d1: D1Database, day: string | null, userId: number) {
  const [hidden, row] = await d1.batch([
    d1.prepare('SELECT ranking_hidden FROM user_engagement WHERE user_id = ?1').bind(userId),
    d1.prepare('SELECT user_id, position, position_change, points, name FROM ranking_snapshots WHERE day = ?1 AND user_id = ?2').bind(day, userId),
  ])
  const isHidden = !!(hidden!.results[0] as { ranking_hidden?: number } | undefined)?.ranking_hidden
  return { hidden: isHidden, row: isHidden ? null : ((row!.results[0] as RankingRow | undefined) ?? null) }
}
