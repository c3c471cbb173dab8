import { z } from './zod'

/** The /v1 envelope (SPEC §7): success, an optional message, errors keyed by field. */
export const envelope = <T extends z.ZodRawShape>(payload: T) =>
  z.object({
    success: z.literal(true),
    message: z.string().optional(),
    ...payload,
  })

/** Every refusal, whatever the call: the envelope with a code, a message and field errors. */
export const failureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retry_at: z.string().optional(),
})

export const imagesSchema = z
  .object({ cover: z.string().optional(), square: z.string().optional() })
  .catchall(z.string().optional())
export const statsSchema = z.object({ views: z.number().int(), likes: z.number().int() })
export const languageSchema = z.enum(['es', 'en'])

/** An item named inside another's answer (a route's category, a plan's routes): enough to link to it. */
export const linkSchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string() })

/** How a route's and a post's answers begin (SPEC §3 Route, Post). */
export const contentHead = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  language: languageSchema,
  status: z.number().int(),
}

/** An answer with nothing but the envelope (and usually a message). */
export const messageResponse = envelope({})
