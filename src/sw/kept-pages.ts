/// <reference lib="webworker" />
/**
 * Navigations (issue 23 §6; decision 039): the network first; a visited page of the KEPT list is
 * kept for the session it was rendered for and, offline, answered only to that session (else the
 * help or offline page of the shell, in the path's language). Also KEEP_PAGES, a download's pages
 * kept as a visit would keep them.
 */
import { TAG_RE } from '#shared/viewer-tag'
import { dropErasedSaves } from '../client/pwa/outbox-store'
import { VISITOR, pagesCache, tagOfViewer } from '../client/pwa/viewer'
import { ASSETS_CACHE, ERASED_HEADER, KEPT, SHELL_CACHE, VIEWER_HEADER, pageKey } from './cache-names'
import { deviceTag, onlyFor, viewerNow } from './device-session'

declare const self: ServiceWorkerGlobalScope

export async function navigate(request: Request, url: URL, kept: Promise<unknown>[] = []): Promise<Response> {
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
export async function stripKeptViewers() {
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

export async function offlineAnswer(url: URL): Promise<Response> {
  // A person's copies only to that person; visitors' copies to a visitor, and where the worker
  // cannot tell who holds the device (they are nobody's).
  const tag = (await viewerNow().catch(() => null)) ?? VISITOR
  const kept = await keptPage(url, pagesCache(tag))
  if (kept) return markedOffline(kept, 'kept')
  const en = url.pathname === '/en' || url.pathname.startsWith('/en/')
  // Continue with no copy of its own: the person's last route, else their downloads (issue 42 §2).
  if (tag !== VISITOR && CONTINUE.test(url.pathname)) {
    const elsewhere = await continueOffline(pagesCache(tag), en ? '/en' : '')
    if (elsewhere) return Response.redirect(elsewhere, 302)
  }
  const help = /^(?:\/en)?\/help$/.test(url.pathname)
  const shell = await caches.open(SHELL_CACHE)
  const page =
    (await shell.match(`${en ? '/en' : ''}${help ? '/help' : '/offline'}`)) ??
    (await shell.match(help ? '/help' : '/offline'))
  return page ? markedOffline(page, 'shell') : Response.error()
}

/** The bottom navigation's Continue (SPEC §2: /journey). */
const CONTINUE = /^(?:\/en)?\/journey$/

/**
 * Where Continue opens offline when the journey was never kept: the route page this person kept
 * last (a cache lists its entries in the order they were put, a page kept again goes last), else
 * their Downloads screen, in the language asked; null when neither is kept.
 */
async function continueOffline(cacheName: string, prefix: string): Promise<string | null> {
  if (!(await caches.has(cacheName))) return null
  const cache = await caches.open(cacheName)
  const paths = (await cache.keys()).map((r) => new URL(r.url))
  const route = new RegExp(`^${prefix}/route/[^/]+$`)
  const last = paths.filter((u) => route.test(u.pathname)).pop()
  if (last) return last.href
  return paths.find((u) => u.pathname === `${prefix}/downloads`)?.href ?? null
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

/** The hashed scripts, styles and words a kept page names, so it hydrates offline never having run online. */
async function keepAssetsOf(html: string) {
  const names = new Set([...html.matchAll(/"(\/(?:assets|i18n)\/[^"?#]+)"/g)].map((m) => m[1]!))
  const cache = await caches.open(ASSETS_CACHE)
  for (const name of names) if (!(await cache.match(name))) await cache.add(name).catch(() => {})
}

/** KEEP_PAGES: each same-origin path the list keeps, fetched as a visit and kept by `navigate`'s rules; how many. */
export async function keepPages(paths: unknown): Promise<number> {
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

/**
 * The kept copy for this address: its own, else the copy without `plan_id`, which is only the
 * plan's hint to the route page: /route/<slug>?plan_id=<id> (the plan's and the journey's links)
 * is the page a download keeps at /route/<slug> (issue 34 §2, found from outside).
 */
async function keptPage(url: URL, cacheName: string): Promise<Response | undefined> {
  const match = (key: string) => caches.match(key, { cacheName }).catch(() => undefined)
  const own = await match(pageKey(url))
  if (own || !url.searchParams.has('plan_id')) return own
  const bare = new URL(url)
  bare.searchParams.delete('plan_id')
  return match(pageKey(bare))
}
