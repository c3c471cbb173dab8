import { Hono } from 'hono'
import { Role } from '#shared/enums'
import * as calls from '#shared/contract/posts.manage'
import { ctxOf } from '#worker/context'
import type { AppEnv } from '#worker/env'
import { anyone, requireRole } from '#worker/http/auth'
import { endpoint, reply } from '#worker/http/endpoint'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as manage from './manage.service'

/** The blog is edited by admins and publishers (SPEC §6). */
const editors = requireRole(Role.admin, Role.publisher)

export const postsManageRoutes = new Hono<AppEnv>()
  .on(
    calls.savePost.method,
    calls.savePost.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.savePost, async (c, f) => {
      const { post, created } = await manage.savePost(ctxOf(c), f)
      return reply(
        c,
        calls.savePost,
        { post },
        { status: created ? 201 : 200, message: created ? 'posts_manage.post_created' : 'posts_manage.post_updated' },
      )
    }),
  )
  .on(
    calls.deletePost.method,
    calls.deletePost.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.deletePost, async (c, f) => {
      await manage.deletePost(ctxOf(c), f.id)
      return reply(c, calls.deletePost, {}, { message: 'posts_manage.post_deleted' })
    }),
  )
  .on(
    calls.listCorrelations.method,
    calls.listCorrelations.path,
    editors,
    ...endpoint(calls.listCorrelations, async (c, q) =>
      reply(c, calls.listCorrelations, { correlations: await manage.correlations(ctxOf(c), q.post_id) }),
    ),
  )
  .on(
    calls.addCorrelation.method,
    calls.addCorrelation.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.addCorrelation, async (c, f) =>
      reply(
        c,
        calls.addCorrelation,
        { correlations: await manage.addCorrelation(ctxOf(c), f.post_id, f.related_post_id) },
        { message: 'posts_manage.correlation_added' },
      ),
    ),
  )
  .on(
    calls.removeCorrelation.method,
    calls.removeCorrelation.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.removeCorrelation, async (c, f) =>
      reply(
        c,
        calls.removeCorrelation,
        { correlations: await manage.removeCorrelation(ctxOf(c), f.post_id, f.related_post_id) },
        { message: 'posts_manage.correlation_removed' },
      ),
    ),
  )
  .on(
    calls.listPostCategories.method,
    calls.listPostCategories.path,
    anyone,
    ...endpoint(calls.listPostCategories, async (c, q) =>
      reply(c, calls.listPostCategories, await manage.listCategories(ctxOf(c), q)),
    ),
  )
  .on(
    calls.savePostCategory.method,
    calls.savePostCategory.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.savePostCategory, async (c, f) => {
      const { category, created } = await manage.saveCategory(ctxOf(c), f)
      return reply(
        c,
        calls.savePostCategory,
        { category },
        {
          status: created ? 201 : 200,
          message: created ? 'posts_manage.category_created' : 'posts_manage.category_updated',
        },
      )
    }),
  )
  .on(
    calls.deletePostCategory.method,
    calls.deletePostCategory.path,
    editors,
    purgeAfterEdit,
    ...endpoint(calls.deletePostCategory, async (c, f) => {
      await manage.deleteCategory(ctxOf(c), f.id)
      return reply(c, calls.deletePostCategory, {}, { message: 'posts_manage.category_deleted' })
    }),
  )
