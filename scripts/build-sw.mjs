/**
 * Builds the service worker after `vite build` (issue 23 §1): src/sw/sw.ts bundled by esbuild,
 * then Serwist's injectManifest writes the precache list into dist/client/sw.js. Its own step
 * because @serwist/vite skips the Cloudflare plugin's SSR build and gives no sw.js there.
 *
 * The precache list (docs/decisions/023-offline-and-install.md, 064): every script and style the
 * entry can reach, statically or lazily, but the admin's; icons, manifests. A kept page never
 * asks offline for a chunk the device does not have.
 *
 *   node scripts/build-sw.mjs           (run by `npm run build` and the test/bench builds)
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { getManifest, injectManifest } from '@serwist/build'
import { build } from 'esbuild'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DIST = path.join(ROOT, 'dist', 'client')
const SW_SRC = path.join(ROOT, 'src', 'sw', 'sw.ts')
const TMP = path.join(ROOT, '.tmp', `sw-${process.pid}.js`)
/**
 * The pages that are never kept (decision 023's table): the admin's own bundle, loaded only by
 * staff online. Everything else a page can ask for is precached (below).
 */
const NEVER_OFFLINE = ['src/client/features/admin/']
/** The modules that must be in the client build: the help and offline pages, the notices, the outbox. */
const PAGES = [
  'src/client/features/legal/Help.tsx',
  'src/client/features/legal/Offline.tsx',
  'src/client/pwa/notices.ts',
  'src/client/pwa/outbox.ts',
]
const STATIC = [
  'favicon.svg',
  'icons/favicon-48.png',
  'manifest.es.webmanifest',
  'manifest.en.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
]

const manifest = JSON.parse(await readFile(path.join(DIST, 'assets-manifest.json'), 'utf8'))
const files = new Set()
const seen = new Set()
/**
 * Every script and style the entry can reach, statically or lazily, but the admin's (issue 42 §2,
 * decision 064): a kept page opened offline asks for chunks at moments no list foresees (the
 * bell's menu once hydrated, a page's lazy parts, the device's helpers at a takeover), and one
 * never fetched online failed offline with net::ERR_FAILED (seen: the notifications menu on a
 * kept route page, which made the "unit finished offline" journey fail on a fresh build). So
 * nothing is chosen by hand any more: the whole graph is, and a chunk added later is in it.
 */
const visit = (key) => {
  const m = manifest[key]
  if (!m || seen.has(key) || NEVER_OFFLINE.some((p) => key.startsWith(p))) return
  seen.add(key)
  files.add(m.file)
  for (const css of m.css ?? []) files.add(css)
  for (const imp of m.imports ?? []) visit(imp)
  for (const imp of m.dynamicImports ?? []) visit(imp)
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
if (!entryKey) throw new Error('build-sw: no entry in assets-manifest.json (run vite build first)')
visit(entryKey)
for (const p of PAGES) {
  if (!manifest[p]) throw new Error(`build-sw: ${p} is not in the client build`)
  if (!seen.has(p)) throw new Error(`build-sw: ${p} is not reached from the entry`)
}
for (const f of STATIC) files.add(f)
const globPatterns = [...files].sort()

const common = {
  globDirectory: DIST,
  globPatterns,
  // Hashed by vite: their name is their revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 512 * 1024,
}
const listed = await getManifest(common)
if (listed.count !== globPatterns.length)
  throw new Error(`build-sw: ${globPatterns.length} files asked, ${listed.count} found`)
const version = createHash('sha256').update(JSON.stringify(listed.manifestEntries)).digest('hex').slice(0, 12)

await mkdir(path.dirname(TMP), { recursive: true })
await build({
  entryPoints: [SW_SRC],
  outfile: TMP,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  define: { SW_VERSION: JSON.stringify(version), 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
})
const result = await injectManifest({ ...common, swSrc: TMP, swDest: path.join(DIST, 'sw.js') })
await rm(TMP, { force: true })
for (const w of result.warnings) console.warn(`build-sw: ${w}`)

// Figures for docs/decisions/023 (what a first visit downloads into the precache).
let gz = 0
for (const f of globPatterns) gz += gzipSync(await readFile(path.join(DIST, f)), { level: 9 }).length
const sw = await readFile(path.join(DIST, 'sw.js'))
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log(
  `build-sw: sw.js ${kb((await stat(path.join(DIST, 'sw.js'))).size)} (${kb(gzipSync(sw, { level: 9 }).length)} gzip), ` +
    `precache ${result.count} files ${kb(result.size)} (${kb(gz)} gzip) + 4 shell pages, version ${version}`,
)
