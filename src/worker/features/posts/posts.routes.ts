import { listPosts } from '#shared/contract/posts'
import { anyone } from '#worker/http/auth'
import { routes } from '#worker/http/mount'
import * as posts from './posts.service'

/** The blog (SPEC §7 "Posts"); visitors may read it. */
export const postsRoutes = routes((on) => on(listPosts, anyone, (q, ctx) => posts.listPosts(ctx, q)))
