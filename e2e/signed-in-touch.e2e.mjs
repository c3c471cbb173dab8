/**
 * A signed-in person's everyday pages hydrate at their first touch (issue 43 §1, decision 077):
 * before it they load about what a visitor's page loads, and what a person would miss still runs
 * without React: a live notification arrives as a toast with no touch, a press made before React
 * is kept, and a session ended elsewhere sends to sign in. No journey here presses a key or calls
 * waitForHydration before its check: that would be the touch.
 */
import {
  DESKTOP,
  PHONE,
  addSession,
  assert,
  callInPage,
  eventually,
  expectFailure,
  newPage,
  screenshot,
  signUpPerson,
  unitsLoaded,
} from './lib.mjs'
import { pageJs, patientToken } from '../scripts/lib/js-budget.mjs'

const ADMIN = 'admin@demo.calma.app'
const DEMO_PASSWORD = 'Calma-demo-2026'
const PASSWORD = 'Calma-e2e-Toque-7'
/** What the bell's sockets and the service worker add to a visitor's page before a touch (~3 KB). */
const SIGNED_IN_EXTRA_KB = 4
/**
 * What a page's own start adds before a touch: /downloads reads this device's list from IndexedDB
 * and draws it without React (pwa/downloads-early.ts, its store and the session's tag: ~2.6 KB).
 */
const OWN_KB = { '/downloads': 3 }

/** The page waits for a touch: its entry ran and React has not started (entry.tsx's marks). */
async function untouched(page) {
  await page.waitForSelector('html[data-touch="waiting"]', { state: 'attached', timeout: 15_000 })
  return page.evaluate(() => !document.documentElement.dataset.hydrated && !document.documentElement.dataset.react)
}

/** Both realtime sockets of `page` have opened (the page's own and its language's). */
function socketsOf(page) {
  const sockets = []
  page.on('websocket', (ws) => {
    const s = { url: ws.url(), open: true }
    sockets.push(s)
    ws.on('close', () => (s.open = false))
  })
  return async () => {
    await eventually(() => sockets.filter((s) => s.open).length >= 2, {
      timeout: 15_000,
      message: 'both sockets opened',
    })
    // Open: no signal tells a test a socket is ready to be sent to (e2e engagement waits the same).
    await page.waitForTimeout(800)
  }
}

/**
 * A new person signed in on `path` of a fresh page whose React client comes 1.5 s late, so a press
 * lands before it; `slowed()` says React's client was asked for (after the press).
 */
async function openWithLateReact({ browser, api, person, name, locale, viewport, path }) {
  await signUpPerson(api, { ...person, name, locale })
  const page = await newPage(browser, { viewport, locale })
  await addSession(page.context(), person)
  let asked = false
  await page.route(/\/assets\/client-[\w-]+\.js$/, async (route) => {
    asked = true
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.goto(path)
  assert.ok(await untouched(page), 'the page waits for a touch')
  return { page, slowed: () => asked }
}

export default function ({ test, baseURL, browser, scheduled, api }) {
  const stamp = Date.now().toString(36)
  const person = (name) => ({ email: `${name}.${stamp}@e2e.calma.app`, password: PASSWORD })

  test('a signed-in page loads about a visitor’s JavaScript before a touch, and no React (es, phone)', async () => {
    const token = await patientToken(baseURL)
    const visitor = await pageJs(browser, baseURL, '/blog')
    // /appointments (its list painted by the server) and /downloads (its list drawn without React)
    // wait for the touch too since decision 081.
    for (const path of ['/journey', '/performance', '/profile', '/appointments', '/downloads']) {
      const signedIn = await pageJs(browser, baseURL, path, { token })
      const files = signedIn.files.map((f) => f.path)
      console.log(
        `[signed in before a touch] ${path} ${signedIn.kb.toFixed(1)} KB (a visitor's /blog ${visitor.kb.toFixed(1)} KB)`,
      )
      assert.ok(signedIn.afterTouchKb, `${path} hydrated before a touch: ${files.join(', ')}`)
      assert.ok(
        !files.some((f) => /\/(client|hydrate|App)-/.test(f)),
        `${path}: React before a touch: ${files.join(', ')}`,
      )
      const extra = SIGNED_IN_EXTRA_KB + (OWN_KB[path] ?? 0)
      assert.ok(
        signedIn.kb <= visitor.kb + extra,
        `${path} ${signedIn.kb.toFixed(1)} KB > a visitor's ${visitor.kb.toFixed(1)} + ${extra} KB: ${signedIn.files.map((f) => `${f.path} ${(f.gzip / 1024).toFixed(1)}`).join(', ')}`,
      )
    }
  })

  test('a live notification arrives as a toast on a signed-in page nobody touched; one sent before is counted in the server’s bell without React (es, phone)', async () => {
    const p = person('toque')
    await signUpPerson(api, { ...p, name: 'Lucía Toque', locale: 'es' })
    const admin = await newPage(browser, { viewport: DESKTOP, locale: 'es' })
    await addSession(admin.context(), { email: ADMIN, password: DEMO_PASSWORD })
    await admin.goto('/journey')
    const send = async (title, text) => {
      const sent = await callInPage(admin, 'POST', '/v1/notification', {
        channel: 'in_app',
        language: 'es',
        role_recipients: '1',
        title_es: title,
        description_es: text,
      })
      assert.equal(sent.status, 201, JSON.stringify(sent.body))
      await Promise.all([scheduled('* * * * *'), scheduled('* * * * *')])
    }
    // Sent while the page was closed: counted in the bell at load, its toast waits for the touch.
    const before = `Antes de abrir ${stamp}`
    await send(before, 'Te esperaba.')

    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    const opened = socketsOf(page)
    await addSession(page.context(), p)
    await page.goto('/performance')
    assert.ok(await untouched(page), 'the page waits for a touch')
    await opened()
    const count = page.locator('[data-bell="early"] [data-testid=unread-count]')
    await count.waitFor({ timeout: 5000 })
    assert.ok(Number(await count.textContent()) >= 1, await count.textContent())
    assert.ok(await untouched(page), 'the sockets opened and the count came without React')
    assert.equal(await page.locator('[data-testid=toast]').count(), 0)
    await screenshot(page, 'signed-in-touch-performance-before-touch-es-phone', { fullPage: false })

    // Sent now: no key, tap or focus on the page; the message itself starts React, then the toast shows.
    const live = `Un respiro ${stamp}`
    await send(live, 'Suelta los hombros.')
    const toast = page.locator('[data-testid=toast]', { hasText: live })
    await toast.waitFor({ timeout: 10_000 })
    assert.match(await toast.textContent(), /Suelta los hombros\./)
    // Both wait in React's bell as unread.
    await page.getByTestId('notifications-menu').locator('summary').click()
    for (const title of [before, live])
      await page.getByTestId('unread-item').filter({ hasText: title }).waitFor({ timeout: 5000 })
  })

  test('a press on a signed-in page’s button before React is kept: Continue opens the route (en, desktop)', async () => {
    const { page, slowed } = await openWithLateReact({
      browser,
      api,
      person: person('early'),
      name: 'Early Press',
      locale: 'en',
      viewport: DESKTOP,
      path: '/en/journey',
    })
    await screenshot(page, 'signed-in-touch-journey-before-touch-en-desktop', { fullPage: false })
    const cont = page.getByTestId('continue')
    assert.equal(await cont.isEnabled(), true)
    await cont.click()
    assert.equal(
      await page.evaluate(() => document.documentElement.dataset.hydrated ?? null),
      null,
      'the press came before React',
    )
    await page.waitForURL((u) => u.pathname.startsWith('/en/route/') && u.searchParams.has('plan_id'), {
      timeout: 15_000,
    })
    assert.ok(slowed(), "React's client was asked for after the press")
  })

  test('a tap on the server’s bell before React opens the menu that comes with React, no second tap (es, phone)', async () => {
    // React's client comes late: the tap lands on the server's bell.
    const { page, slowed } = await openWithLateReact({
      browser,
      api,
      person: person(`campana-${Math.random().toString(36).slice(2, 8)}`),
      name: 'Campana Temprana',
      locale: 'es',
      viewport: PHONE,
      path: '/journey',
    })
    await page.locator('[data-bell="early"] summary').click()
    assert.equal(
      await page.evaluate(() => document.documentElement.dataset.hydrated ?? null),
      null,
      'the tap came before React',
    )
    const menu = page.getByTestId('notifications-menu')
    await menu.waitFor({ timeout: 15_000 })
    await eventually(async () => (await menu.getAttribute('open')) !== null, { message: 'the menu came open' })
    await menu.locator('.notifications-list').waitFor({ state: 'visible', timeout: 5000 })
    assert.equal(await menu.locator('.notifications-title').innerText(), 'Notificaciones')
    assert.ok(slowed(), "React's client was asked for after the tap")
    await screenshot(page, 'signed-in-touch-bell-early-tap-es-phone', { fullPage: false })
    // And it closes and opens again as a menu does.
    await menu.locator('summary').click()
    await eventually(async () => (await menu.getAttribute('open')) === null, { message: 'the menu closed' })
  })

  test('from the keyboard: Enter on the server’s bell before React opens the menu, which keeps the focus; Enter again closes it (en, desktop)', async () => {
    const { page, slowed } = await openWithLateReact({
      browser,
      api,
      person: person(`bell-${Math.random().toString(36).slice(2, 8)}`),
      name: 'Keyboard Bell',
      locale: 'en',
      viewport: DESKTOP,
      path: '/en/journey',
    })
    await page.locator('[data-bell="early"] summary').focus()
    await page.keyboard.press('Enter')
    assert.equal(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), null, 'before React')
    const menu = page.getByTestId('notifications-menu')
    await menu.waitFor({ timeout: 15_000 })
    await eventually(async () => (await menu.getAttribute('open')) !== null, { message: 'the menu came open' })
    await eventually(
      () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="notifications-menu"]')),
      { message: 'the focus is on the menu' },
    )
    assert.ok(slowed(), "React's client was asked for after the key")
    await page.keyboard.press('Enter')
    await eventually(async () => (await menu.getAttribute('open')) === null, { message: 'Enter closed the menu' })
  })

  /** A token of `email` (a demo person), for the calls this file makes from Node. */
  async function tokenOf(email) {
    const res = await api('/v1/user/authenticate', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', locale: 'es' },
      body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
    })
    assert.equal(res.status, 200, res.text)
    return { token: res.json.user.token, id: res.json.user.id }
  }
  const asUser = (token, method, path, form) =>
    api(path, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        locale: 'es',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    })

  test('/appointments is painted by the server and waits for a touch; Cancel pressed before React opens its panel, and a confirmation made since the paint shows as React starts (es, phone)', async () => {
    // The demo patient books a session with the demo psychologist (cancelled at the end: the
    // credits come back and the slot is free again for the files after this one).
    const guest = await tokenOf('patient@demo.calma.app')
    const host = await tokenOf('psico1@demo.calma.app')
    let booked = null
    for (let d = 3; d < 14 && !booked; d++) {
      const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)
      const slots = await asUser(guest.token, 'GET', `/v1/appointment/slots?host_id=${host.id}&date=${date}`)
      const slot = slots.json?.slots?.[0]
      if (!slot) continue
      const res = await asUser(guest.token, 'POST', '/v1/appointment', {
        host_id: String(host.id),
        start_at: slot.start_at,
        meeting_channel: '1',
      })
      assert.equal(res.status, 201, res.text)
      booked = res.json.appointment
    }
    assert.ok(booked, 'a free slot in the next two weeks')
    try {
      const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
      await addSession(page.context(), { email: 'patient@demo.calma.app', password: DEMO_PASSWORD })
      // React's client comes 1.5 s late: the press lands before it.
      await page.route(/\/assets\/client-[\w-]+\.js$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1500))
        await route.continue()
      })
      const listCalls = []
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/v1/appointments') listCalls.push(r.url())
      })
      await page.goto('/appointments')
      assert.ok(await untouched(page), 'the page waits for a touch')
      const card = page.locator(`[data-testid=appointment][data-id="${booked.id}"]`)
      // In the server's HTML: the card, its state, its buttons; the browser asked for no list.
      assert.equal(await card.getByTestId('appointment-state').innerText(), 'Falta tu confirmación')
      assert.equal(await card.getAttribute('data-status'), '1')
      assert.equal(await page.getByTestId('loading').count(), 0)
      assert.equal(listCalls.length, 0, 'the list was read by the browser before a touch')
      await screenshot(page, 'signed-in-touch-appointments-before-touch-es-phone')

      // Both confirm meanwhile (the patient from the mail's link, the psychologist from theirs):
      // the session is confirmed, and the paint is now stale.
      for (const who of [guest, host]) {
        const confirmed = await asUser(who.token, 'POST', '/v1/appointment/confirm', { id: String(booked.id) })
        assert.equal(confirmed.status, 200, confirmed.text)
      }

      await card.getByTestId('cancel-open').click()
      assert.equal(
        await page.evaluate(() => document.documentElement.dataset.hydrated ?? null),
        null,
        'the press came before React',
      )
      await card.getByTestId('cancel-form').waitFor({ timeout: 15_000 })
      // Read again as React started: the confirmation shows, not the paint's "waiting for you".
      await eventually(async () => (await card.getAttribute('data-status')) === '2', {
        timeout: 10_000,
        message: 'the list was not read again as React started',
      })
      assert.equal(await card.getByTestId('appointment-state').innerText(), 'Confirmada')
      assert.equal(listCalls.length, 1, `one read of the list at the first touch: ${listCalls.join(', ')}`)
      await screenshot(page, 'signed-in-touch-appointments-after-touch-es-phone')
      await page.context().close()

      // In English on a desktop: painted in its words, untouched; then a touch hydrates it.
      const en = await newPage(browser, { viewport: DESKTOP, locale: 'en' })
      await addSession(en.context(), { email: 'patient@demo.calma.app', password: DEMO_PASSWORD })
      await en.goto('/en/appointments')
      assert.ok(await untouched(en), 'the English page waits for a touch')
      const enCard = en.locator(`[data-testid=appointment][data-id="${booked.id}"]`)
      assert.equal(await enCard.getByTestId('appointment-state').innerText(), 'Confirmed')
      await screenshot(en, 'signed-in-touch-appointments-before-touch-en-desktop', { fullPage: false })
      await en.keyboard.press('Shift')
      await en.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 15_000 })
      await screenshot(en, 'signed-in-touch-appointments-after-touch-en-desktop', { fullPage: false })
      await en.context().close()
    } finally {
      const res = await asUser(guest.token, 'POST', '/v1/appointment/cancel', { id: String(booked.id), reason: '1' })
      assert.equal(res.status, 200, res.text)
    }
  })

  test('/appointments shown again after a minute hidden, untouched, starts React and reads its list again (es, phone)', async () => {
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await addSession(page.context(), { email: 'patient@demo.calma.app', password: DEMO_PASSWORD })
    await page.goto('/appointments')
    assert.ok(await untouched(page), 'the page waits for a touch')
    await page.waitForLoadState('networkidle')
    const read = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/appointments', { timeout: 15_000 })
    // The tab hidden, then shown 61 s later by the page's clock (signed-in.ts STALE_AFTER_MS).
    await page.evaluate(() => {
      const shown = (state) => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
        document.dispatchEvent(new Event('visibilitychange'))
      }
      shown('hidden')
      const real = Date.now
      Date.now = () => real() + 61_000
      shown('visible')
    })
    await read
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 15_000 })
    await page.context().close()
  })

  test('/downloads draws this device’s downloads without React; Play pressed before React plays it, React taking the same rows over (en, desktop)', async () => {
    const p = person('descargas')
    await signUpPerson(api, { ...p, name: 'Dana Downloads', locale: 'en' })
    const page = await newPage(browser, { viewport: DESKTOP, locale: 'en', serviceWorkers: 'allow' })
    await addSession(page.context(), p)
    await page.goto('/en/route/body-scan-for-sleep')
    await unitsLoaded(page)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.getByTestId('route-download').getByTestId('download-start').click()
    await page.locator('[data-testid=route-download][data-state=done]').waitFor({ timeout: 30_000 })

    await page.route(/\/assets\/client-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.goto('/en/downloads')
    assert.ok(await untouched(page), 'the page waits for a touch')
    await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
    assert.ok(await untouched(page), 'the list was drawn without React')
    assert.equal(await page.getByTestId('download-item').count(), 1)
    assert.match(await page.getByTestId('downloads-total').innerText(), /^Total: /)
    await screenshot(page, 'signed-in-touch-downloads-before-touch-en-desktop')
    // The rows drawn before React are the ones React owns after (no hydration error: newPage
    // reports one): marked here, the mark is still there once React has drawn the list again.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('[data-testid=download-item]')) el.dataset.drawn = 'early'
    })
    // The press is the first touch (React starts with it, so it comes before React).
    await page.getByTestId('download-play').click()
    await page.getByTestId('download-playing').waitFor({ timeout: 15_000 })
    assert.equal(await page.locator('[data-testid=download-item][data-drawn=early]').count(), 1, 'React drew new rows')
    await eventually(
      async () => (await page.locator('[data-testid=player] audio').evaluate((el) => el.currentTime)) > 0.3,
      { timeout: 10_000, message: 'the download does not play' },
    )
    await page.getByTestId('player-toggle').click()
    await screenshot(page, 'signed-in-touch-downloads-after-touch-en-desktop')

    // In Spanish on a phone: the row drawn before React in the page's words, then hydrated.
    await page.setViewportSize(PHONE)
    await page.goto('/downloads')
    assert.ok(await untouched(page), 'the Spanish page waits for a touch')
    await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
    assert.equal(await page.getByTestId('download-remove').innerText(), 'Quitar')
    await screenshot(page, 'signed-in-touch-downloads-before-touch-es-phone', { fullPage: false })
    await page.keyboard.press('Shift')
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 15_000 })
    await screenshot(page, 'signed-in-touch-downloads-after-touch-es-phone', { fullPage: false })
    // Remove, now React's: the row goes, and the empty list says so.
    await page.getByTestId('download-remove').click()
    await page.getByTestId('downloads-empty').waitFor({ timeout: 10_000 })
    await page.context().close()
  })

  test("React's code gone (a new deployment removed it): the page is loaded again once, and the logout link still signs out (es, phone)", async () => {
    const p = person(`gone-${Math.random().toString(36).slice(2, 8)}`)
    await signUpPerson(api, { ...p, name: 'Código Ido', locale: 'es' })
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await addSession(page.context(), p)
    expectFailure(page, '/assets/')
    // React's start (entry.tsx imports ./hydrate) answers 404, as a removed build's file does.
    await page.route(/\/assets\/hydrate-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }))
    await page.goto('/journey')
    assert.ok(await untouched(page), 'the page waits for a touch')
    let loads = 0
    page.on('load', () => loads++)
    const menu = page.locator('details.user-menu > summary')
    await menu.click() // the first touch: React cannot start, so the page is loaded again
    await eventually(() => loads >= 1, { timeout: 15_000, message: 'the page was loaded again' })
    assert.ok(await untouched(page), 'the page loaded again waits for a touch')
    await menu.click() // React cannot start again: no second reload, the links are plain links
    // The bell's socket hears the session end too and checks once on the way out: 401, as it should.
    expectFailure(page, { url: '/v1/notifications/unread', status: 401 })
    await page.locator('details.user-menu a[data-action="logout"]').click()
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 })
    assert.equal(loads, 2, 'loaded again once, then the logout')
    await page.goto('/journey')
    assert.equal(new URL(page.url()).pathname, '/login', 'signed out')
  })

  test('a session ended elsewhere sends a signed-in page nobody touched to sign in (es, phone)', async () => {
    const p = person('fin')
    await signUpPerson(api, { ...p, name: 'Inés Final', locale: 'es' })
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    const opened = socketsOf(page)
    await addSession(page.context(), p)
    await page.goto('/journey')
    assert.ok(await untouched(page), 'the page waits for a touch')
    await opened()

    // Another device of the person changes the password: this page's session ended with it.
    const other = await api('/v1/user/authenticate', {
      method: 'POST',
      headers: { accept: 'application/json', locale: 'es' },
      body: new URLSearchParams(p),
    })
    assert.equal(other.status, 200, other.text)
    expectFailure(page, /\/v1\/notifications\/unread/)
    const changed = await api('/v1/user/update', {
      method: 'POST',
      headers: { accept: 'application/json', locale: 'es', authorization: `Bearer ${other.json.user.token}` },
      body: new URLSearchParams({ password: 'Calma-e2e-Otra-8', current_password: PASSWORD }),
    })
    assert.equal(changed.status, 200, changed.text)
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/journey', {
      timeout: 15_000,
    })
    // The sign-in page says the session ended (the stored user marked expired before leaving).
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))
    assert.equal(stored?.expired, true, JSON.stringify(stored))
  })
}
