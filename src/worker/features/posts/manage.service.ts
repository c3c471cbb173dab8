// The blog editors' rules (SPEC §5: a post is never correlated with itself; §6 roles; §9 reading
// time at 200 words a minute). Bodies are stored allowlisted (post-html.ts). Deleting marks the
// post deleted: its address then answers the deleted-article page (SPEC §2), and it leaves every
// list, search and the sitemap.
import type { PostDto } from '#shared/contract/posts'
import type { PostForm } from '#shared/contract/posts.manage'
import type { Ctx } from '#worker/context'
import type { NewPost, Post } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import { forgetLikes } from '#worker/features/content/likes.service'
import { absentOf, categoryEditing, required, uniqueSlug } from '#worker/lib/editing'
import * as repo from './manage.repo'
import { cleanBody } from './post-html'
import { toPostDto } from './posts.service'
import { patchOf } from '#worker/db/patch'

const postMissing = () => new AppError('not_found', { message: 'posts_manage.post_missing' })
const categoryMissing = () => new AppError('not_found', { message: 'posts_manage.category_missing' })
const toDto = (p: Post, category: PostDto['category']): PostDto => ({
  ...toPostDto(p, category),
  content: p.content ?? '',
})

/** POST /v1/post: create (language, slug, title required) or update the fields sent. */
export async function savePost(ctx: Ctx, f: PostForm): Promise<{ post: PostDto; created: boolean }> {
  const patch: Partial<NewPost> = patchOf(f, [
    'language',
    'slug',
    'title',
    'description',
    'status',
    'tag',
    'tags',
    'author',
    'index',
    'published_at',
  ])
  // Stored allowlisted (issue 20 §4): what is not on the list is gone before the row is written.
  if (f.content !== undefined) Object.assign(patch, await cleanBody(f.content))
  let category: { id: number; slug: string; title: string } | null = null
  if (f.category_id !== undefined) {
    if (f.category_id !== null) {
      const c = await repo.postCategoryRows.find(ctx.db, f.category_id)
      if (!c) throw categoryMissing()
      category = { id: c.id, slug: c.slug, title: c.title }
    }
    patch.categoryId = f.category_id
  }
  let row: Post | undefined
  if (f.id === undefined) {
    const absent = absentOf(f, ['language', 'slug', 'title'] as const)
    if (absent.length) throw required(absent)
    const now = new Date()
    const values = {
      ...patch,
      images: f.image_cover ? { cover: f.image_cover } : null,
      publishedAt: patch.publishedAt ?? now,
      createdBy: ctx.user?.id ?? null,
    } as NewPost
    row = await uniqueSlug(() => repo.insertPost(ctx.db, values))
  } else {
    const current = await repo.findLivePost(ctx.db, f.id)
    if (!current) throw postMissing()
    if (f.image_cover !== undefined) patch.images = { ...current.images, cover: f.image_cover }
    row = await uniqueSlug(() => repo.updatePost(ctx.db, f.id!, { ...patch, updatedAt: new Date() }))
    if (!row) throw postMissing()
    if (f.category_id === undefined && row.categoryId) {
      const c = await repo.postCategoryRows.find(ctx.db, row.categoryId)
      category = c ? { id: c.id, slug: c.slug, title: c.title } : null
    }
  }
  return { post: toDto(row, category), created: f.id === undefined }
}

/** DELETE /v1/post: marked deleted; its likes and stats are forgotten. */
export async function deletePost(ctx: Ctx, id: number) {
  if (!(await repo.markPostDeleted(ctx.db, id, new Date()))) throw postMissing()
  await forgetLikes(ctx, 'post', id)
}

async function bothLive(ctx: Ctx, a: number, b: number) {
  if (a === b) throw new AppError('validation', { fields: { related_post_id: ['posts_manage.correlation_self'] } })
  const [x, y] = await Promise.all([repo.findLivePost(ctx.db, a), repo.findLivePost(ctx.db, b)])
  if (!x || !y) throw postMissing()
}

export async function correlations(ctx: Ctx, postId: number) {
  if (!(await repo.findLivePost(ctx.db, postId))) throw postMissing()
  return repo.correlationsOf(ctx.db, postId)
}

/** POST /v1/post/correlation: never with itself (422), once per pair in either order (409). */
export async function addCorrelation(ctx: Ctx, a: number, b: number) {
  await bothLive(ctx, a, b)
  if (!(await repo.insertCorrelation(ctx.db, a, b)))
    throw new AppError('conflict', { message: 'posts_manage.correlation_exists' })
  return repo.correlationsOf(ctx.db, a)
}

export async function removeCorrelation(ctx: Ctx, a: number, b: number) {
  await bothLive(ctx, a, b)
  if (!(await repo.deleteCorrelation(ctx.db, a, b)))
    throw new AppError('not_found', { message: 'posts_manage.correlation_missing' })
  return repo.correlationsOf(ctx.db, a)
}

const categories = categoryEditing(repo.postCategoryRows, categoryMissing)
/** GET /v1/post/category. */
export const listCategories = categories.list
/** POST /v1/post/category. */
export const saveCategory = categories.save
/** DELETE /v1/post/category: its posts keep existing, without a category. */
export const deleteCategory = categories.remove

/** A post that is not deleted, for the admin's outside helpers (Unsplash, AI text). */
export const findLivePost = (ctx: Ctx, id: number) => repo.findLivePost(ctx.db, id)

/** Set a post's cover picture, keeping its other images (the admin's Unsplash helper). */
export async function setPostCover(ctx: Ctx, post: Post, cover: string) {
  await repo.updatePost(ctx.db, post.id, { images: { ...post.images, cover }, updatedAt: new Date() })
}
