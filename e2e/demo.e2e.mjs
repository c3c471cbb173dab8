/**
 * The demo shows the product (issue 24 §5). A newcomer signs in as the demo patient (Spanish,
 * phone): the ranking has people (yesterday's, made by the seed from weeks of the demo
 * community's practice), her streak shows, a reward waits and can be claimed, every route and
 * post card has a cover picture that loads, and her plan's first unit lasts minutes: the data
 * says 5 to 15, and the browser reads the same length from the audio file itself.
 * Screenshots in e2e/screens/demo-*.png.
 */
import { PHONE, assert, callInPage, newPage, screenshot, openSignedIn, waitForHydration } from './lib.mjs'

const PATIENT = 'patient@demo.calma.app'
const PASSWORD = 'Calma-demo-2026'

/** Every card cover of the page loaded (lazy ones are asked for now): their natural widths. */
const coverWidths = (page) =>
  page.locator('[data-testid=card-cover]').evaluateAll(async (imgs) => {
    for (const img of imgs) img.loading = 'eager'
    await Promise.all(imgs.map((img) => img.decode().catch(() => {})))
    return imgs.map((img) => img.naturalWidth)
  })

export default function ({ test, browser }) {
  test('the demo patient sees a ranking with people, her streak, a reward to claim, covers on every card and a unit of minutes', async () => {
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await openSignedIn(page, { email: PATIENT, password: PASSWORD, to: '/ranking' })
    const rows = page.getByTestId('ranking-row')
    await rows.first().waitFor()
    assert.ok((await rows.count()) >= 10, `the ranking shows ${await rows.count()} people`)
    await screenshot(page, 'demo-ranking-es-phone')

    await page.goto('/rewards')
    await waitForHydration(page)
    const streak = await page.getByTestId('streak').textContent()
    assert.match(streak, /Racha actual: \d+ días/, streak)
    const claim = page.getByTestId('claim').first()
    await claim.waitFor()
    await claim.click()
    await page.locator('[data-testid=toast]', { hasText: 'Recompensa reclamada' }).waitFor()
    await screenshot(page, 'demo-rewards-es-phone')

    for (const [path, least] of [
      ['/routes', 6],
      ['/blog', 3],
    ]) {
      await page.goto(path)
      await waitForHydration(page)
      const widths = await coverWidths(page)
      assert.ok(widths.length >= least, `${path}: ${widths.length} covers`)
      assert.ok(
        widths.every((w) => w > 0),
        `${path}: a cover did not load (${widths})`,
      )
      const cards = await page.locator(path === '/blog' ? '.post-list li' : '[data-testid=route-card]').count()
      assert.equal(widths.length, cards, `${path}: every card has its cover`)
      await screenshot(page, `demo-${path.slice(1)}-es-phone`)
    }

    const status = await callInPage(page, 'GET', '/v1/my/plan/status')
    const slug = status.body.status.items[0].route.slug
    const units = await callInPage(page, 'GET', '/v1/route/units', { route: slug })
    const unit = units.body.units[0]
    assert.ok(unit.duration_seconds >= 300 && unit.duration_seconds <= 900, `the unit lasts ${unit.duration_seconds} s`)
    const fileSeconds = await page.evaluate(
      (url) =>
        new Promise((resolve, reject) => {
          const audio = new Audio()
          audio.preload = 'metadata'
          audio.onloadedmetadata = () => resolve(audio.duration)
          audio.onerror = () => reject(new Error(`audio error ${audio.error?.code}`))
          audio.src = url
        }),
      unit.media.url,
    )
    assert.ok(
      Math.abs(fileSeconds - unit.duration_seconds) < 2,
      `the file lasts ${fileSeconds} s, the data says ${unit.duration_seconds} s`,
    )
    await page.goto(`/route/${slug}`)
    await waitForHydration(page)
    await page.getByTestId('units').waitFor()
    assert.match(await page.getByTestId('units').locator('.chip').first().textContent(), /^(5|6|7|8|9|1[0-5]) min/)
  })

  test('a visitor sees a cover on every route card of the home page', async () => {
    const page = await newPage(browser, { viewport: PHONE, locale: 'en' })
    await page.goto('/en/')
    await waitForHydration(page)
    const widths = await coverWidths(page)
    assert.ok(widths.length >= 3 && widths.every((w) => w > 0), `covers ${widths}`)
    assert.equal(widths.length, await page.locator('[data-testid=route-card]').count())
  })
}
