// Calma's own lint rules, run by oxlint as a JS plugin (.oxlintrc.json "jsPlugins").
//
// calma/page-path: a page's path written by hand in src/client or src/worker ('/journey', `/route/${slug}`,
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

// In src/worker the same paths name what the Worker answers, not only links: a route's own path
// (`app.route('/logout', …)`, `.get('/sitemap.xml', …)`) and a table keyed by /v1 call paths
// (admin/audit.ts) are definitions, not links. Links and redirects there go through
// localizedHref(locale, id) (#client/app/pages.ts), the client's href with the locale given.
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'all', 'on', 'use', 'route', 'basePath'])
const isRouteDefinition = (node) => {
  const call = node.parent
  return (
    call?.type === 'CallExpression' &&
    call.arguments[0] === node &&
    call.callee.type === 'MemberExpression' &&
    ROUTE_METHODS.has(call.callee.property?.name)
  )
}
const isPropertyKey = (node) => node.parent?.type === 'Property' && node.parent.key === node

const pagePath = {
  meta: {
    type: 'problem',
    docs: { description: "A page's path written by hand instead of href()" },
    messages: {
      byHand:
        "'{{path}}' is a page's path written by hand: use href() (usePage().href, or makeHref(locale) outside React; localizedHref(locale, id) in the worker).",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename()
    if (!/[/\\]src[/\\](client|worker)[/\\]/.test(file) || /\.pages\.ts$/.test(file)) return {}
    const inWorker = /[/\\]src[/\\]worker[/\\]/.test(file)
    const check = (node, text) => {
      if (inWorker && (isRouteDefinition(node) || isPropertyKey(node))) return
      const found = typeof text === 'string' && text.startsWith('/') ? pagePathIn(text) : null
      if (found) context.report({ node, messageId: 'byHand', data: { path: found } })
    }
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis[0]?.value.cooked),
    }
  },
}

// calma/one-way-to-d1 (docs/decisions/032, "Checked rows and one way to D1"): in src/worker a repo
// takes `db: Db` (drizzle) and builds its statements with the builder, or with drizzle's `sql` on
// that `db` through src/worker/db/query.ts, whose rows a zod schema checks. So, outside
// src/worker/db/ and the Env type (src/worker/env.ts):
// - no `$client` (the binding under drizzle: statements that skip the row checks and the one
//   batch helper);
// - no `D1Database` / `D1PreparedStatement` / `D1DatabaseSession` type (a repo taking the bare binding);
// - no type argument on a row read (`.first<T>()`, `.all<T>()`, `.raw<T>()`, `db.get<T>(sql…)`): a cast
//   that nothing checks. Tests may still read the binding directly (test/ is not linted by it).
const BINDING_TYPES = new Set(['D1Database', 'D1PreparedStatement', 'D1DatabaseSession'])
const ROW_READS = new Set(['first', 'all', 'raw'])

const oneWayToD1 = {
  meta: {
    type: 'problem',
    docs: { description: 'D1 reached other than through `db: Db` and checked rows' },
    messages: {
      client:
        '`$client` is the bare D1 binding: use the drizzle builder, or `sql` through #worker/db/query (docs/decisions/032).',
      binding:
        "'{{name}}' outside src/worker/db/: a repo takes `db: Db` (drizzle), not the bare binding (docs/decisions/032).",
      cast: '`.{{name}}<…>()` casts rows nothing checks: read them with #worker/db/query (rows, firstRow, rowsIn) and a zod schema, or the builder (docs/decisions/032).',
    },
  },
  create(context) {
    const file = (context.filename ?? context.getFilename()).replaceAll('\\', '/')
    const at = file.lastIndexOf('/src/worker/')
    if (at < 0) return {}
    const rel = file.slice(at + 1)
    if (rel.startsWith('src/worker/db/') || rel === 'src/worker/env.ts') return {}
    return {
      MemberExpression(node) {
        if (!node.computed && node.property?.name === '$client')
          context.report({ node: node.property, messageId: 'client' })
      },
      TSTypeReference(node) {
        const name = node.typeName?.type === 'Identifier' ? node.typeName.name : null
        if (name && BINDING_TYPES.has(name)) context.report({ node, messageId: 'binding', data: { name } })
      },
      CallExpression(node) {
        const callee = node.callee
        const typed = node.typeArguments ?? node.typeParameters
        const name = callee?.type === 'MemberExpression' && !callee.computed ? callee.property?.name : null
        // `get` only on a `sql` template (drizzle's db.get<T>(sql`…`)): KV's get<T>(key, 'json') is not D1.
        const rowRead =
          ROW_READS.has(name) || (name === 'get' && node.arguments[0]?.type === 'TaggedTemplateExpression')
        if (typed && rowRead)
          context.report({ node: callee.property, messageId: 'cast', data: { name: callee.property.name } })
      },
    }
  },
}

// calma/feature-relative-import (issue 33 §4): a relative import that leaves its feature folder for
// another feature ('../payments/payments.repo' from src/worker/features/users/) skips the
// no-restricted-imports patterns in .oxlintrc.json, which only see the `#worker/features/...` form.
// So another feature is reached only as `#worker/features/<name>/<module>` (or `#client/features/...`),
// where those patterns say which modules are public. Relative imports inside one feature are fine.
const FEATURES = /^(.*[/\\]src[/\\](worker|client)[/\\]features[/\\])([^/\\]+)[/\\]/

const featureRelativeImport = {
  meta: {
    type: 'problem',
    docs: { description: "A relative import of another feature's module" },
    messages: {
      relative:
        "'{{source}}' reaches the feature '{{other}}' by a relative path: import it as #{{side}}/features/{{other}}/…, and only a module that feature makes public (.oxlintrc.json; docs/decisions/027).",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename()
    const here = FEATURES.exec(file)
    if (!here) return {}
    const [, root, side, feature] = here
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : null
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = path.resolve(path.dirname(file), source)
      const rel = path.relative(root, target)
      if (rel.startsWith('..') || path.isAbsolute(rel)) return
      const other = rel.split(/[/\\]/)[0]
      if (other !== feature) context.report({ node, messageId: 'relative', data: { source, other, side } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default {
  meta: { name: 'calma' },
  rules: { 'page-path': pagePath, 'one-way-to-d1': oneWayToD1, 'feature-relative-import': featureRelativeImport },
}
