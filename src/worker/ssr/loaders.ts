import type { Context } from 'hono'
import { PAGE_SIZE } from '#shared/limits'
import type { AppEnv } from '../env'
import { AppError } from '../http/errors'
import { listRoutes, listSymptoms } from '../features/content/content.service'
import { listPosts } from '../features/posts/posts.service'
import { memo } from '../http/memo'

/** How long public, visitor-independent page data may be reused by an isolate. */
export const PUBLIC_TTL_MS = 60_000

async function homeData(c: Context<AppEnv>) {
  const { routes } = await listRoutes(c.var.db, {
    page: 1,
    perPage: PAGE_SIZE.landingCarousel,
    language: c.var.locale,
    filters: {},
    order: { column: 'order', dir: 'asc' },
    properties: ['images'],
    relations: [],
    userId: null,
  })
  return { routes }
}

export interface LoaderArgs {
  c: Context<AppEnv>
  params: Record<string, string>
  query: Record<string, string>
}

/**
 * Server data for each page, read by calling the services directly (no HTTP hop).
 * A page without a loader renders its frame and title only.
 */
export const LOADERS: Record<string, (a: LoaderArgs) => Promise<unknown>> = {
  async home({ c }) {
    // The landing is the same for every visitor of a language (signed-in users are sent to /journey).
    return memo(`home:${c.var.locale}`, PUBLIC_TTL_MS, () => homeData(c))
  },


  async routes({ c, query }) {
    const keyword = (query.keyword ?? '').slice(0, 200)
    const db = c.var.db
    const language = c.var.locale
    const userId = c.var.user?.id ?? null
    const [symptoms, routes, posts] = await Promise.all([
      listSymptoms(db, { page: 1, perPage: PAGE_SIZE.symptoms, language, withRoutes: true, includeRoutes: false, search: keyword || undefined, order: { column: 'title', dir: 'asc' } }),
      listRoutes(db, { page: 1, perPage: PAGE_SIZE.routesSearch, language, filters: { search: keyword || undefined }, order: { column: 'order', dir: 'asc' }, properties: ['images'], relations: [], userId }),
      listPosts(db, { page: 1, perPage: PAGE_SIZE.postsSearch, language, search: keyword || undefined, order: { column: 'published_at', dir: 'desc' }, withStats: false }),
    ])
    // With a keyword that matches no symptom, still offer the general ones to click.
    const badges = symptoms.symptoms.length || !keyword
      ? symptoms.symptoms
      : (await listSymptoms(db, { page: 1, perPage: PAGE_SIZE.symptoms, language, withRoutes: true, includeRoutes: false, order: { column: 'title', dir: 'asc' } })).symptoms
    return { keyword, symptoms: badges, routes: routes.routes, posts: posts.posts }
  },

  async route({ c, params }) {
    const { routes } = await listRoutes(c.var.db, {
      page: 1,
      perPage: 1,
      language: c.var.locale,
      filters: { slug: params.slug },
      order: { column: 'order', dir: 'asc' },
      properties: ['images', 'stats'],
      relations: ['units', 'createdBy'],
      userId: c.var.user?.id ?? null,
    })
    if (!routes[0]) throw new AppError('not_found', { message: 'errors.route_not_found' })
    return { route: routes[0] }
  },

  async blog({ c, query }) {
    const page = Math.max(1, Math.min(1000, Number.parseInt(query.page ?? '1', 10) || 1))
    const keyword = (query.keyword ?? '').slice(0, 200)
    const out = await listPosts(c.var.db, { page, perPage: PAGE_SIZE.blog, language: c.var.locale, search: keyword || undefined, order: { column: 'published_at', dir: 'desc' }, withStats: false })
    return { keyword, ...out }
  },

  async post({ c, params }) {
    const { posts } = await listPosts(c.var.db, { page: 1, perPage: 1, language: c.var.locale, slug: params.slug, order: { column: 'published_at', dir: 'desc' }, withStats: true })
    if (!posts[0]) throw new AppError('not_found', { message: 'errors.article_not_found' })
    const related = await listPosts(c.var.db, { page: 1, perPage: 4, language: c.var.locale, search: posts[0].tag ?? undefined, diffuse: true, order: { column: 'published_at', dir: 'desc' }, withStats: false })
    return { post: posts[0], related: related.posts.filter((p) => p.id !== posts[0]!.id).slice(0, 3) }
  },
}
