import { likePost, likeRoute, postStats, routesLikedByMe, routeStats } from '#shared/contract/likes'
import { anyone, requireUser } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import * as likes from './likes.service'

/** A like's answer says which way it went (SPEC §7: the like calls answer a message). */
const liked = (r: Awaited<ReturnType<typeof likes.toggle>>) =>
  answer(r, { message: r.liked ? 'content_manage.liked' : 'content_manage.unliked' })

/** Likes and stats of routes and posts (SPEC §7); liking needs a signed-in person. */
export const likesRoutes = routes((on) => {
  on(routeStats, anyone, async (q, ctx) => {
    const { target, liked_by_me } = await likes.stats(ctx, 'route', q.route)
    return { route: target, liked_by_me }
  })
  on(likeRoute, requireUser, async (input, ctx) => liked(await likes.toggle(ctx, 'route', input.route_id)))
  on(routesLikedByMe, requireUser, (q, ctx) => likes.routesLikedByMe(ctx, q))
  on(postStats, anyone, async (q, ctx) => {
    const { target, liked_by_me } = await likes.stats(ctx, 'post', q.post)
    return { post: target, liked_by_me }
  })
  on(likePost, requireUser, async (input, ctx) => liked(await likes.toggle(ctx, 'post', input.post_id)))
})
