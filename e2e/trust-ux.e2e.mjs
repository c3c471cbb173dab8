/**
 * Issue 20 §8 in Debian chromium, as a new user tries it: the claim button of 'Manage your
 * rewards' stays inside its card on a 360 px phone (Spanish and English, screenshots), logout
 * (the menu's and /logout) leaves no tracking session of the person in storage, an uploaded
 * cover shows on the route cards, the route page and the article (served from /media/), and
 * the admin's usage events list its rows (page=1 is not a filter), with times and states in
 * Spanish.
 * Screenshots in e2e/screens/trust-ux-*.png.
 */
import {
  PHONE,
  assert,
  eventually,
  newPage,
  screenshot,
  waitForHydration,
  callInPage,
  openSignedIn,
  signInTo,
} from './lib.mjs'

const NARROW = { width: 360, height: 740 }
const PASSWORD = 'Calma-e2e-Trust-7'
const ADMIN = 'admin@demo.calma.app'
const DEMO_PASSWORD = 'Calma-demo-2026'
const signIn = (page, o) => openSignedIn(page, { password: PASSWORD, ...o })
/** Through the login page: the logout journey follows the tracking session from the sign-in on. */
const signInByForm = (page, o) => signInTo(page, { password: PASSWORD, ...o })

async function register(api, { email, name, locale }) {
  const made = await api('/v1/user', {
    method: 'POST',
    headers: { 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX', locale },
    body: new URLSearchParams({ email, password: PASSWORD, name, legal_age: '1', language: locale }),
  })
  assert.equal(made.status, 201, made.text)
}

/** A 1520×880 PNG (19:11), solid colour: small, and a real picture for the browser to draw. */
async function coverPng(page) {
  return page.evaluate(async () => {
    const c = document.createElement('canvas')
    c.width = 1520
    c.height = 880
    const g = c.getContext('2d')
    g.fillStyle = '#c0553a'
    g.fillRect(0, 0, 1520, 880)
    g.fillStyle = '#f3e9d2'
    g.fillRect(300, 200, 900, 480)
    const blob = await new Promise((r) => c.toBlob(r, 'image/png'))
    return [...new Uint8Array(await blob.arrayBuffer())]
  })
}

export default function ({ test, browser, api }) {
  const stamp = Date.now().toString(36)

  for (const locale of ['es', 'en']) {
    const prefix = locale === 'es' ? '' : '/en'
    test(`the claim button stays inside its card on a 360 px phone (${locale})`, async () => {
      const email = `claim.${locale}.${stamp}@e2e.calma.app`
      await register(api, { email, name: locale === 'es' ? 'Inés Calvo' : 'Ruth Hale', locale })
      const page = await newPage(browser, { viewport: NARROW, locale })
      await signIn(page, { prefix, email, to: '/rewards' })
      // One unit completed today: the first streak reward is earned.
      const status = await callInPage(page, 'GET', '/v1/my/plan/status', {}, locale)
      const slug = status.body.status?.items?.[0]?.route?.slug
      assert.ok(slug, JSON.stringify(status.body).slice(0, 300))
      const units = await callInPage(page, 'GET', '/v1/route/units', { route: slug }, locale)
      assert.equal(units.status, 200, JSON.stringify(units.body).slice(0, 300))
      const done = await callInPage(
        page,
        'POST',
        '/v1/unit/progress',
        {
          unit_id: String(units.body.units[0].id),
          // A completion is the end reached (decision 045): the unit's length.
          position: String(units.body.units[0].duration_seconds ?? 60),
          completed: '1',
        },
        locale,
      )
      assert.equal(done.status, 200, JSON.stringify(done.body).slice(0, 300))
      await page.reload()
      await waitForHydration(page)
      const claim = page.getByTestId('claim').first()
      await claim.waitFor()
      const card = page.locator('[data-testid=reward]', { has: page.getByTestId('claim') }).first()
      const inside = async (width, label) => {
        await page.setViewportSize({ width, height: NARROW.height })
        const [b, c] = [await claim.boundingBox(), await card.boundingBox()]
        assert.ok(b && c, 'both boxes')
        assert.ok(
          b.x >= c.x - 0.5 && b.x + b.width <= c.x + c.width + 0.5,
          `${label} at ${width}px: the button (${b.x}…${b.x + b.width}) is inside its card (${c.x}…${c.x + c.width})`,
        )
        assert.ok(
          b.y >= c.y - 0.5 && b.y + b.height <= c.y + c.height + 0.5,
          `${label} at ${width}px: and not below it`,
        )
        assert.ok(c.x + c.width <= width + 0.5, `${label} at ${width}px: the card fits the screen`)
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${label} at ${width}px: no sideways scrolling`,
        )
      }
      await inside(360, 'as written')
      await inside(320, 'as written')
      // A longer reward text (another language, a bigger milestone) still leaves the button in.
      const text = card.locator('.reward-body strong')
      const original = await text.textContent()
      await text.evaluate((el) => (el.textContent = 'Tu primera sesión realizada: psicoeducaciónparadormirmejor'))
      await inside(360, 'a long text')
      await inside(320, 'a long text')
      await text.evaluate((el, t) => (el.textContent = t), original)
      await page.setViewportSize(NARROW)
      await claim.scrollIntoViewIfNeeded()
      await screenshot(page, `trust-ux-claim-${locale}-360`)
      await card.screenshot({ path: `e2e/screens/trust-ux-claim-card-${locale}-360.png` })
      const claimed = await page.locator('.reward-claimed').count()
      await claim.click()
      await eventually(async () => (await page.locator('.reward-claimed').count()) === claimed + 1, {
        timeout: 8000,
        message: 'claimed',
      })
    })
  }

  test('logout leaves no tracking session of the person in storage (the menu, then /logout)', async () => {
    const email = `logout.${stamp}@e2e.calma.app`
    await register(api, { email, name: 'Pablo Soto', locale: 'es' })
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await signInByForm(page, { email, to: '/performance' })
    const sessionId = () => page.evaluate(() => JSON.parse(localStorage.getItem('session_id') ?? 'null'))
    await eventually(async () => !!(await sessionId()), { timeout: 8000, message: 'a tracking session is stored' })
    const before = await sessionId()
    await page.evaluate(() => sessionStorage.setItem('calma.toasted', '["n:1"]'))

    await page.locator('.user-menu summary').click()
    await page.locator('a[data-action=logout]').first().click()
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })
    await waitForHydration(page)
    // The home page's own tracking call stores a new one: waited for, not slept on.
    await eventually(async () => ((id) => id && id !== before)(await sessionId()), {
      timeout: 8000,
      message: 'the signed-in session_id is gone',
    })
    assert.equal(await page.evaluate(() => sessionStorage.getItem('calma.toasted')), null)
    assert.equal(await page.evaluate(() => localStorage.getItem('user')), null)

    // Signed in again, then out through /logout (no script on the way out).
    await signInByForm(page, { email, to: '/performance' })
    await eventually(async () => !!(await sessionId()), { timeout: 8000, message: 'a tracking session is stored' })
    const second = await sessionId()
    // Typed in the address bar, from a page without the app (the open page's notification
    // socket, which would try again as the session ends under it, is not this test's business).
    await page.goto('/favicon.svg')
    await page.goto('/logout')
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.has('logged_out'), { timeout: 10_000 })
    await waitForHydration(page)
    await eventually(async () => ((id) => id && id !== second)(await sessionId()), {
      timeout: 8000,
      message: 'the signed-in session_id is gone after /logout too',
    })
    assert.equal(await page.evaluate(() => localStorage.getItem('user')), null)
  })

  test('an uploaded cover shows on the route cards, the route page and the article', async () => {
    const admin = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await signIn(admin, { email: ADMIN, password: DEMO_PASSWORD, to: '/admin' })
    const bytes = await coverPng(admin)
    const upload = async (tag) => {
      const start = await callInPage(admin, 'POST', '/v1/file/upload', {
        tag,
        filename: 'cover.png',
        size: String(bytes.length),
      })
      assert.equal(start.status, 200, JSON.stringify(start.body).slice(0, 300))
      const u = start.body.upload
      const part = await callInPage(admin, 'POST', '/v1/file/upload/part', {
        key: u.key,
        upload_id: u.upload_id,
        part_number: '1',
        __file: bytes,
      })
      assert.equal(part.status, 200, JSON.stringify(part.body).slice(0, 300))
      const done = await callInPage(admin, 'POST', '/v1/file/upload/complete', {
        key: u.key,
        upload_id: u.upload_id,
        parts: `1:${part.body.part.etag}`,
      })
      assert.ok(done.status < 300, JSON.stringify(done.body).slice(0, 300))
      return u.key
    }
    const routeKey = await upload('route_cover')
    const postKey = await upload('post_cover')
    const routes = await callInPage(admin, 'GET', '/v1/routes', { per_page: '1', with_properties: 'images' })
    const route = routes.body.routes[0]
    assert.ok(
      (await callInPage(admin, 'POST', '/v1/route', { id: String(route.id), image_cover: routeKey })).status < 300,
    )
    const posts = await callInPage(admin, 'GET', '/v1/posts', { per_page: '1' })
    const post = posts.body.posts[0]
    assert.ok((await callInPage(admin, 'POST', '/v1/post', { id: String(post.id), image_cover: postKey })).status < 300)

    // A visitor: every picture is requested from /media/ and loads (a 404 fails the test).
    const page = await newPage(browser, { viewport: NARROW, locale: 'es' })
    const loaded = new Set()
    page.on('response', (r) => {
      if (r.url().includes('/media/uploads/') && r.status() === 200) loaded.add(new URL(r.url()).pathname)
    })
    await page.goto('/routes')
    await waitForHydration(page)
    const card = page.locator(`a.route-card[href="/route/${route.slug}"] .route-cover`).first()
    await card.waitFor()
    assert.match(await card.getAttribute('src'), new RegExp(`/media/${routeKey}`)) // the card's picture (an <img> since issue 24 §5)
    await eventually(async () => loaded.has(`/media/${routeKey}`), { timeout: 8000, message: 'the card cover loads' })
    await screenshot(page, 'trust-ux-covers-routes-es-360')

    await page.goto(`/route/${route.slug}`)
    await waitForHydration(page)
    const cover = page.getByTestId('route-cover')
    await eventually(async () => (await cover.evaluate((img) => img.complete && img.naturalWidth)) === 1520, {
      timeout: 8000,
      message: 'the route cover is drawn',
    })
    await screenshot(page, 'trust-ux-covers-route-es-360')

    await page.goto(`/post/${post.slug}`)
    await waitForHydration(page)
    const postCover = page.getByTestId('post-cover')
    await eventually(async () => (await postCover.evaluate((img) => img.complete && img.naturalWidth)) === 1520, {
      timeout: 8000,
      message: 'the article cover is drawn',
    })
    await screenshot(page, 'trust-ux-covers-post-es-360')
  })

  test('the admin’s usage events list rows, times and states in the page’s language (es)', async () => {
    const admin = await newPage(browser, { viewport: { width: 1280, height: 800 }, locale: 'es' })
    await signIn(admin, { email: ADMIN, password: DEMO_PASSWORD, to: '/admin' })
    await admin.goto('/admin?screen=events')
    await waitForHydration(admin)
    const rows = admin.getByTestId('screen-events').getByTestId('adm-row')
    await rows.first().waitFor({ timeout: 8000 }) // every visit of this run wrote events
    const when = rows.first().locator('time').first()
    const shown = await when.textContent()
    assert.match(await when.getAttribute('datetime'), /^\d{4}-\d{2}-\d{2}T/)
    assert.doesNotMatch(shown, /^\d{4}-\d{2}-\d{2}T/, 'not an ISO string')
    assert.match(shown, /\b(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\b/, `a Spanish date: ${shown}`)
    await screenshot(admin, 'trust-ux-admin-events-es', { fullPage: false })
    await admin.goto('/admin?screen=notifications')
    await waitForHydration(admin)
    const options = await admin.getByTestId('filter-status').locator('option').allTextContents()
    assert.deepEqual(options.slice(1), ['Pendiente', 'Enviada', 'Cancelada'])
  })
}
