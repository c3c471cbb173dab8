import type { Env } from '#worker/env'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

export interface PageAssets {
  entry: string
  css: string[]
  preload: string[]
  dev: boolean
}

export const MANIFEST_PATH = '/assets-manifest.json'
const ENTRY = 'src/client/entry.tsx'

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

/**
 * What a page's HTML links: the entry script, its CSS, and modulepreloads for the page's own
 * chunk and everything both import, so the browser fetches them in parallel.
 * Under `vite dev` (and in worker tests, where no build exists) the source entry is used.
 */
export async function pageAssets(env: Env, pageModule: string | undefined): Promise<PageAssets> {
  const m = import.meta.env.DEV ? null : await manifest(env)
  if (!m || !m[ENTRY]) return { entry: `/${ENTRY}`, css: [], preload: [], dev: true }
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
  // The page's own chunk, named by the build (vite.config.ts `pageModules`).
  if (pageModule) walk(pageModule)
  return { entry: `/${m[ENTRY]!.file}`, css: [...css], preload, dev: false }
}
