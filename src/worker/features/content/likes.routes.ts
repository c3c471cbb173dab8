import { Hono } from 'hono'
import { likePost, likeRoute, postStats, routesLikedByMe, routeStats } from '#shared/contract/likes'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireUser } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as likes from './likes.service'

/** Likes and stats of routes and posts (SPEC §7); liking needs a signed-in person. */
export const likesRoutes = new Hono<AppEnv>()
  .on(
    routeStats.method,
    routeStats.path,
    anyone,
    ...endpoint(routeStats, async (c, q) => {
      const { target, liked_by_me } = await likes.stats(ctxOf(c), 'route', q.route)
      return reply(c, routeStats, { route: target, liked_by_me })
    }),
  )
  .on(
    likeRoute.method,
    likeRoute.path,
    requireUser,
    ...endpoint(likeRoute, async (c, input) =>
      reply(c, likeRoute, await likes.toggle(ctxOf(c), 'route', input.route_id)),
    ),
  )
  .on(
    routesLikedByMe.method,
    routesLikedByMe.path,
    requireUser,
    ...endpoint(routesLikedByMe, async (c, q) => reply(c, routesLikedByMe, await likes.routesLikedByMe(ctxOf(c), q))),
  )
  .on(
    postStats.method,
    postStats.path,
    anyone,
    ...endpoint(postStats, async (c, q) => {
      const { target, liked_by_me } = await likes.stats(ctxOf(c), 'post', q.post)
      return reply(c, postStats, { post: target, liked_by_me })
    }),
  )
  .on(
    likePost.method,
    likePost.path,
    requireUser,
    ...endpoint(likePost, async (c, input) => reply(c, likePost, await likes.toggle(ctxOf(c), 'post', input.post_id))),
  )
