/**
 * From outside, against decisions 069/072 (first-touch parts, TouchPart.tsx `untilTouched`): when
 * a part's chunk cannot be fetched at the first touch (a flaky network, or a deploy since the page
 * loaded), the whole page goes blank: the `lazy` rejects and nothing catches it. On /profile a
 * focus in the quiet hours' time field (the touch) fetches ProfileParts; aborted, #root is emptied
 * and the form the person was typing in is gone. Expected: the server's HTML stays (or the part
 * says it could not load, with a way to try again), the rest of the page untouched.
 * Failed on the attack's base; held since decision 071 (TouchPart keeps the server's HTML).
 */
import { assert, newPage, openSignedIn, PHONE } from './lib.mjs'

const PATIENT = 'patient@demo.calma.app'
const DEMO_PASSWORD = 'Calma-demo-2026'

export default function ({ test, browser }) {
  for (const locale of ['es', 'en']) {
    test(`attack › a first-touch part whose code cannot be fetched leaves the page there (${locale})`, async () => {
      const page = await newPage(browser, { viewport: PHONE, locale, strict: false })
      await page.route(/\/assets\/ProfileParts-[^/]*\.js$/, (route) => route.abort())
      await openSignedIn(page, {
        prefix: locale === 'en' ? '/en' : '',
        email: PATIENT,
        password: DEMO_PASSWORD,
        to: '/profile',
      })
      const from = page.locator('input[name=quiet_from]')
      await from.focus()
      await page.waitForTimeout(1500)
      assert.equal(await from.count(), 1, 'the quiet hours are still on the page')
      assert.ok((await page.locator('#root').innerHTML()).includes('profile'), 'the page is still there')
    })
  }
}
