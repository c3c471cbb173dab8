/**
 * Offline copies that belong to one session (issue 32 §4; docs/decisions/039-offline-copies-belong-to-one-session.md)
 * in Debian chromium with the service worker allowed. Person A keeps pages (/profile, /journey, a
 * route) and downloads a unit; A's session then ends without a logout on this browser (a password
 * change elsewhere, the browser closed, its expiry passed, an erasure elsewhere). Offline and
 * online, as a visitor and as person B in the same browser profile, nothing of A is served: no
 * page body with A's name, email or CSRF token, no media answered by the service worker. The
 * normal case still holds: A offline gets A's pages and plays A's download; a save A made offline
 * is never sent as B.
 *
 * The five findings of the outside breaker (first in e2e/break-offline.e2e.mjs, commit 9688c9c)
 * are folded in here, sharing these people, sign-ins and downloads, each marked "break N":
 * 1. the browser reopened: A's copies, file and Downloads record stay until the worker answers a
 *    navigation, and the x-calma-viewer header kept with each page rebuilds A's companion;
 * 2. a logout made offline ends no session;
 * 3. without the Cookie Store API (Firefox < 140, Safari < 18.4) a unit shown as "Downloaded"
 *    never plays offline and goes at the worker's next start;
 * 4. without it, a visitor's visited pages do not open offline;
 * 5. A erased elsewhere: once the device heard it, A's offline saves stay in IndexedDB.
 * "Without the Cookie Store API" is the worker served with `self.cookieStore` shadowed by
 * undefined (and `window.cookieStore` likewise): chromium's --disable-blink-features does not
 * take the API away (the breaker tried CookieStore, CookieStoreDocument, CookieStoreWorker,
 * CookieStoreAPI).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import {
  assert,
  cachedPaths,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  eventually,
  expectFailure,
  newPage,
  PHONE,
  screenshot,
  waitForHydration,
} from './lib.mjs'

const PASSWORD = 'Calma-owner-2026'
const ROUTE = { es: '/route/descubre-y-comprende-tus-emociones', en: '/en/route/discover-and-understand-your-emotions' }
const CONSENT = { v: 1, analytics: false, ads: false }
/** The texts the person reads (src/shared/i18n: playback.downloads.unsupported, accounts.errors.logout_offline). */
const UNSUPPORTED = {
  es: /^Este navegador no puede guardar descargas para escuchar sin internet, así que no se ha descargado nada\./,
  en: /^This browser cannot keep downloads to listen without internet, so nothing was downloaded\./,
}
const LOGOUT_OFFLINE = {
  es: /^Estás sin conexión y este navegador no puede terminar de cerrar tu sesión sin ella: sigues con la sesión iniciada\./,
  en: /^You are offline and this browser cannot finish signing you out without a connection: you are still signed in\./,
}
let seq = 0

export default function ({ test, browser, baseURL }) {
  /** A new patient through POST /v1/user (the local Turnstile's dummy token passes). */
  async function person(tag, language) {
    const email = `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}@e2e.calma.app`
    const name = `${tag === 'ana' ? 'Ana' : 'Bruno'} ${Math.random().toString(36).slice(2, 8)}`
    const res = await fetch(`${baseURL}/v1/user`, {
      method: 'POST',
      headers: { accept: 'application/json', locale: language, 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX' },
      body: new URLSearchParams({ email, password: PASSWORD, name, legal_age: '1', language }),
    })
    if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${await res.text()}`)
    return { email, name, prefix: language === 'en' ? '/en' : '', language }
  }

  /** Another device of the same person: its own session, by bearer token. */
  async function elsewhere(p) {
    const res = await fetch(`${baseURL}/v1/user/authenticate`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ email: p.email, password: p.password ?? PASSWORD }),
    })
    assert.equal(res.status, 200)
    const { user } = await res.json()
    const call = (pathname, init) =>
      fetch(`${baseURL}${pathname}`, {
        ...init,
        headers: { accept: 'application/json', authorization: `Bearer ${user.token}`, ...init.headers },
      })
    return {
      async changePassword() {
        const next = `${PASSWORD}-new`
        const r = await call('/v1/user/update', {
          method: 'POST',
          body: new URLSearchParams({ password: next, current_password: p.password ?? PASSWORD }),
        })
        assert.equal(r.status, 200, await r.text())
        p.password = next
      },
      async erase() {
        const r = await call('/v1/user', { method: 'DELETE', headers: { 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX' } })
        assert.equal(r.status, 200, await r.text())
      },
    }
  }

  /** A browser context of our own (not newPage's): consent answered, as newPage does. */
  async function consented(context) {
    await context.addCookies([{ name: 'calma_consent', value: '1', url: baseURL }])
    await context.addInitScript((consent) => {
      if (!localStorage.getItem('calma_consent'))
        localStorage.setItem('calma_consent', JSON.stringify({ ...consent, at: Date.now() }))
    }, CONSENT)
    return context
  }

  /**
   * A browser without the Cookie Store API (Firefox < 140, Safari < 18.4: MDN browser-compat-data,
   * api/ServiceWorkerGlobalScope.json `cookieStore`): the worker's script is served with
   * `self.cookieStore` shadowed, and pages get no `window.cookieStore`.
   */
  async function withoutCookieStore() {
    const context = await consented(
      await browser.newContext({ baseURL, serviceWorkers: 'allow', locale: 'es-ES', viewport: PHONE, isMobile: true }),
    )
    await context.route('**/sw.js', async (route) => {
      const res = await route.fetch()
      const body = `Object.defineProperty(self, 'cookieStore', { value: undefined, configurable: true });\n${await res.text()}`
      await route.fulfill({ response: res, body })
    })
    await context.addInitScript(() =>
      Object.defineProperty(window, 'cookieStore', { value: undefined, configurable: true }),
    )
    return context
  }

  /** The service worker controls `page` (its caches are in use). */
  const controlled = (page) =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
    })

  async function signIn(page, p, { remember = false, worker = true } = {}) {
    await page.goto(`${p.prefix}/login?redirect=${encodeURIComponent(`${p.prefix}/journey`)}`)
    await waitForHydration(page)
    if (worker) await controlled(page)
    await page.locator('input[name=email]').fill(p.email)
    await page.locator('input[name=password]').fill(p.password ?? PASSWORD)
    if (remember) await page.locator('input[name=remember]').check()
    await page.getByTestId('login-submit').click()
    await page.waitForURL((u) => u.pathname === `${p.prefix}/journey`, { timeout: 10_000 })
    await waitForHydration(page)
  }

  /** Every page kept in any of the service worker's page caches, with its body. */
  const keptPages = (page) =>
    page.evaluate(async () => {
      const out = []
      for (const name of await caches.keys()) {
        if (!name.startsWith('calma-pages')) continue
        const cache = await caches.open(name)
        for (const req of await cache.keys())
          out.push({ cache: name, path: new URL(req.url).pathname, body: await (await cache.match(req)).text() })
      }
      return out
    })
  /** The viewer headers kept with each page of every page cache. */
  const keptPagesHeaders = (page) =>
    page.evaluate(async () => {
      const out = []
      for (const name of await caches.keys()) {
        if (!name.startsWith('calma-pages')) continue
        const cache = await caches.open(name)
        for (const req of await cache.keys()) {
          const res = await cache.match(req)
          out.push({
            cache: name,
            path: new URL(req.url).pathname,
            viewer: res.headers.get('x-calma-viewer'),
            erased: res.headers.get('x-calma-erased'),
          })
        }
      }
      return out
    })
  /** Every downloaded file in any of the service worker's download caches. */
  const keptFiles = (page) => cachedPaths(page, 'calma-downloads')
  /** An IndexedDB store's records as the origin's script reads them ([] when never made; nothing is created). */
  const readStore = (page, db, store) =>
    page.evaluate(
      ([db, store]) =>
        new Promise((resolve) => {
          const open = indexedDB.open(db)
          // 'calma-outbox' with no store, and idb-keyval (which adds its store only when it creates
          // the database) would fail every save: never made here (decision 031).
          open.onupgradeneeded = () => open.transaction.abort()
          open.onerror = () => resolve([])
          open.onsuccess = () => {
            const d = open.result
            if (!d.objectStoreNames.contains(store)) return (resolve([]), d.close())
            const all = d.transaction(store).objectStore(store).getAll()
            all.onsuccess = () => (resolve(all.result), d.close())
          }
        }),
      [db, store],
    )
  /** The Downloads records (src/client/pwa/downloads.ts). */
  const keptRecords = (page) => readStore(page, 'calma-downloads', 'units')
  /** The progress saves waiting in the offline outbox (src/client/pwa/outbox.ts). */
  const outbox = (page) => readStore(page, 'calma-outbox', 'progress')

  /**
   * A keeps /profile, /journey and a route page and downloads the route's first unit; answers what
   * identifies A on those pages (email, name, the session's CSRF token) and the media key.
   */
  async function keepAndDownload(page, a) {
    const route = ROUTE[a.language]
    const paths = [`${a.prefix}/profile`, `${a.prefix}/journey`, route]
    for (const p of paths) {
      await page.goto(p)
      await waitForHydration(page)
    }
    a.csrf = await page.locator('meta[name=csrf-token]').getAttribute('content')
    await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
    await page.locator('[data-testid=unit-download] [data-testid=download-start]').first().click()
    await page.locator('[data-testid=unit-download][data-state=done]').first().waitFor({ timeout: 20_000 })
    await eventually(
      async () => {
        const kept = (await keptPages(page)).map((k) => k.path)
        return paths.every((p) => kept.includes(p))
      },
      { message: "A's pages are kept" },
    )
    const files = await keptFiles(page)
    assert.equal(files.length, 1, files.join(' '))
    a.media = files[0]
    a.paths = paths
    a.id = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.id)
    // The visits' own usage events may still be on their way when the network goes: cut off on
    // purpose by the tests, not a failure of the app (as in e2e/pwa.e2e.mjs).
    expectFailure(page, '/v1/track')
  }

  /**
   * Offline, on the route page A downloaded: A plays the unit (from the download) for a second and
   * pauses; the save waits in the outbox. Ends on /help, a page that is nobody's (no flush).
   */
  async function saveOffline(page, a) {
    expectFailure(page, '/v1/')
    expectFailure(page, '/ws/')
    await page.context().setOffline(true)
    if (new URL(page.url()).pathname !== ROUTE[a.language]) {
      await page.goto(ROUTE[a.language])
      await waitForHydration(page)
    }
    await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
    await page.getByTestId('player-toggle').click()
    await page.locator('[data-testid=player][data-state=playing]').waitFor({ timeout: 10_000 })
    // A second of listening, so the position is past 0 (waited on the audio's own clock: on a
    // busy machine "playing" may come well before the first second is heard).
    await eventually(
      async () => (await page.locator('[data-testid=player] audio').evaluate((m) => m.currentTime)) > 1,
      {
        timeout: 10_000,
        message: 'the unit did not play a second offline',
      },
    )
    await page.getByTestId('player-toggle').click()
    await eventually(async () => (await outbox(page)).some((s) => s.user === a.id), {
      message: 'the save is not in the outbox',
    })
    await page.goto('/help')
    await page.getByTestId('help-page').waitFor()
  }

  /** Nothing of A in any cache: no page that names A or carries A's CSRF token, not A's file, no record of it. */
  async function nothingOfA(page, a) {
    for (const k of await keptPages(page)) {
      for (const secret of [a.email, a.name, a.csrf])
        assert.ok(!k.body.includes(secret), `${k.cache} keeps ${k.path} with A's ${secret}`)
    }
    assert.ok(!(await keptFiles(page)).includes(a.media), `A's file ${a.media} is still kept`)
    const records = (await keptRecords(page)).filter((r) => r.user === a.id)
    assert.deepEqual(
      records.map((r) => r.media_key),
      [],
      "A's Downloads records are still on the device",
    )
  }

  /**
   * Open each of A's pages: none is answered with A's content (offline: the offline page; online:
   * the server's own answer for whoever is here now).
   */
  async function noPageOfA(page, a, { offline }) {
    for (const p of a.paths) {
      const res = await page.goto(p)
      const body = (await res?.text()) ?? ''
      for (const secret of [a.email, a.name, a.csrf]) assert.ok(!body.includes(secret), `${p} shows A's ${secret}`)
      if (offline) {
        assert.ok(res.fromServiceWorker(), `${p} offline`)
        await page.getByTestId('offline-page').waitFor()
      }
    }
  }

  /**
   * Ask for A's file from the page, as the player would. Offline nothing answers it (a cached copy
   * would); online it is the network's answer to whoever is here (an unsigned URL without A's
   * session: refused), not A's bytes from a cache.
   */
  async function noMediaOfA(page, a, { offline }) {
    expectFailure(page, '/media/')
    const got = await page.evaluate(async (url) => {
      try {
        const r = await fetch(url, { headers: { range: 'bytes=0-' } })
        return { status: r.status }
      } catch (e) {
        return { error: String(e) }
      }
    }, a.media)
    if (offline) assert.ok(got.error, `offline, ${a.media} answered ${JSON.stringify(got)}`)
    else assert.equal(got.status, 401, `online, ${a.media} answered ${JSON.stringify(got)}`)
  }

  const companion = async (page) => (await page.evaluate(() => document.cookie)).includes('__Host-calma_viewer')

  test(
    "A's session ended elsewhere (a new password): after the next answer (a 401), nothing of A offline or online, as a visitor or as B; A's offline save is never sent as B; B's logout made offline ends B's session once back online (break 2)",
    async () => {
      const a = await person('ana', 'en')
      const b = await person('bruno', 'es')
      const page = await newPage(browser, { viewport: PHONE, locale: 'en', serviceWorkers: 'allow' })
      await signIn(page, a)
      await keepAndDownload(page, a)
      await saveOffline(page, a)
      await page.context().setOffline(false)

      await (await elsewhere(a)).changePassword()
      // The next answer this browser gets for A's session: a call refused with 401.
      expectFailure(page, { status: 401 })
      // The page may hear it first: its bell's socket, reopened as the network came back, is closed
      // by the server as the session ends, and the page goes to sign in (a navigation that would
      // cut this call). Asked again on the page that comes then: the answer is the same 401.
      const ask = () =>
        page.evaluate(async () => (await fetch('/v1/user', { headers: { accept: 'application/json' } })).status)
      const status = await ask().catch(async (e) => {
        if (!/context was destroyed|navigation/i.test(String(e))) throw e
        await page.waitForLoadState('load')
        return ask()
      })
      assert.equal(status, 401)
      await eventually(
        async () => {
          await nothingOfA(page, a)
          return true
        },
        { timeout: 5000, message: "A's copies stay after the 401" },
      )

      // Offline, as whoever holds the phone now.
      await page.context().setOffline(true)
      await noPageOfA(page, a, { offline: true })
      await screenshot(page, 'pwa-owner-offline-after-password-en')
      await noMediaOfA(page, a, { offline: true })
      await page.context().setOffline(false)

      // Online as a visitor: A's file comes from the network (which refuses it), not from a cache.
      await page.goto(ROUTE.en)
      await waitForHydration(page)
      await noMediaOfA(page, a, { offline: false })

      // B signs in in the same browser: B's Downloads list is empty, A's save goes unsent, and
      // offline none of A's.
      const sent = []
      page.context().on('request', (r) => {
        if (r.url().endsWith('/v1/unit/progress') && r.method() === 'POST') sent.push(r.postData())
      })
      await signIn(page, b)
      await page.goto('/profile')
      await waitForHydration(page)
      await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
      assert.equal(await page.getByTestId('download-item').count(), 0)
      await page.getByTestId('downloads-empty').waitFor()
      await eventually(
        async () => (await keptPages(page)).some((k) => k.path === '/profile' && k.body.includes(b.email)),
        { message: "B's profile is kept" },
      )
      await eventually(async () => (await outbox(page)).length === 0, { message: "A's save stays in the outbox" })
      assert.deepEqual(sent, [], "A's save was sent as B")
      await nothingOfA(page, a)
      await page.context().setOffline(true)
      await noPageOfA(page, a, { offline: true })
      await noMediaOfA(page, a, { offline: true })
      // B's own kept page is B's, offline.
      const mine = await page.goto('/profile')
      assert.ok((await mine.text()).includes(b.email))
      await waitForHydration(page)
      await page.getByTestId('offline-notice').waitFor()
      // B's Downloads, offline: B's own (none), never A's.
      await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
      await page.getByTestId('downloads-empty').waitFor()
      assert.match(await page.getByTestId('profile-downloads').innerText(), /mientras dure tu sesión/)
      await screenshot(page, 'pwa-owner-offline-b-profile-es')

      // Break 2: still offline, B signs out from B's kept profile. The worker takes the logout over:
      // B is a visitor here at once (no companion, nothing of B kept), and the session ends on the
      // server before anything else of the site reaches it.
      await page.evaluate(() => document.querySelector('a[data-action="logout"]').click())
      await eventually(
        async () => page.evaluate(() => location.pathname === '/' && localStorage.getItem('user') === null),
        { timeout: 8000, message: 'the logout made offline did not sign B out of this page' },
      )
      await screenshot(page, 'pwa-owner-logout-offline-es')
      assert.ok(!(await companion(page)), "after the offline logout the companion still names B's session")
      assert.ok(
        !(await keptPages(page)).some((k) => k.body.includes(b.email)),
        "B's pages are still kept after B signed out",
      )

      // B hands the phone over. The next person goes online and opens the app.
      await page.context().setOffline(false)
      const res = await page.goto('/profile')
      assert.ok(
        !(await res.text()).includes(b.email),
        `online after B's offline logout, /profile is B's (${page.url()})`,
      )
      await waitForHydration(page)
      assert.equal(new URL(page.url()).pathname, '/login', 'the next person is not signed in')
      await screenshot(page, 'pwa-owner-after-offline-logout-online-es')
      assert.ok(!(await companion(page)), "online after B's offline logout, the companion names B's session")
      // B's session is over on the server (the cookie was sent with the logout, then cleared).
      expectFailure(page, { status: 401 })
      assert.equal(
        await page.evaluate(async () => (await fetch('/v1/user', { headers: { accept: 'application/json' } })).status),
        401,
      )
      await page.waitForTimeout(500) // the worker would keep a page of B's after answering it
      assert.ok(
        !(await keptPages(page)).some((k) => k.body.includes(b.email)),
        "B's page was kept again after B signed out",
      )
    },
    { timeout: 120_000 },
  )

  test(
    "A's session ended with the browser (not remembered): reopened, before any page the worker answers A's copies, file and record are gone and nothing kept names A's viewer (break 1); offline and online, nothing of A",
    async () => {
      // Chromium ends cookies without an expiry when it closes: a persistent profile, closed and reopened.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'calma-owner-'))
      const open = async () => {
        const context = await chromium.launchPersistentContext(dir, {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
          baseURL,
          viewport: PHONE,
          isMobile: true,
          hasTouch: true,
          locale: 'es-ES',
          serviceWorkers: 'allow',
        })
        await consented(context)
        return { context, page: context.pages()[0] ?? (await context.newPage()) }
      }
      let context
      let page
      try {
        const a = await person('ana', 'es')
        ;({ context, page } = await open())
        await signIn(page, a)
        await keepAndDownload(page, a)
        await context.close()

        // The browser again: A's session cookie and companion are gone. The first page of the site
        // opened is one the worker does not answer (any /v1 path shows as a page of the origin):
        // the worker's start alone must have emptied A's copies.
        ;({ context, page } = await open())
        const first = await page.goto('/v1/user')
        assert.equal(first.status(), 401)
        assert.ok(!(await companion(page)), 'no companion left')
        await nothingOfA(page, a)
        assert.deepEqual(await keptFiles(page), [], 'a file is still kept')

        // Break 1: nothing kept says whose it was. (Before the fix, the x-calma-viewer header of
        // each kept page was A's viewer id: written back into the companion cookie, the worker
        // served A's /profile offline again.)
        const named = (await keptPagesHeaders(page)).filter((h) => h.viewer || h.erased)
        assert.deepEqual(named, [], 'a kept page carries a viewer header')

        // Offline, as whoever holds the phone now.
        await context.setOffline(true)
        await noPageOfA(page, a, { offline: true })
        await screenshot(page, 'pwa-owner-offline-after-restart-es')
        await noMediaOfA(page, a, { offline: true })
        await context.setOffline(false)
        await page.goto(ROUTE.es)
        await waitForHydration(page)
        await noMediaOfA(page, a, { offline: false })
      } finally {
        await context?.close().catch(() => {})
        await rm(dir, { recursive: true, force: true, maxRetries: 3 })
      }
    },
    { timeout: 120_000 },
  )

  test("A's session past its expiry, the browser still open: offline, nothing of A", async () => {
    const a = await person('ana', 'en')
    const page = await newPage(browser, { viewport: PHONE, locale: 'en', serviceWorkers: 'allow' })
    await signIn(page, a)
    await keepAndDownload(page, a)
    // A day later, with the browser open all along: the session cookie (no expiry of its own) is
    // still there, but the session it names is over. What the page can read of the session says when.
    const context = page.context()
    const moved = await page.evaluate(() => {
      const name = '__Host-calma_viewer'
      const value = document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${name}=`))
        ?.slice(name.length + 1)
      if (!value) return false
      document.cookie = `${name}=${value.split('.')[0]}.${Math.floor(Date.now() / 1000) - 1}; Path=/; Secure; SameSite=Lax`
      return true
    })
    assert.ok(moved, 'no companion cookie to age')
    expectFailure(page, '/v1/')
    expectFailure(page, '/ws/')
    await context.setOffline(true)
    await noPageOfA(page, a, { offline: true })
    await screenshot(page, 'pwa-owner-offline-expired-en')
    await noMediaOfA(page, a, { offline: true })
    await nothingOfA(page, a)
    await context.setOffline(false)
  })

  test(
    "A offline gets A's pages and plays A's download; A erased elsewhere: once the device hears it (a visitor's page), A's copies, file, records and offline saves go, never sent (break 5)",
    async () => {
      const a = await person('ana', 'en')
      const page = await newPage(browser, { viewport: PHONE, locale: 'en', serviceWorkers: 'allow' })
      await signIn(page, a)
      await keepAndDownload(page, a)

      // Offline, A: A's own pages, and A's unit plays from the download (a 206 from the service worker).
      expectFailure(page, '/v1/')
      expectFailure(page, '/ws/')
      await page.context().setOffline(true)
      const profile = await page.goto(`${a.prefix}/profile`)
      assert.ok((await profile.text()).includes(a.email))
      await waitForHydration(page)
      await page.getByTestId('offline-notice').waitFor()
      const media = []
      page.on(
        'response',
        (r) => r.url().includes('/media/') && media.push({ status: r.status(), sw: r.fromServiceWorker() }),
      )
      await page.goto(ROUTE.en)
      await waitForHydration(page)
      await page.getByTestId('downloads-offline').waitFor({ timeout: 10_000 })
      await screenshot(page, 'pwa-owner-offline-a-route-en')
      // A listens a second and pauses: offline, the save waits in the outbox for A.
      await saveOffline(page, a)
      assert.ok(
        media.some((r) => r.sw && (r.status === 206 || r.status === 200)),
        JSON.stringify(media),
      )

      // A's account is erased elsewhere. Online, a visitor uses the browser: the device hears it.
      await (await elsewhere(a)).erase()
      const sent = []
      page.context().on('request', (r) => {
        if (r.url().endsWith('/v1/unit/progress') && r.method() === 'POST') sent.push(r.postData())
      })
      await page.context().setOffline(false)
      // Back online, A's page may itself leave for the sign-in page as it learns A's session ended
      // (Frame.tsx onLost), interrupting this navigation (net::ERR_ABORTED): it is made again.
      await page.goto('/en/blog').catch(async (err) => {
        if (!/ERR_ABORTED/.test(String(err))) throw err
        await page.goto('/en/blog')
      })
      await waitForHydration(page)
      await eventually(async () => !(await companion(page)), { message: 'the companion was not cleared' })
      await eventually(async () => (await keptFiles(page)).length === 0, { message: "A's file was not deleted" })
      // Break 5: A's saves go with A (never sent), not only when the next person signs in.
      await page.goto('/en/routes')
      await waitForHydration(page)
      const saves = await outbox(page)
      assert.deepEqual(
        saves.filter((s) => s.user === a.id),
        [],
        `A (erased) still has offline saves on the device: ${JSON.stringify(saves)}`,
      )
      assert.deepEqual(sent, [], "A's save was sent")
      await nothingOfA(page, a)
      await page.context().setOffline(true)
      await noPageOfA(page, a, { offline: true })
      await noMediaOfA(page, a, { offline: true })
      await page.context().setOffline(false)
    },
    { timeout: 120_000 },
  )

  test(
    'without the Cookie Store API (Firefox < 140, Safari < 18.4): a visitor’s visited route page opens offline (break 4); a download is refused with a message in both languages, never shown as Downloaded without playing offline (break 3)',
    async () => {
      const context = await withoutCookieStore()
      try {
        const page = await context.newPage()
        // Break 4: a visitor's page is nobody's, kept and served offline without knowing the viewer.
        await page.goto('/blog')
        await waitForHydration(page)
        await controlled(page)
        await page.goto(ROUTE.es)
        await waitForHydration(page)
        await page.waitForTimeout(500) // the worker keeps its copy after answering
        await context.setOffline(true)
        const res = await page.goto(ROUTE.es)
        assert.ok(res.fromServiceWorker())
        const html = await res.text()
        await screenshot(page, 'pwa-owner-no-cookie-store-visitor-es')
        assert.ok(html.includes('data-offline="kept"'), "a visitor's visited route page answers the offline page")
        await context.setOffline(false)

        // Break 3: a signed-in person asks for a download. The worker cannot tell whose it would
        // be, so nothing is downloaded and the page says why, in the page's language.
        const a = await person('ana', 'en')
        await signIn(page, a)
        for (const language of ['en', 'es']) {
          await page.goto(ROUTE[language])
          await waitForHydration(page)
          await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
          await page.locator('[data-testid=unit-download] [data-testid=download-start]').first().click()
          const bar = page.locator('[data-testid=unit-download]').first()
          await eventually(async () => ['done', 'error'].includes(await bar.getAttribute('data-state')), {
            timeout: 20_000,
            message: 'the download neither ended nor failed',
          })
          assert.equal(
            await bar.getAttribute('data-state'),
            'error',
            'shown as Downloaded where it cannot play offline',
          )
          const message = page.getByTestId('download-error')
          assert.match((await message.innerText()).trim(), UNSUPPORTED[language])
          // The message as the phone shows it (a full page would put the fixed header over it).
          await message.evaluate((el) => el.scrollIntoView({ block: 'center' }))
          await screenshot(page, `pwa-owner-no-cookie-store-download-${language}`, { fullPage: false })
        }
        assert.deepEqual(await keptFiles(page), [], 'a file was kept')
        assert.deepEqual(await keptRecords(page), [], 'a Downloads record was kept')
      } finally {
        await context.close()
      }
    },
    { timeout: 120_000 },
  )

  test('without a service worker, a logout made offline is refused and says so (es, en): still signed in', async () => {
    const a = await person('ana', 'es')
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await signIn(page, a, { worker: false })
    expectFailure(page, '/v1/')
    expectFailure(page, '/ws/')
    expectFailure(page, '/assets/')
    for (const language of ['es', 'en']) {
      if (language === 'en') {
        await page.goto('/en/journey')
        await waitForHydration(page)
      }
      await page.context().setOffline(true)
      await page.evaluate(() => document.querySelector('a[data-action="logout"]').click())
      const toast = page.getByTestId('toast').filter({ hasText: LOGOUT_OFFLINE[language] })
      await toast.waitFor({ timeout: 8000 })
      await screenshot(page, `pwa-owner-logout-refused-${language}`)
      assert.equal(new URL(page.url()).pathname, `${language === 'en' ? '/en' : ''}/journey`)
      assert.ok(await page.evaluate(() => localStorage.getItem('user') !== null), 'the stored user was cleared')
      await page.context().setOffline(false)
    }
    // Back online, the same link signs out.
    await page.evaluate(() => document.querySelector('a[data-action="logout"]').click())
    await page.waitForURL((u) => u.pathname === '/en/' || u.pathname === '/en', { timeout: 10_000 })
  })
}
