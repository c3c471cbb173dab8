import { newPage, expectFailure, assert, waitForHydration } from './lib.mjs'
export default function ({ test, browser }) {
  test('SHOULD FAIL console.error', async () => { const p = await newPage(browser); await p.goto('/'); await p.evaluate(() => console.error('boom')) })
  test('SHOULD FAIL hydration warning', async () => { const p = await newPage(browser); await p.goto('/'); await p.evaluate(() => console.warn('A tree hydrated but some attributes of the server rendered HTML didn\'t match')) })
  test('SHOULD FAIL 404 fetch', async () => { const p = await newPage(browser); await p.goto('/'); await p.evaluate(() => fetch('/v1/nothing-here')); await p.waitForTimeout(300) })
  test('SHOULD FAIL 404 navigation', async () => { const p = await newPage(browser); await p.goto('/nope') })
  test('SHOULD PASS expected 404', async () => { const p = await newPage(browser); expectFailure(p, '/v1/nothing-here'); await p.goto('/'); await p.evaluate(() => fetch('/v1/nothing-here')); await p.waitForTimeout(300) })
  test('SHOULD FAIL page error', async () => { const p = await newPage(browser); await p.goto('/'); await p.evaluate(() => setTimeout(() => { throw new Error('uncaught!') })); await p.waitForTimeout(300) })
  test('SHOULD FAIL timeout', async () => { await new Promise(r => setTimeout(r, 2000)) }, { timeout: 500 })
  test('SHOULD FAIL assert', async () => { assert.equal(1, 2) })
  test.skip('SKIPPED one', 'because')
}
