/**
 * `npm run test:e2e`: build, start the built app on a fresh seeded state in .tmp/e2e-<pid>,
 * run every e2e/*.e2e.mjs (see the header of e2e/lib.mjs for how to write one), clean up.
 *
 *   npm run test:e2e                  all files
 *   npm run test:e2e -- foundation    only files whose name contains "foundation"
 *   E2E_SKIP_BUILD=1 npm run test:e2e reuse the current dist/
 *   E2E_KEEP_STATE=1                  keep the state directory for inspection
 *   E2E_JOBS=N                        N lanes (default 2: see below); 1 runs every file in this process
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
 * Lanes (decisions 031, 056): each lane has its own server on its own copy of the seeded state and
 * of the build, so a file may change demo people, run the cron, edit content or play a deploy of
 * the service worker (pwa rewrites its lane's sw.js) without another lane seeing it. The parent
 * deals the files out by WEIGHT, the longest first, each to the lane with the least so far; a
 * lane is one child process with its own chromium, against its lane's server. A lane's files
 * still follow one another on one state, so a file changes only what is its own or what no later
 * file reads (fresh @e2e.calma.app people, the rows it makes), as before.
 * Two lanes by default: one lane alone keeps ~1.3 cores busy (chromium above all), two fill the
 * 2-core machine; four were measured slower per file and made timing-bound journeys fail
 * (decision 056 has the figures).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cp, readdir, rm } from 'node:fs/promises'
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

/** Seconds each file took in a full run (decision 056): the longest are handed out first. */
const WEIGHT = {
  a11y: 230,
  'break-sleep': 110,
  // Issue 42's first week: ten journeys (a new patient, staff, booking, the profile), measured ~100 s.
  'first-week': 100,
  'new-user-player': 90,
  'pwa-owner': 90,
  pwa: 85,
  accounts: 57,
  legal: 57,
  engagement: 49,
  site: 48,
  admin: 47,
  payments: 41,
  appointments: 38,
  'html-valid': 45,
  // Issue 44's care: the safety plan in two languages (offline, print), the account copy, a recommendation.
  care: 40,
}
const weightOf = (file) => WEIGHT[file.replace(/\.e2e\.mjs$/, '')] ?? 25

// A lane's child (spawned below): runs the files it is given against its lane's server.
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
  // A lane's child is given whole file names ("sleep.e2e.mjs" is not "break-sleep.e2e.mjs").
  .filter((f) => !filters.length || filters.some((x) => (LANE ? f === x : f.includes(x))))
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
/** The lanes' servers and their directories (more than one lane). */
let laneServers = []
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
  await Promise.all(laneServers.map((l) => l.stop().catch(() => {})))
  // Only the parent owns the state: a lane child inherits E2E_STATE, and a lane that ended first
  // must not delete the files the other lane's server still serves (R2 covers, Durable Objects).
  if (!LANE && !process.env.E2E_KEEP_STATE) {
    await rm(stateDir, { recursive: true, force: true }).catch(() => {})
    for (const l of laneServers) await rm(l.dir, { recursive: true, force: true }).catch(() => {})
  }
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => void cleanup().then(() => process.exit(130)))
}

/**
 * E2E_CPU=1: each file's line also says how much CPU the whole machine spent meanwhile (every
 * process: chromium's renderers are not this process's children, so its own usage misses them).
 * Meaningful with one lane (E2E_JOBS=1) on an otherwise idle machine. Linux only.
 */
function busyCoreSeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
  const idle = ticks[3] + ticks[4]
  return (ticks.reduce((a, b) => a + b, 0) - idle) / 100
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
    const busyBefore = process.env.E2E_CPU ? busyCoreSeconds() : null
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
    const cpu = busyBefore == null ? '' : `, ${(busyCoreSeconds() - busyBefore).toFixed(1)} core-s of the machine`
    console.log(
      `  (${name}: ${((Date.now() - fileStarted) / 1000).toFixed(1)} s, ${made.pages - pagesBefore} pages${cpu})`,
    )
    if (server && server.child.exitCode !== null) {
      recordFailure('server', new Error(`the server exited during ${file}\n${server.output()}`))
      break
    }
  }
}

/** A child process running `list` on a lane, one file after another; resolves to its output and its `N passed, N failed` counts. */
function runLane(lane, list, baseURL, dist) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(E2E_DIR, 'run.mjs')], {
      env: { ...process.env, E2E_LANE: lane, E2E_LANE_FILES: list.join(','), E2E_BASE_URL: baseURL, E2E_DIST: dist },
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
    // wrangler dev, as `npm start` serves it, one lane (pwa's deploy rewrites the one dist/).
    const direct = !process.env.E2E_WRANGLER
    const jobs = direct ? Math.max(1, Math.min(Number(process.env.E2E_JOBS ?? 2), files.length)) : 1
    if (jobs === 1) {
      log(direct ? 'server (workerd through Miniflare)' : 'wrangler dev')
      server = await startServer({ persistDir: stateDir, direct })
      log(`server ${server.url}, ${files.length} file(s) in 1 lane\n`)
      await runFiles(files, server.url)
      if (server.child.exitCode !== null)
        recordFailure('server', new Error(`the server exited during the run\n${server.output()}`))
    } else {
      // Each lane: a copy of the seeded state and of the build (a few MB each), and its server.
      log(`${jobs} servers (workerd through Miniflare), each on its own copy of the state and build`)
      laneServers = await Promise.all(
        Array.from({ length: jobs }, async (_, i) => {
          const dir = `${stateDir}-lane${i + 1}`
          await cp(stateDir, path.join(dir, 'state'), { recursive: true })
          await cp(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true })
          const dist = path.join(dir, 'dist')
          return {
            name: String(i + 1),
            dir,
            dist,
            ...(await startServer({ persistDir: path.join(dir, 'state'), direct, dist })),
          }
        }),
      )
      // Each lane one child and one chromium for all its files (a chromium and a child per file
      // cost ~70 s more in the whole run, decision 056): the files dealt out by WEIGHT, the longest
      // first, each to the lane with the least so far.
      const lists = laneServers.map(() => ({ files: [], weight: 0 }))
      for (const file of [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))) {
        const lightest = lists.reduce((m, l) => (l.weight < m.weight ? l : m))
        lightest.files.push(file)
        lightest.weight += weightOf(file)
      }
      log(`${files.length} file(s) in ${jobs} lanes, the longest first\n`)
      const results = await Promise.all(
        laneServers.map((lane, i) => runLane(lane.name, lists[i].files, lane.url, lane.dist)),
      )
      for (const [i, r] of results.entries()) {
        console.log(`\n──── lane ${r.lane} ────\n${r.out.trimEnd()}`)
        lanePassed += r.passed
        laneFailed += r.failed
        if (r.failed) laneFailures.push(`lane ${r.lane}: ${r.failed} failed (see above)`)
        const lane = laneServers[i]
        if (lane.child.exitCode !== null)
          recordFailure('server', new Error(`lane ${lane.name}'s server exited during the run\n${lane.output()}`))
      }
    }
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
