// The blog (SPEC §7 "Posts"; issue 6 adds the rest).
import { z } from './zod'
import { get } from './call'
import { contentHead, imagesSchema, linkSchema, statsSchema } from './common'
import { bool01, languageField, line, pipeValues, searchField } from './fields'
import { listSchema, pageOf, paginationSchema } from './list'

const mediaRefSchema = z.object({
  key: z.string(),
  title: z.string().optional(),
  duration_seconds: z.number().optional(),
})

/** A post as GET /v1/posts lists it (SPEC §3 Post). `content` only when asked by slug. */
export const postSchema = z.object({
  ...contentHead,
  tag: z.string().nullable(),
  tags: z.array(z.string()),
  time_for_reading: z.number().int().nullable(),
  author: z.string().nullable(),
  category: linkSchema.nullable(),
  images: imagesSchema.nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  content: z.string().optional(),
  /** Audio and video versions of the article (the format bar), only with the body. */
  audios: z.array(mediaRefSchema).optional(),
  videos: z.array(mediaRefSchema).optional(),
  stats: statsSchema.optional(),
})
export type PostDto = z.infer<typeof postSchema>

/** A post as the footer and related lists link to it. */
export const postLinkSchema = z.object({ slug: z.string(), title: z.string() })
export type PostLink = z.infer<typeof postLinkSchema>

// ── Calls ────────────────────────────────────────────────────────────────────────────────────

export const postsQuery = listSchema({
  filters: {
    slug: line(200).optional(),
    /** Ids joined by '|' (the article page's related posts). */
    ids: pipeValues.optional(),
    search: searchField.optional(),
    tag: line(100).optional(),
    diffuse: bool01.optional(),
    language: languageField.optional(),
  },
  orderBy: ['published_at', 'updated_at', 'title', 'id'],
  defaultOrder: 'published_at desc',
  properties: ['stats', 'images'],
})
export type PostsQuery = z.output<typeof postsQuery>

export const listPosts = get('/posts', postsQuery, pageOf('posts', postSchema), { publicCacheSeconds: 60 })

export const postsCalls = [listPosts] as const

// ── Pages ────────────────────────────────────────────────────────────────────────────────────

/** /blog: a page of posts for the keyword. */
export const blogPageData = z.object({ keyword: z.string(), posts: z.array(postSchema), pagination: paginationSchema })
export type BlogPageData = z.infer<typeof blogPageData>

/** /post/{slug}: the article and up to 3 related ones. */
export const postPageData = z.object({
  post: postSchema,
  related: z.array(postSchema),
  /** Routes related to the article (post_routes), to go further. */
  routes: z.array(linkSchema).optional(),
})
export type PostPageData = z.infer<typeof postPageData>
