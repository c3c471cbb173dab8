/**
 * The service worker (issue 23; src/sw/sw.ts) registers once the page is interactive (after
 * hydration and the load event), so it never competes with the first paint or the landing's
 * JS budget. Its notices (offline, a new version) load in their own chunk only when needed.
 */
import { askWorker } from './ask-worker'
import { clearCompanion, companionValue } from './companion'
import { OUTBOX_FLAG, PUSH_CARRIED } from './outbox-flag'
import { whenAwake } from '../wake'

const notices = () => import('./notices')
const outbox = () => import('./outbox')
const flagged = (key: string, value?: string) => {
  try {
    const now = localStorage.getItem(key)
    return value === undefined ? now !== null : now === value
  } catch {
    return false
  }
}
const waiting = () => flagged(OUTBOX_FLAG, '1')

/** Offline: the browser says so, or the service worker answered with a kept copy (src/sw/sw.ts). */
export const isOffline = () => !navigator.onLine || !!document.documentElement.dataset.offline

let registered = false
/**
 * Once per page: after hydration (hydrate.tsx), or, on a signed-in page that waits for the
 * person's touch to start React, once the page has loaded (signed-in.ts, decision 077): the kept
 * copies, the unsent saves and the "new version" notice do not wait for a touch.
 */
export function registerServiceWorker(userId: number | null) {
  if (registered) return
  registered = true
  // Progress made offline goes out on the next load online and when the network returns (issue 23 §5).
  if (userId !== null) {
    const send = () => void (waiting() && !isOffline() && outbox().then((m) => m.flush(userId)))
    send()
    addEventListener('online', send)
    // The push service renewed this device's subscription (src/sw/push.ts): saved while signed in.
    navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === 'PUSH_RENEWED')
        void import('./push').then(
          (m) => m.saveRenewed(),
          () => {},
        )
    })
  } else if (waiting()) {
    // Nobody signed in: the saves wait for their person, but none past its age (./outbox-store.ts).
    void outbox().then((m) => m.prune())
  }
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const start = () => {
    // No worker controlled this page when it loaded (the first visit, a new user's first pages):
    // once it takes over, this page and the person's Home and Continue are kept as a visit
    // would keep them, so they open offline in the person's frame (issue 42 §2).
    if (userId !== null && !navigator.serviceWorker.controller)
      navigator.serviceWorker.addEventListener('controllerchange', keepPersonPages, { once: true })
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => {
        // This device's reminders, dropped with the worker a parked update unregistered (./notices.ts).
        if (userId !== null && flagged(PUSH_CARRIED))
          void import('./push').then(
            (m) => m.resubscribeCarried(userId),
            () => {},
          )
        // A new version waits (skipWaiting is off) until the person chooses to reload.
        // Its words are the page's: React is started for it if the page still waits for a touch.
        // (React's chunks that cannot come leave the page without the notice, never an uncaught error.)
        const offer = () =>
          void notices()
            .then((m) => whenAwake().then(() => m.offerUpdate(reg, userId)))
            .catch(() => {})
        if (reg.waiting && navigator.serviceWorker.controller) offer()
        reg.addEventListener('updatefound', () => {
          const next = reg.installing
          next?.addEventListener('statechange', () => {
            if (next.state === 'installed' && navigator.serviceWorker.controller) offer()
          })
        })
      })
      .catch(() => {
        // No service worker (private mode, an old browser): the site works as before.
      })
  }
  if (document.readyState === 'complete') setTimeout(start, 0)
  else addEventListener('load', () => setTimeout(start, 0), { once: true })
  // The notice is for pages shown as they were (a kept copy), not for /help and the offline page.
  const shell = document.documentElement.dataset.offline === 'shell'
  // Without a service worker (private mode, blocked) the notice's chunk cannot load offline unless
  // fetched before: then no notice, and no uncaught error on the page.
  const offline = () =>
    void notices()
      .then((m) => whenAwake().then(() => m.showOffline()))
      .catch(() => {})
  if (isOffline() && !shell) offline()
  if (!shell) addEventListener('offline', offline)
}

/** This page, the Home and the Continue of the page's language: kept by the worker now (KEEP_PAGES). */
function keepPersonPages() {
  const prefix = location.pathname === '/en' || location.pathname.startsWith('/en/') ? '/en' : ''
  const paths = [...new Set([`${location.pathname}${location.search}`, `${prefix}/journey`, `${prefix}/performance`])]
  void askWorker({ type: 'KEEP_PAGES', paths }, 15_000)
}

/**
 * Logout and erasure (SPEC §4, issue 23 §4, §5): the pages, the downloaded units and the unsent
 * saves kept for this person go with the session. (A session that ends any other way loses its
 * pages and downloads through the service worker: client/pwa/viewer.ts, issue 32 §4.)
 */
export function forgetOfflinePages(): Promise<void> {
  const saves = waiting() ? outbox().then((m) => m.forget()) : Promise.resolve()
  // A subscription waiting to be carried over to a new worker is this person's (./push.ts), and
  // so are the routes they chose to download whole (./whole-route.ts): their
  // downloads go now, so nothing more follows them.
  try {
    localStorage.removeItem(PUSH_CARRIED)
    for (const key of Object.keys(localStorage)) if (key.startsWith('calma.whole-route.')) localStorage.removeItem(key)
  } catch {
    // private mode: nothing was kept
  }
  // Every person's pages (`calma-pages-<tag>`) and downloaded files (`calma-downloads-<tag>`).
  const personal = /^calma-(?:pages-(?!v$)|downloads)/
  const kept =
    typeof caches === 'undefined'
      ? Promise.resolve()
      : caches.keys().then((names) => Promise.all(names.filter((n) => personal.test(n)).map((n) => caches.delete(n))))
  // The record of the downloads (./downloads-kept.ts).
  const records =
    typeof indexedDB === 'undefined' ? Promise.resolve() : import('./downloads-kept').then((m) => m.forgetDownloads())
  return Promise.all([saves, kept, records]).then(
    () => undefined,
    () => undefined,
  )
}

/** A save of progress that could not reach the server: kept for later (./outbox.ts). */
export function keepOfflineSave(save: {
  user: number
  unit_id: number
  position: number
  completed: boolean
  played_at: number
}) {
  return outbox().then((m) => m.keep(save))
}

/**
 * A logout that could not reach the server (offline; issue 32 §4, decision 039): the service
 * worker takes it over. From now on it keeps and serves nothing for this session, and before any
 * other request of the site reaches the network it ends the session on the server with the
 * page's CSRF token and the session cookie the browser still holds. The page clears the companion
 * cookie (the session is no longer this device's). False when no worker can take it over: the
 * page then stays signed in and says so.
 */
export async function endSessionLater(locale: string): Promise<boolean> {
  const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
  if (!csrf) return false
  const answer = await askWorker<{ ok?: boolean }>({ type: 'LOGOUT', companion: companionValue(), csrf, locale })
  if (!answer?.ok) return false
  clearCompanion()
  return true
}
