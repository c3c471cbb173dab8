/**
 * Browser-test harness (playwright-core driving Debian chromium; nothing else).
 *
 * HOW TO WRITE A TEST FILE
 *   `npm run test:e2e` (e2e/run.mjs) builds the app, starts it on a fresh seeded state and
 *   imports every `e2e/*.e2e.mjs` in name order. Each file default-exports a function that
 *   REGISTERS tests; the runner then runs them one after the other:
 *
 *     import { assert, newPage, waitForHydration, PHONE } from './lib.mjs'
 *     export default function ({ test, baseURL, browser, scheduled }) {
 *       test('home hydrates', async () => {
 *         const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
 *         await page.goto('/')             // relative to baseURL
 *         await waitForHydration(page)
 *         assert.equal(await page.locator('html').getAttribute('lang'), 'es')
 *       })
 *     }
 *
 *   Context given to the default export:
 *     test(name, fn)        register a test (test.skip(name, why) records a skipped one)
 *     baseURL               e.g. http://127.0.0.1:40123 (no trailing slash)
 *     browser               a shared playwright Browser
 *     scheduled(cron)       runs the Worker's scheduled handler now, e.g. scheduled('* * * * *')
 *     api(path, init)       fetch(baseURL + path) returning { status, headers, json, text }
 *
 * WHAT "CLEAN" MEANS
 *   Every page made by newPage() records console errors, uncaught page errors, failed
 *   same-origin requests (HTTP 4xx/5xx or network failure) and React hydration warnings (any
 *   console message matching /hydrat|did not match|server rendered HTML/i). When a test ends,
 *   the runner fails it if any of its pages recorded something (pass `strict: false` to
 *   newPage to opt out) and closes the pages. Call `assertClean(page)` to check at a given
 *   moment; `expectFailure(page, matcher)` marks a request that is supposed to fail (e.g. the
 *   404 of a not-found page), together with the console error the browser logs for it.
 *
 * A failing test saves a screenshot of each of its open pages in e2e/screens/FAIL-*.png.
 * Run one file: `npm run test:e2e -- foundation`; skip the build: `E2E_SKIP_BUILD=1`.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export { assert }

export const SCREENS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screens')
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
/** Flags for a quiet, offline headless chromium (no sandbox: CI containers run as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

// The production build of React logs hydration failures as minified errors (#418 mismatch,
// #419/#423 falls back to client rendering, #425 text mismatch): counted as hydration too.
const HYDRATION = /hydrat|did not match|server rendered HTML|Minified React error #(418|419|421|422|423|425)\b/i

let defaultBaseURL
/** Set the origin newPage() uses for relative URLs and for "same origin" (run.mjs does it). */
export function configure({ baseURL }) {
  defaultBaseURL = baseURL
}

export function chromiumAvailable() {
  return existsSync(CHROMIUM_PATH)
}

/** Debian chromium, headless. Never downloads a browser. */
export async function launchBrowser() {
  if (!chromiumAvailable()) {
    throw new Error(`chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  }
  // E2E_CHROMIUM_EXTRA='--flag --other': more flags for one run, to measure them (decision 031).
  const extra = process.env.E2E_CHROMIUM_EXTRA?.split(/\s+(?=--)/).filter(Boolean) ?? []
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extra] })
}

/**
 * Pages made by newPage() so far (the runner prints them per file): each is a browser context,
 * a renderer process and a cold cache. Measured later (decision 031, 2026-11-26): ~0.1–0.15 s of
 * CPU more than a load in an open page (chromium, and the server sending the assets again), so
 * the count says where page reuse would pay, and that it would pay little.
 */
export const made = { pages: 0 }

/** Pages opened during the current test: checked and closed when it ends. */
const openPages = new Set()
const issuesOf = new WeakMap()

/**
 * A page in its own browser context.
 * @param {import('playwright-core').Browser} browser
 * @param {{ viewport?: {width:number,height:number}, locale?: string, baseURL?: string,
 *   strict?: boolean, storageState?: any, mobile?: boolean }} [o]
 *   `locale` 'es' | 'en' | any BCP 47 tag: sets navigator.language and Accept-Language.
 *   `mobile` defaults to true for viewports narrower than 768 px (SPEC §2 breakpoint).
 *   `consent` 'rejected' (default: the cookie banner has been answered 'Reject all', so it does
 *   not cover what a test clicks) or 'ask' (a first visit: the banner shows; e2e/site.e2e.mjs).
 */
export async function newPage(
  browser,
  {
    viewport = DESKTOP,
    locale = 'es',
    baseURL = defaultBaseURL,
    strict = true,
    storageState,
    mobile,
    consent = 'rejected',
    serviceWorkers = 'block',
  } = {},
) {
  const isMobile = mobile ?? viewport.width < 768
  const context = await browser.newContext({
    viewport,
    locale: locale === 'es' ? 'es-ES' : locale === 'en' ? 'en-US' : locale,
    baseURL,
    isMobile,
    hasTouch: isMobile,
    storageState,
    // Blocked unless a test is about the service worker (e2e/pwa.e2e.mjs): a cached page would hide a bug.
    serviceWorkers,
  })
  if (consent === 'rejected') {
    await context.addInitScript(() => {
      if (!localStorage.getItem('calma_consent'))
        localStorage.setItem('calma_consent', JSON.stringify({ v: 1, analytics: false, ads: false, at: Date.now() }))
    })
    // What the banner's choice also leaves (shared/consent.ts): the server then renders no banner.
    if (baseURL) await context.addCookies([{ name: 'calma_consent', value: '1', url: new URL(baseURL).origin }])
  }
  const page = await context.newPage()
  made.pages++
  const origin = baseURL ? new URL(baseURL).origin : null
  const rec = { list: [], expected: [], reported: 0, strict }
  issuesOf.set(page, rec)
  openPages.add(page)
  const sameOrigin = (url) => {
    try {
      return origin ? new URL(url).origin === origin : true
    } catch {
      return false
    }
  }
  const isExpected = (url, status) => rec.expected.some((m) => matches(m, url, status))

  page.on('console', (msg) => {
    const text = msg.text()
    if (HYDRATION.test(text)) {
      rec.list.push(`hydration warning (console.${msg.type()}): ${text}`)
      return
    }
    if (msg.type() !== 'error') return
    const where = msg.location()?.url ?? ''
    // The browser's own line for a failed request: already reported (or expected) as a request.
    if (text.startsWith('Failed to load resource')) {
      const status = Number(/status of (\d{3})/.exec(text)?.[1]) || undefined
      if (isExpected(where, status) || (sameOrigin(where) && status)) return
      // An image the network dropped (no status): see `requestfailed` below.
      if (!status && sameOrigin(where) && /\.(png|jpe?g|webp|avif|gif|svg)$/.test(new URL(where).pathname)) return
    }
    rec.list.push(`console.error: ${text}${where ? ` (${where})` : ''}`)
  })
  page.on('pageerror', (err) =>
    rec.list.push(`${HYDRATION.test(err.message) ? 'hydration error' : 'page error'}: ${err.stack ?? err.message}`),
  )
  page.on('response', (res) => {
    const status = res.status()
    if (status < 400 || !sameOrigin(res.url())) return
    if (isExpected(res.url(), status)) return
    rec.list.push(`HTTP ${status} ${res.request().method()} ${res.url()}`)
  })
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText ?? 'failed'
    // Aborted = the page navigated away or cancelled it itself; not a failure of the app.
    if (/ERR_ABORTED/.test(why) || !sameOrigin(req.url()) || isExpected(req.url())) return
    // An image the network dropped (a journey went offline while a cover was still on its way,
    // seen in CI): a picture missing, not the app failing; an image answered 4xx/5xx is still a
    // failure (the response handler above), and so is every other request.
    if (req.resourceType() === 'image') {
      rec.expected.push(req.url())
      return
    }
    rec.list.push(`request failed: ${req.method()} ${req.url()} (${why})`)
  })
  return page
}

function matches(m, url, status) {
  if (typeof m === 'function') return m(url, status)
  if (m instanceof RegExp) return m.test(url)
  if (typeof m === 'string') {
    try {
      return new URL(url).pathname.startsWith(m) || url.includes(m)
    } catch {
      return url.includes(m)
    }
  }
  if (m && typeof m === 'object') return (!m.url || matches(m.url, url, status)) && (!m.status || m.status === status)
  return false
}

/**
 * Mark requests that are expected to fail on this page.
 * @param {import('playwright-core').Page} page
 * @param {string | RegExp | ((url: string, status?: number) => boolean) | { url?: string|RegExp, status?: number }} matcher
 *   a string matches a pathname prefix or a substring of the URL.
 */
export function expectFailure(page, matcher) {
  issuesOf.get(page)?.expected.push(matcher)
}

/** What the page recorded so far (console errors, page errors, failed requests, hydration). */
export function issues(page) {
  return [...(issuesOf.get(page)?.list ?? [])]
}

/** Throws listing everything the page recorded that was not already reported. */
export function assertClean(page, label = page.url()) {
  const rec = issuesOf.get(page)
  if (!rec) return
  const fresh = rec.list.slice(rec.reported)
  rec.reported = rec.list.length
  if (fresh.length) throw new Error(`${label} is not clean:\n  - ${fresh.join('\n  - ')}`)
}

/**
 * Resolves once the client has hydrated (hydrate.tsx sets html[data-hydrated=true]). A visitor's
 * page hydrates at a person's first touch, key or focus (entry.tsx, decision 062): a Shift press,
 * which changes nothing on any page, is that first sign here.
 */
export async function waitForHydration(page, timeout = 15_000) {
  // A person's first key (it changes nothing): a visitor's page hydrates then, and so do the parts
  // of a signed-in page that wait for the first touch (components/TouchPart.tsx, decision 069).
  await page.keyboard.press('Shift').catch(() => {})
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout })
}

/**
 * Full-page screenshot to e2e/screens/<name>.png for a person to look at; returns the path.
 * Taken only with E2E_SCREENSHOTS=1 (a review run): they assert nothing, and ~100 full-page
 * captures cost chromium ~40 s of CPU in every run (decision 031). A failing test's pages are
 * always captured (FAIL-*.png, `failure: true`).
 */
export async function screenshot(page, name, { fullPage = true, failure = false } = {}) {
  if (!failure && !process.env.E2E_SCREENSHOTS) return null
  await mkdir(SCREENS_DIR, { recursive: true })
  const file = path.join(SCREENS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`)
  await page.screenshot({ path: file, fullPage, animations: 'disabled' })
  return file
}

/**
 * A full-page screenshot from the top (the header and the navigation are fixed: scrolled, they
 * land mid-page), after the scroll settles. Nothing at all unless E2E_SCREENSHOTS=1: the scroll
 * and its wait only serve the picture (they were ~8 s of lane A's wall time, decision 031).
 */
export async function screenshotFromTop(page, name) {
  if (!process.env.E2E_SCREENSHOTS) return null
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(350)
  return screenshot(page, name)
}

/** Polls `fn` until it returns a truthy value (returned) or the time is up (throws its last error). */
export async function eventually(fn, { timeout = 5000, interval = 100, message } = {}) {
  const end = Date.now() + timeout
  let lastErr
  while (true) {
    try {
      const v = await fn()
      if (v) return v
      lastErr = undefined
    } catch (e) {
      lastErr = e
    }
    if (Date.now() > end) throw lastErr ?? new Error(message ?? `condition not met within ${timeout} ms`)
    await new Promise((r) => setTimeout(r, interval))
  }
}

// ---------------------------------------------------------------------------------------------
// The runner: test() registers, runTests() runs what is registered, summary() prints the end.

const queue = []
const totals = { passed: 0, failed: 0, skipped: 0, failures: [] }

/**
 * E2E_DEEP=1 (`npm run test:e2e:deep`, part of the nightly deep run): every journey in every
 * language and size it is written for. Without it (`npm test`), a journey written for several
 * variants runs in one of them, the one its file names (decision 041: npm test's 6 minutes).
 */
export const DEEP = process.env.E2E_DEEP === '1'

/**
 * The variants of a journey to run: all of them in the deep run, else only those at `picks`.
 * Each file picks so that, over the suite, both languages and both sizes are still walked in every
 * run; every page is still loaded in both languages by a11y.e2e.mjs, and the messages exist in both
 * by type (src/shared/i18n).
 * @template T @param {T[]} list @param {...number} picks @returns {T[]}
 */
export function variants(list, ...picks) {
  return DEEP ? list : picks.map((i) => list[i])
}

/** Register a test. fn gets no argument; give it more time with test(name, fn, { timeout }). */
export function test(name, fn, { timeout = 60_000 } = {}) {
  queue.push({ name, fn, timeout })
}
test.skip = (name, why = '') => queue.push({ name, skip: why || 'skipped' })

/** Runs the registered tests sequentially, printing one ✓/✗ line each. */
export async function runTests(prefix = '') {
  // E2E_GREP=text: only journeys whose title contains it; `file › text` narrows that file only and
  // leaves the others whole (a race chased in one file while the rest load the machine).
  // E2E_REPEAT=N: each chosen journey N times.
  const grep = process.env.E2E_GREP ?? ''
  const [inFile, text] = grep.includes(' › ') ? grep.split(' › ', 2) : [null, grep]
  const narrowed = !!grep && (!inFile || inFile === prefix)
  const repeat = narrowed ? Math.max(1, Number(process.env.E2E_REPEAT) || 1) : 1
  const batch = queue
    .splice(0)
    .filter((t) => !narrowed || t.name.includes(text))
    .flatMap((t) => Array.from({ length: repeat }, () => t))
  for (const t of batch) {
    const title = prefix ? `${prefix} › ${t.name}` : t.name
    if (t.skip) {
      totals.skipped++
      console.log(`- ${title} (skipped: ${t.skip})`)
      continue
    }
    const start = Date.now()
    let error
    try {
      let timer
      await Promise.race([
        Promise.resolve().then(t.fn),
        new Promise(
          (_, rej) => (timer = setTimeout(() => rej(new Error(`timed out after ${t.timeout} ms`)), t.timeout)),
        ),
      ]).finally(() => clearTimeout(timer))
      for (const page of openPages) {
        if (issuesOf.get(page)?.strict && !page.isClosed()) assertClean(page)
      }
    } catch (e) {
      error = e
    }
    if (error) {
      for (const page of openPages) {
        if (page.isClosed()) continue
        await screenshot(page, `FAIL-${title}-${[...openPages].indexOf(page)}`, { failure: true }).catch(() => {})
        const seen = issues(page)
        if (seen.length && !String(error.message).includes(seen[0])) {
          error.message += `\n  also recorded on ${page.url()}:\n  - ${seen.join('\n  - ')}`
        }
      }
    }
    for (const page of openPages)
      await page
        .context()
        .close()
        .catch(() => {})
    openPages.clear()
    const ms = Date.now() - start
    if (error) {
      totals.failed++
      // The reason rides with the title into the final list: a CI log that keeps only its tail
      // still says why (stop 46's log kept the title alone).
      totals.failures.push(
        `${title}\n${indent(describe(error).split('\n').slice(0, 6).join('\n').slice(0, 800), '      ')}`,
      )
      console.log(`✗ ${title} (${ms} ms)\n${indent(describe(error))}`)
    } else {
      totals.passed++
      console.log(`✓ ${title} (${ms} ms)`)
    }
  }
}

/** Record a failure that happened outside a test (e.g. a file that could not load). */
export function recordFailure(title, error) {
  totals.failed++
  totals.failures.push(title)
  console.log(`✗ ${title}\n${indent(error?.stack ?? String(error))}`)
}

/**
 * Prints the final `N passed, N failed` line and returns the totals; `lanes` adds what the lane
 * processes counted (e2e/run.mjs).
 */
export function summary(lanes = { passed: 0, failed: 0 }) {
  if (totals.failures.length) console.log(`\nFailed:\n${totals.failures.map((f) => `  ✗ ${f}`).join('\n')}`)
  if (totals.skipped) console.log(`${totals.skipped} skipped`)
  const passed = totals.passed + lanes.passed
  const failed = totals.failed + lanes.failed
  console.log(`${passed} passed, ${failed} failed`)
  return { ...totals, passed, failed }
}

/** The message, plus where in a test file it was thrown (the stack's first *.e2e.mjs frame). */
function describe(error) {
  const message = String(error?.message ?? error)
  const at = String(error?.stack ?? '')
    .split('\n')
    .find((l) => /\.e2e\.mjs:\d+/.test(l))
  return at && !message.includes(at.trim()) ? `${message}\n${at.trim()}` : message
}

const indent = (s, by = '    ') =>
  String(s)
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n')

/** A new person signed up through POST /v1/user with the test captcha token (201 or the test fails). */
export async function signUpPerson(api, { email, password, name, locale }) {
  const made = await api('/v1/user', {
    method: 'POST',
    headers: { 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX', locale },
    body: new URLSearchParams({ email, password, name, legal_age: '1', language: locale }),
  })
  assert.equal(made.status, 201, made.text)
  return made
}

/** Sign in through the login page and land on `to` (under `prefix`, '' or '/en'), hydrated. */
export async function signInTo(page, { prefix = '', email, password, to }) {
  await page.goto(`${prefix}/login?redirect=${encodeURIComponent(`${prefix}${to}`)}`)
  await waitForHydration(page)
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(password)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => u.pathname === `${prefix}${to}`, { timeout: 10_000 })
  await waitForHydration(page)
}

/**
 * The session cookie of `email`, got with one POST /v1/user/authenticate from Node (what the
 * login page sends; a first sign-in needs no CSRF token or captcha), put into `context`. For
 * journeys that only need to be signed in: it spares the /login page's load and hydration
 * (decision 031). The journeys about signing in use the login page (signInTo, accounts, forms).
 * @param {import('playwright-core').BrowserContext} context
 */
export async function addSession(context, { email, password, baseURL = defaultBaseURL }) {
  await context.addCookies(await sessionCookies({ email, password, baseURL }))
}

/** The cookies a sign-in of `email` sets (addSession), for contexts that share one session. */
export async function sessionCookies({ email, password, baseURL = defaultBaseURL }) {
  const res = await fetch(`${baseURL}/v1/user/authenticate`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  })
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`)
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim())
    const at = pair.indexOf('=')
    const has = (name) => attrs.some((a) => a.toLowerCase() === name)
    const sameSite = attrs.find((a) => /^samesite=/i.test(a))?.split('=')[1]
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      url: new URL(baseURL).origin,
      httpOnly: has('httponly'),
      secure: has('secure'),
      ...(sameSite ? { sameSite: sameSite[0].toUpperCase() + sameSite.slice(1).toLowerCase() } : {}),
    }
  })
  if (!cookies.length) throw new Error(`sign-in of ${email} set no cookie`)
  return cookies
}

/**
 * `page` signed in as `email` (addSession: no /login page) and on `${prefix}${to}`, hydrated:
 * where signInTo leaves a journey, one page load sooner.
 */
export async function openSignedIn(page, { prefix = '', email, password, to }) {
  await addSession(page.context(), { email, password })
  await page.goto(`${prefix}${to}`)
  await waitForHydration(page)
}

/**
 * A /v1 call from inside the signed-in page (its cookie and CSRF token), as the app makes it.
 * `form.__file` (bytes) is sent as the multipart `chunk` of an upload.
 */
export function callInPage(page, method, path, form = {}, locale = 'es') {
  return page.evaluate(
    async ({ method, path, form, locale }) => {
      const csrf = document.querySelector('meta[name=csrf-token]')?.content ?? ''
      const init = { method, headers: { accept: 'application/json', locale, 'x-csrf-token': csrf } }
      let url = path
      if (method === 'GET') url += `?${new URLSearchParams(form)}`
      else if (form instanceof Object && form.__file) {
        const fd = new FormData()
        for (const [k, v] of Object.entries(form)) if (k !== '__file') fd.append(k, v)
        fd.append('chunk', new Blob([new Uint8Array(form.__file)], { type: 'application/octet-stream' }), 'chunk')
        init.body = fd
      } else init.body = new URLSearchParams(form)
      const res = await fetch(url, init)
      return { status: res.status, body: await res.json() }
    },
    { method, path, form, locale },
  )
}

/**
 * The next deploy while `page` is open: the same worker with a few bytes more, in this lane's own
 * copy of the build (E2E_DIST, e2e/run.mjs, so no other lane's server serves it; put back after),
 * until the page offers it. Returns the update notice.
 */
export async function nextVersionOffered(page) {
  const dist = process.env.E2E_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
  const file = path.join(dist, 'client', 'sw.js')
  const before = await readFile(file, 'utf8')
  await writeFile(file, `${before}\n// next version ${Date.now()}\n`)
  // A deploy also changes the file's ETag; the e2e server (workerd through Miniflare, e2e/run.mjs)
  // keeps the ETags it computed at start, so the browser's copy is dropped instead: its update
  // check then asks without If-None-Match and gets the new bytes.
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache')
  const notice = page.getByTestId('update-notice')
  try {
    await eventually(
      async () => {
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update().catch(() => {}))
        return notice.isVisible()
      },
      { timeout: 15_000, interval: 1000, message: 'no update notice' },
    )
  } finally {
    await writeFile(file, before)
  }
  return notice
}

/** A route page hydrated with its units listed and its player ready. */
export async function unitsLoaded(page) {
  await waitForHydration(page)
  await page.locator('[data-testid=route-units][data-loaded=true]').waitFor({ timeout: 10_000 })
  await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
}

/** The device's first visit to a route page (before any service worker controls it), and its download, done. */
export async function downloadOnFirstVisit(page, path) {
  await page.goto(path)
  await unitsLoaded(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.getByTestId('route-download').getByTestId('download-start').click()
  await page.locator('[data-testid=route-download][data-state=done]').waitFor({ timeout: 30_000 })
}

/** The same page opened again without a network: nothing may reach /v1, /ws or /media meanwhile. */
export async function reopenOffline(page, path) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {})
  expectFailure(page, '/v1/')
  expectFailure(page, '/ws/')
  expectFailure(page, '/media/')
  await page.context().setOffline(true)
  await page.goto(path)
  await waitForHydration(page)
}

/** The paths kept in every Cache Storage cache whose name starts with `prefix`, whoever's (e.g. `calma-pages`, `calma-downloads`). */
export const cachedPaths = (page, prefix) =>
  page.evaluate(async (prefix) => {
    const out = []
    for (const name of await caches.keys())
      if (name.startsWith(prefix))
        for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname)
    return out
  }, prefix)
