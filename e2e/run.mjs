/**
 * `npm run test:e2e`: build, start the built app on a fresh seeded state in .tmp/e2e-<pid>,
 * run every e2e/*.e2e.mjs (see the header of e2e/lib.mjs for how to write one), clean up.
 *
 *   npm run test:e2e                  all files
 *   npm run test:e2e -- foundation    only files whose name contains "foundation"
 *   E2E_SKIP_BUILD=1 npm run test:e2e reuse the current dist/
 *   E2E_KEEP_STATE=1                  keep the state directory for inspection
 *   E2E_JOBS=1                        one lane (default 2: see below)
 *   E2E_DEEP=1                        every journey in every language and size, every page of
 *                                     a11y per role (`npm run test:e2e:deep`; lib.mjs variants)
 *   E2E_WRANGLER=1                    serve through wrangler dev (default: workerd through Miniflare,
 *                                     without the dev proxy; scripts/lib/direct-server.mjs)
 *   E2E_GREP=text E2E_REPEAT=5        only the journeys whose title contains text, each 5 times
 *                                     (E2E_GREP='accounts › recover': only in accounts, the rest whole)
 *   node e2e/run.mjs --prepare DIR    build and make the seeded state in DIR, then stop
 *   E2E_STATE=DIR npm run test:e2e    use that build and state (made beside vitest by
 *                                     scripts/test.mjs, decision 031); DIR is removed after
 *
 * Two lanes (decision 031): the server is started once and two child processes, each with its
 * own chromium, run their files against it at the same time (one lane leaves the machine's
 * cores mostly waiting on pages). Files share the seeded demo people, so a file leaves lane A only
 * if what it changes is its own (fresh @e2e.calma.app people) and what it reads no file of lane
 * A changes: LANES below.
 */
import { spawn } from 'node:child_process'
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
  made,
  recordFailure,
  runTests,
  summary,
  test,
} from './lib.mjs'

const E2E_DIR = path.join(ROOT, 'e2e')
/**
 * Lane B: files that sign up their own people or only read. a11y (the longest file) signs in as
 * the demo people and reads their pages; no file of lane A edits content a11y samples
 * (admin.e2e edits only the rows it makes). The others make their own @e2e.calma.app people.
 * Everything else, including every file that changes a demo person, runs the cron (engagement)
 * or edits content, stays in lane A, one file after another as before. A third lane (a11y alone)
 * was measured and dropped: no faster on 2 cores (414 s against 407 s), and the sign-in journeys
 * of lane A, twice as slow, met session races (decision 031). legal (its own sign-ups) runs in lane
 * A so the lanes end together (lane B was ~70 s longer). psychologist (it edits psico2's hours;
 * a11y signs in as psico1) moved to lane B when npm test's a11y took half its pages per signed-in
 * role (decision 041), and accounts too (its own people; the demo people it signs in as it only
 * reads; its 7 wrong passwords are far from the 50 an address may fail). legal went back to lane B
 * when a visitor's a11y pages took one width per language (decision 050: a11y ~95 s shorter). pwa-owner stays in lane A: pwa serves a new sw.js for a while (its update
 * journey), which another lane's service workers would pick up.
 */
const LANES = {
  B: ['a11y', 'accounts', 'checkin', 'foundation', 'forms', 'journey', 'legal', 'payments', 'psychologist', 'site'],
}
const laneOf = (file) =>
  Object.entries(LANES).find(([, names]) => names.includes(file.replace(/\.e2e\.mjs$/, '')))?.[0] ?? 'A'

// A lane child (spawned below): runs the files it is given against the server it is given.
const LANE = process.env.E2E_LANE
const PREPARE = process.argv[2] === '--prepare' ? process.argv[3] : null
const PREPARED = process.env.E2E_STATE
const filters = LANE ? process.env.E2E_LANE_FILES.split(',') : PREPARE ? [] : process.argv.slice(2)

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

// Failure screenshots of an earlier run would mislead (the parent clears them before the lanes start).
if (!LANE) {
  for (const f of await readdir(SCREENS_DIR).catch(() => [])) {
    if (f.startsWith('FAIL-')) await rm(path.join(SCREENS_DIR, f), { force: true })
  }
}

const stateDir = PREPARE ?? PREPARED ?? path.join(ROOT, '.tmp', `e2e-${process.pid}`)
let server
let browser
let exitCode = 1
let ran = false
let lanePassed = 0
let laneFailed = 0
const laneFailures = []
const started = Date.now()

const cleanup = async () => {
  await browser?.close().catch(() => {})
  await server?.stop().catch(() => {})
  // Only the parent owns the state: a lane child inherits E2E_STATE, and a lane that ended first
  // must not delete the files the other lane's server still serves (R2 covers, Durable Objects).
  if (!LANE && !process.env.E2E_KEEP_STATE) await rm(stateDir, { recursive: true, force: true }).catch(() => {})
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => void cleanup().then(() => process.exit(130)))
}

/** Runs `list` one file after another in this process, against `baseURL`, in a browser of its own. */
async function runFiles(list, baseURL) {
  configure({ baseURL })
  browser = await launchBrowser()
  const scheduled = async (cron) => {
    // Miniflare answers the cron at /__scheduled; wrangler dev's proxy at /cdn-cgi/handler/scheduled.
    const at = process.env.E2E_WRANGLER ? '/cdn-cgi/handler/scheduled' : '/__scheduled'
    const res = await fetch(`${baseURL}${at}?cron=${encodeURIComponent(cron)}`)
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

  for (const file of list) {
    const name = file.replace(/\.e2e\.mjs$/, '')
    console.log(`\n${name}`)
    const fileStarted = Date.now()
    const pagesBefore = made.pages
    try {
      const mod = await import(pathToFileURL(path.join(E2E_DIR, file)).href)
      const register = mod.default
      if (typeof register !== 'function')
        throw new Error(`${file} must default-export a function ({ test, baseURL, browser, ... })`)
      await register({ test, baseURL, browser, scheduled, api })
      await runTests(name)
    } catch (e) {
      recordFailure(`${name} (loading the file)`, e)
    }
    console.log(`  (${name}: ${((Date.now() - fileStarted) / 1000).toFixed(1)} s, ${made.pages - pagesBefore} pages)`)
    if (server && server.child.exitCode !== null) {
      recordFailure('server', new Error(`the server exited during ${file}\n${server.output()}`))
      break
    }
  }
}

/** A child process running one lane; resolves to its output and its `N passed, N failed` counts. */
function runLane(lane, list, baseURL) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(E2E_DIR, 'run.mjs')], {
      env: { ...process.env, E2E_LANE: lane, E2E_LANE_FILES: list.join(','), E2E_BASE_URL: baseURL },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => {
      const m = /(\d+) passed, (\d+) failed\s*$/.exec(out)
      resolve({ lane, out, code, passed: m ? Number(m[1]) : 0, failed: m ? Number(m[2]) : 1 })
    })
  })
}

try {
  if (LANE) {
    await runFiles(files, process.env.E2E_BASE_URL)
    ran = true
  } else {
    if (!PREPARED) {
      if (!process.env.E2E_SKIP_BUILD) await buildApp()
      // The demo content is part of the product (issue 24 §3: no test skips itself for want of it).
      const { seeded } = await prepareState(stateDir)
      if (!seeded) throw new Error('the state was not seeded (scripts/seed.ts): every journey needs the demo content')
    }
    if (PREPARE) {
      log(`prepared ${path.relative(ROOT, stateDir)}`)
      process.exit(0)
    }
    // The built Worker in workerd through Miniflare, without wrangler dev's proxy (its hop was
    // ~45% of a small request's CPU; scripts/lib/direct-server.mjs). E2E_WRANGLER=1: through
    // wrangler dev, as `npm start` serves it.
    const direct = !process.env.E2E_WRANGLER
    log(direct ? 'server (workerd through Miniflare)' : 'wrangler dev')
    server = await startServer({ persistDir: stateDir, direct })
    const baseURL = server.url
    const names = ['A', ...Object.keys(LANES)]
    // Two lanes unless asked (E2E_JOBS=1). The race two lanes showed (a new password while the
    // bell's unread list was out with the old session: 401, sent to sign in) is mended in the
    // client: a call that replaces the session is sent alone (src/client/api.ts, decision 031).
    const lanes =
      (process.env.E2E_JOBS ?? '2') === '1' ? [files] : names.map((l) => files.filter((f) => laneOf(f) === l))
    const used = lanes.filter((l) => l.length)
    log(`server ${baseURL}, ${files.length} file(s) in ${used.length} lane(s)\n`)
    if (used.length === 1) await runFiles(used[0], baseURL)
    else {
      const results = await Promise.all(used.map((list) => runLane(laneOf(list[0]), list, baseURL)))
      for (const r of results) {
        console.log(`\n──── lane ${r.lane} ────\n${r.out.trimEnd()}`)
        lanePassed += r.passed
        laneFailed += r.failed
        if (r.failed) laneFailures.push(`lane ${r.lane}: ${r.failed} failed (see above)`)
      }
    }
    if (server.child.exitCode !== null)
      recordFailure('server', new Error(`the server exited during the run\n${server.output()}`))
  }
  ran = true
} catch (e) {
  console.error(`\ne2e: could not run the tests: ${e.stack ?? e}`)
} finally {
  await cleanup()
  if (!LANE) log(`e2e done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
// Last line of the output, alone: `N passed, N failed`.
if (ran) {
  console.log('')
  if (laneFailures.length) console.log(`\n${laneFailures.join('\n')}`)
  const { failed, passed } = summary({ passed: lanePassed, failed: laneFailed })
  exitCode = failed || !passed ? 1 : 0
} else {
  console.log('0 passed, 1 failed')
}
process.exit(exitCode)
