import type { Env } from '#worker/env'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

export interface PageAssets {
  entry: string
  css: string[]
  /** The text of each of `css` (same order), null when it could not be read: then it is linked. */
  cssText: (string | null)[]
  preload: string[]
  dev: boolean
}

export const MANIFEST_PATH = '/assets-manifest.json'
const ENTRY = 'src/client/entry.tsx'
/**
 * The dynamic imports of React's start-up (entry.tsx imports hydrate.tsx, which imports react-dom,
 * then the frame, in pieces): fetched together with the page's chunks, each evaluated in its turn.
 */
const STARTUP = /(^|\/)react-dom\/client\.js$|^src\/client\/app\/App\.tsx$|^src\/client\/hydrate\.tsx$/

let cachedManifest: Manifest | null = null

/**
 * The client build's manifest, read through the ASSETS binding and kept once read. Only the
 * value is kept, never the read in flight: Workers cancel the I/O of a request that has ended,
 * so a shared read would fail every request waiting on it. Concurrent first requests may each
 * read it; a failed read is not kept (the next request tries again, e.g. once a build finished).
 */
export async function manifest(env: Env): Promise<Manifest | null> {
  if (cachedManifest) return cachedManifest
  const m = await env.ASSETS.fetch(new Request(`http://assets${MANIFEST_PATH}`))
    .then((r) => (r.ok ? (r.json() as Promise<Manifest>) : null))
    .catch(() => null)
  if (m) cachedManifest = m
  return m
}

let cachedBuild: string | null = null
/**
 * Which client build this Worker serves: a hash of its manifest (every script and style file
 * name), '' under `vite dev` and in worker tests. A page kept in the Cache API names the build's
 * files, and the Cache API outlives a deployment: http/public-cache.ts keys a kept page by it, so
 * a new deployment never answers with a copy whose hashed scripts and styles are gone.
 */
export async function buildVersion(env: Env): Promise<string> {
  if (cachedBuild !== null) return cachedBuild
  const m = import.meta.env.DEV ? null : await manifest(env)
  if (!m) return ''
  // FNV-1a over the manifest's text: once per isolate, a few KB.
  let h = 0x811c9dc5
  for (const ch of JSON.stringify(m)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return (cachedBuild = h.toString(36))
}

/**
 * What a page's HTML links: the entry script, its CSS, and modulepreloads for the page's own
 * chunk and everything both import, so the browser fetches them in parallel.
 * Under `vite dev` (and in worker tests, where no build exists) the source entry is used.
 */
export async function pageAssets(env: Env, pageModule: string | undefined): Promise<PageAssets> {
  const m = import.meta.env.DEV ? null : await manifest(env)
  if (!m || !m[ENTRY]) return { entry: `/${ENTRY}`, css: [], cssText: [], preload: [], dev: true }
  const seen = new Set<string>()
  const css = new Set<string>()
  const preload: string[] = []
  const walk = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = m[key]
    if (!chunk) return
    chunk.css?.forEach((f) => css.add(`/${f}`))
    if (key !== ENTRY) preload.push(`/${chunk.file}`)
    chunk.imports?.forEach(walk)
  }
  walk(ENTRY)
  // What the entry imports on start-up in pieces (src/client/entry.tsx: react-dom, then the frame):
  // dynamic imports there, fetched with the rest here so each piece only waits for its turn.
  const startup = (key: string) => {
    if (!STARTUP.test(key) || seen.has(key)) return
    walk(key)
    m[key]?.dynamicImports?.forEach(startup)
  }
  m[ENTRY]!.dynamicImports?.forEach(startup)
  // The page's own chunk, named by the build (vite.config.ts `pageModules`).
  if (pageModule) walk(pageModule)
  const list = [...css]
  return {
    entry: `/${m[ENTRY]!.file}`,
    css: list,
    cssText: await Promise.all(list.map((href) => stylesheet(env, href))),
    preload,
    dev: false,
  }
}

const cachedCss = new Map<string, string>()

/**
 * A stylesheet's text, read through ASSETS once per isolate (hashed names never change). A page
 * inlines its stylesheets (issue 21 §5): the first paint then waits for the HTML alone, not for
 * a second round trip (Lighthouse's mobile run showed them render-blocking for 0.2–0.35 s).
 * Kept as the manifest is: only a value, never a read in flight.
 */
async function stylesheet(env: Env, href: string): Promise<string | null> {
  const known = cachedCss.get(href)
  if (known !== undefined) return known
  const text = await env.ASSETS.fetch(new Request(`http://assets${href}`))
    .then((r) => (r.ok ? r.text() : null))
    .catch(() => null)
  if (text !== null) cachedCss.set(href, text)
  return text
}
