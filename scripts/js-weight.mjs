// The gzip JS each main page loads before a person acts (visitor, and the demo patient), with the
// same pages, budgets and measure as the bench and `npm test` (scripts/lib/js-budget.mjs).
// Needs a build (npm run build). FILES=1 lists each page's files.
import { prepareState, startServer } from './lib/server.mjs'
import { measureJs, patientToken } from './lib/js-budget.mjs'

const state = process.env.STATE ?? '.tmp/jsw-state'
await prepareState(state)
const server = await startServer({ persistDir: state })
const { chromium } = await import('playwright-core')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
})
try {
  for (const p of await measureJs(browser, server.url, await patientToken(server.url)))
    console.log(
      `${p.kb.toFixed(1).padStart(6)} KB ${p.ok ? 'ok  ' : 'OVER'} ≤ ${p.budget}  ${p.path}${p.signedIn ? ' (signed in)' : ''}${p.afterTouchKb ? ` (after a touch ${p.afterTouchKb.toFixed(1)} KB)` : ''}${process.env.FILES ? `\n   ${p.files.map((f) => `${f.path} ${(f.gzip / 1024).toFixed(1)}`).join('\n   ')}` : ''}`,
    )
} finally {
  await browser.close()
  await server.stop()
}
