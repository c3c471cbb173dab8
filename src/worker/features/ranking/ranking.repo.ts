// Every query of the ranking (CONVENTIONS 3: SQL lives only in *.repo.ts).

/** The name shown: first name and the initial of the last ('Ana García López' → 'Ana L.'); never the email. */
const SHOWN_NAME = `CASE
  WHEN trim(coalesce(u.name, '')) = '' THEN 'Calma'
  WHEN instr(trim(u.name), ' ') = 0 THEN trim(u.name)
  ELSE substr(trim(u.name), 1, instr(trim(u.name), ' ') - 1) || ' ' ||
       upper(substr(replace(trim(u.name), rtrim(trim(u.name), replace(trim(u.name), ' ', '')), ''), 1, 1)) || '.'
END`

/** Start (or restart) the snapshot of `day`: 'building', so the read keeps showing the last complete day. */
export async function beginRankingDay(d1: D1Database, day: string, now: number) {
  await d1
    .prepare(
      `INSERT INTO ranking_days (day, status, ranked, started_at) VALUES (?1, 'building', 0, ?2)
              ON CONFLICT(day) DO UPDATE SET status = 'building', ranked = 0, started_at = ?2, completed_at = NULL`,
    )
    .bind(day, now)
    .run()
}

/** Delete up to `limit` rows of a snapshot day; answers how many (call until 0). */
export async function clearRankingRows(d1: D1Database, day: string, limit: number) {
  const r = await d1
    .prepare('DELETE FROM ranking_snapshots WHERE id IN (SELECT id FROM ranking_snapshots WHERE day = ?1 LIMIT ?2)')
    .bind(day, limit)
    .run()
  return r.meta.changes ?? 0
}

/** The last complete day before `day` (its positions give position_change), or null. */
export async function previousCompleteDay(d1: D1Database, day: string) {
  return (
    (
      await d1
        .prepare("SELECT max(day) AS day FROM ranking_days WHERE status = 'complete' AND day < ?1")
        .bind(day)
        .first<{ day: string | null }>()
    )?.day ?? null
  )
}

/** Where a page of the ranking ended: the last person ranked, by the ranking's order. */
export interface RankCursor {
  position: number
  points: number
  firstDay: string
  userId: number
}

/**
 * One page of the snapshot of `day`: the next `limit` people after `cursor` by (points DESC,
 * first day, user id), read from user_engagement's running totals through its index
 * (user_engagement_rank_idx), so a page costs the same however many people and days there are.
 * People who left the ranking are not ranked. Answers how many were written and the new cursor.
 */
export async function rankPage(
  d1: D1Database,
  day: string,
  prevDay: string | null,
  cursor: RankCursor | null,
  limit: number,
): Promise<{ ranked: number; cursor: RankCursor | null }> {
  const c = cursor ?? { position: 0, points: Number.MAX_SAFE_INTEGER, firstDay: '', userId: 0 }
  const [insert, last] = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO ranking_snapshots (day, user_id, position, position_change, points, name)
         SELECT ?1, t.user_id, ?3 + t.n, coalesce(prev.position - (?3 + t.n), 0), t.points, ${SHOWN_NAME}
         FROM (
           SELECT e.user_id, e.points, ROW_NUMBER() OVER (ORDER BY e.points DESC, e.first_day, e.user_id) AS n
           FROM (SELECT user_id, points, first_day FROM user_engagement
                 WHERE points > 0 AND ranking_hidden = 0
                   AND (points < ?4 OR (points = ?4 AND (first_day > ?5 OR (first_day = ?5 AND user_id > ?6))))
                 ORDER BY points DESC, first_day, user_id LIMIT ?7) e
         ) t
         JOIN users u ON u.id = t.user_id
         LEFT JOIN ranking_snapshots prev ON prev.day = ?2 AND prev.user_id = t.user_id`,
      )
      .bind(day, prevDay, c.position, c.points, c.firstDay, c.userId, limit),
    d1
      .prepare(
        `SELECT s.position, s.points, e.first_day, s.user_id FROM ranking_snapshots s JOIN user_engagement e ON e.user_id = s.user_id
         WHERE s.day = ?1 AND s.position > ?2 ORDER BY s.position DESC LIMIT 1`,
      )
      .bind(day, c.position),
  ])
  const ranked = insert!.meta.changes ?? 0
  const row = last!.results[0] as { position: number; points: number; first_day: string; user_id: number } | undefined
  return {
    ranked,
    cursor: row ? { position: row.position, points: row.points, firstDay: row.first_day, userId: row.user_id } : null,
  }
}

/** The snapshot of `day` is whole: from now on the read shows it. */
export async function completeRankingDay(d1: D1Database, day: string, ranked: number, now: number) {
  await d1
    .prepare("UPDATE ranking_days SET status = 'complete', ranked = ?2, completed_at = ?3 WHERE day = ?1")
    .bind(day, ranked, now)
    .run()
}

/** Snapshot days older than the newest `keep` complete ones (and abandoned builds among them). */
export async function staleRankingDays(d1: D1Database, keep: number) {
  const r = await d1
    .prepare(
      `SELECT day FROM ranking_days WHERE day < coalesce((SELECT min(day) FROM (SELECT day FROM ranking_days WHERE status = 'complete' ORDER BY day DESC LIMIT ?1)), '')
       ORDER BY day`,
    )
    .bind(keep)
    .all<{ day: string }>()
  return r.results.map((x) => x.day)
}

/** Forget a snapshot day once its rows are gone. */
export async function dropRankingDay(d1: D1Database, day: string) {
  await d1.prepare('DELETE FROM ranking_days WHERE day = ?1').bind(day).run()
}

export interface RankingRow {
  user_id: number
  position: number
  position_change: number
  points: number
  name: string
}

/** The last day whose snapshot is complete, or null before the first (a day being built is never read). */
export async function latestDay(d1: D1Database) {
  return (
    (
      await d1
        .prepare("SELECT max(day) AS day FROM ranking_days WHERE status = 'complete'")
        .first<{ day: string | null }>()
    )?.day ?? null
  )
}

/** The first `limit` places of `day`, leaving out anyone who left the ranking since. */
export async function topOf(d1: D1Database, day: string, limit: number) {
  const r = await d1
    .prepare(
      `SELECT s.user_id, s.position, s.position_change, s.points, s.name FROM ranking_snapshots s
       WHERE s.day = ?1
         -- One primary-key lookup per row read (a NOT IN list of everyone hidden scanned
         -- user_engagement whole: 50 ms at 1,000,000 people, docs/SCALING.md).
         AND NOT EXISTS (SELECT 1 FROM user_engagement e WHERE e.user_id = s.user_id AND e.ranking_hidden = 1)
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
    d1
      .prepare(
        'SELECT user_id, position, position_change, points, name FROM ranking_snapshots WHERE day = ?1 AND user_id = ?2',
      )
      .bind(day, userId),
  ])
  const isHidden = !!(hidden!.results[0] as { ranking_hidden?: number } | undefined)?.ranking_hidden
  return { hidden: isHidden, row: isHidden ? null : ((row!.results[0] as RankingRow | undefined) ?? null) }
}
