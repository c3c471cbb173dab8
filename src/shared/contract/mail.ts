// The mail outbox on the wire: the local outbox (issue 3 §7), a dev-only page that lists the mail a
// local run wrote, and the dead letters an admin may replay (issue 22).
import { z } from './zod'

/** A mail of the outbox as the wire names it; each list shows its own part of it. */
const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  template: z.string().nullable(),
  locale: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** When its retries ran out (only a dead letter has one). */
  dead_at: z.string(),
  created_at: z.string(),
})

/** A mail the local run wrote, as the dev page lists it. */
const outboxMailSchema = mailSchema.omit({ attempts: true, error: true, dead_at: true })

/** A mail whose retries ran out (issue 22), as an admin sees it before replaying it. */
export const deadMailSchema = mailSchema.omit({ text: true, locale: true }).extend({
  /** A call may have sent it (its answer never came, or the provider held its key with other content). */
  may_have_been_sent: z.boolean(),
  /** Sending it again could send it twice (its key is past the provider's 24 hours): a replay needs `confirm`. */
  needs_confirmation: z.boolean(),
})

/** /__dev/outbox (local runs only). */
export const outboxPageData = z.object({ mails: z.array(outboxMailSchema) })
export type OutboxPageData = z.infer<typeof outboxPageData>
