/**
 * From outside, against decision 072 (an appointment card's panels fetched when one opens): a
 * panel whose code cannot be fetched (a flaky network, or a deploy since the page was loaded, whose
 * hashed chunks are gone) must not blank the page. Found: the whole page went white (React had no
 * boundary for the failed `lazy`), the person's appointments gone until a reload.
 */
import { assert, newPage, openSignedIn, PHONE } from './lib.mjs'

const PATIENT = 'patient@demo.calma.app'
const DEMO_PASSWORD = 'Calma-demo-2026'

export default function ({ test, browser }) {
  for (const locale of ['es', 'en']) {
    test(`attack › a card's panel whose code cannot be fetched says so and the page stays (${locale})`, async () => {
      const page = await newPage(browser, { viewport: PHONE, locale, strict: false })
      let fail = true
      await page.route(/\/assets\/CancelForm-[^/]*\.js$/, (route) => (fail ? route.abort() : route.continue()))
      await openSignedIn(page, {
        prefix: locale === 'en' ? '/en' : '',
        email: PATIENT,
        password: DEMO_PASSWORD,
        to: '/appointments',
      })
      const open = page.getByTestId('cancel-open').first()
      await open.waitFor()
      await open.focus()
      await page.keyboard.press('Enter')
      const problem = page.locator('.appt-soft[role=alert]')
      await problem.waitFor({ timeout: 10_000 })
      assert.ok((await page.locator('#root').innerHTML()).length > 1000, 'the page is still there')
      // Once the network is back, trying again opens the panel.
      fail = false
      await problem.getByRole('button').click()
      await page.getByTestId('loading').or(page.locator('select, [role=radiogroup]').first()).first().waitFor()
    })
  }
}
