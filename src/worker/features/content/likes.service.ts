// Likes and stats of routes and posts (SPEC §4 like toggle, §7). A route or post a visitor may
// not see cannot be liked nor its stats read: 404, as if it did not exist.
import type { RoutesQuery } from '#shared/contract/content'
import type { ListQuery } from '#shared/contract/list'
import type { ContentTarget } from '#shared/enums'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { findTarget, forgetTarget, toggleLikeOf } from './likes.repo'
import { listRoutes } from './content.service'

const ref = (v: string, language: string) => (/^\d+$/.test(v) ? { id: Number(v), language } : { slug: v, language })

async function visible(ctx: Ctx, type: 'route' | 'post', r: { id?: number; slug?: string; language: string }) {
  const row = await findTarget(ctx.db, type, r, ctx.user?.id ?? null)
  if (!row) return notFound(type)
  return row
}

function notFound(type: 'route' | 'post'): never {
  throw new AppError('not_found', { message: type === 'route' ? 'errors.route_not_found' : 'errors.not_found' })
}

/** GET /v1/route/stats, /v1/post/stats. */
export async function stats(ctx: Ctx, type: 'route' | 'post', idOrSlug: string) {
  const row = await visible(ctx, type, ref(idOrSlug, ctx.locale))
  return {
    target: { id: row.id, slug: row.slug, stats: { views: row.views, likes: row.likes } },
    liked_by_me: !!row.liked,
  }
}

/** POST /v1/route/update/like, /v1/post/update/like: flips the caller's like. */
export async function toggle(ctx: Ctx, type: 'route' | 'post', id: number) {
  const done = await toggleLikeOf(ctx.db, ctx.user!.id, type, id)
  if (!done) return notFound(type)
  return done
}

/** GET /v1/routes/liked_by_me: the caller's liked routes in their language, with images and stats. */
export function routesLikedByMe(ctx: Ctx, q: ListQuery<Record<string, never>>) {
  const query: RoutesQuery = {
    ...q,
    order: { column: 'order', dir: 'asc' },
    filters: {},
    properties: ['images', 'stats'],
    relations: [],
    counts: [],
  }
  return listRoutes(ctx, query, { likedBy: ctx.user!.id })
}

/** Drop the likes of a deleted route or post (their editors call this; the likes are content's). */
export const forgetLikes = (ctx: Ctx, type: ContentTarget, id: number) => forgetTarget(ctx.db, type, id)
