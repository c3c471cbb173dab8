import { likePost, likeRoute, postStats, routesLikedByMe, routeStats } from '#shared/contract/likes'
import { anyone, requireUser } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as likes from './likes.service'

/** Likes and stats of routes and posts (SPEC §7); liking needs a signed-in person. */
export const likesRoutes = routes((on) => {
  on(routeStats, anyone, async (q, ctx) => {
    const { target, liked_by_me } = await likes.stats(ctx, 'route', q.route)
    return { route: target, liked_by_me }
  })
  on(likeRoute, requireUser, (input, ctx) => likes.toggle(ctx, 'route', input.route_id))
  on(routesLikedByMe, requireUser, (q, ctx) => likes.routesLikedByMe(ctx, q))
  on(postStats, anyone, async (q, ctx) => {
    const { target, liked_by_me } = await likes.stats(ctx, 'post', q.post)
    return { post: target, liked_by_me }
  })
  on(likePost, requireUser, (input, ctx) => likes.toggle(ctx, 'post', input.post_id))
})
