/**
 * The dependency rule of the worker's features (issue 33 §4, docs/decisions/043), run by
 * `npm run lint`: no two features import each other, outside the short list below, and no feature
 * reaches another by a relative path. Every import counts: value, type-only, re-export and a
 * literal `import()`, read with oxc's parser (the one knip uses), so a type-only or lazy import
 * cannot hide a pair. A pair on the list that no longer imports both ways must leave the list.
 * `node scripts/feature-pairs.mjs --graph` prints every feature's imports.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parseSync } from 'oxc-parser'

const ROOT = resolve(import.meta.dirname, '..')
const FEATURES = join(ROOT, 'src', 'worker', 'features')

/** At most three pairs, each with why it is still a pair (alphabetical inside a pair). */
const ALLOWED = new Map([
  [
    'content|plans',
    "the routes page shows the person's plan (plans.pages) and a plan page lists routes (content.service)",
  ],
  [
    'content|posts',
    'the routes page lists articles (posts.service); deleting an article forgets its likes (content/likes.service)',
  ],
  [
    'plans|playback',
    "a plan reads progress (playback/progress.ts, playback's repo only); playing asks whether a route is locked (plans.service)",
  ],
])
if (ALLOWED.size > 3) throw new Error('feature-pairs: at most three allowed pairs (issue 33 §4)')

const filesOf = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )

/** The feature a module specifier of `file` lands in, or null (a layer, a package, the same file's feature). */
function featureOf(file, spec) {
  const m = /^#worker\/features\/([^/]+)\//.exec(spec)
  if (m) return { feature: m[1], relative: false }
  if (!spec.startsWith('.')) return null
  const rel = relative(FEATURES, resolve(dirname(file), spec))
  if (rel.startsWith('..')) return null
  return { feature: rel.split(sep)[0], relative: true }
}

const edges = new Map() // 'a|b' (a imports b) → ['file: spec', …]
const problems = []
for (const file of filesOf(FEATURES)) {
  const own = relative(FEATURES, file).split(sep)[0]
  const { module: mod, errors } = parseSync(file, readFileSync(file, 'utf8'))
  if (errors.length) problems.push(`${relative(ROOT, file)}: not parsed (${errors[0].message})`)
  const specs = [
    ...mod.staticImports.map((i) => i.moduleRequest.value),
    ...mod.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
    ...mod.dynamicImports.flatMap((d) => {
      const text = readFileSync(file, 'utf8').slice(d.moduleRequest.start, d.moduleRequest.end)
      return /^(['"`])[^'"`$]*\1$/.test(text) ? [text.slice(1, -1)] : []
    }),
  ]
  for (const spec of new Set(specs)) {
    const to = featureOf(file, spec)
    if (!to || to.feature === own) continue
    if (to.relative)
      problems.push(
        `${relative(ROOT, file)}: '${spec}' reaches the feature '${to.feature}' by a relative path (use #worker/features/${to.feature}/…)`,
      )
    const key = `${own}|${to.feature}`
    edges.set(key, [...(edges.get(key) ?? []), `${relative(ROOT, file)}: '${spec}'`])
  }
}

const mutual = [...edges.keys()]
  .map((k) => k.split('|'))
  .filter(([a, b]) => a < b && edges.has(`${b}|${a}`))
  .map(([a, b]) => `${a}|${b}`)
for (const pair of mutual) {
  if (ALLOWED.has(pair)) continue
  const [a, b] = pair.split('|')
  problems.push(
    `the features ${a} and ${b} import each other (docs/decisions/043: move the shared piece into a layer, or let one side give the other its data):\n` +
      [...edges.get(`${a}|${b}`), ...edges.get(`${b}|${a}`)].map((l) => `    ${l}`).join('\n'),
  )
}
for (const pair of ALLOWED.keys())
  if (!mutual.includes(pair))
    problems.push(`'${pair}' no longer imports both ways: take it off ALLOWED in scripts/feature-pairs.mjs`)

if (process.argv.includes('--graph'))
  for (const [k, lines] of [...edges].sort())
    console.log(`${k.replace('|', ' -> ')}\n${lines.map((l) => `    ${l}`).join('\n')}`)
const pairs = new Set([...edges.keys()].map((k) => k.split('|').sort().join('|')))
console.log(
  `feature-pairs: ${edges.size} feature-to-feature imports, ${pairs.size} pairs, ${mutual.length} importing each other (${mutual.join(', ') || 'none'}; allowed ${ALLOWED.size})`,
)
if (problems.length) {
  for (const p of problems) console.error(`feature-pairs: ${p}`)
  process.exit(1)
}
