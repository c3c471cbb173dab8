import { Role } from '#shared/enums'
import * as calls from '#shared/contract/posts.manage'
import { anyone, requireRole } from '#worker/http/auth'
import { answer, routes } from '#worker/http/mount'
import { purgeAfterEdit } from '#worker/http/public-cache'
import * as manage from './manage.service'

/** The blog is edited by admins and publishers (SPEC §6). */
const editors = requireRole(Role.admin, Role.publisher)
const edit = [editors, purgeAfterEdit]

export const postsManageRoutes = routes((on) => {
  on(calls.savePost, edit, async (f, ctx) => {
    const { post, created } = await manage.savePost(ctx, f)
    return answer({ post }, { created })
  })
  on(calls.deletePost, edit, async (f, ctx) => {
    await manage.deletePost(ctx, f.id)
  })
  on(calls.listCorrelations, editors, async (q, ctx) => ({
    correlations: await manage.correlations(ctx, q.post_id),
  }))
  on(calls.addCorrelation, edit, async (f, ctx) => ({
    correlations: await manage.addCorrelation(ctx, f.post_id, f.related_post_id),
  }))
  on(calls.removeCorrelation, edit, async (f, ctx) => ({
    correlations: await manage.removeCorrelation(ctx, f.post_id, f.related_post_id),
  }))
  on(calls.listPostCategories, anyone, (q, ctx) => manage.listCategories(ctx, q))
  on(calls.savePostCategory, edit, async (f, ctx) => {
    const { category, created } = await manage.saveCategory(ctx, f)
    return answer({ category }, { created })
  })
  on(calls.deletePostCategory, edit, async (f, ctx) => {
    await manage.deleteCategory(ctx, f.id)
  })
})
