#!/usr/bin/env node
/**
 * Extracts the hostile HTML inputs of public XSS research into test/corpus/xss/*.json, one file
 * per source, each with a header naming the repository, the path(s) and the commit it was read
 * from (issue 32 §1). The repositories are not kept here: bring each one onto the machine as a
 * bare git directory (the `fetch` tool of the coding environment puts them under /work/.mirror;
 * `git clone --bare <url> <dir>` does as well), then:
 *
 *   node test/corpus/xss/extract.mjs                       reads /work/.mirror/<owner>+<name>/repo
 *   XSS_MIRROR=/path/to/mirrors node test/corpus/xss/extract.mjs
 *
 * Nothing is executed from the sources: the markdown and html5sec's lists are read as text,
 * DOMPurify's fixture file (an ES module holding one array literal) and PortSwigger's JSON are
 * parsed as JSON.
 *
 * What is taken, and why (the corpus runs in `npm test`, saved and read in workerd and opened
 * twice in Chromium, so its size is chosen):
 * - OWASP: every fenced code block under "Tests" (markdown escapes `\<` `\>` undone, so the vector
 *   is the one the page shows); the perl one-liner becomes the string it prints (a NUL inside).
 * - DOMPurify: every `payload` of test/fixtures/expect.mjs (its `expected` is DOMPurify's own
 *   policy, not ours, and is left out).
 * - html5sec.org (cure53/H5SC, the HTML5 Security Cheatsheet): every vector of vectors.txt, the
 *   published list with its payload templates filled in (`<div id="N">vector//["'`-->]]>]</div>`,
 *   the stopper after each vector left out); each titled by its item's category and English name
 *   in items.js, read as text (a regular expression over the literal, nothing evaluated).
 * - PortSwigger: every `code` of the cheat sheet's categories that inject HTML; of the event
 *   handlers (915 vectors, one per event per tag), one vector for every event (on a tag the
 *   allowlist keeps when there is one) and one for every kept tag, preferring those that fire in
 *   Chrome without interaction. Left out: AngularJS and Vue template injection, prototype
 *   pollution gadgets of third-party libraries and the "impossible" labs (they attack frameworks
 *   and libraries this site does not load), and the categories that inject into a JavaScript
 *   string or a response's content type (SKIPPED below).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { git, headOf, show, writeCorpus } from './mirror.mjs'

/** The tags the post allowlist keeps (docs/API.md "HTML a post may hold"; h1 is kept as h2). */
const KEPT_TAGS = new Set(
  (
    'a abbr audio b blockquote br caption cite code dd del dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ' +
    'ins kbd li mark ol p pre q s small source strong sub sup table tbody td tfoot th thead tr track u ul video'
  ).split(' '),
)

const HERE = path.dirname(fileURLToPath(import.meta.url))
const write = (file, source, vectors) => writeCorpus(HERE, file, source, vectors, 'test/corpus/xss/extract.mjs')

// ── OWASP XSS Filter Evasion Cheat Sheet ───────────────────────────────────────────────────────
{
  const repo = 'OWASP/CheatSheetSeries'
  const file = 'cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.md'
  const commit = headOf(repo)
  const lines = show(repo, commit, file).split('\n')
  const vectors = []
  let heading = ''
  let inTests = false
  let block = null
  for (const line of lines) {
    const fence = /^```(\w*)\s*$/.exec(line)
    if (fence) {
      if (!block) block = { lang: fence[1], lines: [] }
      else {
        if (inTests) {
          let input = block.lines.join('\n')
          const perl = /^perl -e 'print "(.*)";' > out$/.exec(input)
          if (perl) input = perl[1].replace(/\\0/g, '\0').replace(/\\"/g, '"')
          input = input.replace(/\\([<>])/g, '$1')
          vectors.push({ title: heading, input })
        }
        block = null
      }
      continue
    }
    if (block) {
      block.lines.push(line)
      continue
    }
    const h = /^(#{2,4}) (.*)$/.exec(line)
    if (h) {
      if (h[1] === '##') inTests = h[2].trim() === 'Tests'
      heading = h[2].trim()
    }
  }
  write(
    'owasp-xss-filter-evasion.json',
    {
      name: 'OWASP XSS Filter Evasion Cheat Sheet',
      repository: 'https://github.com/OWASP/CheatSheetSeries',
      paths: [file],
      commit,
      license: 'CC BY-SA 4.0 (OWASP Cheat Sheet Series); kept as test data, unchanged but for the markdown escapes',
    },
    vectors.map((v, i) => ({ id: `owasp-${String(i + 1).padStart(3, '0')}`, ...v })),
  )
}

// ── DOMPurify's test vectors ────────────────────────────────────────────────────────────────────
{
  const repo = 'cure53/DOMPurify'
  const file = 'test/fixtures/expect.mjs'
  const commit = headOf(repo)
  const text = show(repo, commit, file)
  // One array literal in JSON syntax, but for `export default`, the final `;` and trailing commas
  // (a comma before a newline and a closing bracket: JSON strings hold no raw newline).
  const json = text
    .replace(/^\s*export default\s*/, '')
    .replace(/;\s*$/, '')
    .replace(/,(\s*\n\s*[\]}])/g, '$1')
  const cases = JSON.parse(json)
  write(
    'dompurify-expect.json',
    {
      name: "DOMPurify's test vectors",
      repository: 'https://github.com/cure53/DOMPurify',
      paths: [file],
      commit,
      license: 'Apache-2.0 or MPL-2.0 (DOMPurify); the payloads only',
    },
    cases.map((c, i) => ({ id: `dompurify-${String(i + 1).padStart(3, '0')}`, title: c.title, input: c.payload })),
  )
}

// ── html5sec.org, the HTML5 Security Cheatsheet ─────────────────────────────────────────────────
{
  const repo = 'cure53/H5SC'
  const commit = headOf(repo)
  const names = new Map()
  const item = /'id'\s*:\s*(\d+),\s*'category'\s*:\s*'([^']*)',\s*'name'\s*:\s*\{\s*'en'\s*:\s*'((?:[^'\\]|\\.)*)'/g
  for (const m of show(repo, commit, 'items.js').matchAll(item))
    names.set(m[1], `${m[2]}: ${m[3].replace(/\\(.)/g, '$1')}`)
  const listed = /<div id="(\d+)">([\s\S]*?)\/\/\["'`-->\]\]>\]<\/div>/g
  const vectors = [...show(repo, commit, 'vectors.txt').matchAll(listed)].map((m) => ({
    title: `item ${m[1]}, ${names.get(m[1]) ?? 'untitled'}`,
    input: m[2],
  }))
  write(
    'html5sec-h5sc.json',
    {
      name: 'html5sec.org, the HTML5 Security Cheatsheet (H5SC)',
      repository: 'https://github.com/cure53/H5SC',
      paths: ['vectors.txt', 'items.js'],
      commit,
      license: 'MPL-2.0 (cure53/H5SC); the vectors only',
    },
    vectors.map((v, i) => ({ id: `html5sec-${String(i + 1).padStart(3, '0')}`, ...v })),
  )
}

// ── PortSwigger's XSS cheat sheet ───────────────────────────────────────────────────────────────
{
  const repo = 'PortSwigger/xss-cheatsheet-data'
  const commit = headOf(repo)
  const files = git(repo, 'ls-tree', '--name-only', commit, 'json/').trim().split('\n')
  const SKIPPED = new Set([
    // Template injection of AngularJS and Vue, gadgets of third-party libraries, the "impossible" labs.
    'json/angularjs.json',
    'json/vuejs.json',
    'json/prototype-pollution.json',
    'json/impossible.json',
    // Injection into a JavaScript string or a response's content type, not into HTML: as a post
    // body each is text or a <script> already in the corpus many times.
    'json/waf_bypass_global_obj.json',
    'json/hoisting.json',
    'json/content-types.json',
    'json/response-content-types.json',
    'json/file_uploads.json',
  ])
  const vectors = []
  const used = []
  for (const file of files) {
    if (SKIPPED.has(file)) continue
    const data = JSON.parse(show(repo, commit, file))
    used.push(file)
    const category = path.basename(file, '.json')
    if (category === 'events') {
      const all = Object.entries(data).flatMap(([event, v]) => v.tags.map((t) => ({ event, ...t })))
      const good = (t) => t.browsers.includes('chrome') && !t.interaction
      const ours = (t) => KEPT_TAGS.has(t.tag)
      const chosen = new Set()
      const tagsTaken = new Set()
      // One vector per event, on a tag the allowlist keeps when the event has one (those survive
      // the sanitiser: their attributes are what is tested), firing in Chrome without interaction.
      for (const event of Object.keys(data)) {
        const mine = all.filter((t) => t.event === event)
        const pick =
          mine.find((t) => ours(t) && good(t) && !tagsTaken.has(t.tag)) ??
          mine.find((t) => ours(t) && good(t)) ??
          mine.find((t) => good(t) && !tagsTaken.has(t.tag)) ??
          mine.find(good) ??
          mine[0]
        chosen.add(pick)
        tagsTaken.add(pick.tag)
      }
      // Then one for every kept tag no event picked.
      for (const t of all) {
        if (tagsTaken.has(t.tag) || !ours(t)) continue
        chosen.add(all.find((x) => x.tag === t.tag && good(x)) ?? t)
        tagsTaken.add(t.tag)
      }
      for (const t of all.filter((x) => chosen.has(x)))
        vectors.push({ title: `events: ${t.event} on <${t.tag}>`, input: t.code })
    } else {
      for (const [key, v] of Object.entries(data)) {
        if (typeof v.code !== 'string') continue
        vectors.push({ title: `${category}: ${v.description ?? key}`, input: v.code })
      }
    }
  }
  write(
    'portswigger-xss-cheatsheet.json',
    {
      name: "PortSwigger's XSS cheat sheet (the data behind portswigger.net/web-security/cross-site-scripting/cheat-sheet)",
      repository: 'https://github.com/PortSwigger/xss-cheatsheet-data',
      paths: used,
      commit,
      license:
        'No license (copyright PortSwigger Web Security; its README asks that the data not be used for derivative cheat sheets hosted elsewhere): kept here only as test inputs',
    },
    vectors.map((v, i) => ({ id: `portswigger-${String(i + 1).padStart(3, '0')}`, ...v })),
  )
}
