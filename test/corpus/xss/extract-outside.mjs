#!/usr/bin/env node
/**
 * The second round of public XSS research (issue 32, "found from outside"; decision 036 "Found
 * from outside (HTML)"): sources the first round (extract.mjs: OWASP, DOMPurify, html5sec,
 * PortSwigger) did not use, extracted into test/corpus/xss/outside/*.json with the same header
 * (repository, paths, commit, licence). A folder of their own: e2e/xss.e2e.mjs saves every file
 * of test/corpus/xss one input at a time, and these hold ~7,000 inputs; they run in workerd
 * (test/posts/xss-corpus.test.ts) and in Chromium by their distinct stored bodies
 * (e2e/xss.e2e.mjs).
 *
 *   node test/corpus/xss/extract-outside.mjs          reads /work/.mirror/<owner>+<name>/repo
 *   XSS_MIRROR=/path/to/mirrors node test/corpus/xss/extract-outside.mjs
 *
 * Nothing of the sources is executed: markdown and text lists are read as text.
 * - swisskyrepo/PayloadsAllTheThings, `XSS Injection/*.md` (but Angular's page: template
 *   injection into a framework this site does not load): every line of every fenced code block
 *   that holds markup, a character reference or a script URL, and every multi-line html/xml/svg
 *   block whole (MIT).
 * - swisskyrepo/PayloadsAllTheThings, `Open Redirect/Intruder/Open-Redirect-payloads.txt`: URLs
 *   (protocol-relative, backslashes, encodings, userinfo, whitespace) for every URL a post can
 *   hold: links, pictures, posters, and the covers of posts and routes (MIT).
 * - payloadbox/xss-payload-list, `Intruder/xss-payload-list.txt`: every line (MIT).
 * - s0md3v/AwesomeXSS, `README.md`: every line of its fenced blocks that holds markup (MIT).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { headOf, show, writeCorpus } from './mirror.mjs'

const HERE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'outside')
const write = (file, source, vectors) => writeCorpus(HERE, file, source, vectors, 'test/corpus/xss/extract-outside.mjs')

/** Markup, a character reference or a script URL: a line worth saving as a body. */
const HOSTILE = /<|&[#a-z]|javascript:|data:|vbscript:/i

/** Every fenced block of a markdown text: its language, heading and lines (indentation of the fence removed). */
function blocks(markdown) {
  const out = []
  let heading = ''
  let block = null
  for (const line of markdown.split('\n')) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(line)
    if (fence) {
      if (!block) block = { indent: fence[1].length, lang: fence[2], heading, lines: [] }
      else {
        out.push(block)
        block = null
      }
      continue
    }
    if (block) block.lines.push(line.slice(Math.min(block.indent, /^\s*/.exec(line)[0].length)))
    else if (/^#+\s/.test(line)) heading = line.replace(/^#+\s*/, '').trim()
  }
  return out
}

function fromMarkdown(markdown, prefix, skipLangs) {
  const vectors = []
  for (const b of blocks(markdown)) {
    if (skipLangs.includes(b.lang)) continue
    const lines = b.lines.filter((l) => l.trim())
    for (const l of lines) if (HOSTILE.test(l)) vectors.push({ title: b.heading, input: l.trim() })
    if (lines.length > 1 && ['html', 'xml', 'svg'].includes(b.lang))
      vectors.push({ title: `${b.heading} (whole block)`, input: lines.join('\n') })
  }
  return vectors.map((v, i) => ({ id: `${prefix}-${String(i + 1).padStart(4, '0')}`, ...v }))
}

// ── PayloadsAllTheThings: XSS Injection ────────────────────────────────────────────────────────
const PATT = 'swisskyrepo/PayloadsAllTheThings'
{
  const commit = headOf(PATT)
  const paths = [
    'XSS Injection/README.md',
    'XSS Injection/1 - XSS Filter Bypass.md',
    'XSS Injection/2 - XSS Polyglot.md',
    'XSS Injection/3 - XSS Common WAF Bypass.md',
    'XSS Injection/4 - CSP Bypass.md',
  ]
  // csharp, php and PowerShell blocks are servers' and tools' code, not payloads.
  const md = paths.map((p) => show(PATT, commit, p)).join('\n')
  write(
    'payloadsallthethings-xss.json',
    {
      name: 'PayloadsAllTheThings, XSS Injection',
      repository: 'https://github.com/swisskyrepo/PayloadsAllTheThings',
      paths,
      commit,
      license: 'MIT (swisskyrepo/PayloadsAllTheThings); kept as test data',
    },
    fromMarkdown(md, 'patt', ['csharp', 'php', 'ps', 'python']),
  )
}

// ── PayloadsAllTheThings: open redirect URLs ───────────────────────────────────────────────────
{
  const commit = headOf(PATT)
  const file = 'Open Redirect/Intruder/Open-Redirect-payloads.txt'
  const vectors = show(PATT, commit, file)
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim())
    .map((input, i) => ({ id: `redirect-${String(i + 1).padStart(4, '0')}`, title: 'open redirect URL', input }))
  write(
    'payloadsallthethings-open-redirect-urls.json',
    {
      name: 'PayloadsAllTheThings, Open Redirect URLs',
      repository: 'https://github.com/swisskyrepo/PayloadsAllTheThings',
      paths: [file],
      commit,
      license: 'MIT (swisskyrepo/PayloadsAllTheThings); kept as test data',
      kind: 'url',
    },
    vectors,
  )
}

// ── payloadbox/xss-payload-list ────────────────────────────────────────────────────────────────
{
  const repo = 'payloadbox/xss-payload-list'
  const commit = headOf(repo)
  const file = 'Intruder/xss-payload-list.txt'
  const vectors = show(repo, commit, file)
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim())
    .map((input, i) => ({ id: `payloadbox-${String(i + 1).padStart(4, '0')}`, title: 'xss-payload-list', input }))
  write(
    'payloadbox-xss-payload-list.json',
    {
      name: 'payloadbox XSS Payload List',
      repository: 'https://github.com/payloadbox/xss-payload-list',
      paths: [file],
      commit,
      license: 'MIT (payloadbox/xss-payload-list); kept as test data',
    },
    vectors,
  )
}

// ── s0md3v/AwesomeXSS ──────────────────────────────────────────────────────────────────────────
{
  const repo = 's0md3v/AwesomeXSS'
  const commit = headOf(repo)
  const file = 'README.md'
  write(
    'awesomexss.json',
    {
      name: 'AwesomeXSS (s0md3v)',
      repository: 'https://github.com/s0md3v/AwesomeXSS',
      paths: [file],
      commit,
      license: 'MIT (s0md3v/AwesomeXSS); kept as test data',
    },
    fromMarkdown(show(repo, commit, file), 'awesomexss', []).filter((v) => /</.test(v.input)),
  )
}
