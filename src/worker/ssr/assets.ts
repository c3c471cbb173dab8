import type { Env } from '../env'

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

let manifestPromise: Promise<Manifest | null> | null = null

/** The client build's manifest, read once per isolate through the ASSETS binding. */
async function manifest(env: Env): Promise<Manifest | null> {
  manifestPromise ??= env.ASSETS.fetch(new Request(`http://assets${MANIFEST_PATH}`))
    .then((r) => (r.ok ? (r.json() as Promise<Manifest>) : null))
    .catch(() => null)
  const m = await manifestPromise
  if (!m) manifestPromise = null // try again next request (e.g. a build finished meanwhile)
  return m
}

/**
 * What a page's HTML links: the entry script, its CSS, and modulepreloads for the page's own
 * chunk and everything both import, so the browser fetches them in parallel.
 * Under `vite dev` (and in worker tests, where no build exists) the source entry is used.
 */
export async function pageAssets(env: Env, component: string): Promise<PageAssets> {
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
  walk(`src/client/pages/${component}.tsx`)
  return { entry: `/${m[ENTRY]!.file}`, css: [...css], preload, dev: false }
}
