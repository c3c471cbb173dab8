import { Hono } from 'hono'
import { listPosts } from '#shared/contract/posts'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import * as posts from './posts.service'

/** The blog (SPEC §7 "Posts"); visitors may read it. */
export const postsRoutes = new Hono<AppEnv>().on(
  listPosts.method,
  listPosts.path,
  anyone,
  ...endpoint(listPosts, async (c, q) => reply(c, listPosts, await posts.listPosts(ctxOf(c), q))),
)
