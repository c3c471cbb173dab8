// Every query of the ranking (CONVENTIONS 3: SQL lives only in *.repo.ts). The snapshot is
// written by a window function (ROW_NUMBER) the builder does not say: drizzle's `sql` on `db`,
// rows checked (#worker/db/query, docs/decisions/032).
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rows, rowsIn, run } from '#worker/db/query'

/** The name shown: first name and the initial of the last ('Ana García López' → 'Ana L.'); never the email. */
const SHOWN_NAME = sql.raw(`CASE
  WHEN trim(coalesce(u.name, '')) = '' THEN 'Calma'
  WHEN instr(trim(u.name), ' ') = 0 THEN trim(u.name)
  ELSE substr(trim(u.name), 1, instr(trim(u.name), ' ') - 1) || ' ' ||
       upper(substr(replace(trim(u.name), rtrim(trim(u.name), replace(trim(u.name), ' ', '')), ''), 1, 1)) || '.'
END`)

const dayRow = z.object({ day: z.string().nullable() })

/** Start (or restart) the snapshot of `day`: 'building', so the read keeps showing the last complete day. */
export async function beginRankingDay(db: Db, day: string, now: number) {
  await run(
    db,
    sql`INSERT INTO ranking_days (day, status, ranked, started_at) VALUES (${day}, 'building', 0, ${now})
        ON CONFLICT(day) DO UPDATE SET status = 'building', ranked = 0, started_at = ${now}, completed_at = NULL`,
  )
}

/** Delete up to `limit` rows of a snapshot day; answers how many (call until 0). */
export const clearRankingRows = (db: Db, day: string, limit: number) =>
  run(
    db,
    sql`DELETE FROM ranking_snapshots WHERE id IN (SELECT id FROM ranking_snapshots WHERE day = ${day} LIMIT ${limit})`,
  )

/** The last complete day before `day` (its positions give position_change), or null. */
export async function previousCompleteDay(db: Db, day: string) {
  const row = await firstRow(
    db,
    sql`SELECT max(day) AS day FROM ranking_days WHERE status = 'complete' AND day < ${day}`,
    dayRow,
  )
  return row?.day ?? null
}

/** Where a page of the ranking ended: the last person ranked, by the ranking's order. */
export interface RankCursor {
  position: number
  points: number
  firstDay: string
  userId: number
}

const lastRanked = z.object({ position: z.number(), points: z.number(), first_day: z.string(), user_id: z.number() })

/**
 * One page of the snapshot of `day`: the next `limit` people after `cursor` by (points DESC,
 * first day, user id), read from user_engagement's running totals through its index
 * (user_engagement_rank_idx), so a page costs the same however many people and days there are.
 * People who left the ranking are not ranked. Answers how many were written and the new cursor.
 */
export async function rankPage(
  db: Db,
  day: string,
  prevDay: string | null,
  cursor: RankCursor | null,
  limit: number,
): Promise<{ ranked: number; cursor: RankCursor | null }> {
  const c = cursor ?? { position: 0, points: Number.MAX_SAFE_INTEGER, firstDay: '', userId: 0 }
  const [insert, last] = await batch(db, [
    sql`INSERT OR IGNORE INTO ranking_snapshots (day, user_id, position, position_change, points, name)
        SELECT ${day}, t.user_id, ${c.position} + t.n, coalesce(prev.position - (${c.position} + t.n), 0), t.points, ${SHOWN_NAME}
        FROM (
          SELECT e.user_id, e.points, ROW_NUMBER() OVER (ORDER BY e.points DESC, e.first_day, e.user_id) AS n
          FROM (SELECT user_id, points, first_day FROM user_engagement
                WHERE points > 0 AND ranking_hidden = 0
                  AND (points < ${c.points} OR (points = ${c.points} AND (first_day > ${c.firstDay} OR (first_day = ${c.firstDay} AND user_id > ${c.userId}))))
                ORDER BY points DESC, first_day, user_id LIMIT ${limit}) e
        ) t
        JOIN users u ON u.id = t.user_id
        LEFT JOIN ranking_snapshots prev ON prev.day = ${prevDay} AND prev.user_id = t.user_id`,
    sql`SELECT s.position, s.points, e.first_day, s.user_id FROM ranking_snapshots s JOIN user_engagement e ON e.user_id = s.user_id
        WHERE s.day = ${day} AND s.position > ${c.position} ORDER BY s.position DESC LIMIT 1`,
  ])
  const ranked = insert!.meta.changes ?? 0
  const row = rowsIn(last, lastRanked)[0]
  return {
    ranked,
    cursor: row ? { position: row.position, points: row.points, firstDay: row.first_day, userId: row.user_id } : null,
  }
}

/** The snapshot of `day` is whole: from now on the read shows it. */
export async function completeRankingDay(db: Db, day: string, ranked: number, now: number) {
  await run(
    db,
    sql`UPDATE ranking_days SET status = 'complete', ranked = ${ranked}, completed_at = ${now} WHERE day = ${day}`,
  )
}

/** Snapshot days older than the newest `keep` complete ones (and abandoned builds among them). */
export async function staleRankingDays(db: Db, keep: number) {
  const r = await rows(
    db,
    sql`SELECT day FROM ranking_days WHERE day < coalesce((SELECT min(day) FROM (SELECT day FROM ranking_days WHERE status = 'complete' ORDER BY day DESC LIMIT ${keep})), '')
        ORDER BY day`,
    z.object({ day: z.string() }),
  )
  return r.map((x) => x.day)
}

/** Forget a snapshot day once its rows are gone. */
export async function dropRankingDay(db: Db, day: string) {
  await run(db, sql`DELETE FROM ranking_days WHERE day = ${day}`)
}

const rankingRow = z.object({
  user_id: z.number(),
  position: z.number(),
  position_change: z.number(),
  points: z.number(),
  name: z.string(),
})
export type RankingRow = z.infer<typeof rankingRow>

/** The last day whose snapshot is complete, or null before the first (a day being built is never read). */
export async function latestDay(db: Db) {
  const row = await firstRow(db, sql`SELECT max(day) AS day FROM ranking_days WHERE status = 'complete'`, dayRow)
  return row?.day ?? null
}

/** The first `limit` places of `day`, leaving out anyone who left the ranking since. */
export const topOf = (db: Db, day: string, limit: number) =>
  rows(
    db,
    sql`SELECT s.user_id, s.position, s.position_change, s.points, s.name FROM ranking_snapshots s
        WHERE s.day = ${day}
          -- One primary-key lookup per row read (a NOT IN list of everyone hidden scanned
          -- user_engagement whole: 50 ms at 1,000,000 people, docs/SCALING.md).
          AND NOT EXISTS (SELECT 1 FROM user_engagement e WHERE e.user_id = s.user_id AND e.ranking_hidden = 1)
        ORDER BY s.position LIMIT ${limit}`,
    rankingRow,
  )

/**
 * The last closed day, the caller's choice and, unless hidden, their row of that day: one batch,
 * one D1 round (issue 43 §3; the day was read first, then the rest: two).
 */
export async function myRowOfLatestDay(db: Db, userId: number, top: number) {
  const latest = sql`(SELECT max(day) FROM ranking_days WHERE status = 'complete')`
  const [day, hidden, row, first] = await batch(db, [
    sql`SELECT max(day) AS day FROM ranking_days WHERE status = 'complete'`,
    sql`SELECT ranking_hidden FROM user_engagement WHERE user_id = ${userId}`,
    sql`SELECT user_id, position, position_change, points, name FROM ranking_snapshots
        WHERE day = ${latest} AND user_id = ${userId}`,
    // The day's top too (the caller keeps it per isolate): the same round, not one more.
    sql`SELECT s.user_id, s.position, s.position_change, s.points, s.name FROM ranking_snapshots s
        WHERE s.day = ${latest}
          AND NOT EXISTS (SELECT 1 FROM user_engagement e WHERE e.user_id = s.user_id AND e.ranking_hidden = 1)
        ORDER BY s.position LIMIT ${top}`,
  ])
  const isHidden = !!rowsIn(hidden, z.object({ ranking_hidden: z.number() }))[0]?.ranking_hidden
  return {
    day: rowsIn(day, dayRow)[0]?.day ?? null,
    hidden: isHidden,
    row: isHidden ? null : (rowsIn(row, rankingRow)[0] ?? null),
    top: rowsIn(first, rankingRow),
  }
}
