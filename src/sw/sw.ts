/// <reference lib="webworker" />
/**
 * Calma's service worker (issue 23; docs/decisions/023-offline-and-install.md). Built after the
 * client by scripts/build-sw.mjs (esbuild, then Serwist's injectManifest) into dist/client/sw.js.
 *
 * - Precache (Serwist): the entry's script and styles, the help and offline pages' chunks, the
 *   icons and manifests: what the help and offline pages need, nothing else.
 * - The shell: /help, /en/help, /offline, /en/offline fetched at install WITHOUT cookies (nobody's
 *   page), one cache per build.
 * - Hashed /assets/* and a language's words /i18n/*: cache first (they never change), so a visited
 *   page hydrates offline; the shell's words are kept at install.
 * - Navigations: the network first. A visited page of the list below is kept for the session it
 *   was rendered for, and served only while that session is the device's (issue 32 §4;
 *   docs/decisions/039-offline-copies-belong-to-one-session.md): the Worker names the viewer in
 *   the x-calma-viewer header and in the companion cookie, read here through the Cookie Store API,
 *   offline too. Another viewer, a visitor, a session past its expiry: every other person's pages
 *   and downloads are deleted first, and at the worker's start before any request is answered or
 *   let through. Copies are kept without the header (nothing on the device holds a viewer id).
 *   Offline: the current viewer's copy (a visitor's where the worker cannot read the cookie jar;
 *   a route's without its ?plan_id= hint: kept-pages.ts),
 *   else /help, else the offline page, in the language of the path.
 * - Downloaded media (issue 23 §4): from the current viewer's downloads only; none are kept where
 *   this worker cannot read the cookie jar (the page asks first: CAN_KEEP).
 * - A logout made offline (LOGOUT from the page): the session is a visitor here at once, and its
 *   logout is carried out before any other request of the site reaches the network.
 * - An erased person's queued progress goes when an answer says so (x-calma-erased).
 * - Never: /v1 (personal, no-store), /ws, /auth, /hooks, anything not GET.
 * - A new version waits until the page asks it to take over (the page offers a reload).
 */
import { CacheFirst, ExpirationPlugin, Serwist, createPartialResponse, type PrecacheEntry } from 'serwist'
import { VIEWER_COOKIE, VISITOR, downloadsCache } from '../client/pwa/viewer'
import { ASSETS_CACHE, NEVER, SHELL, SHELL_CACHE } from './cache-names'
import { endSession, knowsViewer, logoutCarriedOut, logoutPending, recheckViewer, viewerNow } from './device-session'
import { keepPages, navigate, offlineAnswer, stripKeptViewers } from './kept-pages'
// Reminders on this device (issue 34 §1): push, notificationclick, pushsubscriptionchange.
import './push'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
})

// A language's words (/i18n/<locale>.<hash>.json, worker/ssr/messages-file.ts) change name with
// their content, like the hashed assets.
serwist.registerCapture(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/i18n/')),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
)

/**
 * The worker's start: everything that is not the device's viewer's goes before it answers or
 * lets through any request (the `fetch` listener below holds them until then). A browser reopened
 * after a session that ended with it finds that session's copies gone before its first page.
 */
let started = false
const startup = viewerNow().then(
  () => void (started = true),
  () => void (started = true),
)

/** While a logout waits: only what this worker keeps for anyone (the precache, the assets, the shell). */
async function withoutNetwork(request: Request): Promise<Response> {
  const url = new URL(request.url)
  if (request.mode === 'navigate') return offlineAnswer(url)
  if (request.method !== 'GET') return Response.error()
  const kept =
    (await serwist.matchPrecache(request)) ??
    (await caches.match(request, { cacheName: ASSETS_CACHE })) ??
    (await caches.match(url.pathname, { cacheName: SHELL_CACHE }))
  return kept ?? Response.error()
}

/** A request held by the start or a pending logout, then answered as usual. */
async function afterStartAndLogout(event: FetchEvent): Promise<Response> {
  await startup
  const { request } = event
  if (!(await logoutCarriedOut())) return withoutNetwork(request)
  return (await serwist.handleRequest({ request, event })) ?? fetch(request)
}

// Before Serwist's own listener (added last): while the worker starts, or a logout waits to be
// carried out, every request of the site waits here; otherwise Serwist's routes answer as usual.
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).origin !== self.location.origin) return
  if (started && !logoutPending()) return
  event.stopImmediatePropagation()
  event.respondWith(afterStartAndLogout(event))
})

/**
 * A downloaded unit's media (issue 23 §4): answered from the current viewer's downloads whatever
 * its hourly signature (`?exp&sig` ignored), with a 206 slice for `Range: bytes=` so the player
 * seeks offline. Anyone else's request, and anything not downloaded, goes to the network
 * untouched (never kept here).
 */
serwist.registerCapture(
  ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/media/'),
  async ({ request, url }) => {
    const tag = await viewerNow().catch(() => null)
    if (!tag || tag === VISITOR) return fetch(request)
    // caches.match with a cacheName never creates the cache (a deletion stays whole).
    const kept = await caches
      .match(`${url.origin}${url.pathname}`, { cacheName: downloadsCache(tag) })
      .catch(() => undefined)
    if (!kept) return fetch(request)
    return request.headers.has('range') ? createPartialResponse(request, kept) : kept
  },
)

serwist.registerCapture(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !NEVER.test(url.pathname),
  async ({ request, url }) => navigate(request, url),
)

// The companion cookie changes (a sign-in, a logout, a 401 or another viewer's answer to any
// request, pages' calls included): the other viewers' copies go now, not at the next navigation.
self.addEventListener('cookiechange', (event) => {
  recheckViewer()
  event.waitUntil(
    viewerNow().then(
      () => undefined,
      () => undefined,
    ),
  )
})

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE)
      await Promise.all(
        SHELL.map(async (path) => {
          const res = await fetch(path, { credentials: 'omit', cache: 'no-store' })
          if (!res.ok) throw new Error(`${path}: ${res.status}`)
          await cache.put(path, res.clone())
          // The words the page names (its language's), so the shell hydrates offline.
          const words = /"messages":"(\/i18n\/[^"]+)"/.exec(await res.text())?.[1]
          if (words) await caches.open(ASSETS_CACHE).then((a) => a.add(words))
        }),
      )
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys.filter((k) => k.startsWith('calma-shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k)),
          ),
        ),
      // Woken by every change of the companion cookie (where the browser offers it).
      self.registration.cookies?.subscribe([{ name: VIEWER_COOKIE, url: '/' }]).catch(() => {}),
      viewerNow().catch(() => {}),
      stripKeptViewers().catch(() => {}),
    ]),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data as {
    type?: string
    companion?: unknown
    csrf?: unknown
    locale?: unknown
    paths?: unknown
  } | null
  const reply = (answer: unknown) => event.ports[0]?.postMessage(answer)
  switch (data?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting()
      break
    // Can a person's downloads be kept here (client/pwa/downloads.ts canKeepOffline)?
    case 'CAN_KEEP':
      reply({ personal: knowsViewer() })
      break
    // A download (issue 34 §2): its route page and the Downloads screen, kept now for this viewer
    // as a visit would keep them, so they open offline even when downloaded on the first visit
    // (made before this worker controlled the page, so never kept by `navigate`).
    case 'KEEP_PAGES':
      event.waitUntil(keepPages(data.paths).then(reply, () => reply(0)))
      break
    case 'LOGOUT':
      event.waitUntil(
        endSession(data).then(
          (ok) => reply({ ok }),
          () => reply({ ok: false }),
        ),
      )
      break
  }
})

serwist.addEventListeners()
