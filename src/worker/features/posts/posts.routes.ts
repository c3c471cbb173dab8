import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { ok } from '../../http/envelope'
import { listSchema } from '../../http/list'
import { bool01, language, v } from '../../http/validate'
import { listPosts } from './posts.service'

const postsQuery = listSchema({
  filters: {
    slug: z.string().trim().max(200).optional(),
    search: z.string().trim().max(200).optional(),
    tag: z.string().trim().max(100).optional(),
    diffuse: bool01.optional(),
    language: language().optional(),
  },
  orderBy: ['published_at', 'updated_at', 'title', 'id'],
  defaultOrder: 'published_at desc',
  properties: ['stats', 'images'],
})

/** The blog (SPEC §7 "Posts"); visitors may read it. */
export const postsRoutes = new Hono<AppEnv>().get('/posts', v('query', postsQuery), async (c) => {
  const q = c.req.valid('query')
  const out = await listPosts(c.var.db, {
    page: q.page,
    perPage: q.per_page,
    language: q.filters.language ?? c.var.locale,
    slug: q.filters.slug,
    search: q.filters.search,
    diffuse: q.filters.diffuse,
    tag: q.filters.tag,
    order: q.order_by,
    withStats: q.with_properties.includes('stats'),
  })
  return ok(c, out)
})
