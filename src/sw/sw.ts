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
import { createStore, get, set } from 'idb-keyval'
import { CacheFirst, ExpirationPlugin, Serwist, createPartialResponse, type PrecacheEntry } from 'serwist'
import { TAG_RE } from '#shared/viewer-tag'
import { dropErasedSaves } from '../client/pwa/outbox-store'
import {
  VIEWER_COOKIE,
  VISITOR,
  currentTag,
  downloadsCache,
  forgetOthers,
  pagesCache,
  parseViewer,
  tagOf,
  tagOfViewer,
} from '../client/pwa/viewer'
import { keptPage, pageKey } from './kept-pages'
// Reminders on this device (issue 34 §1): push, notificationclick, pushsubscriptionchange.
import './push'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }
/** A hash of this build's precache list (scripts/build-sw.mjs). */
declare const SW_VERSION: string

const SHELL_CACHE = `calma-shell-${SW_VERSION}`
const ASSETS_CACHE = 'calma-assets'
// Pages a viewer visited: `calma-pages-<tag>` (client/pwa/viewer.ts), `calma-pages-v` for visitors.
// Units a person downloaded (issue 23 §4; src/client/pwa/downloads.ts): `calma-downloads-<tag>`,
// by `/media/<key>` without its signature.
const VIEWER_HEADER = 'x-calma-viewer'
/** The person of the session whose companion this answer clears was erased: that session's tag (worker/http/viewer.ts). */
const ERASED_HEADER = 'x-calma-erased'
const SHELL = ['/help', '/en/help', '/offline', '/en/offline']
/** The pages kept once visited (issue 23 §6): home, the journey, plans, routes and articles. */
const KEPT = /^(?:\/en)?\/(?:|journey|plan\/[^/]+|routes|route\/[^/]+|blog|post\/[^/]+|profile|downloads)$/
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
 * A session this device ended without the server (a logout made offline, handed over by the page:
 * client/pwa/register.ts endSessionLater). Kept in IndexedDB (`calma-sw` / `state`, key `ended`),
 * never the id: its tag, the moment it ends anyway, and, until the server has ended it, what the
 * logout call needs (the page's CSRF token and language).
 */
interface EndedSession {
  tag?: string
  /** Until when (ms) that session is refused here: its own end. */
  until: number
  csrf?: string
  locale?: string
}
const state = createStore('calma-sw', 'state')
let ended: EndedSession | null = null
const stateRead = get<EndedSession>('ended', state).then(
  (e) => void (ended = e && (e.csrf || e.until > Date.now()) ? e : null),
  () => undefined,
)

/** Whether this worker can tell whose session the device holds (the Cookie Store API): else nothing personal is kept. */
const knowsViewer = () => !!(self as { cookieStore?: unknown }).cookieStore

/**
 * The device's viewer now: the companion cookie (client/pwa/viewer.ts currentTag), except a
 * session ended here, which is a visitor from the moment its logout was handed over (its cookie
 * may be set again by an answer that left before the logout did).
 */
async function deviceTag(): Promise<string | null> {
  await stateRead
  const tag = await currentTag()
  return tag && ended?.tag === tag && (ended.csrf || ended.until > Date.now()) ? VISITOR : tag
}

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

/** The device's viewer now, with everything of the others gone. */
async function viewerNow(): Promise<string | null> {
  const tag = await deviceTag()
  await onlyFor(tag)
  return tag
}

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

/**
 * Carry out the logout handed over (EndedSession.csrf), once at a time: POST /v1/user/logout with
 * the session cookie the browser still holds. 200: ended. 401 (no session: it ended meanwhile, or
 * the browser dropped its cookie) and 403 (the CSRF token is not the cookie's session's: another
 * session replaced it): nothing of that session is left to end here. Anything else (the network,
 * a 5xx, a 429): not yet, and nothing else goes out.
 */
let loggingOut: Promise<boolean> | null = null
function logoutCarriedOut(): Promise<boolean> {
  const e = ended
  if (!e?.csrf) return Promise.resolve(true)
  loggingOut ??= (async () => {
    try {
      const res = await fetch('/v1/user/logout', {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'application/json', 'x-csrf-token': e.csrf!, ...(e.locale ? { locale: e.locale } : {}) },
      })
      void res.body?.cancel()
      if (!(res.ok || res.status === 401 || res.status === 403)) return false
    } catch {
      return false
    }
    const done: EndedSession = { ...(e.tag ? { tag: e.tag } : {}), until: e.until }
    if (ended === e) ended = done
    await set('ended', done, state).catch(() => {})
    return true
  })().finally(() => (loggingOut = null))
  return loggingOut
}

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
  if (started && !ended?.csrf) return
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

async function navigate(request: Request, url: URL, kept: Promise<unknown>[] = []): Promise<Response> {
  let res: Response
  try {
    res = await fetch(request)
  } catch {
    return offlineAnswer(url)
  }
  // Whom the Worker rendered this for (absent: it could not read the session, so nothing changes).
  const said = res.headers.get(VIEWER_HEADER)
  if (said === null) return res
  // The person of the session this device held was erased: their queued saves go (decision 039).
  const erased = res.headers.get(ERASED_HEADER)
  const [rendered, now] = await Promise.all([
    tagOfViewer(said),
    deviceTag(),
    erased && TAG_RE.test(erased) ? dropErasedSaves(erased) : null,
  ])
  await onlyFor(now)
  // Kept only under the viewer it was rendered for, when that is still the device's (the cookie
  // jar, after this answer's own cookies) and the worker can tell (the Cookie Store API). A
  // visitor's page is nobody's: kept even where the worker cannot read the cookie jar.
  if (
    rendered &&
    (rendered === now || rendered === VISITOR) &&
    res.status === 200 &&
    !res.redirected &&
    KEPT.test(url.pathname) &&
    res.headers.get('content-type')?.startsWith('text/html')
  ) {
    const copy = withoutViewer(res.clone())
    // The page is already on its way; keeping the copy must not hold it (KEEP_PAGES waits).
    const put = caches
      .open(pagesCache(rendered))
      .then((c) => c.put(pageKey(url), copy))
      .catch(() => {})
    kept.push(put)
  }
  return res
}

/**
 * A page as it is kept: without the headers that name its viewer. Nothing on the device holds a
 * viewer id (only the companion cookie while its session lasts): written back into the cookie,
 * an id kept with a copy would open that session's copies again (decision 039).
 */
function withoutViewer(res: Response): Response {
  const headers = new Headers(res.headers)
  headers.delete(VIEWER_HEADER)
  headers.delete(ERASED_HEADER)
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
}

/** The copies kept before viewers were left out of them (decision 039): kept again without. */
async function stripKeptViewers() {
  for (const name of await caches.keys()) {
    if (!name.startsWith('calma-pages-')) continue
    const cache = await caches.open(name)
    for (const req of await cache.keys()) {
      const res = await cache.match(req)
      if (res && (res.headers.has(VIEWER_HEADER) || res.headers.has(ERASED_HEADER)))
        await cache.put(req, withoutViewer(res))
    }
  }
}

async function offlineAnswer(url: URL): Promise<Response> {
  // A person's copies only to that person; visitors' copies to a visitor, and where the worker
  // cannot tell who holds the device (they are nobody's).
  const tag = (await viewerNow().catch(() => null)) ?? VISITOR
  const kept = await keptPage(url, pagesCache(tag))
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
      stripKeptViewers().catch(() => {}),
    ]),
  )
})

/**
 * A logout the page could not send (offline): from now on this session is a visitor here, every
 * person's copies go, and the logout is carried out before anything else reaches the network.
 */
async function endSession(data: { companion?: unknown; csrf?: unknown; locale?: unknown }): Promise<boolean> {
  if (typeof data.csrf !== 'string' || !data.csrf || data.csrf.length > 200) return false
  const viewer = parseViewer(typeof data.companion === 'string' ? data.companion : undefined)
  const next: EndedSession = {
    ...(viewer ? { tag: await tagOf(viewer.id) } : {}),
    until: viewer?.exp ?? Date.now(),
    csrf: data.csrf,
    ...(data.locale === 'en' || data.locale === 'es' ? { locale: data.locale } : {}),
  }
  await stateRead
  await set('ended', next, state)
  ended = next
  cleanFor = undefined
  await forgetOthers(VISITOR)
  return true
}

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

/** The hashed scripts, styles and words a kept page names, so it hydrates offline never having run online. */
async function keepAssetsOf(html: string) {
  const names = new Set([...html.matchAll(/"(\/(?:assets|i18n)\/[^"?#]+)"/g)].map((m) => m[1]!))
  const cache = await caches.open(ASSETS_CACHE)
  for (const name of names) if (!(await cache.match(name))) await cache.add(name).catch(() => {})
}

/** KEEP_PAGES: each same-origin path the list keeps, fetched as a visit and kept by `navigate`'s rules; how many. */
async function keepPages(paths: unknown): Promise<number> {
  if (!Array.isArray(paths)) return 0
  let n = 0
  for (const path of paths.slice(0, 4)) {
    if (typeof path !== 'string' || !path.startsWith('/')) continue
    const url = new URL(path, self.location.origin)
    if (url.origin !== self.location.origin || !KEPT.test(url.pathname)) continue
    const kept: Promise<unknown>[] = []
    const res = await navigate(new Request(url, { credentials: 'same-origin' }), url, kept)
    await Promise.all([...kept, keepAssetsOf(await res.text().catch(() => ''))])
    n += kept.length
  }
  return n
}

serwist.addEventListeners()
