import type { PostDto } from '#shared/contract/posts'
import type { Locale } from '#shared/i18n/index'
import type { PostLink } from '#shared/page-data'
import { PAGE_SIZE } from '#shared/limits'
import type { Db } from '../../db/client'
import { offsetOf, pagination } from '../../http/list'
import { findPosts, type PostQuery } from './posts.repo'

export interface ListPostsInput {
  page: number
  perPage: number
  language: Locale
  slug?: string
  search?: string
  diffuse?: boolean
  tag?: string
  order: PostQuery['order']
  withStats: boolean
}

/** GET /v1/posts: a page of published posts (the body only for a single post by slug). */
export async function listPosts(db: Db, input: ListPostsInput) {
  const { rows, total } = await findPosts(db, {
    language: input.language,
    slug: input.slug,
    search: input.search,
    diffuse: input.diffuse,
    tag: input.tag,
    order: input.order,
    limit: input.perPage,
    offset: offsetOf(input.page, input.perPage),
  })
  const out: PostDto[] = rows.map(({ post: p, category, stats }) => {
    const dto: PostDto = {
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
      category: category?.id ? { id: category.id, slug: category.slug!, title: category.title! } : null,
      images: p.images ?? null,
      published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
      updated_at: p.updatedAt ? p.updatedAt.toISOString() : null,
    }
    if (p.content !== null && p.content !== undefined) dto.content = p.content
    if (input.withStats) dto.stats = { views: stats?.views ?? 0, likes: stats?.likes ?? 0 }
    return dto
  })
  return { posts: out, pagination: pagination(input.page, input.perPage, total, rows.length) }
}

/** The footer's two lists (SPEC §2): 3 posts found by 'test' and 3 by 'plan', in this language. */
export async function footerPosts(db: Db, language: Locale): Promise<{ tests: PostLink[]; plans: PostLink[] }> {
  const find = (search: string) =>
    listPosts(db, { page: 1, perPage: PAGE_SIZE.footer, language, search, order: { column: 'published_at', dir: 'desc' }, withStats: false })
  const [tests, plans] = await Promise.all([find('test'), find('plan')])
  const link = (p: PostDto): PostLink => ({ slug: p.slug, title: p.title })
  return { tests: tests.posts.map(link), plans: plans.posts.map(link) }
}
