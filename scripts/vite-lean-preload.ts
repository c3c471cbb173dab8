// Vite plugin (the browser build only): Vite wraps every lazy `import()` whose chunk needs CSS in
// its preload helper (`__vitePreload`, in the entry chunk: ~1 KB gzip on every page, decision 071).
// Its code also preloads a chunk's JS imports, polyfills `modulepreload` and fires
// `vite:preloadError`; this build preloads no JS (`modulePreload: false`, decision 069: the page's
// HTML names its chunks) and nothing listens for that event, so all it still does is add the
// stylesheets a lazy chunk needs before the chunk runs. This helper does that alone, the same way:
// a sheet already linked by the page (the server's inlined sheets keep a disabled
// `rel=stylesheet` link, worker/ssr/render.tsx) is not added twice, a sheet is added once however
// many chunks need it, the page's CSP nonce goes on the link, and a sheet that fails to load
// fails the import as Vite's does (the chunk is not run unstyled).
import type { Plugin } from 'vite'

/** Vite's own id for its helper module (vite/src/node/plugins/importAnalysisBuild.ts). */
const HELPER_ID = '\0vite/preload-helper.js'

/** The helper's module: `__vitePreload(load, deps)`, deps being the CSS files' paths under `base`. */
export function leanPreloadCode(base: string): string {
  return `const seen = {}
export const __vitePreload = (load, deps) => {
  if (!deps || !deps.length) return load()
  const linked = new Set(Array.from(document.querySelectorAll('link[rel=stylesheet]'), (l) => l.href))
  const nonce = document.querySelector('meta[property=csp-nonce]')?.nonce
  return Promise.all(
    deps.map((dep) => {
      const href = new URL(${JSON.stringify(base)} + dep, location.href).href
      if (linked.has(href)) return
      return (seen[href] ??= new Promise((resolve, reject) => {
        const link = document.createElement('link')
        link.rel = 'stylesheet'
        link.href = href
        if (nonce) link.setAttribute('nonce', nonce)
        link.onload = resolve
        link.onerror = () => {
          delete seen[href]
          reject(new Error('Unable to preload CSS for ' + href))
        }
        document.head.appendChild(link)
      }))
    }),
  ).then(() => load())
}
`
}

export function leanPreload(): Plugin {
  let base = '/'
  return {
    name: 'calma:lean-preload',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base
    },
    resolveId: (id) => (id === HELPER_ID ? id : null),
    load: (id) => (id === HELPER_ID ? leanPreloadCode(base) : null),
  }
}
