import { createStore, del, entries } from 'idb-keyval'
import { tagOf } from '#shared/viewer-tag'
import { VIEWER_COOKIE, companionValue } from './companion'

export { VIEWER_COOKIE, tagOf }

/**
 * Whose offline copies these are (issue 32 §4; docs/decisions/039-offline-copies-belong-to-one-session.md).
 * Shared by the service worker (src/sw/sw.ts) and the page's downloads (./downloads.ts): it must
 * type-check in both, so it reaches the globals through `globalThis`.
 *
 * The Worker names the device's viewer in the companion cookie `__Host-calma_viewer`
 * (worker/http/viewer.ts): `<id>.<exp>` for a cookie session, absent for a visitor. The browser's
 * cookie jar is the truth offline too: the companion goes when the session cookie does (the
 * browser closed, its Max-Age reached, any answer that found the session over), and `exp` says
 * when the session ends with the browser still open.
 *
 * A person's kept pages and downloaded files live in caches named by a hash of the id (`tag`),
 * never the id itself: once the companion is gone nothing left on the device names a cookie that
 * would open them again, and they are deleted at the first chance anyway (`forgetOthers`).
 */
/** The viewer when nobody is signed in: pages kept for visitors are nobody's. */
export const VISITOR = 'v'
const PAGES = 'calma-pages-'
const DOWNLOADS = 'calma-downloads-'
/** The caches of before issue 32, kept for whoever came next: deleted on sight. */
const UNOWNED = new Set(['calma-pages', 'calma-downloads'])

export const pagesCache = (tag: string) => `${PAGES}${tag}`
export const downloadsCache = (tag: string) => `${DOWNLOADS}${tag}`

/** `<id>.<exp>` of a session not yet over by the clock, else null. */
export function parseViewer(value: string | null | undefined, now = Date.now()): { id: string; exp: number } | null {
  const m = /^([A-Za-z0-9_-]{22})\.(\d{1,12})$/.exec(value ?? '')
  if (!m) return null
  const exp = Number(m[2]) * 1000
  return exp > now ? { id: m[1]!, exp } : null
}

/** A viewer as the Worker's header or the companion say it: its tag, `v`, or null (unknown, or over). */
export async function tagOfViewer(value: string | null | undefined): Promise<string | null> {
  if (value === VISITOR) return VISITOR
  const v = parseViewer(value)
  return v ? tagOf(v.id) : null
}

interface CookieJar {
  get(name: string): Promise<{ value?: string } | null>
}

/**
 * The device's viewer now, from the cookie jar: a person's tag, `v` for a visitor (or a session
 * whose time is up), null when it cannot be known (a service worker without the Cookie Store
 * API): then nothing personal is kept or served.
 */
export async function currentTag(): Promise<string | null> {
  const g = globalThis as { cookieStore?: CookieJar; document?: unknown }
  let value: string | undefined
  if (g.cookieStore) {
    value = (await g.cookieStore.get(VIEWER_COOKIE).catch(() => null))?.value
  } else if (g.document) {
    value = companionValue()
  } else return null
  const v = parseViewer(value)
  return v ? tagOf(v.id) : VISITOR
}

let records: ReturnType<typeof createStore> | null = null
/** IndexedDB `calma-downloads` / `units`: what was downloaded, by which viewer (./downloads.ts). */
export const downloadRecords = () => (records ??= createStore('calma-downloads', 'units'))

/**
 * Everything personal that is not `tag`'s goes: other viewers' kept pages and downloaded files,
 * the caches of before issue 32, and the records of other viewers' downloads. `tag` null or `v`:
 * every person's. Visitors' pages stay (nobody's).
 */
export async function forgetOthers(tag: string | null): Promise<void> {
  const mine = tag && tag !== VISITOR ? tag : null
  const names = await caches.keys()
  await Promise.all([
    ...names
      .filter((n) => UNOWNED.has(n) || n.startsWith(DOWNLOADS) || (n.startsWith(PAGES) && n !== pagesCache(VISITOR)))
      .filter((n) => !mine || (n !== pagesCache(mine) && n !== downloadsCache(mine)))
      .map((n) => caches.delete(n)),
    entries<string, { viewer?: string }>(downloadRecords())
      .then((all) =>
        Promise.all(all.filter(([, d]) => !mine || d.viewer !== mine).map(([k]) => del(k, downloadRecords()))),
      )
      .catch(() => {}),
  ])
}
