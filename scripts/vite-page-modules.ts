// Vite plugin: in each domain's page table (src/client/features/*/*.pages.ts and
// src/client/app/pages.ts), `() => import('./Routes')` becomes the same function carrying the
// module it loads ('src/client/features/content/Routes.tsx'). The server then finds that
// module's chunk in the client build's manifest and preloads it with the entry, so a page's
// code arrives in parallel instead of after the entry script (worker/ssr/assets.ts).
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

const PAGE_TABLE = /src\/client\/(features\/[^/]+\/[^/]+\.pages|app\/pages)\.ts$/
const IMPORT = /\(\)\s*=>\s*import\((['"])([^'"]+)\1\)/g

export function pageModules(root = process.cwd()): Plugin {
  const resolveSpec = (from: string, spec: string): string | null => {
    const base = spec.startsWith('#client/')
      ? path.join(root, 'src/client', spec.slice('#client/'.length))
      : spec.startsWith('.')
        ? path.join(path.dirname(from), spec)
        : null
    if (!base) return null
    for (const candidate of [base, `${base}.tsx`, `${base}.ts`])
      if (existsSync(candidate) && /\.tsx?$/.test(candidate))
        return path.relative(root, candidate).split(path.sep).join('/')
    return null
  }
  return {
    name: 'calma:page-modules',
    enforce: 'pre',
    // Only the server reads `module`: the browser's page table goes without the 44 paths (decision 069).
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      const file = id.split('?')[0]!
      if (!PAGE_TABLE.test(file)) return null
      const out = code.replace(IMPORT, (m, _q, spec: string) => {
        const mod = resolveSpec(file, spec)
        return mod ? `Object.assign(${m}, { module: ${JSON.stringify(mod)} })` : m
      })
      return out === code ? null : { code: out, map: null }
    },
  }
}
