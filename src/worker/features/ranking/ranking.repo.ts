// Every query of the ranking (CONVENTIONS 3: SQL lives only in *.repo.ts).

/**
 * Replace the snapshot of `day` ('YYYY-MM-DD'): one set-based statement ranks everyone by the
 * points they earned up to and including `day` and records how far each moved since the
 * previous snapshot. Delete and insert go in one batch, so a re-run replaces the day whole.
 * Names are first names only; the email never reaches the ranking. Answers how many were ranked.
 */
export async function replaceRankingDay(d1: D1Database, day: string): Promise<number> {
  const del = d1.prepare('DELETE FROM ranking_snapshots WHERE day = ?1').bind(day)
  const insert = d1
    .prepare(
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
       JOIN users u ON u.id = t.user_id
       LEFT JOIN ranking_snapshots prev
         ON prev.user_id = t.user_id
        AND prev.day = (SELECT max(day) FROM ranking_snapshots WHERE day < ?1)`,
    )
    .bind(day)
  const [, res] = await d1.batch([del, insert])
  return res?.meta.changes ?? 0
}
