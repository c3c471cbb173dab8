/**
 * The service worker (issue 23; src/sw/sw.ts) registers once the page is interactive (after
 * hydration and the load event), so it never competes with the first paint or the landing's
 * JS budget. Its notices (offline, a new version) load in their own chunk only when needed.
 */
const notices = () => import('./notices')
const outbox = () => import('./outbox')
/** Set while progress made offline waits in IndexedDB (./outbox.ts), so other loads skip the lookup. */
export const OUTBOX_FLAG = 'calma_outbox'
const waiting = () => {
  try {
    return localStorage.getItem(OUTBOX_FLAG) === '1'
  } catch {
    return false
  }
}

/** Offline: the browser says so, or the service worker answered with a kept copy (src/sw/sw.ts). */
export const isOffline = () => !navigator.onLine || !!document.documentElement.dataset.offline

export function registerServiceWorker(userId: number | null) {
  // Progress made offline goes out on the next load online and when the network returns (issue 23 §5).
  if (userId !== null) {
    const send = () => void (waiting() && !isOffline() && outbox().then((m) => m.flush(userId)))
    send()
    addEventListener('online', send)
  }
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => {
        // A new version waits (skipWaiting is off) until the person chooses to reload.
        const offer = () => void notices().then((m) => m.offerUpdate(reg))
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
  if (isOffline() && !shell) void notices().then((m) => m.showOffline())
  if (!shell) addEventListener('offline', () => void notices().then((m) => m.showOffline()))
}

/**
 * Logout and erasure (SPEC §4, issue 23 §4, §5): the pages, the downloaded units and the unsent
 * saves kept for this person go with the session. (A session that ends any other way loses its
 * pages and downloads through the service worker: client/pwa/viewer.ts, issue 32 §4.)
 */
export function forgetOfflinePages(): Promise<void> {
  const saves = waiting() ? outbox().then((m) => m.forget()) : Promise.resolve()
  // Every person's pages (`calma-pages-<tag>`) and downloaded files (`calma-downloads-<tag>`).
  const personal = /^calma-(?:pages-(?!v$)|downloads)/
  const kept =
    typeof caches === 'undefined'
      ? Promise.resolve()
      : caches.keys().then((names) => Promise.all(names.filter((n) => personal.test(n)).map((n) => caches.delete(n))))
  // The record of the downloads (./downloads.ts).
  const records =
    typeof indexedDB === 'undefined' ? Promise.resolve() : import('./downloads').then((m) => m.forgetDownloads())
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
