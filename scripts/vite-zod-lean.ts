// Vite plugin (the browser build only): zod's classic schemas import its JSON Schema generator
// (core/json-schema-processors.js and core/to-json-schema.js, ~33 KB before minifying, ~5 KB
// gzip) so that any schema can answer `.toJSONSchema()`. The browser only ever calls
// `safeParse` (client/api.ts), so there those two modules are replaced by stubs with the same
// exports that throw if used (issue 21 §5: a page loads what it needs). Likewise zod's English
// messages, which the browser never shows. The Worker and the tests keep the real modules.
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const LEFT_OUT = /[\\/]zod[\\/]v4[\\/](core[\\/](json-schema-processors|to-json-schema)|locales[\\/]en)\.js$/

/** The stub of one left-out module: every export it has, none of its code. */
export function zodStub(source: string): string {
  const names = new Set<string>()
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm))
    names.add(m[1]!)
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
      if (name) names.add(name)
    }
  const lines = [
    "const unavailable = () => { throw new Error('zod JSON Schema is left out of the browser build (scripts/vite-zod-lean.ts)') }",
  ]
  for (const name of names) {
    // Called while a schema is built or read (`~standard`, `.minLength`): they must not throw.
    if (name.startsWith('create')) lines.push(`export const ${name} = () => unavailable`)
    else if (name === 'aggregateChecks') lines.push(`export const ${name} = () => ({})`)
    else lines.push(`export const ${name} = unavailable`)
  }
  // zod's English messages (locales/en.js): the browser words every problem itself from the
  // issue's code, in the page's language (shared/contract/validation.ts issueMessage).
  if (/^export default /m.test(source)) lines.push('export default () => ({})')
  return lines.join('\n')
}

export function zodLean(): Plugin {
  return {
    name: 'calma:zod-lean',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      const file = id.split('?')[0]!
      if (!LEFT_OUT.test(file)) return null
      return zodStub(readFileSync(file, 'utf8'))
    },
  }
}
