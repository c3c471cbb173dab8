import type { PageUser } from '#shared/page-data'
import { readLocal, type StoredUser } from '#client/stores/session.ts'
import { companionValue } from './companion'
import { parseViewer } from './viewer'

/**
 * Who holds this device, for a page the service worker answered from its shell (the offline
 * page, /help), which the server rendered for nobody (issue 42 §2; docs/decisions/064-*.md):
 * the stored user of SPEC §3, while the device's session still lasts by the companion cookie
 * (decision 039: `<id>.<exp>`, gone with the session). Only what the device already showed this
 * person (name, email, role), so the frame is theirs and not "Sign in". Null for a visitor, an
 * expired or ended session, or a stored user marked expired.
 */
export function offlinePerson(now = Date.now()): PageUser | null {
  const stored = readLocal<StoredUser>('user')
  if (!stored || stored.expired || typeof stored.id !== 'number') return null
  if (!parseViewer(companionValue(), now)) return null
  const { id, name, email, role, language, subscriber } = stored
  return { id, name, email, role, language, subscriber }
}
