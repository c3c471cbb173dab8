import { localizePath } from '#shared/i18n/locale'
import type { Boot } from '#shared/page-data'
import { accessRedirect } from '#shared/pages'
import { $unread, startRealtime } from './features/notifications/realtime'
import { registerServiceWorker } from './pwa/register'
import { SESSION_LOST, keepPageUser, markSessionExpired } from './stores/session'
import { setWaker } from './wake'

/**
 * The start-up of a signed-in page that waits for the person's first touch to start React
 * (decision 077), without React, fetched by entry.tsx as the page loads (the frame does the
 * first two once hydrated, app/Frame.tsx useSession, as it does on every other page):
 * - the stored user of SPEC §3 is written now (the pages kept for offline read it);
 * - 'Unauthenticated.' (a call's, or the bell's check after its socket heard the session end)
 *   sends to sign in and back;
 * - a page shown again from the back/forward cache before React is loaded afresh (its rows may
 *   have changed: /journey reads them again on `pageshow` once hydrated);
 * - once the page has loaded and the browser is idle: the service worker (the page kept for
 *   offline, the unsent saves sent, the "new version" notice), as hydration did it before, and
 *   the bell's sockets: a live notification starts React and shows as a toast, and the unread
 *   count is written into the server's bell until React draws it.
 */
export function signedIn(boot: Boot, start: () => Promise<void>) {
  const user = boot.user
  if (!user) return
  keepPageUser(user)
  // The person's own logout link (a plain link before React): the session it ends is heard by
  // the bell's socket too, and must not send them to sign in instead of where the logout goes.
  let loggingOut = false
  addEventListener('click', (e) => {
    if ((e.target as Element).closest?.('a[data-action="logout"]')) loggingOut = true
  })
  addEventListener(SESSION_LOST, () => {
    if (document.documentElement.dataset.hydrated || loggingOut) return
    markSessionExpired()
    // Where the server sends a person without a session on this page: sign in, then back here.
    const here = location.pathname + location.search
    location.assign(accessRedirect('user', null, here, (p) => localizePath(p, boot.locale))!)
  })
  setWaker(start)
  addEventListener('pageshow', (e: PageTransitionEvent) => {
    if (e.persisted && !document.documentElement.dataset.react) location.reload()
  })
  // A page whose rows change by another person's hand (/appointments: the psychologist confirms,
  // moves, closes) painted a while ago and shown again before any touch: React starts, and the
  // list is read again as it hydrates (decision 081), rather than the paint standing as fresh.
  if (STALE_AFTER_MS[boot.page]) {
    // Measured from the paint (the page's load), not from the moment it was hidden: a page painted
    // half an hour ago and hidden for a few seconds is as stale.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && Date.now() - performance.timeOrigin >= STALE_AFTER_MS[boot.page]!)
        void start()
    })
  }
  const early = () => {
    registerServiceWorker(user.id)
    startRealtime({ role: user.role, locale: boot.locale })
    $unread.subscribe((list) => paintCount(list.length))
  }
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(early, { timeout: 2000 }) : setTimeout(early, 200)
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

/** The pages read again (React started) when shown after this long hidden, untouched. */
const STALE_AFTER_MS: Record<string, number> = { appointments: 60_000 }

/** The count in the server's bell, before React (entry.tsx removes it as React starts). */
function paintCount(n: number) {
  const summary = document.querySelector('[data-bell="early"] summary')
  if (!summary || document.documentElement.dataset.react) return
  summary.querySelector('[data-early]')?.remove()
  if (n === 0) return
  const count = document.createElement('span')
  count.className = 'notifications-count'
  count.dataset.early = ''
  count.dataset.testid = 'unread-count'
  count.textContent = n > 9 ? '9+' : String(n)
  summary.appendChild(count)
}
