// Editing the blog (SPEC §7 "POST /post, DELETE /post", "/post/correlation(s)", "/post/categories",
// "/post/category"; §5: a post cannot be correlated with itself; §6: admins and publishers).
import { z } from './zod'
import { MAX_POST_CONTENT_CHARS } from '#shared/limits'
import { del, get, post } from './call'
import { envelope } from './common'
import {
  bool01,
  coverField,
  line,
  paragraph,
  pipeValues,
  idField,
  contentStatusField,
  categoryRefField,
} from './fields'
import { categoryCalls, editCalls, editorFormHead } from './content.manage'
import { postSchema } from './posts'

const id = idField
/** An ISO date or date-time (SPEC §7: dates travel as ISO text). */
const isoDate = z
  .string()
  .max(40)
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: 'validation.date',
  })
  .transform((v) => new Date(v))

/** POST /v1/post: without `id` creates (language, slug and title required), with `id` updates the fields sent. */
export const postForm = z.object({
  ...editorFormHead,
  /** HTML; h2/h3 build the table of contents. Reading time is computed from it (200 words a minute). */
  content: paragraph(MAX_POST_CONTENT_CHARS).optional(),
  status: contentStatusField.optional(),
  tag: line(100).optional(),
  tags: pipeValues.optional(),
  category_id: categoryRefField.optional(),
  author: line(120).optional(),
  index: bool01.optional(),
  published_at: isoDate.optional(),
  image_cover: coverField.optional(),
})
export type PostForm = z.output<typeof postForm>

/** A deleted post's address answers the deleted-article page (SPEC §2), so the row is kept, marked deleted. */
export const { save: savePost, remove: deletePost } = editCalls('/post', postForm, 'post', postSchema, {
  updated: 'posts_manage.post_updated',
  created: 'posts_manage.post_created',
  deleted: 'posts_manage.post_deleted',
})

const correlationSchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), language: z.string() })
export const listCorrelations = get(
  '/post/correlations',
  z.object({ post_id: id }),
  envelope({ correlations: z.array(correlationSchema) }),
)
const pair = z.object({ post_id: id, related_post_id: id })
export const addCorrelation = post('/post/correlation', pair, envelope({ correlations: z.array(correlationSchema) }), {
  message: 'posts_manage.correlation_added',
})
export const removeCorrelation = del(
  '/post/correlation',
  pair,
  envelope({ correlations: z.array(correlationSchema) }),
  { message: 'posts_manage.correlation_removed' },
)

const postCategories = categoryCalls('/post', {
  updated: 'posts_manage.category_updated',
  created: 'posts_manage.category_created',
  deleted: 'posts_manage.category_deleted',
})
export const listPostCategories = postCategories.list
export const savePostCategory = postCategories.save
export const deletePostCategory = postCategories.remove

export const postsManageCalls = [
  savePost,
  deletePost,
  listCorrelations,
  addCorrelation,
  removeCorrelation,
  listPostCategories,
  savePostCategory,
  deletePostCategory,
] as const
