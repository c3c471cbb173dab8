/**
 * `npm run test:e2e`: build, start the built app on a fresh seeded state in .tmp/e2e-<pid>,
 * run every e2e/*.e2e.mjs (see the header of e2e/lib.mjs for how to write one), clean up.
 *
 *   npm run test:e2e                  all files
 *   npm run test:e2e -- foundation    only files whose name contains "foundation"
 *   E2E_SKIP_BUILD=1 npm run test:e2e reuse the current dist/
 *   E2E_KEEP_STATE=1                  keep the state directory for inspection
 */
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildApp, log, prepareState, ROOT, startServer } from '../scripts/lib/server.mjs'
import {
  CHROMIUM_PATH,
  SCREENS_DIR,
  chromiumAvailable,
  configure,
  launchBrowser,
  recordFailure,
  runTests,
  summary,
  test,
} from './lib.mjs'

const E2E_DIR = path.join(ROOT, 'e2e')
const filters = process.argv.slice(2)

if (!chromiumAvailable()) {
  console.error(
    `e2e: chromium is missing at ${CHROMIUM_PATH}.\n` +
      '     Install Debian chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.\n' +
      '     The tests never download a browser.',
  )
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const files = (await readdir(E2E_DIR))
  .filter((f) => f.endsWith('.e2e.mjs'))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
  .sort()
if (!files.length) {
  console.error(`e2e: no e2e/*.e2e.mjs file matches ${filters.join(' ') || '(any)'}`)
  process.exit(1)
}

// Failure screenshots of an earlier run would mislead.
for (const f of await readdir(SCREENS_DIR).catch(() => [])) {
  if (f.startsWith('FAIL-')) await rm(path.join(SCREENS_DIR, f), { force: true })
}

const stateDir = path.join(ROOT, '.tmp', `e2e-${process.pid}`)
let server
let browser
let exitCode = 1
let ran = false
const started = Date.now()

const cleanup = async () => {
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  if (!process.env.E2E_KEEP_STATE) await rm(stateDir, { recursive: true, force: true }).catch(() => {})
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => void cleanup().then(() => process.exit(130)))
}

try {
  if (!process.env.E2E_SKIP_BUILD) await buildApp()
  // The demo content is part of the product (issue 24 §3: no test skips itself for want of it).
  const { seeded } = await prepareState(stateDir)
  if (!seeded) throw new Error('the state was not seeded (scripts/seed.ts): every journey needs the demo content')
  log('wrangler dev')
  server = await startServer({ persistDir: stateDir })
  const baseURL = server.url
  configure({ baseURL })
  browser = await launchBrowser()
  log(`server ${baseURL}, chromium ${browser.version()}, ${files.length} file(s)\n`)

  const scheduled = async (cron) => {
    const res = await fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`)
    if (!res.ok) throw new Error(`scheduled(${cron}) answered ${res.status}: ${await res.text()}`)
  }
  const api = async (p, init) => {
    const res = await fetch(baseURL + p, { redirect: 'manual', ...init })
    const text = await res.text()
    let json
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, headers: res.headers, json, text }
  }

  for (const file of files) {
    const name = file.replace(/\.e2e\.mjs$/, '')
    console.log(`\n${name}`)
    try {
      const mod = await import(pathToFileURL(path.join(E2E_DIR, file)).href)
      const register = mod.default
      if (typeof register !== 'function')
        throw new Error(`${file} must default-export a function ({ test, baseURL, browser, ... })`)
      await register({ test, baseURL, browser, scheduled, api, server })
      await runTests(name)
    } catch (e) {
      recordFailure(`${name} (loading the file)`, e)
    }
    if (server.child.exitCode !== null) {
      recordFailure('server', new Error(`wrangler dev exited during ${file}\n${server.output()}`))
      break
    }
  }
  ran = true
} catch (e) {
  console.error(`\ne2e: could not run the tests: ${e.stack ?? e}`)
} finally {
  await cleanup()
  log(`e2e done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
// Last line of the output, alone: `N passed, N failed`.
if (ran) {
  console.log('')
  const { failed, passed } = summary()
  exitCode = failed || !passed ? 1 : 0
} else {
  console.log('0 passed, 1 failed')
}
process.exit(exitCode)
