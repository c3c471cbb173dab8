import { z } from 'zod'

// zod 4 probes `new Function` to speed up parsing; our CSP forbids eval (and so does workerd),
// which makes Chrome log a CSP issue on every page that loads zod. Parse without it.
z.config({ jitless: true })

/** The pagination object every list call answers with (docs/API.md). */
export const paginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
})

/** The /v1 envelope (SPEC §7): success, an optional message, errors keyed by field. */
export const envelope = <T extends z.ZodRawShape>(payload: T) =>
  z.object({
    success: z.boolean(),
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    ...payload,
  })

export const failureSchema = z.object({
  success: z.literal(false),
  code: z.string().optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})

export const imagesSchema = z.object({ cover: z.string().optional(), square: z.string().optional() }).catchall(z.string().optional())
export const statsSchema = z.object({ views: z.number().int(), likes: z.number().int() })
export const languageSchema = z.enum(['es', 'en'])
export type Pagination = z.infer<typeof paginationSchema>
