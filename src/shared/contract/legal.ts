// The legal pages and help in a crisis (issue 8 §5, §6): the data their server loaders produce.
// The legal texts travel as page data, not as messages: the messages of a language are embedded
// in every page, and these texts are longer than every other message together (docs/API.md
// "Legal pages and help in a crisis").
import { z } from './zod'
import { CRISIS_CODES } from '#shared/crisis-lines'

/**
 * A block of a section: a paragraph, a list, or a table. Text may hold links written
 * `[label](/privacy#rights)` (a page of this site, locale-free), `[label](mailto:…)` or
 * `[label](https://…)`; the page turns them into links.
 */
export const legalBlockSchema = z.union([
  z.string(),
  z.object({ list: z.array(z.string()) }),
  z.object({ table: z.object({ head: z.array(z.string()), rows: z.array(z.array(z.string())) }) }),
])
export type LegalBlock = z.infer<typeof legalBlockSchema>

export const legalSectionSchema = z.object({
  /** The heading's anchor (#rights); unique within its document. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  h: z.string(),
  body: z.array(legalBlockSchema),
})

export const LEGAL_KINDS = ['terms', 'cookies', 'privacy', 'consent'] as const
export type LegalKind = (typeof LEGAL_KINDS)[number]

export const legalDocumentSchema = z.object({
  /** One or two sentences before the table of contents; also the page's description. */
  intro: z.array(z.string()),
  sections: z.array(legalSectionSchema),
})
export type LegalDocument = z.infer<typeof legalDocumentSchema>

/** /terms, /cookies, /privacy, /consent. `updated` is an ISO date (2026-11-23). */
export const legalPageData = legalDocumentSchema.extend({
  kind: z.enum(LEGAL_KINDS),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
})
export type LegalPageData = z.infer<typeof legalPageData>

/**
 * /help: which countries' lines come first, and why: the signed-in person's country and the
 * country the request comes from (both when they differ), else the language's default.
 */
export const helpPageData = z.object({
  first: z.array(z.enum(CRISIS_CODES)).min(1),
  from: z.enum(['user', 'request', 'language']),
})
export type HelpPageData = z.infer<typeof helpPageData>
