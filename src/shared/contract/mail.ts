// The local outbox (issue 3 §7): a dev-only page lists the mail a local run wrote.
import { z } from './zod'

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  template: z.string().nullable(),
  locale: z.string().nullable(),
  created_at: z.string(),
})

/** /__dev/outbox (local runs only). */
export const outboxPageData = z.object({ mails: z.array(outboxMailSchema) })
export type OutboxPageData = z.infer<typeof outboxPageData>
