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
 *   and downloads are deleted first. Offline: the current viewer's copy, else /help, else the
 *   offline page, in the language of the path.
 * - Downloaded media (issue 23 §4): from the current viewer's downloads only.
 * - Never: /v1 (personal, no-store), /ws, /auth, /hooks, anything not GET.
 * - A new version waits until the page asks it to take over (the page offers a reload).
 */
import { CacheFirst, ExpirationPlugin, Serwist, createPartialResponse, type PrecacheEntry } from 'serwist'
import {
  VIEWER_COOKIE,
  VISITOR,
  currentTag,
  downloadsCache,
  forgetOthers,
  pagesCache,
  tagOfViewer,
} from '../client/pwa/viewer'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }
/** A hash of this build's precache list (scripts/build-sw.mjs). */
declare const SW_VERSION: string

const SHELL_CACHE = `calma-shell-${SW_VERSION}`
const ASSETS_CACHE = 'calma-assets'
// Pages a viewer visited: `calma-pages-<tag>` (client/pwa/viewer.ts), `calma-pages-v` for visitors.
// Units a person downloaded (issue 23 §4; src/client/pwa/downloads.ts): `calma-downloads-<tag>`,
// by `/media/<key>` without its signature.
const VIEWER_HEADER = 'x-calma-viewer'
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
 * Nothing of another viewer stays (client/pwa/viewer.ts forgetOthers), checked whenever the
 * worker acts for the device's viewer. Within this worker's life, once per viewer: the page
 * writes downloads only for the current one.
 */
let cleanFor: string | null | undefined
async function onlyFor(tag: string | null) {
  if (tag === cleanFor) return
  await forgetOthers(tag)
  cleanFor = tag
}

/** The device's viewer now (the companion cookie), with everything of the others gone. */
async function viewerNow(): Promise<string | null> {
  const tag = await currentTag()
  await onlyFor(tag)
  return tag
}

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

async function navigate(request: Request, url: URL): Promise<Response> {
  let res: Response
  try {
    res = await fetch(request)
  } catch {
    return offlineAnswer(url)
  }
  // Whom the Worker rendered this for (absent: it could not read the session, so nothing changes).
  const said = res.headers.get(VIEWER_HEADER)
  if (said === null) return res
  const [rendered, now] = await Promise.all([tagOfViewer(said), currentTag()])
  await onlyFor(now)
  // Kept only under the viewer it was rendered for, when that is still the device's (the cookie
  // jar, after this answer's own cookies) and the worker can tell (the Cookie Store API).
  if (
    rendered &&
    rendered === now &&
    res.status === 200 &&
    !res.redirected &&
    KEPT.test(url.pathname) &&
    res.headers.get('content-type')?.startsWith('text/html')
  ) {
    const copy = res.clone()
    // The page is already on its way; keeping the copy must not hold it.
    void caches
      .open(pagesCache(rendered))
      .then((c) => c.put(pageKey(url), copy))
      .catch(() => {})
  }
  return res
}

async function offlineAnswer(url: URL): Promise<Response> {
  const tag = await viewerNow().catch(() => null)
  const kept = tag ? await caches.match(pageKey(url), { cacheName: pagesCache(tag) }).catch(() => undefined) : undefined
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

// The companion cookie changes (a sign-in, a logout, a 401 or another viewer's answer to any
// request, pages' calls included): the other viewers' copies go now, not at the next navigation.
self.addEventListener('cookiechange', (event) => {
  cleanFor = undefined
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
    ]),
  )
})

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type
  if (type === 'SKIP_WAITING') void self.skipWaiting()
})

serwist.addEventListeners()
