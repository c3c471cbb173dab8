import { atom } from 'nanostores'
import type { PageUser } from '#shared/page-data'

/**
 * The stored user and the other local keys of SPEC §3. The token itself lives in an HttpOnly
 * cookie the page cannot read; the stored user is what the interface shows.
 */
export const STORAGE_KEYS = [
  'user',
  'session_id',
  'locale',
  'language_notification',
  'articles_read',
  'agency',
  'visited_at',
] as const
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

let logouts = 0
/** How many times this page signed out: an answer asked for before a logout is not stored after it. */
export const logoutCount = () => logouts

export function writeLocal(key: (typeof STORAGE_KEYS)[number], value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // private mode or full storage: the app keeps working without it
  }
}

/**
 * Logout's local part (SPEC §4): the keys above from localStorage and this tab's sessionStorage
 * (the notices already shown). The tracking session (`session_id`) became the person's when they
 * signed in, so it goes too: the next page a visitor opens starts a new anonymous one. The rest
 * of logout (the offline copies, the server's session) is app/logout.ts's: this store sits below
 * the api and the service worker's modules, and imports neither (issue 33 §4).
 */
export function clearLocalSession() {
  logouts++
  for (const k of LOGOUT_KEYS) {
    try {
      localStorage.removeItem(k)
    } catch {
      // ignore
    }
  }
  try {
    sessionStorage.clear()
  } catch {
    // ignore
  }
  $user.set(null)
}

/** The stored user of SPEC §3 as this client keeps it: never the token (it stays in the HttpOnly cookie). */
export interface StoredUser extends PageUser {
  token_expires_at?: string
  /** SPEC §4: set when the server answered 'Unauthenticated.'; the sign-in page then says so. */
  expired?: boolean
}

/** Keep a signed-in user (from sign-in, register or an update). Drops `token` on purpose. */
export function storeUser(user: PageUser & { token?: string; token_expires_at?: string }) {
  const { id, name, email, role, language, subscriber, token_expires_at } = user
  const stored: StoredUser = {
    id,
    name,
    email,
    role,
    language,
    subscriber,
    ...(token_expires_at ? { token_expires_at } : {}),
    expired: false,
  }
  writeLocal('user', stored)
  $user.set({ id, name, email, role, language, subscriber })
}

/** keepPageUser wrote this page's person already (once a page). */
let keptThisPage = false

/**
 * The page's signed-in person as the stored user (SPEC §3), its token's end kept when it is the
 * same person: written as a signed-in page loads (entry.tsx, before React: pages kept for offline
 * read it, decision 077) and again by the frame when it hydrates.
 */
export function keepPageUser(user: PageUser) {
  const stored = readLocal<StoredUser>('user')
  // Once a page as it loads (signed-in.ts, or the frame on a page that hydrates at once). Again at
  // the first touch, maybe hours later, only to refresh what is still this person's: never to
  // bring back a person another tab signed out (the key cleared), to unmark what a 401 marked
  // expired, or to write over who signed in since (found by the outside review of decision 077).
  if (keptThisPage && (!stored || stored.id !== user.id || stored.expired)) return
  keptThisPage = true
  storeUser({ ...user, token_expires_at: stored?.id === user.id ? stored.token_expires_at : undefined })
}

/** The session ended without a logout (expired, or ended elsewhere): remember it for the sign-in page. */
export function markSessionExpired() {
  const u = readLocal<StoredUser>('user')
  if (u && !u.expired) writeLocal('user', { ...u, expired: true })
  $user.set(null)
}
