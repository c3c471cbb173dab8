/**
 * Offline copies that belong to one session (issue 32 §4; docs/decisions/039-offline-copies-belong-to-one-session.md)
 * in Debian chromium with the service worker allowed. Person A keeps pages (/profile, /journey, a
 * route) and downloads a unit; A's session then ends without a logout on this browser (a password
 * change elsewhere, the browser closed, its expiry passed, an erasure elsewhere). Offline and
 * online, as a visitor and as person B in the same browser profile, nothing of A is served: no
 * page body with A's name, email or CSRF token, no media answered by the service worker. The
 * normal case still holds: A offline gets A's pages and plays A's download; a save A made offline
 * is never sent as B.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import {
  assert,
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

  /** The service worker controls `page` (its caches are in use). */
  const controlled = (page) =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
    })

  async function signIn(page, p, { remember = false } = {}) {
    await page.goto(`${p.prefix}/login?redirect=${encodeURIComponent(`${p.prefix}/journey`)}`)
    await waitForHydration(page)
    await controlled(page)
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
  /** Every downloaded file in any of the service worker's download caches. */
  const keptFiles = (page) =>
    page.evaluate(async () => {
      const out = []
      for (const name of await caches.keys())
        if (name.startsWith('calma-downloads'))
          for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname)
      return out
    })

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
    // The visits' own usage events may still be on their way when the network goes: cut off on
    // purpose by the tests, not a failure of the app (as in e2e/pwa.e2e.mjs).
    expectFailure(page, '/v1/track')
  }

  /** Nothing of A in any cache: no page that names A or carries A's CSRF token, not A's file. */
  async function nothingOfA(page, a) {
    for (const k of await keptPages(page)) {
      for (const secret of [a.email, a.name, a.csrf])
        assert.ok(!k.body.includes(secret), `${k.cache} keeps ${k.path} with A's ${secret}`)
    }
    assert.ok(!(await keptFiles(page)).includes(a.media), `A's file ${a.media} is still kept`)
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

  test(
    "A's session ended elsewhere (a new password): after the next answer (a 401), nothing of A offline or online, as a visitor or as B",
    async () => {
      const a = await person('ana', 'en')
      const b = await person('bruno', 'es')
      const page = await newPage(browser, { viewport: PHONE, locale: 'en', serviceWorkers: 'allow' })
      await signIn(page, a)
      await keepAndDownload(page, a)

      await (await elsewhere(a)).changePassword()
      // The next answer this browser gets for A's session: a call refused with 401.
      expectFailure(page, { status: 401 })
      const status = await page.evaluate(
        async () => (await fetch('/v1/user', { headers: { accept: 'application/json' } })).status,
      )
      assert.equal(status, 401)
      await eventually(
        async () => {
          await nothingOfA(page, a)
          return true
        },
        { timeout: 5000, message: "A's copies stay after the 401" },
      )

      // Offline, as whoever holds the phone now.
      expectFailure(page, '/v1/')
      expectFailure(page, '/ws/')
      await page.context().setOffline(true)
      await noPageOfA(page, a, { offline: true })
      await screenshot(page, 'pwa-owner-offline-after-password-en')
      await noMediaOfA(page, a, { offline: true })
      await page.context().setOffline(false)

      // Online as a visitor: A's file comes from the network (which refuses it), not from a cache.
      await page.goto(ROUTE.en)
      await waitForHydration(page)
      await noMediaOfA(page, a, { offline: false })

      // B signs in in the same browser: B's Downloads list is empty, and offline none of A's.
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
      await page.context().setOffline(false)
    },
    { timeout: 120_000 },
  )

  test("A's session ended with the browser (not remembered): reopened, offline and online, nothing of A", async () => {
    // Chromium ends cookies without an expiry when it closes: a persistent profile, closed and reopened.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'calma-owner-'))
    const open = async (offline) => {
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        // Offline from its first request: every request, the service worker's too, goes to a proxy
        // that is not there (Playwright's offline emulation reaches a service worker only once it has
        // attached to it, after the worker's first fetch of a reopened profile).
        args: offline
          ? [...CHROMIUM_ARGS, '--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>']
          : CHROMIUM_ARGS,
        baseURL,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        locale: 'es-ES',
        serviceWorkers: 'allow',
      })
      await context.addCookies([{ name: 'calma_consent', value: '1', url: baseURL }])
      await context.addInitScript(() => {
        if (!localStorage.getItem('calma_consent'))
          localStorage.setItem('calma_consent', JSON.stringify({ v: 1, analytics: false, ads: false, at: Date.now() }))
      })
      return { context, page: context.pages()[0] ?? (await context.newPage()) }
    }
    let context
    let page
    try {
      const a = await person('ana', 'es')
      ;({ context, page } = await open(false))
      await signIn(page, a)
      await keepAndDownload(page, a)
      await context.close()

      // The browser again, offline: the session cookie is gone; whoever opens A's pages gets none.
      ;({ context, page } = await open(true))
      await page.goto('/help')
      await controlled(page)
      await noPageOfA(page, a, { offline: true })
      await screenshot(page, 'pwa-owner-offline-after-restart-es')
      await noMediaOfA(page, a, { offline: true })
      await nothingOfA(page, a)
      await context.close()
      ;({ context, page } = await open(false))
      await page.goto(ROUTE.es)
      await waitForHydration(page)
      await noMediaOfA(page, a, { offline: false })
    } finally {
      await context?.close().catch(() => {})
      await rm(dir, { recursive: true, force: true, maxRetries: 3 })
    }
  })

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
    // On the code before issue 32 there is no such cookie: the check below is then the finding.
    if (!moved) console.log('    (no companion cookie to age)')
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
    "A offline gets A's pages and plays A's download; A's session erased elsewhere: B gets none of it and A's offline save is never sent as B",
    async () => {
      const a = await person('ana', 'en')
      const b = await person('bruno', 'es')
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
      await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
      await page.getByTestId('player-toggle').click()
      await page.locator('[data-testid=player][data-state=playing]').waitFor({ timeout: 10_000 })
      assert.ok(
        media.some((r) => r.sw && (r.status === 206 || r.status === 200)),
        JSON.stringify(media),
      )
      await screenshot(page, 'pwa-owner-offline-a-playing-en')
      // A pause saves the position: offline, it waits in the outbox for A.
      await page.waitForTimeout(1200) // a second of listening, so the position is past 0
      await page.getByTestId('player-toggle').click()
      const outbox = () =>
        page.evaluate(
          () =>
            new Promise((resolve) => {
              const open = indexedDB.open('calma-outbox')
              open.onupgradeneeded = () => open.transaction.abort()
              open.onerror = () => resolve([])
              open.onsuccess = () => {
                const db = open.result
                if (!db.objectStoreNames.contains('progress')) return (resolve([]), db.close())
                const all = db.transaction('progress').objectStore('progress').getAll()
                all.onsuccess = () => (resolve(all.result), db.close())
              }
            }),
        )
      await eventually(async () => (await outbox()).length > 0, { message: 'the save is not in the outbox' })

      // A leaves the phone (the next page is not A's), and A's account is erased elsewhere. Back
      // online, B signs in on this browser.
      await page.goto('/help')
      await page.getByTestId('help-page').waitFor()
      await (await elsewhere(a)).erase()
      const sent = []
      page.context().on('request', (r) => {
        if (r.url().endsWith('/v1/unit/progress') && r.method() === 'POST') sent.push(r.postData())
      })
      await page.context().setOffline(false)
      await signIn(page, b)
      await page.goto('/profile')
      await waitForHydration(page)
      await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
      assert.equal(await page.getByTestId('download-item').count(), 0)
      await eventually(async () => (await outbox()).length === 0, { message: "A's save stays in the outbox" })
      assert.deepEqual(sent, [], "A's save was sent as B")
      await nothingOfA(page, a)
      await page.context().setOffline(true)
      await noPageOfA(page, a, { offline: true })
      await noMediaOfA(page, a, { offline: true })
      await page.context().setOffline(false)
    },
    { timeout: 120_000 },
  )
}
