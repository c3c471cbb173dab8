/**
 * Installable, and there when the network is not (issue 23) in Debian chromium, with the
 * service worker allowed (every other test file blocks it): installable without errors in both
 * languages; offline /help with its tel: links; the app's own offline page for a page never
 * visited; a visited page readable offline with the quiet notice; logout empties the kept pages.
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
  DESKTOP,
  eventually,
  expectFailure,
  newPage,
  nextVersionOffered,
  PHONE,
  SCREENS_DIR,
  screenshot,
  waitForHydration,
} from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'

// Since issue 32 §4 each viewer has its own caches (src/client/pwa/viewer.ts): `calma-pages-<tag>`
// (`calma-pages-v` for visitors) and `calma-downloads-<tag>`; these read them all.
/** Paths kept in the service worker's page caches. */
const keptPaths = (page) => cachedPaths(page, 'calma-pages')
/** How many downloaded files the device keeps, whoever's. */
const downloadedFiles = async (page) => (await cachedPaths(page, 'calma-downloads')).length

/** Open `path`, hydrate, and wait until the service worker controls the page with its caches ready. */
async function openControlled(browser, path, locale) {
  const page = await newPage(browser, { viewport: PHONE, locale, serviceWorkers: 'allow' })
  await page.goto(path)
  await waitForHydration(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
  })
  // The page's own images (a visitor's home lists route covers) may still be on their way; a
  // journey that then goes offline would see them fail through the worker (net::ERR_FAILED, seen
  // once in CI under load): the app did nothing wrong, the network left mid-load.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
  return page
}

/** A demo patient signed in through the login page of a service-worker-controlled tab, on `to`. */
async function signedInControlled(browser, { prefix, email, to }) {
  const page = await openControlled(browser, `${prefix}/login?redirect=${encodeURIComponent(to)}`, prefix ? 'en' : 'es')
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => u.pathname === to, { timeout: 10_000 })
  await waitForHydration(page)
  return page
}

export default function ({ test, browser, baseURL }) {
  for (const [locale, home] of [
    ['es', '/'],
    ['en', '/en/'],
  ]) {
    test(`installable in ${locale}: its own manifest, icons, shortcuts and an active service worker`, async () => {
      // Chromium never offers to install from an incognito profile: a persistent one here.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'calma-pwa-'))
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        baseURL,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        locale: locale === 'en' ? 'en-US' : 'es-ES',
        serviceWorkers: 'allow',
      })
      try {
        const page = context.pages()[0] ?? (await context.newPage())
        const errors = []
        page.on('pageerror', (e) => errors.push(e.message))
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
        await page.goto(home)
        await waitForHydration(page)
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready
          if (!navigator.serviceWorker.controller)
            await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
        })
        const href = await page.locator('link[rel=manifest]').getAttribute('href')
        assert.equal(href, `/manifest.${locale}.webmanifest`)
        const m = await page.evaluate(async (h) => (await fetch(h)).json(), href)
        assert.equal(m.lang, locale)
        assert.equal(m.start_url, home)
        assert.equal(m.display, 'standalone')
        for (const size of ['192x192', '512x512'])
          assert.ok(
            m.icons.some((i) => i.sizes === size && i.type === 'image/png'),
            size,
          )
        assert.ok(m.icons.some((i) => i.purpose === 'maskable'))
        assert.deepEqual(
          m.shortcuts.map((s) => s.url),
          [`${locale === 'en' ? '/en' : ''}/journey`, `${locale === 'en' ? '/en' : ''}/help`],
        )
        for (const icon of [...m.icons, ...m.screenshots])
          assert.equal((await page.request.get(icon.src)).status(), 200, icon.src)
        assert.deepEqual(
          m.screenshots.map((x) => x.form_factor),
          ['narrow', 'wide'],
        )
        const cdp = await page.context().newCDPSession(page)
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
        assert.deepEqual(installabilityErrors, [])
        const { url } = await cdp.send('Page.getAppManifest')
        assert.ok(url.endsWith(`/manifest.${locale}.webmanifest`))
        // Nothing personal went into a cache: no /v1 answer anywhere.
        const cached = await page.evaluate(async () => {
          const out = []
          for (const k of await caches.keys())
            for (const r of await (await caches.open(k)).keys()) out.push(new URL(r.url).pathname)
          return out
        })
        assert.ok(cached.some((p) => p === '/help') && cached.some((p) => p === '/en/offline'), cached.join(' '))
        assert.ok(!cached.some((p) => p.startsWith('/v1')), cached.join(' '))
        assert.deepEqual(errors, [])
      } finally {
        await context.close()
        await rm(dir, { recursive: true, force: true })
      }
    })
  }

  test('offline: /help and /en/help open with their tel: links; a page never visited shows the offline page', async () => {
    const page = await openControlled(browser, '/', 'es')
    await page.context().setOffline(true)
    for (const [path, lang, title] of [
      ['/help', 'es', 'Ayuda ahora'],
      ['/en/help', 'en', 'Help now'],
    ]) {
      await page.goto(path)
      await page.getByTestId('help-page').waitFor()
      assert.equal(await page.locator('html').getAttribute('lang'), lang)
      assert.match(await page.locator('h1').first().innerText(), new RegExp(title))
      assert.ok((await page.locator('a[href^="tel:"]').count()) > 2, `${path}: tel: links`)
    }
    await screenshot(page, 'pwa-offline-help-en')
    for (const [path, lang, title] of [
      ['/blog?never=1', 'es', 'Estás sin conexión'],
      ['/en/terms', 'en', 'You are offline'],
    ]) {
      await page.goto(path)
      await page.getByTestId('offline-page').waitFor()
      assert.equal(await page.locator('html').getAttribute('lang'), lang)
      assert.equal(await page.locator('[data-testid=offline-page] h1').innerText(), title)
      assert.ok((await page.locator('a[href^="tel:"]').count()) > 0, `${path}: tel: links`)
      assert.equal(
        await page.locator('[data-testid=offline-page] a.button').getAttribute('href'),
        lang === 'en' ? '/en/help' : '/help',
      )
      await waitForHydration(page)
    }
    await screenshot(page, 'pwa-offline-page-en')
    await page.context().setOffline(false)
  })

  test('a visited route page opens offline with its last data and a quiet notice', async () => {
    const page = await openControlled(browser, '/', 'es')
    const path = '/route/4-ejercicios-para-el-insomnio'
    await page.goto(path)
    await waitForHydration(page)
    const heading = await page.locator('h1').first().innerText()
    await eventually(async () => (await keptPaths(page)).includes(path), { message: 'the route page is kept' })
    // The visit's own usage events go out before the network does.
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {})
    // The visit's own events may still be on their way when the network goes.
    expectFailure(page, '/v1/track')
    await page.context().setOffline(true)
    await page.goto(path)
    assert.equal(await page.locator('h1').first().innerText(), heading)
    await waitForHydration(page)
    await page.getByTestId('offline-notice').waitFor()
    assert.match(await page.getByTestId('offline-notice').innerText(), /sin conexión/)
    await screenshot(page, 'pwa-offline-route')
    await page.context().setOffline(false)
  })

  test('the journey is kept for the person signed in, and logout empties it', async () => {
    const page = await signedInControlled(browser, {
      prefix: '/en',
      email: 'patient.en@demo.calma.app',
      to: '/en/journey',
    })
    await eventually(async () => (await keptPaths(page)).includes('/en/journey'), { message: 'the journey is kept' })
    // The page's usage beacon (/v1/track) may still be on its way when the network goes: cut off
    // on purpose here, not a failure of the app (seen once in a full run).
    expectFailure(page, '/v1/track')
    await page.context().setOffline(true)
    await page.goto('/en/journey')
    await page.getByTestId('offline-notice').waitFor()
    assert.match(await page.getByTestId('offline-notice').innerText(), /You are offline/)
    await screenshot(page, 'pwa-offline-journey')
    await page.context().setOffline(false)
    await page.goto('/en/journey')
    await waitForHydration(page)
    await page.evaluate(() => document.querySelector('a[data-action="logout"]').click())
    await page.waitForURL((u) => u.pathname === '/en/', { timeout: 10_000 })
    await waitForHydration(page)
    const kept = await keptPaths(page)
    assert.ok(!kept.includes('/en/journey'), kept.join(' '))
    // Offline after logout: the journey is not there for whoever holds the phone next.
    await page.context().setOffline(true)
    await page.goto('/en/journey')
    await page.getByTestId('offline-page').waitFor()
    await page.context().setOffline(false)
  })

  test('a unit finished offline is kept in IndexedDB and reaches the server once, with its moment, when back online', async () => {
    const page = await signedInControlled(browser, {
      prefix: '/en',
      email: 'patient.en@demo.calma.app',
      to: '/en/route/breathing-to-calm-anxiety',
    })
    await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
    const media = page.locator('[data-testid=player] audio, [data-testid=player] video')
    // Online: 3 s before the end, so the rest is already in the player's buffer.
    await page.getByTestId('player-skip').click()
    const duration = await media.evaluate((el) => el.duration)
    await eventually(async () => Math.abs((await media.evaluate((el) => el.currentTime)) - (duration - 3)) < 0.6, {
      message: 'skip',
    })
    await eventually(async () => (await media.evaluate((el) => el.readyState)) >= 3, { message: 'buffered' })

    expectFailure(page, '/v1/')
    expectFailure(page, '/media/')
    expectFailure(page, '/ws/')
    await page.context().setOffline(true)
    await page.getByTestId('player-toggle').click()
    await eventually(async () => (await page.getByTestId('player').getAttribute('data-state')) === 'ended', {
      timeout: 15_000,
      message: 'the unit did not end offline',
    })
    const outbox = () =>
      page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            // Never made here: opened before the app's first save, `open` would create an empty
            // 'calma-outbox' with no store, and idb-keyval (which adds its store only when it
            // creates the database) would then fail that save: the completion lost, the flake
            // "not in the outbox" (decision 031). Not made yet = nothing kept yet.
            const open = indexedDB.open('calma-outbox')
            open.onupgradeneeded = () => open.transaction.abort()
            open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error))
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('progress')) return (resolve([]), db.close())
              const all = db.transaction('progress').objectStore('progress').getAll()
              all.onsuccess = () => (resolve(all.result), db.close())
              all.onerror = () => (reject(all.error), db.close())
            }
          }),
      )
    await eventually(async () => (await outbox()).some((s) => s.completed), {
      message: 'the completion is not in the outbox',
    })
    // The player may still save once more (its position after the end): wait until it settles.
    let kept = await outbox()
    await eventually(
      async () => {
        await page.waitForTimeout(700) // settled = nothing changed for 700 ms
        const now = await outbox()
        const same = now.length === kept.length
        kept = now
        return same
      },
      { timeout: 10_000, message: 'the outbox kept changing' },
    )
    const finished = kept.find((s) => s.completed)
    assert.ok(finished.played_at <= Date.now() && finished.played_at > Date.now() - 60_000)

    // Back online: the next load sends each kept save once, in order, with its moment.
    const sent = []
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/unit/progress') && r.method() === 'POST' && /name="played_at"/.test(r.postData() ?? ''))
        sent.push(r.postData())
    })
    const answers = []
    page.on('response', async (r) => {
      if (r.url().endsWith('/v1/unit/progress') && /name="played_at"/.test(r.request().postData() ?? '')) {
        answers.push({ status: r.status() })
      }
    })
    await page.context().setOffline(false)
    // The open page sends on the `online` event; a reload in the middle of that send would send
    // the same save again (idempotent on the server). Let that send finish, or the reload send it.
    await eventually(async () => (await outbox()).length === 0, { timeout: 2000 }).catch(() => {})
    await page.reload()
    await waitForHydration(page)
    await eventually(async () => (await outbox()).length === 0, {
      timeout: 10_000,
      message: 'the outbox was not emptied',
    })
    // Each kept save arrives. The open page also sends on the browser's `online` event; a reload
    // that cuts that send off makes the next load send the same save again (the same body, which
    // changes nothing on the server: the completion is counted once, below).
    const sameSave = (body) => body.replace(/-+WebKitFormBoundary\w+/g, '--') // the multipart boundary differs per request
    assert.equal(new Set(sent.map(sameSave)).size, kept.length, JSON.stringify(sent))
    assert.ok(
      sent.some(
        (body) =>
          body.includes(`name="played_at"\r\n\r\n${finished.played_at}`) && body.includes('name="completed"\r\n\r\n1'),
      ),
    )
    await eventually(() => answers.length >= kept.length, { message: 'answers' })
    assert.ok(
      answers.every((a) => a.status === 200),
      JSON.stringify(answers),
    )
    // On the server: that unit completed at the moment it ended offline, not when it was sent.
    const units = await page.evaluate(
      async () =>
        (
          await (
            await fetch('/v1/route/units?route=breathing-to-calm-anxiety', {
              headers: { Accept: 'application/json', locale: 'en' },
            })
          ).json()
        ).units,
    )
    const done = units.find((u) => u.id === finished.unit_id)
    assert.equal(done.completed, true)
    assert.ok(
      Date.parse(done.completed_at) <= finished.played_at,
      `${done.completed_at} vs ${new Date(finished.played_at).toISOString()}`,
    )
    // Once: another load sends nothing more.
    const before = sent.length
    await page.reload()
    await waitForHydration(page)
    await page.waitForTimeout(500) // a check that nothing happens: no save is sent again
    assert.equal(sent.length, before)
  })

  test(
    'a route downloaded (progress, then "Downloaded"; a full storage explained) plays offline with seeking; the profile lists and removes it; logout empties the downloads',
    async () => {
      const route = '/en/route/breathing-to-calm-anxiety'
      const page = await signedInControlled(browser, { prefix: '/en', email: 'patient.en@demo.calma.app', to: route })
      await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
      const bar = page.getByTestId('route-download')
      await bar.waitFor()

      // A full device: explained kindly, nothing half-kept.
      await page.evaluate(() => {
        // oxlint-disable-next-line typescript/unbound-method -- put back as the same prototype method, never called bare
        const put = Cache.prototype.put
        Cache.prototype.put = function () {
          Cache.prototype.put = put
          return Promise.reject(new DOMException('full', 'QuotaExceededError'))
        }
      })
      await bar.getByTestId('download-start').click()
      await bar.getByTestId('download-error').waitFor()
      assert.match(await bar.getByTestId('download-error').innerText(), /no room left/)
      await screenshot(page, 'pwa-download-quota')

      // The whole route: progress (units and bytes), then "Downloaded".
      await page.evaluate(() => {
        window.__progress = []
        new MutationObserver(() => {
          const p = document.querySelector('[data-testid=route-download] [data-testid=download-progress]')
          if (p) window.__progress.push(p.textContent)
        }).observe(document.body, { subtree: true, childList: true, characterData: true })
      })
      await bar.getByTestId('download-start').click()
      await page.locator('[data-testid=route-download][data-state=done]').waitFor({ timeout: 20_000 })
      const progress = await page.evaluate(() => window.__progress)
      assert.ok(
        progress.some((p) => /Downloading… \d+ of \d+ units/.test(p)),
        JSON.stringify(progress),
      )
      assert.match(await bar.innerText(), /Downloaded/)
      const playable = await page.locator('[data-testid=unit-download]').count()
      assert.ok(playable > 0)
      assert.equal(await page.locator('[data-testid=unit-download][data-state=done]').count(), playable)
      await screenshot(page, 'pwa-download-done')
      const files = await page.evaluate(async () => {
        const c = await caches.open((await caches.keys()).find((n) => n.startsWith('calma-downloads-')))
        return Promise.all(
          (await c.keys()).map(async (r) => {
            const res = await c.match(r)
            return {
              path: new URL(r.url).pathname,
              search: new URL(r.url).search,
              status: res.status,
              size: (await res.arrayBuffer()).byteLength,
              length: Number(res.headers.get('content-length')),
            }
          }),
        )
      })
      assert.equal(files.length, playable, JSON.stringify(files))
      for (const f of files) {
        assert.ok(
          f.path.startsWith('/media/') && f.search === '' && f.status === 200 && f.size > 0 && f.size === f.length,
          JSON.stringify(f),
        )
      }
      console.log(
        `    downloaded route: ${files.length} units, ${(files.reduce((n, f) => n + f.size, 0) / 1024).toFixed(0)} KB`,
      )

      // Offline: the route page opens from its kept copy and its player is fed from the record.
      await eventually(async () => (await keptPaths(page)).includes(route), { message: 'the route page is kept' })
      expectFailure(page, '/v1/')
      expectFailure(page, '/ws/')
      await page.context().setOffline(true)
      const partial = []
      page.on(
        'response',
        (r) =>
          r.url().includes('/media/') &&
          partial.push({ status: r.status(), sw: r.fromServiceWorker(), range: r.request().headers().range }),
      )
      await page.goto(route)
      await waitForHydration(page)
      await page.getByTestId('downloads-offline').waitFor({ timeout: 10_000 })
      await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
      const media = page.locator('[data-testid=player] audio, [data-testid=player] video')
      const duration = await media.evaluate((el) => el.duration)
      assert.ok(duration > 4, `duration ${duration}`)
      await page.getByTestId('player-toggle').click()
      await page.locator('[data-testid=player][data-state=playing]').waitFor({ timeout: 10_000 })
      // Seeking offline: from a later point, and it plays on from there.
      const to = Math.max(1, duration - 3)
      await media.evaluate((el, t) => (el.currentTime = t), to)
      await eventually(async () => (await media.evaluate((el) => el.currentTime)) > to + 0.3, {
        timeout: 10_000,
        message: 'it did not play on after seeking offline',
      })
      assert.ok(
        partial.some((r) => r.status === 206 && r.sw),
        JSON.stringify(partial),
      )
      const session = await page.evaluate(() => ({
        title: navigator.mediaSession.metadata?.title,
        album: navigator.mediaSession.metadata?.album,
      }))
      assert.equal(session.title, await page.getByTestId('player-title').innerText())
      assert.equal(session.album, 'Calma')
      await screenshot(page, 'pwa-download-offline-playing')
      await page
        .getByTestId('player-toggle')
        .click()
        .catch(() => {})
      await page.context().setOffline(false)

      // The profile's Downloads: each file with its size, the total; removing one empties its file.
      await page.goto('/en/profile')
      await waitForHydration(page)
      const list = page.locator('[data-testid=profile-downloads][data-loaded=true]')
      await list.waitFor({ timeout: 10_000 })
      assert.equal(await list.getByTestId('download-item').count(), playable)
      assert.match(await list.getByTestId('download-size').first().innerText(), /\d (KB|MB)$/)
      assert.match(await list.getByTestId('downloads-total').innerText(), /^Total: [\d.,]+ (KB|MB)$/)
      await list.screenshot({ path: path.join(SCREENS_DIR, 'pwa-profile-downloads.png') })
      const cached = () => downloadedFiles(page)
      await list.getByTestId('download-remove').first().click()
      await eventually(async () => (await list.getByTestId('download-item').count()) === playable - 1, {
        message: 'the item stays listed',
      })
      assert.equal(await cached(), playable - 1)

      // Logout: no downloaded file and no record stays.
      await page.evaluate(() => document.querySelector('a[data-action="logout"]').click())
      await page.waitForURL((u) => u.pathname === '/en/', { timeout: 10_000 })
      await waitForHydration(page)
      assert.equal(await downloadedFiles(page), 0)
      const records = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('calma-downloads')
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('units')) return resolve(0)
              const n = db.transaction('units').objectStore('units').count()
              n.onsuccess = () => resolve(n.result)
            }
          }),
      )
      assert.equal(records, 0)
    },
    { timeout: 90_000 },
  )

  test('the journey downloads the next units of the plan', async () => {
    const page = await signedInControlled(browser, { prefix: '', email: 'patient@demo.calma.app', to: '/journey' })
    await page.locator('[data-testid=next-download] [data-testid=download-start]').click()
    await page.locator('[data-testid=route-download][data-state=done]').waitFor({ timeout: 20_000 })
    assert.match(await page.getByTestId('route-download').innerText(), /Descargado/)
    const n = await downloadedFiles(page)
    assert.ok(n >= 1 && n <= 3, `${n} files`)
    await screenshot(page, 'pwa-journey-next-downloaded')
  })

  test(
    'account erasure empties the kept pages and the downloads',
    async () => {
      const page = await openControlled(browser, '/register', 'es')
      await page.getByLabel('Nombre').fill('Borra Todo')
      await page.getByLabel('Correo electrónico').fill(`erase.${Date.now().toString(36)}@e2e.calma.app`)
      await page.locator('input[name=password]').fill(PASSWORD)
      await page.locator('input[name=legal_age]').check()
      await page.locator('[data-testid=captcha].captcha-ok').first().waitFor({ timeout: 5000 })
      await page.getByTestId('register-submit').click()
      await page.getByTestId('register-welcome').waitFor({ timeout: 5000 })
      await page.goto('/profile')
      await waitForHydration(page)
      await eventually(async () => (await keptPaths(page)).includes('/profile'), { message: 'the profile is kept' })
      // A download of this person (as the route page leaves it): a file in this session's cache,
      // named as src/client/pwa/viewer.ts names it (a hash of the companion cookie's viewer id).
      await page.evaluate(async () => {
        const id = document.cookie
          .split('; ')
          .find((c) => c.startsWith('__Host-calma_viewer='))
          .split('=')[1]
          .split('.')[0]
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`calma-cache:${id}`))
        const tag = Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
        await (
          await caches.open(`calma-downloads-${tag}`)
        ).put('/media/e2e/erase.mp3', new Response(new Uint8Array(1000), { headers: { 'content-type': 'audio/mpeg' } }))
      })
      assert.equal(await downloadedFiles(page), 1)
      await page.getByTestId('delete-account').click()
      await page.locator('[data-testid=captcha].captcha-ok').first().waitFor({ timeout: 5000 })
      await page.getByTestId('confirm-delete-yes').click()
      await page.getByTestId('account-deleted').waitFor()
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })
      await waitForHydration(page)
      const left = { downloads: await downloadedFiles(page), pages: await keptPaths(page) }
      assert.equal(left.downloads, 0)
      assert.ok(!left.pages.includes('/profile'), left.pages.join(' '))
    },
    { timeout: 60_000 },
  )

  test('a new version waits while the page is open, and the page offers the reload', async () => {
    const page = await openControlled(browser, '/en/', 'en')
    const notice = await nextVersionOffered(page)
    assert.match(await notice.innerText(), /A new version of Calma is ready/)
    // Waiting, not in charge: the open page keeps the version it started with.
    assert.ok(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting))
    await screenshot(page, 'pwa-update-ready', { fullPage: false })
    await Promise.all([page.waitForEvent('load'), notice.locator('button').click()])
    await waitForHydration(page)
    assert.ok(await page.evaluate(async () => !(await navigator.serviceWorker.getRegistration()).waiting))
  })

  // Chromium parks a new version told to take over when a request reaches the old one at that
  // moment (it restarts the old one and leaves the new one waiting; w3c/ServiceWorker#1295,
  // decision 057): Reload pressed while the page is fetching (a player saving, pictures loading)
  // must still bring the new version, not sit there doing nothing.
  test('Reload pressed while the page is fetching still brings the new version (es)', async () => {
    const page = await openControlled(browser, '/', 'es')
    const notice = await nextVersionOffered(page)
    assert.match(await notice.innerText(), /Hay una versión nueva de Calma/)
    // Requests through the old version, one after another without a gap, for 2.5 s from the press.
    await page.evaluate(() => {
      const until = Date.now() + 2500
      const again = () =>
        Date.now() < until &&
        fetch(`/manifest.es.webmanifest?busy=${Math.random()}`, { cache: 'no-store' }).then(again, again)
      for (let i = 0; i < 4; i++) again()
    })
    await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), notice.locator('button').click()])
    await waitForHydration(page)
    await eventually(() => page.evaluate(async () => !(await navigator.serviceWorker.getRegistration()).waiting), {
      timeout: 10_000,
      message: 'the new version still waits after the reload',
    })
  })

  // The manifests' screenshots (public/screenshots/, copied by hand from e2e/screens/ when the home changes).
  test('the home as the install dialog shows it (narrow and wide, both languages)', async () => {
    for (const [locale, home] of [
      ['es', '/'],
      ['en', '/en/'],
    ]) {
      for (const [form, viewport] of [
        ['narrow', PHONE],
        ['wide', DESKTOP],
      ]) {
        const page = await newPage(browser, { viewport, locale })
        await page.goto(home)
        await waitForHydration(page)
        // Captured in a review run only (E2E_SCREENSHOTS=1, e2e/lib.mjs screenshot); the page loading clean is checked always.
        if (process.env.E2E_SCREENSHOTS)
          await page.screenshot({ path: path.join(SCREENS_DIR, `manifest-${locale}-${form}.png`) })
      }
    }
  })
}
