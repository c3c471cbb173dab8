// Likes and the stats counters of routes and posts (SPEC §3 "stats (views, likes)", §4 like
// toggle). One statement per change: a toggle is a DELETE … RETURNING, else an INSERT; then the
// counter is set from the likes table itself, so it can never drift from the rows, even when two
// toggles race.
import type { ContentTarget } from '#shared/enums'

export interface TargetRow {
  id: number
  slug: string
  views: number
  likes: number
  liked: number
}

/** What a visitor may see of each kind (routes: visible, public, active; posts: published, not deleted). */
const FROM: Record<'route' | 'post', string> = {
  route: 'routes t WHERE t.status = 1 AND t.is_public = 1 AND t.is_active = 1',
  post: 'posts t WHERE t.status = 1 AND t.deleted_at IS NULL AND coalesce(t.published_at, 0) <= ?4',
}

/** A visible route or post by id or slug (in `language` for a slug), with its stats and the caller's like. */
export async function findTarget(
  d1: D1Database,
  type: 'route' | 'post',
  ref: { id?: number; slug?: string; language: string },
  userId: number | null,
): Promise<TargetRow | null> {
  const by = ref.id !== undefined ? 't.id = ?2' : 't.slug = ?2 AND t.language = ?3'
  // Numbered parameters: SQLite counts up to the highest index used (?5), so an index a variant
  // does not use (?3 for an id, ?4 for a route) is still a valid binding.
  const sql = `SELECT t.id, t.slug,
      coalesce((SELECT s.views FROM content_stats s WHERE s.target_type = ?1 AND s.target_id = t.id), 0) AS views,
      coalesce((SELECT s.likes FROM content_stats s WHERE s.target_type = ?1 AND s.target_id = t.id), 0) AS likes,
      EXISTS (SELECT 1 FROM likes l WHERE l.target_type = ?1 AND l.target_id = t.id AND l.user_id = ?5) AS liked
    FROM ${FROM[type]} AND ${by}`
  return d1
    .prepare(sql)
    .bind(type, ref.id ?? ref.slug ?? null, ref.language, Date.now(), userId ?? -1)
    .first<TargetRow>()
}

/** Flip the caller's like; true when it is now liked. */
export async function toggleLike(
  d1: D1Database,
  userId: number,
  type: ContentTarget,
  targetId: number,
  now = Date.now(),
): Promise<boolean> {
  const removed = await d1
    .prepare('DELETE FROM likes WHERE user_id = ?1 AND target_type = ?2 AND target_id = ?3 RETURNING id')
    .bind(userId, type, targetId)
    .first()
  if (!removed) {
    await d1
      .prepare(
        'INSERT INTO likes (user_id, target_type, target_id, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (user_id, target_type, target_id) DO NOTHING',
      )
      .bind(userId, type, targetId, now)
      .run()
  }
  return !removed
}

/** Set the counter from the rows (one upsert) and answer the stats. */
export async function recountLikes(d1: D1Database, type: ContentTarget, targetId: number, now = Date.now()) {
  const row = await d1
    .prepare(
      `INSERT INTO content_stats (target_type, target_id, views, likes, updated_at)
       VALUES (?1, ?2, 0, (SELECT count(*) FROM likes WHERE target_type = ?1 AND target_id = ?2), ?3)
       ON CONFLICT (target_type, target_id) DO UPDATE SET likes = excluded.likes, updated_at = excluded.updated_at
       RETURNING views, likes`,
    )
    .bind(type, targetId, now)
    .first<{ views: number; likes: number }>()
  return { views: row?.views ?? 0, likes: row?.likes ?? 0 }
}

/** Forget the likes and stats of a deleted route or post (they are keyed by type, with no foreign key). */
export async function forgetTarget(d1: D1Database, type: ContentTarget, targetId: number) {
  await d1.batch([
    d1.prepare('DELETE FROM likes WHERE target_type = ?1 AND target_id = ?2').bind(type, targetId),
    d1.prepare('DELETE FROM content_stats WHERE target_type = ?1 AND target_id = ?2').bind(type, targetId),
  ])
}
