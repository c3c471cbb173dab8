// The legal texts in English (issue 8 §5). The company details are a placeholder for the demo:
// replace every "(placeholder)" and "(demo)" before production, and have a lawyer read the whole.
// Links: `[label](/path#anchor)` for a page of this site (locale-free), mailto: and https: too.
// One file a document (legal.<lang>.<kind>.ts): each is long, and is read and changed alone.
import type { LegalDocument, LegalKind } from '#shared/contract/legal'
import { consent } from './legal.en.consent'
import { cookies } from './legal.en.cookies'
import { privacy } from './legal.en.privacy'
import { terms } from './legal.en.terms'

export const documents: Record<LegalKind, LegalDocument> = { terms, cookies, privacy, consent }
