// The blog as the contract shows it (SPEC §3 Post).
import { servedImages } from '#shared/media'
import { pagination } from '#shared/contract/list'
import { postsQuery, type PostDto, type PostLink, type PostsQuery } from '#shared/contract/posts'
import { PAGE_SIZE } from '#shared/limits'
import type { Ctx } from '#worker/context'
import { sharedAnswer } from '#worker/http/public-cache'
import type { Post } from '#worker/db/schema'
import { readerBody } from './post-html'
import { memo } from '#worker/http/memo'
import type { Db } from '#worker/db/client'
import { findPosts, publishedPostEmbeds, relatedOfPost } from './posts.repo'

/** GET /v1/posts: a page of published posts (the body only for a single post by slug). */
export function listPosts(ctx: Ctx, q: PostsQuery) {
  if (ctx.user) return loadPosts(ctx, q)
  return sharedAnswer(ctx.env, ctx.waitUntil, 'posts', [ctx.locale, q], () => loadPosts(ctx, q))
}

async function loadPosts(ctx: Ctx, q: PostsQuery) {
  const { rows, total } = await findPosts(ctx.db, { ...q.filters, language: q.filters.language ?? ctx.locale }, q)
  const withStats = q.properties.includes('stats')
  const out: PostDto[] = await Promise.all(
    rows.map(async ({ post: p, category, stats }) => {
      const dto = toPostDto(p, category?.id ? { id: category.id, slug: category.slug!, title: category.title! } : null)
      // Sanitised again on its way out (issue 20 §4): a row not cleaned yet, or written by anything
      // but an editor's save, still reaches a reader only through the allowlist.
      if (p.content !== null && p.content !== undefined) dto.content = await readerBody(p.content)
      if (p.audios) dto.audios = p.audios
      if (p.videos) dto.videos = p.videos
      if (withStats) dto.stats = { views: stats?.views ?? 0, likes: stats?.likes ?? 0 }
      return dto
    }),
  )
  return { posts: out, pagination: pagination(q, total, rows.length) }
}

/** The footer's two lists (SPEC §2): 3 posts found by 'test' and 3 by 'plan', in this language. */
export async function footerPosts(ctx: Ctx): Promise<{ tests: PostLink[]; plans: PostLink[] }> {
  const find = (search: string) => listPosts(ctx, postsQuery.parse({ per_page: PAGE_SIZE.footer, search }))
  const [tests, plans] = await Promise.all([find('test'), find('plan')])
  const link = (p: PostDto): PostLink => ({ slug: p.slug, title: p.title })
  return { tests: tests.posts.map(link), plans: plans.posts.map(link) }
}

/** An article's related posts (the editors' correlations first, then ones sharing its tag) and routes. */
export function relatedOf(ctx: Ctx, post: PostDto) {
  return sharedAnswer(ctx.env, ctx.waitUntil, 'post-related', [ctx.locale, post.id], () => loadRelated(ctx, post))
}

async function loadRelated(ctx: Ctx, post: PostDto) {
  const [linked, byTag] = await Promise.all([
    relatedOfPost(ctx.db, post.id, ctx.locale),
    listPosts(ctx, postsQuery.parse({ per_page: 4, search: post.tag ?? undefined, diffuse: 1 })),
  ])
  const correlated = linked.postIds.length
    ? (await listPosts(ctx, postsQuery.parse({ per_page: 3, ids: linked.postIds.join('|') }))).posts
    : []
  const related = [
    ...correlated,
    ...byTag.posts.filter((p) => p.id !== post.id && !linked.postIds.includes(p.id)),
  ].slice(0, 3)
  return { related, routes: linked.routes }
}

type PostFields = Pick<
  Post,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'language'
  | 'status'
  | 'tag'
  | 'tags'
  | 'timeForReading'
  | 'author'
  | 'images'
  | 'publishedAt'
  | 'updatedAt'
>

/** A post row as the contract shows it (without body, media or stats: callers add what they read). */
export function toPostDto(p: PostFields, category: PostDto['category']): PostDto {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    language: p.language,
    status: p.status,
    tag: p.tag,
    tags: p.tags ?? [],
    time_for_reading: p.timeForReading,
    author: p.author,
    category,
    images: servedImages(p.images),
    published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
    updated_at: p.updatedAt ? p.updatedAt.toISOString() : null,
  }
}

/** A post's publication or its media changes reach /media within this long (per isolate). */
const EMBEDDED_TTL_MS = 60_000

/**
 * Whether a published post embeds the media file `key` (its audios or videos): then whoever may
 * read the post may play it, a unit's file included (issue 42 §1, decision 064). Remembered a
 * minute per key, as /media remembers which units play a file.
 */
export function embeddedInPublishedPost(db: Db, key: string): Promise<boolean> {
  return memo(`posts:embeds:${key}`, EMBEDDED_TTL_MS, () => publishedPostEmbeds(db, key))
}
