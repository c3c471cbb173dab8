import { atom } from 'nanostores'
import type { PageUser } from '#shared/page-data'

/**
 * The stored user and the other local keys of SPEC §3. The token itself lives in an HttpOnly
 * cookie the page cannot read; the stored user is what the interface shows.
 */
export const STORAGE_KEYS = ['user', 'session_id', 'locale', 'language_notification', 'articles_read', 'agency', 'visited_at'] as const
/** What logout clears (SPEC §4): the stored user, session_id, locale, the language-notification flag and articles_read. */
export const LOGOUT_KEYS = ['user', 'session_id', 'locale', 'language_notification', 'articles_read'] as const

export const $user = atom<PageUser | null>(null)

/** Fired when the server answers 'Unauthenticated.' (SPEC §8); the frame listens and sends to /login. */
export const SESSION_LOST = 'session-lost'

export function readLocal<T>(key: (typeof STORAGE_KEYS)[number]): T | null {
  try {
    const raw = localStorage.getItem(key)
    return raw === null ? null : (JSON.parse(raw) as T)
  } catch {
    return null
  }
}

export function writeLocal(key: (typeof STORAGE_KEYS)[number], value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // private mode or full storage: the app keeps working without it
  }
}

export function clearOnLogout() {
  for (const k of LOGOUT_KEYS) {
    try {
      localStorage.removeItem(k)
    } catch {
      // ignore
    }
  }
  $user.set(null)
}
