// Likes and the stats counters of routes and posts (SPEC §3 "stats (views, likes)", §4 like
// toggle). One statement per change: a toggle is a DELETE … RETURNING, else an INSERT; then the
// counter is set from the likes table itself, so it can never drift from the rows, even when two
// toggles race. Correlated sub-selects and an upsert from a count: drizzle's `sql` on `db`, rows
// checked (#worker/db/query, docs/decisions/032).
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ContentTarget } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { batch, firstRow, run } from '#worker/db/query'

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

/** Flip the caller's like; true when it is now liked. */
export async function toggleLike(
  db: Db,
  userId: number,
  type: ContentTarget,
  targetId: number,
  now = Date.now(),
): Promise<boolean> {
  const removed = await firstRow(
    db,
    sql`DELETE FROM likes WHERE user_id = ${userId} AND target_type = ${type} AND target_id = ${targetId} RETURNING id`,
    z.object({ id: z.number() }),
  )
  if (!removed) {
    await run(
      db,
      sql`INSERT INTO likes (user_id, target_type, target_id, created_at) VALUES (${userId}, ${type}, ${targetId}, ${now})
          ON CONFLICT (user_id, target_type, target_id) DO NOTHING`,
    )
  }
  return !removed
}

/** Set the counter from the rows (one upsert) and answer the stats. */
export async function recountLikes(db: Db, type: ContentTarget, targetId: number, now = Date.now()) {
  const row = await firstRow(
    db,
    sql`INSERT INTO content_stats (target_type, target_id, views, likes, updated_at)
        VALUES (${type}, ${targetId}, 0, (SELECT count(*) FROM likes WHERE target_type = ${type} AND target_id = ${targetId}), ${now})
        ON CONFLICT (target_type, target_id) DO UPDATE SET likes = excluded.likes, updated_at = excluded.updated_at
        RETURNING views, likes`,
    z.object({ views: z.number(), likes: z.number() }),
  )
  return { views: row?.views ?? 0, likes: row?.likes ?? 0 }
}

/** Forget the likes and stats of a deleted route or post (they are keyed by type, with no foreign key). */
export async function forgetTarget(db: Db, type: ContentTarget, targetId: number) {
  await batch(db, [
    sql`DELETE FROM likes WHERE target_type = ${type} AND target_id = ${targetId}`,
    sql`DELETE FROM content_stats WHERE target_type = ${type} AND target_id = ${targetId}`,
  ])
}
