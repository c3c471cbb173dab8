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
 * - Navigations: the network first. A visited page of the list below is kept for its viewer
 *   (the x-calma-viewer header the Worker sends); a different viewer empties that cache first,
 *   and logout empties it from the page. Offline: that copy, else /help, else the offline page,
 *   in the language of the path.
 * - Never: /v1 (personal, no-store), /media, /ws, /auth, /hooks, anything not GET.
 * - A new version waits until the page asks it to take over (the page offers a reload).
 */
import { CacheFirst, ExpirationPlugin, Serwist, createPartialResponse, type PrecacheEntry } from 'serwist'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }
/** A hash of this build's precache list (scripts/build-sw.mjs). */
declare const SW_VERSION: string

const SHELL_CACHE = `calma-shell-${SW_VERSION}`
/** Pages a person visited, for the current viewer only. Logout deletes it (src/client/pwa). */
const PAGES_CACHE = 'calma-pages'
const ASSETS_CACHE = 'calma-assets'
/** Units a person downloaded (issue 23 §4; src/client/pwa/downloads.ts), by `/media/<key>` without its signature. */
const DOWNLOADS_CACHE = 'calma-downloads'
const VIEWER_HEADER = 'x-calma-viewer'
const VIEWER_KEY = '/__calma/viewer'
const SHELL = ['/help', '/en/help', '/offline', '/en/offline']
/** The pages kept once visited (issue 23 §6): home, the journey, plans, routes and articles. */
const KEPT = /^(?:\/en)?\/(?:|journey|plan\/[^/]+|routes|route\/[^/]+|blog|post\/[^/]+|profile)$/
/** Never answered by the worker: the network only, as if it were not there. */
const NEVER = /^\/(?:v1|media|ws|auth|hooks|__dev|logout|en\/logout)(?:\/|$)/

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
 * A downloaded unit's media (issue 23 §4): answered from `calma-downloads` whatever its hourly
 * signature (`?exp&sig` ignored), with a 206 slice for `Range: bytes=` so the player seeks
 * offline. Anything not downloaded goes to the network untouched (never kept here).
 */
serwist.registerCapture(
  ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/media/'),
  async ({ request, url }) => {
    // caches.match with a cacheName never creates the cache (logout's deletion stays whole).
    const kept = await caches
      .match(`${url.origin}${url.pathname}`, { cacheName: DOWNLOADS_CACHE })
      .catch(() => undefined)
    if (!kept) return fetch(request)
    return request.headers.has('range') ? createPartialResponse(request, kept) : kept
  },
)

serwist.registerCapture(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !NEVER.test(url.pathname),
  async ({ request, url }) => navigate(request, url),
)

async function navigate(request: Request, url: URL): Promise<Response> {
  let res: Response
  try {
    res = await fetch(request)
  } catch {
    return offlineAnswer(url)
  }
  const viewer = res.headers.get(VIEWER_HEADER)
  if (viewer) {
    const known = await currentViewer()
    if (known !== viewer) await forgetPages(viewer)
    if (
      res.status === 200 &&
      !res.redirected &&
      KEPT.test(url.pathname) &&
      res.headers.get('content-type')?.startsWith('text/html')
    ) {
      const copy = res.clone()
      // The page is already on its way; keeping the copy must not hold it.
      void caches
        .open(PAGES_CACHE)
        .then((c) => c.put(pageKey(url), copy))
        .catch(() => {})
    }
  }
  return res
}

async function offlineAnswer(url: URL): Promise<Response> {
  const kept = await caches.open(PAGES_CACHE).then((c) => c.match(pageKey(url)))
  if (kept) return markedOffline(kept, 'kept')
  const en = url.pathname === '/en' || url.pathname.startsWith('/en/')
  const help = /^(?:\/en)?\/help$/.test(url.pathname)
  const shell = await caches.open(SHELL_CACHE)
  const page =
    (await shell.match(`${en ? '/en' : ''}${help ? '/help' : '/offline'}`)) ??
    (await shell.match(help ? '/help' : '/offline'))
  return page ? markedOffline(page, 'shell') : Response.error()
}

/**
 * The page knows it was answered offline (src/client/pwa/register.ts): `<html data-offline=kept>`
 * for a kept copy (the notice says so), `shell` for /help and the offline page.
 * navigator.onLine alone misses a network that is there but does not answer.
 */
async function markedOffline(res: Response, how: 'kept' | 'shell'): Promise<Response> {
  const html = (await res.text()).replace(/<html([^>]*)>/, `<html$1 data-offline="${how}">`)
  return new Response(html, { status: res.status, statusText: res.statusText, headers: res.headers })
}

/** Kept pages by path and query, never by fragment. */
const pageKey = (url: URL) => `${url.pathname}${url.search}`

async function currentViewer(): Promise<string | null> {
  const r = await caches.open(PAGES_CACHE).then((c) => c.match(VIEWER_KEY))
  return r ? r.text() : null
}

/** A different person (or a visitor after a session): nothing of the last one stays. */
async function forgetPages(viewer: string) {
  await caches.delete(PAGES_CACHE)
  const c = await caches.open(PAGES_CACHE)
  await c.put(VIEWER_KEY, new Response(viewer))
}

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
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('calma-shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k))),
      ),
  )
})

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type
  if (type === 'SKIP_WAITING') void self.skipWaiting()
})

serwist.addEventListeners()
