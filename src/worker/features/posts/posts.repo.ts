import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { withTotal } from '#worker/db/page'
import { visibleRoute } from '#worker/db/visible'
import { contentStats, postCategories, postCorrelations, postRoutes, posts, routes } from '#worker/db/schema'
import { ContentStatus } from '#shared/enums'
import type { PostsQuery } from '#shared/contract/posts'
import type { Locale } from '#shared/i18n/index'
import { matchesSearch, searchRelevance, textSearch, withRelevance } from '#worker/search/search.repo'

type PostFilters = PostsQuery['filters'] & { language: Locale }

const POST_ORDER = {
  published_at: posts.publishedAt,
  updated_at: posts.updatedAt,
  title: posts.title,
  id: posts.id,
} as const

/** Published posts only: visible, not deleted, publication date reached. */
const published = (language: Locale) =>
  and(
    eq(posts.language, language),
    eq(posts.status, ContentStatus.visible),
    isNull(posts.deletedAt),
    sql`coalesce(${posts.publishedAt}, 0) <= ${Date.now()}`,
  )

/** One page of published posts and how many match (2 statements); the body only by slug. */
export async function findPosts(db: Db, q: PostFilters, page: Pick<PostsQuery, 'order' | 'perPage' | 'offset'>) {
  const conds: (SQL | undefined)[] = [published(q.language)]
  if (q.slug) conds.push(eq(posts.slug, q.slug))
  if (q.ids?.length) conds.push(inArray(posts.id, q.ids.filter((v) => /^\d{1,15}$/.test(v)).map(Number)))
  if (q.tag) conds.push(eq(posts.tag, q.tag))
  const search = textSearch('posts', q.search, q.diffuse)
  if (search) conds.push(matchesSearch(search, posts.id))
  const where = and(...conds)
  const col = POST_ORDER[page.order.column as keyof typeof POST_ORDER] ?? posts.publishedAt
  // A search in the default order (`published_at` desc) lists the most relevant posts first.
  const ranked =
    search && page.order.column === 'published_at' && page.order.dir === 'desc'
      ? searchRelevance(search, posts.id)
      : undefined
  // Not db.batch: joined columns with the same name would collide in batched results.
  return withTotal(
    withRelevance(
      db
        .select({
          post: {
            id: posts.id,
            slug: posts.slug,
            title: posts.title,
            description: posts.description,
            language: posts.language,
            status: posts.status,
            tag: posts.tag,
            tags: posts.tags,
            timeForReading: posts.timeForReading,
            author: posts.author,
            images: posts.images,
            publishedAt: posts.publishedAt,
            updatedAt: posts.updatedAt,
            // The body only travels when one post is asked for by slug.
            content: q.slug ? posts.content : sql<null>`NULL`,
            audios: q.slug ? posts.audios : sql<null>`NULL`,
            videos: q.slug ? posts.videos : sql<null>`NULL`,
          },
          category: { id: postCategories.id, slug: postCategories.slug, title: postCategories.title },
          stats: { views: contentStats.views, likes: contentStats.likes },
        })
        .from(posts)
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .leftJoin(contentStats, and(eq(contentStats.targetType, 'post'), eq(contentStats.targetId, posts.id)))
        .$dynamic(),
      ranked,
    )
      .where(where)
      .orderBy(...(ranked ? [asc(ranked.rank)] : []), page.order.dir === 'desc' ? desc(col) : asc(col), desc(posts.id))
      .limit(page.perPage)
      .offset(page.offset),
    db.select({ n: count() }).from(posts).where(where),
  )
}

/**
 * The posts correlated with `postId`, in either direction (a pair is stored once, either way
 * round): the join that reaches the other post, and the condition that picks the pairs.
 */
export const correlatedWith = (postId: number) => ({
  join: sql`${posts.id} = CASE WHEN ${postCorrelations.postId} = ${postId} THEN ${postCorrelations.relatedPostId} ELSE ${postCorrelations.postId} END`,
  where: or(eq(postCorrelations.postId, postId), eq(postCorrelations.relatedPostId, postId)),
})

/**
 * What an article links to (SPEC §3 "related posts (post correlation), related routes"): its
 * correlated posts that are published, in both directions, and its visible routes. 2 statements.
 */
export async function relatedOfPost(db: Db, postId: number, language: Locale) {
  const pairs = correlatedWith(postId)
  const [correlated, linkedRoutes] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(postCorrelations)
      .innerJoin(posts, pairs.join)
      .where(and(pairs.where, published(language)))
      .limit(3)
      .all(),
    db
      .select({ id: routes.id, slug: routes.slug, title: routes.title })
      .from(postRoutes)
      .innerJoin(routes, eq(routes.id, postRoutes.routeId))
      .where(and(eq(postRoutes.postId, postId), visibleRoute))
      .orderBy(asc(routes.order))
      .limit(3)
      .all(),
  ])
  return { postIds: correlated.map((r) => r.id), routes: linkedRoutes }
}

/** Regex-special characters of a key, escaped (keys are `[A-Za-z0-9._\-/]`: '.' and '-' matter). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/**
 * Whether a published post (any language) embeds `key` among its audios or videos, or in its
 * body (an `<audio>`, `<video>` or `<source>`): the post's
 * readers may then play that file, even when it is a unit's (issue 42 §1, decision 064).
 * `json_each` reads the stored lists as they are. The body is first narrowed in SQL by the
 * attribute's text, then read here: the allowlist keeps a `"` of the text as it is, so that
 * text alone may be prose ("write src=\"/media/…\"") or a picture's address, neither of which
 * embeds a unit's file. In stored bodies every `<` of text and of attribute values is escaped
 * (worker/lib/html.ts), so a `<` opens a real tag and `[^<>]*` stays inside it.
 */
export async function publishedPostEmbeds(db: Db, key: string): Promise<boolean> {
  const embeds = (list: typeof posts.audios) =>
    sql`EXISTS (SELECT 1 FROM json_each(coalesce(${list}, '[]')) AS m WHERE json_extract(m.value, '$.key') = ${key})`
  const attr = `src="/media/${key}"`
  const found = await db
    .select({ listed: sql<number>`(${embeds(posts.audios)} OR ${embeds(posts.videos)})`, content: posts.content })
    .from(posts)
    .where(
      and(
        eq(posts.status, ContentStatus.visible),
        isNull(posts.deletedAt),
        sql`coalesce(${posts.publishedAt}, 0) <= ${Date.now()}`,
        or(embeds(posts.audios), embeds(posts.videos), sql`instr(coalesce(${posts.content}, ''), ${attr}) > 0`),
      ),
    )
    .limit(20)
    .all()
  const tag = new RegExp(`<(?:audio|video|source)\\b[^<>]*\\s${literal(attr)}`)
  return found.some((r) => !!r.listed || tag.test(r.content ?? ''))
}
