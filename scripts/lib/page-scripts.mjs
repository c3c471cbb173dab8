/**
 * The scripts a page's HTML asks for, in order: `<script src>`, `<link rel="modulepreload">`, and
 * the entry and chunks its loader fetches after the first paint (the `__ASSETS__` block written
 * by src/worker/ssr/render.tsx). Used by the bench and the e2e checks of what a page loads.
 * @param {string} html
 * @returns {{ entry: string | undefined, scripts: string[] }}
 */
export function pageScripts(html) {
  const scripts = []
  let entry
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    scripts.push(m[1])
    if (/\btype="module"/.test(m[0]) && !m[1].startsWith('/@')) entry ??= m[1]
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1]
    if (href) scripts.push(href)
  }
  const block = /<script id="__ASSETS__" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1]
  if (block) {
    const assets = JSON.parse(block)
    entry ??= assets.entry
    scripts.push(assets.entry, ...assets.preload)
  }
  return { entry, scripts: [...new Set(scripts)] }
}
