/**
 * Builds the service worker after `vite build` (issue 23 §1): src/sw/sw.ts bundled by esbuild,
 * then Serwist's injectManifest writes the precache list into dist/client/sw.js. Its own step
 * because @serwist/vite skips the Cloudflare plugin's SSR build and gives no sw.js there.
 *
 * The precache list is what the offline and help pages need (docs/decisions/023-offline-and-install.md):
 * the entry with its static imports and styles, the Help and Offline chunks, icons, manifests.
 * Every other chunk is cached when a page first uses it.
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
/** The modules whose chunks are precached with the entry: the help and offline pages, the notices, the outbox of offline progress. */
const PAGES = [
  'src/client/features/legal/Help.tsx',
  'src/client/features/legal/Offline.tsx',
  'src/client/pwa/notices.ts',
  'src/client/pwa/outbox.ts',
]
const STATIC = [
  'favicon.svg',
  'manifest.es.webmanifest',
  'manifest.en.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
]

const manifest = JSON.parse(await readFile(path.join(DIST, 'assets-manifest.json'), 'utf8'))
const files = new Set()
const visit = (key) => {
  const m = manifest[key]
  if (!m || files.has(m.file)) return
  files.add(m.file)
  for (const css of m.css ?? []) files.add(css)
  for (const imp of m.imports ?? []) visit(imp)
  // The device's own helpers (pwa/: registration, reminders, the outbox) ask for their lazy parts
  // at moments no page chooses (offline, at a takeover, a reminder carried over to a new worker):
  // a kept page opened offline must find them (seen: the reminders' contract, net::ERR_FAILED).
  if (key.startsWith('src/client/pwa/') || key.startsWith('_register-'))
    for (const imp of m.dynamicImports ?? []) visit(imp)
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
if (!entryKey) throw new Error('build-sw: no entry in assets-manifest.json (run vite build first)')
visit(entryKey)
for (const p of PAGES) {
  if (!manifest[p]) throw new Error(`build-sw: ${p} is not in the client build`)
  visit(p)
}
// Shared chunks (no page of their own, named by Rollup `_<name>-<hash>.js`) a precached page imports
// lazily: the offline page lists this session's downloads (issue 34 §2), so their reader must
// open offline too.
for (const name of ['downloads']) {
  const key = Object.keys(manifest).find((k) => k.startsWith(`_${name}-`))
  if (!key) throw new Error(`build-sw: no shared chunk ${name} in the client build`)
  visit(key)
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
