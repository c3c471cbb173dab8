// Calma's own lint rules, run by oxlint as a JS plugin (.oxlintrc.json "jsPlugins").
//
// calma/page-path: a page's path written by hand in src/client ('/journey', `/route/${slug}`,
// '/en/login') skips the page table: the language prefix, a renamed path and the parameters are
// then nobody's check. Links are `href('route', { slug })` (issue 24 §2). The paths are read from
// the page tables themselves (src/client/features/*/*.pages.ts: every `page('/x'` and `link('/x'`),
// so a new page is covered the day it is added. The page tables are the one place they are written.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const features = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'client', 'features')

/** Each page's path up to its first parameter ('/route/:slug' → '/route/'), without the home '/'. */
function pagePrefixes() {
  const out = new Set()
  for (const dir of readdirSync(features, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue
    for (const file of readdirSync(path.join(features, dir.name))) {
      if (!file.endsWith('.pages.ts')) continue
      const text = readFileSync(path.join(features, dir.name, file), 'utf8')
      for (const m of text.matchAll(/\b(?:page|link)(?:<[^>]*>)?\(\s*'([^']*)'/g)) {
        const p = m[1].split(':')[0]
        if (p.length > 1) out.add(p)
      }
    }
  }
  return [...out]
}

let prefixes = null
/** The page path a text starts with, if any ('/en/journey?x=1' → '/journey'). */
export function pagePathIn(text) {
  prefixes ??= pagePrefixes()
  const rest = text.startsWith('/en/') ? text.slice(3) : text
  return (
    prefixes.find((p) =>
      p.endsWith('/')
        ? rest.startsWith(p)
        : rest === p || rest.startsWith(`${p}?`) || rest.startsWith(`${p}#`) || rest.startsWith(`${p}/`),
    ) ?? null
  )
}

const pagePath = {
  meta: {
    type: 'problem',
    docs: { description: "A page's path written by hand instead of href()" },
    messages: {
      byHand:
        "'{{path}}' is a page's path written by hand: use href() (usePage().href, or makeHref(locale) outside React).",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename()
    if (!/[/\\]src[/\\]client[/\\]/.test(file) || /\.pages\.ts$/.test(file)) return {}
    const check = (node, text) => {
      const found = typeof text === 'string' && text.startsWith('/') ? pagePathIn(text) : null
      if (found) context.report({ node, messageId: 'byHand', data: { path: found } })
    }
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis[0]?.value.cooked),
    }
  },
}

export default { meta: { name: 'calma' }, rules: { 'page-path': pagePath } }
