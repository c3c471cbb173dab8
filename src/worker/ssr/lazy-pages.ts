import type { AppointmentsPageData } from '#shared/contract/appointments'
import type { Boot } from '#shared/page-data'

/**
 * A visitor's pages that hydrate at the first touch (decision 062): the issue 43 pages, whose
 * code does nothing by itself at load (the login's sign-in link and its "session expired" note
 * are the entry's exceptions). Every other page hydrates at once, as before.
 */
const LAZY_PAGES = new Set(['home', 'routes', 'route', 'blog', 'post', 'help', 'login'])
/**
 * A signed-in person's everyday pages that hydrate at their first touch too (decision 077): each
 * is painted whole by the server and its code does nothing by itself as it opens (the check-in's
 * first tap is kept: a face is a radio the browser checks, read as the part hydrates). What must
 * run from load without a touch (the bell's sockets, the session's end, the service worker) runs
 * without React (client/entry.tsx, signed-in.ts). The library's lists and posts wait for a signed-in
 * reader as for a visitor. /appointments' list is painted by the server (its loader reads the first
 * page, decision 081) and /downloads' (this device's, in IndexedDB) by a small script without
 * React (client/pwa/downloads-early.ts). Not here: /help (the person's safety plan, read by the
 * browser), a route (the player resumes by itself) and every other page.
 */
const SIGNED_IN_LAZY_PAGES = new Set([
  'journey',
  'performance',
  'profile',
  'routes',
  'blog',
  'post',
  'appointments',
  'downloads',
])
/** Whether a page may wait for the person's first touch to start React (client/entry.tsx). */
export const lazyPage = (full: Pick<Boot, 'user' | 'page'> & { data?: unknown }) =>
  (full.user ? SIGNED_IN_LAZY_PAGES : LAZY_PAGES).has(full.page) && !readInBrowser(full)

/**
 * /appointments on its booking tab: the psychologists and their slots are read by the tab's code
 * as it opens, so React starts at once there (the lists' tabs wait: decision 081).
 */
const readInBrowser = (full: Pick<Boot, 'page'> & { data?: unknown }) =>
  full.page === 'appointments' && !(full.data as AppointmentsPageData | null)?.list
