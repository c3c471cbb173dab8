// Likes and stats of routes and posts (SPEC §7 "GET /route/stats", "POST /route/update/like",
// "GET /routes/liked_by_me", "GET /post/stats", "POST /post/update/like"; §4 like toggle: the
// page flips the state first, then calls the toggle, then the stats call).
import { z } from './zod'
import { get, post } from './call'
import { envelope, statsSchema } from './common'
import { int, line } from './fields'
import { listSchema, pageOf } from './list'
import { routeSchema } from './content'

/** A route or post named by id or slug (`?route=12` or `?route=respira-y-suelta`). */
const idOrSlug = line(200).regex(/^(\d{1,15}|[a-z0-9]+(?:-[a-z0-9]+)*)$/, { error: 'validation.slug' })

const statsOf = z.object({ id: z.number().int(), slug: z.string(), stats: statsSchema })

/** A kind's stats (named by id or slug, with whether the caller liked it) and its like toggle. */
function likeCalls<K extends 'route' | 'post'>(kind: K) {
  return {
    stats: get(
      `/${kind}/stats`,
      z.object({ [kind]: idOrSlug } as Record<K, typeof idOrSlug>),
      envelope({ [kind]: statsOf, liked_by_me: z.boolean() } as Record<K, typeof statsOf> & {
        liked_by_me: z.ZodBoolean
      }),
    ),
    like: post(
      `/${kind}/update/like`,
      z.object({ [`${kind}_id`]: int({ min: 1 }) } as Record<`${K}_id`, ReturnType<typeof int>>),
      envelope({ liked: z.boolean(), stats: statsSchema }),
      // SPEC §7: the like calls answer a message ("Added to your favorites." or "Removed…", the
      // result decides which; content/likes.routes.ts).
      { message: 'content_manage.liked' },
    ),
  }
}

export const { stats: routeStats, like: likeRoute } = likeCalls('route')

export const routesLikedByMeQuery = listSchema({
  filters: {},
  orderBy: ['created_at'],
  defaultOrder: 'created_at desc',
})

export const routesLikedByMe = get('/routes/liked_by_me', routesLikedByMeQuery, pageOf('routes', routeSchema))

export const { stats: postStats, like: likePost } = likeCalls('post')

export const likesCalls = [routeStats, likeRoute, routesLikedByMe, postStats, likePost] as const
