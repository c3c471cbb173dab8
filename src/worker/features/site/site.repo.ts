// The queries that make the site findable (issue 6 §8): which language versions of a route or post
// exist (hreflang), a post's author and index flag, removed posts (the deleted-article page) and
// the rows of /sitemap.xml. CONVENTIONS 3: SQL lives only in *.repo.ts.
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { ContentStatus } from '#shared/enums'
import type { Locale } from '#shared/i18n/index'
import type { Db } from '#worker/db/client'
import { visibleRoute } from '#worker/db/visible'
import { posts, routes, users } from '#worker/db/schema'

/** A published post: visible, not deleted, its publication date reached (as posts.repo.ts). */
const publishedPost = () =>
  and(
    eq(posts.status, ContentStatus.visible),
    isNull(posts.deletedAt),
    sql`coalesce(${posts.publishedAt}, 0) <= ${Date.now()}`,
  )

/** The published posts with this slug, one per language, with their author's name and index flag (1 statement). */
export function postVersions(db: Db, slug: string) {
  return db
    .select({ language: posts.language, index: posts.index, authorName: users.name })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.createdBy))
    .where(and(eq(posts.slug, slug), publishedPost()))
}

/**
 * Whether this slug belongs to a post that was taken down (1 statement): soft-deleted
 * (`deleted_at` set) or hidden (status 2). Its URL then answers the deleted-article page.
 */
export async function isRemovedPost(db: Db, slug: string, language: Locale): Promise<boolean> {
  const row = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.slug, slug),
        eq(posts.language, language),
        or(isNotNull(posts.deletedAt), eq(posts.status, ContentStatus.hidden)),
      ),
    )
    .limit(1)
    .get()
  return !!row
}

/** Up to `limit` visible, public, active routes of both languages for the sitemap (1 statement). */
export function sitemapRoutes(db: Db, limit: number) {
  return db
    .select({ slug: routes.slug, language: routes.language, updatedAt: routes.updatedAt })
    .from(routes)
    .where(visibleRoute)
    .orderBy(asc(routes.order), asc(routes.id))
    .limit(Math.max(0, limit))
}

/** Up to `limit` published posts that may be indexed, newest first, for the sitemap (1 statement). */
export function sitemapPosts(db: Db, limit: number) {
  return db
    .select({ slug: posts.slug, language: posts.language, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(publishedPost(), eq(posts.index, true)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(Math.max(0, limit))
}
