import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { pageModules } from './scripts/vite-page-modules'
import { localVars } from './scripts/local-vars'
import { zodLean } from './scripts/vite-zod-lean'
import { leanPreload } from './scripts/vite-lean-preload'

/** Modules App.tsx and every hydrated page need, gathered in one chunk (decision 069). */
const FRAME_MODULES =
  /src\/client\/(app\/(context|back|logout)|components\/(TouchPart|forms|LineIcon))\.tsx?$|node_modules\/(@nanostores\/react|nanostores\/(deep-map|listen-keys))\//

/**
 * The bell's realtime channels and the unread list's check, without React: a signed-in page that
 * waits for a touch opens the sockets before React (decision 077), so the menu (React's,
 * NotificationsMenu.tsx) is not in this chunk: it would bring React's own modules with it.
 */
const BELL_MODULES =
  /src\/(client\/features\/notifications\/(realtime|grouping)\.ts|shared\/contract\/notifications\.wire\.ts)$/

export default defineConfig(({ command, isPreview }) => ({
  plugins: [
    pageModules(),
    zodLean(),
    leanPreload(),
    react(),
    // wrangler.toml is production (and so is what `vite build` writes to dist/calma); the dev
    // server adds the local settings of config/local.vars (.dev.vars still overrides them).
    cloudflare(
      command === 'serve' && !isPreview ? { config: (worker) => ({ vars: { ...worker.vars, ...localVars() } }) } : {},
    ),
  ],
  environments: {
    client: {
      build: {
        // The Worker reads /assets-manifest.json through the ASSETS binding to find the hashed
        // entry and each page's chunk, so the server render can preload exactly what a page needs.
        manifest: 'assets-manifest.json',
        // No list of each lazy chunk's JS imports in the chunk that loads it (`__vite__mapDeps`,
        // 1.5 KB gzip in hydrate's alone, decision 069): a page's chunks are preloaded by its HTML
        // (worker/ssr/assets.ts); CSS a lazy chunk needs is still loaded with it.
        modulePreload: false,
        rollupOptions: {
          input: 'src/client/entry.tsx',
          output: {
            codeSplitting: {
              // The frame's small modules, each its own chunk by default though every page that
              // hydrates loads them all with App: one chunk (fewer requests, ~0.7 KB less gzip).
              // Not what the entry imports (a visitor's page loads the entry alone before a touch).
              groups: [
                { name: 'frame', test: FRAME_MODULES, includeDependenciesRecursively: false },
                // The bell's realtime channels and the unread list's check: one chunk, loaded with
                // every signed-in page (the check was a chunk of its own, shared with admin's).
                { name: 'bell', test: BELL_MODULES, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
}))
