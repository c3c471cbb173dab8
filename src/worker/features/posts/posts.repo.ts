import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { contentStats, postCategories, posts } from '#worker/db/schema'
import { ContentStatus } from '#shared/enums'
import type { PostsQuery } from '#shared/contract/posts'
import type { Locale } from '#shared/i18n/index'
import { contains, matchTerms, searchTerms } from '#worker/features/content/search'

type PostFilters = PostsQuery['filters'] & { language: Locale }

const POST_ORDER = { published_at: posts.publishedAt, updated_at: posts.updatedAt, title: posts.title, id: posts.id } as const

/** Published posts only: visible, not deleted, publication date reached. */
const published = (language: Locale) =>
  and(eq(posts.language, language), eq(posts.status, ContentStatus.visible), isNull(posts.deletedAt), sql`coalesce(${posts.publishedAt}, 0) <= ${Date.now()}`)

/** One page of published posts and how many match (2 statements); the body only by slug. */
export async function findPosts(db: Db, q: PostFilters, page: Pick<PostsQuery, 'order' | 'perPage' | 'offset'>) {
  const conds: (SQL | undefined)[] = [published(q.language)]
  if (q.slug) conds.push(eq(posts.slug, q.slug))
  if (q.tag) conds.push(eq(posts.tag, q.tag))
  conds.push(
    matchTerms(searchTerms(q.search), !!q.diffuse, (term) =>
      sql`(${contains(posts.title, term)} OR ${contains(posts.description, term)} OR ${contains(posts.tag, term)} OR ${contains(posts.tags, term)})`,
    ),
  )
  const where = and(...conds)
  const col = POST_ORDER[page.order.column as keyof typeof POST_ORDER] ?? posts.publishedAt
  // Not db.batch: joined columns with the same name would collide in batched results.
  const [rows, [total]] = await Promise.all([
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
        },
        category: { id: postCategories.id, slug: postCategories.slug, title: postCategories.title },
        stats: { views: contentStats.views, likes: contentStats.likes },
      })
      .from(posts)
      .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
      .leftJoin(contentStats, and(eq(contentStats.targetType, 'post'), eq(contentStats.targetId, posts.id)))
      .where(where)
      .orderBy(page.order.dir === 'desc' ? desc(col) : asc(col), desc(posts.id))
      .limit(page.perPage)
      .offset(page.offset),
    db.select({ n: count() }).from(posts).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
