import { z } from 'zod'
import { envelope, imagesSchema, languageSchema, paginationSchema, statsSchema } from './common'

/** A post as GET /v1/posts lists it (SPEC §3 Post). `content` only when asked by slug. */
export const postSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  language: languageSchema,
  status: z.number().int(),
  tag: z.string().nullable(),
  tags: z.array(z.string()),
  time_for_reading: z.number().int().nullable(),
  author: z.string().nullable(),
  category: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
  images: imagesSchema.nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  content: z.string().optional(),
  stats: statsSchema.optional(),
})
export type PostDto = z.infer<typeof postSchema>

export const postsResponse = envelope({ posts: z.array(postSchema), pagination: paginationSchema })
