// Los textos legales en español (issue 8 §5). Los datos de la empresa son de ejemplo para la demo:
// sustituye cada "(ejemplo)" y "(demo)" antes de producción, y que un abogado lo revise entero.
// Enlaces: `[texto](/ruta#ancla)` para una página de este sitio (sin /en), y también mailto: y https:.
// One file a document (legal.<lang>.<kind>.ts): each is long, and is read and changed alone.
import type { LegalDocument, LegalKind } from '#shared/contract/legal'
import { consent } from './legal.es.consent'
import { cookies } from './legal.es.cookies'
import { privacy } from './legal.es.privacy'
import { terms } from './legal.es.terms'

export const documents: Record<LegalKind, LegalDocument> = { terms, cookies, privacy, consent }
