// Likes and the stats counters of routes and posts (SPEC §3 "stats (views, likes)", §4 like
// toggle). One batch per toggle: a DELETE … RETURNING, else an INSERT; then the
// counter is set from the likes table itself, so it can never drift from the rows, even when two
// toggles race. Correlated sub-selects and an upsert from a count: drizzle's `sql` on `db`, rows
// checked (#worker/db/query, docs/decisions/032).
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ContentTarget } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rowsIn } from '#worker/db/query'

const targetRow = z.object({
  id: z.number(),
  slug: z.string(),
  views: z.number(),
  likes: z.number(),
  liked: z.number(),
})
export type TargetRow = z.infer<typeof targetRow>

/** What a visitor may see of each kind (routes: visible, public, active; posts: published, not deleted). */
const visible = (type: 'route' | 'post', now: number) =>
  type === 'route'
    ? sql`routes t WHERE t.status = 1 AND t.is_public = 1 AND t.is_active = 1`
    : sql`posts t WHERE t.status = 1 AND t.deleted_at IS NULL AND coalesce(t.published_at, 0) <= ${now}`

/** A visible route or post by id or slug (in `language` for a slug), with its stats and the caller's like. */
export async function findTarget(
  db: Db,
  type: 'route' | 'post',
  ref: { id?: number; slug?: string; language: string },
  userId: number | null,
): Promise<TargetRow | null> {
  const by =
    ref.id !== undefined ? sql`t.id = ${ref.id}` : sql`t.slug = ${ref.slug ?? null} AND t.language = ${ref.language}`
  const row = await firstRow(
    db,
    sql`SELECT t.id, t.slug,
          coalesce((SELECT s.views FROM content_stats s WHERE s.target_type = ${type} AND s.target_id = t.id), 0) AS views,
          coalesce((SELECT s.likes FROM content_stats s WHERE s.target_type = ${type} AND s.target_id = t.id), 0) AS likes,
          EXISTS (SELECT 1 FROM likes l WHERE l.target_type = ${type} AND l.target_id = t.id AND l.user_id = ${userId ?? -1}) AS liked
        FROM ${visible(type, Date.now())} AND ${by}`,
    targetRow,
  )
  return row ?? null
}

/**
 * Flip the caller's like of a visible route or post and answer the stats, in ONE batch (issue 43
 * §3, decision 079; it was a read, a delete, an insert and the recount: 3–4 rounds). Every write
 * is conditioned on the target being visible, so a refused toggle writes nothing; the insert runs
 * only when the delete removed nothing (`changes()` of the statement before it). Null: not visible.
 */
export async function toggleLikeOf(
  db: Db,
  userId: number,
  type: 'route' | 'post',
  targetId: number,
  now = Date.now(),
): Promise<{ liked: boolean; stats: { views: number; likes: number } } | null> {
  const seen = sql`EXISTS (SELECT 1 FROM ${visible(type, now)} AND t.id = ${targetId})`
  const [found, removed, , counted] = await batch(db, [
    sql`SELECT t.id FROM ${visible(type, now)} AND t.id = ${targetId}`,
    sql`DELETE FROM likes WHERE user_id = ${userId} AND target_type = ${type} AND target_id = ${targetId} AND ${seen} RETURNING id`,
    sql`INSERT INTO likes (user_id, target_type, target_id, created_at)
        SELECT ${userId}, ${type}, ${targetId}, ${now} WHERE changes() = 0 AND ${seen}
        ON CONFLICT (user_id, target_type, target_id) DO NOTHING`,
    sql`INSERT INTO content_stats (target_type, target_id, views, likes, updated_at)
        SELECT ${type}, ${targetId}, 0, (SELECT count(*) FROM likes WHERE target_type = ${type} AND target_id = ${targetId}), ${now}
        WHERE ${seen}
        ON CONFLICT (target_type, target_id) DO UPDATE SET likes = excluded.likes, updated_at = excluded.updated_at
        RETURNING views, likes`,
  ])
  if (!rowsIn(found, z.object({ id: z.number() })).length) return null
  const row = rowsIn(counted, z.object({ views: z.number(), likes: z.number() }))[0]
  return {
    liked: !rowsIn(removed, z.object({ id: z.number() })).length,
    stats: { views: row?.views ?? 0, likes: row?.likes ?? 0 },
  }
}

/** Forget the likes and stats of a deleted route or post (they are keyed by type, with no foreign key). */
export async function forgetTarget(db: Db, type: ContentTarget, targetId: number) {
  await batch(db, [
    sql`DELETE FROM likes WHERE target_type = ${type} AND target_id = ${targetId}`,
    sql`DELETE FROM content_stats WHERE target_type = ${type} AND target_id = ${targetId}`,
  ])
}
