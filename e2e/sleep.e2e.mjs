/**
 * Listening for sleep (issue 34 §2) in Debian chromium. The sleep timer with page.clock (no
 * real minutes): 15 minutes counts down, fades over the last 30 s and pauses, the position saved
 * as a pause saves it; cancel. Continuous play: off by default, remembered on the device, the
 * next unit starts only once the completion's save is answered, and an end-of-unit timer stops
 * it. Downloads: a route downloaded on the device's first visit opens offline and plays, the
 * Downloads screen opens offline, and the offline page lists it. Spanish on a phone, English on
 * a desktop. Screenshots: e2e/screens/sleep-*.png.
 */
import {
  DESKTOP,
  PHONE,
  addSession,
  assert,
  callInPage,
  eventually,
  newPage,
  screenshot,
  waitForHydration,
  unitsLoaded,
  downloadOnFirstVisit,
  reopenOffline,
} from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'
const PEOPLE = [
  {
    locale: 'es',
    prefix: '',
    email: 'patient@demo.calma.app',
    slug: 'escaneo-corporal-para-dormir',
    viewport: PHONE,
    size: 'phone',
    text: {
      timer: 'Temporizador para dormir',
      left: /^Se detiene dentro de 0:2\d$/,
      stopped: /pausó el sonido/,
      end: 'Al final de esta unidad',
      minutes: ['15 minutos', '30 minutos', '45 minutos', '60 minutos', 'Al final de esta unidad'],
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    email: 'patient.en@demo.calma.app',
    slug: 'breathing-to-calm-anxiety',
    viewport: DESKTOP,
    size: 'desktop',
    text: {
      timer: 'Sleep timer',
      left: /^Stops in 0:2\d$/,
      stopped: /paused the sound/,
      end: 'End of this unit',
      minutes: ['15 minutes', '30 minutes', '45 minutes', '60 minutes', 'End of this unit'],
    },
  },
]

const stateOf = (page) => page.getByTestId('player').getAttribute('data-state')
const media = (page) => page.locator('[data-testid=player] audio')
const isProgress = (r) => r.url().endsWith('/v1/unit/progress') && r.request().method() === 'POST'

async function openRoute(browser, p, options = {}) {
  const page = await newPage(browser, { viewport: p.viewport, locale: p.locale, ...options })
  await addSession(page.context(), { email: p.email, password: PASSWORD })
  return page
}

/**
 * The page as Safari on an iPhone plays it (issue 42 §10): `volume` written by script changes
 * nothing (Apple: the volume is the device's, always 1 to a page). The gain nodes the page makes
 * are kept in `__gains`, so the fade can be read where it happens.
 */
async function likeAnIPhone(page) {
  await page.addInitScript(() => {
    Object.defineProperty(HTMLMediaElement.prototype, 'volume', { get: () => 1, set: () => {}, configurable: true })
    const gains = (window.__gains = [])
    // oxlint-disable-next-line typescript/unbound-method -- called below with the context as `this`
    const make = AudioContext.prototype.createGain
    AudioContext.prototype.createGain = function () {
      const node = make.call(this)
      gains.push(node)
      return node
    }
  })
}
/** What the person hears of the fade: the last gain's level (1 while nothing was routed). */
const level = (page) => page.evaluate(() => window.__gains.at(-1)?.gain.value ?? 1)
async function play(page) {
  await page.getByTestId('player-toggle').click()
  await eventually(async () => (await stateOf(page)) === 'playing', { timeout: 10_000, message: 'not playing' })
}

export default function ({ test, browser }) {
  test(
    'the sleep timer counts down, fades the last 30 s even where volume cannot be set (Safari), pauses with the place saved, and can be cancelled (es phone, en desktop)',
    async () => {
      for (const p of PEOPLE) {
        const page = await openRoute(browser, p)
        await likeAnIPhone(page)
        await page.clock.install()
        await page.goto(`${p.prefix}/route/${p.slug}`)
        await unitsLoaded(page)
        const unit = await page.getByTestId('player').getAttribute('data-unit')
        await play(page)
        // The menu: a radio group with its labels; Escape gives the focus back.
        const toggle = page.getByTestId('sleep-toggle')
        assert.equal(await toggle.innerText(), p.text.timer)
        await toggle.click()
        const group = page.getByRole('radiogroup', { name: p.text.timer })
        assert.deepEqual(await group.locator('label').allInnerTexts(), p.text.minutes)
        await screenshot(page, `sleep-timer-${p.locale}-${p.size}`, { fullPage: false })
        await group.getByLabel(p.text.minutes[0]).click()
        assert.equal(await page.getByTestId('sleep-menu').count(), 0)
        assert.match(await toggle.innerText(), /1[45]:\d\d/)

        // 14:40 later: 20 s left, the sound already lower, still playing.
        await page.clock.fastForward('14:40')
        await eventually(async () => p.text.left.test(await toggle.innerText()), { message: 'the time left' })
        // Through a Web Audio gain: the element's volume is not what fades (an iPhone ignores it).
        const faded = await level(page)
        assert.ok(faded > 0.4 && faded < 0.95, `the sound fades: ${faded}`)
        await page.clock.fastForward('00:10')
        const lower = await level(page)
        assert.ok(lower < faded && lower > 0, `the sound keeps fading: ${lower} after ${faded}`)
        assert.equal(await stateOf(page), 'playing')

        // The end: paused as a pause is, its position saved; the volume is full again for the morning.
        await page.clock.fastForward('00:15')
        await eventually(async () => (await stateOf(page)) === 'paused', { message: 'the timer did not pause' })
        // (A save is sent only when the position moved since the last one: the server's is checked.)
        const at = Math.floor(await media(page).evaluate((el) => el.currentTime))
        await eventually(
          async () => {
            const res = await callInPage(page, 'GET', '/v1/route/units', { route: p.slug }, p.locale)
            return Math.abs(res.body.units.find((u) => String(u.id) === unit).position - at) <= 1
          },
          { timeout: 8000, message: 'the position was not saved at the pause' },
        )
        assert.match(await page.getByTestId('sleep-status').innerText(), p.text.stopped)
        assert.equal(await toggle.innerText(), p.text.timer)
        await eventually(async () => (await level(page)) === 1, { message: 'the sound is not full again' })

        // Another timer, then cancelled: nothing runs.
        await toggle.click()
        await page.getByRole('radiogroup').getByLabel(p.text.minutes[1]).click()
        await toggle.click()
        assert.equal(await page.getByRole('radiogroup').getByLabel(p.text.minutes[1]).isChecked(), true)
        await page.getByTestId('sleep-cancel').click()
        assert.equal(await toggle.innerText(), p.text.timer)
        await page.context().close()
      }
    },
    { timeout: 120_000 },
  )

  test(
    'continuous play: off by default, remembered, the next unit only once the completion is saved; an end-of-unit timer stops it (es, phone)',
    async () => {
      const p = PEOPLE[0]
      const page = await openRoute(browser, p)
      await page.goto(`${p.prefix}/route/${p.slug}`)
      await unitsLoaded(page)
      const sw = page.getByTestId('continuous')
      assert.equal(await sw.isChecked(), false)
      assert.equal(await sw.getAttribute('role'), 'switch')
      await sw.check()
      await page.reload()
      await unitsLoaded(page)
      assert.equal(await page.getByTestId('continuous').isChecked(), true, 'remembered on this device')

      const first = await page.getByTestId('player').getAttribute('data-unit')
      // The completion's answer is held 1.5 s: the next unit must wait for it.
      let answered = 0
      await page.route('**/v1/unit/progress', async (route) => {
        const completing = /name="completed"\r\n\r\n1/.test(route.request().postData() ?? '')
        if (!completing) return route.continue()
        const res = await route.fetch()
        await new Promise((r) => setTimeout(r, 1500))
        answered = Date.now()
        await route.fulfill({ response: res })
      })
      await page.getByTestId('player-skip').click()
      await play(page)
      await eventually(async () => (await stateOf(page)) === 'ended', { timeout: 15_000, message: 'did not end' })
      await page.waitForTimeout(700)
      assert.equal(await page.getByTestId('player').getAttribute('data-unit'), first, 'waits for the save')
      await eventually(async () => (await page.getByTestId('player').getAttribute('data-unit')) !== first, {
        timeout: 10_000,
        message: 'the next unit did not start',
      })
      assert.ok(answered > 0, 'the completion was answered first')
      await eventually(async () => (await stateOf(page)) === 'playing', {
        timeout: 10_000,
        message: 'next not playing',
      })

      // An end-of-unit timer on this one: it ends, is saved, and nothing more plays.
      await page.getByTestId('sleep-toggle').click()
      await page.getByRole('radiogroup').getByLabel(p.text.end).click()
      const second = await page.getByTestId('player').getAttribute('data-unit')
      const completed = page.waitForResponse(
        (r) => isProgress(r) && /name="completed"\r\n\r\n1/.test(r.request().postData() ?? ''),
        { timeout: 20_000 },
      )
      await page.getByTestId('player-skip').click()
      await completed
      await page.waitForTimeout(1000)
      assert.equal(await page.getByTestId('player').getAttribute('data-unit'), second)
      assert.equal(await stateOf(page), 'ended')
      assert.match(await page.getByTestId('sleep-status').innerText(), p.text.stopped)
      await page.getByTestId('continuous').uncheck()
      await page.context().close()
    },
    { timeout: 90_000 },
  )

  test(
    'a route downloaded on the first visit opens offline and plays; the Downloads screen and the offline page list it (es, phone)',
    async () => {
      const p = { ...PEOPLE[0], slug: '4-ejercicios-para-el-insomnio' }
      const page = await openRoute(browser, p, { serviceWorkers: 'allow' })
      const path = `/route/${p.slug}`
      // The device's first visit: the route page itself, before any service worker.
      await downloadOnFirstVisit(page, path)
      await reopenOffline(page, path)
      await page.getByTestId('downloads-offline').waitFor({ timeout: 10_000 })
      await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
      await play(page)
      await eventually(async () => (await media(page).evaluate((el) => el.currentTime)) > 0.5, {
        timeout: 10_000,
        message: 'the download does not play offline',
      })
      await page.getByTestId('player-toggle').click()

      await page.goto('/downloads')
      await waitForHydration(page)
      await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
      assert.ok((await page.getByTestId('download-item').count()) >= 1)
      assert.equal(await page.getByTestId('download-route').first().getAttribute('href'), path)
      await screenshot(page, 'sleep-downloads-offline-es-phone')

      // A page never kept: the offline page, which lists this session's downloads.
      await page.goto('/appointments')
      await page.getByTestId('offline-page').waitFor()
      await page.getByTestId('offline-downloads').waitFor({ timeout: 10_000 })
      await screenshot(page, 'sleep-offline-page-es-phone')
      await page.getByTestId('offline-download').first().click()
      await page.waitForURL((u) => u.pathname === path)
      await page.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
      await page.context().setOffline(false)
      await page.context().close()
    },
    { timeout: 120_000 },
  )
}
