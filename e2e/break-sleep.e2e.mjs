/**
 * Issue 34 §2 "Listening for sleep" tried from outside, by a tester who did not write it: what
 * e2e/sleep.e2e.mjs does not try. Each journey uses people made for it (never the demo patients,
 * whose progress other files read), on routes the other files leave alone. A journey named
 * "FINDING" shows a break (it fails until fixed); the others are kept as evidence of what held.
 *
 * - continuous play after listening again to a unit already completed (every night's route);
 * - a minutes timer that runs out between two units of continuous play;
 * - the timer's "paused the sound" line after the person plays and pauses by hand;
 * - a route downloaded on the first visit from the plan (its address carries ?plan_id=), offline;
 * - one person's download never shown or served to the next person of the device; removed is gone;
 * - the end of a unit's reward toast, in Spanish on a phone and English on a desktop.
 * Screenshots (E2E_SCREENSHOTS=1): e2e/screens/break-sleep-*.png.
 */
import {
  DESKTOP,
  PHONE,
  assert,
  cachedPaths,
  callInPage,
  eventually,
  newPage,
  screenshot,
  sessionCookies,
  signUpPerson,
  waitForHydration,
  unitsLoaded,
  downloadOnFirstVisit,
  reopenOffline,
} from './lib.mjs'

const PASSWORD = 'Calma-break-2026!'
const ROUTE = { es: 'tu-rutina-para-desconectar', en: 'your-evening-wind-down-routine' }
const prefixOf = (locale) => (locale === 'en' ? '/en' : '')

let made = 0
/** A new person (signed up through the API), and a page of theirs on `viewport` in `locale`. */
async function newPerson(browser, api, { locale, viewport, serviceWorkers = 'block', clock = false }) {
  const email = `break-sleep-${Date.now().toString(36)}-${made++}@example.test`
  await signUpPerson(api, { email, password: PASSWORD, name: 'Noche Prueba', locale })
  const page = await newPage(browser, { viewport, locale, serviceWorkers })
  await page.context().addCookies(await sessionCookies({ email, password: PASSWORD }))
  if (clock) await page.clock.install()
  return { page, email }
}

const stateOf = (page) => page.getByTestId('player').getAttribute('data-state')
const unitOf = async (page) => Number(await page.getByTestId('player').getAttribute('data-unit'))
const media = (page) => page.locator('[data-testid=player] audio')
const completing = (route) => /name="completed"\r\n\r\n1|completed=1/.test(route.request().postData() ?? '')
/** A completion's answer held back (a slow network at night) until the returned function is called. */
async function holdCompletions(page) {
  let release
  const held = new Promise((r) => (release = r))
  await page.route('**/v1/unit/progress', async (route) => {
    if (!completing(route)) return route.continue()
    const res = await route.fetch()
    await held
    await route.fulfill({ response: res })
  })
  return release
}

async function ensurePlaying(page) {
  if ((await stateOf(page)) !== 'playing') await page.getByTestId('player-toggle').click()
  await eventually(async () => (await stateOf(page)) === 'playing', { timeout: 10_000, message: 'not playing' })
}
/**
 * To 3 s before the end and playing: the unit ends by itself a few seconds later. With continuous
 * play going on, "ended" lasts only the completion's round trip (the next unit's player replaces
 * it), so a player already on another unit counts as the end too.
 */
async function playToTheEnd(page) {
  const unit = await unitOf(page)
  await page.getByTestId('player-skip').click()
  await ensurePlaying(page)
  await eventually(async () => (await stateOf(page)) === 'ended' || (await unitOf(page)) !== unit, {
    timeout: 20_000,
    message: 'did not end',
  })
}
async function chooseTimer(page, label) {
  await page.getByTestId('sleep-toggle').click()
  await page.getByRole('radiogroup').getByLabel(label).click()
}

export default function ({ test, browser, api }) {
  test(
    'FINDING: continuous play stops after a unit listened to again (a route heard before, as every night): es, phone',
    async () => {
      const { page } = await newPerson(browser, api, { locale: 'es', viewport: PHONE })
      await page.goto(`/route/${ROUTE.es}`)
      await unitsLoaded(page)
      // Last night: the first unit was listened to the end.
      const { body } = await callInPage(page, 'GET', '/v1/route/units', { route: ROUTE.es }, 'es')
      const [first, second] = body.units
      const done = await callInPage(
        page,
        'POST',
        '/v1/unit/progress',
        { unit_id: first.id, position: first.duration_seconds, completed: 1 },
        'es',
      )
      assert.equal(done.status, 200)
      await page.reload()
      await unitsLoaded(page)
      await page.getByTestId('continuous').check()

      // Tonight: the same route from its first unit again, continuous play on.
      await page.locator(`[data-testid=units] > li[data-unit="${first.id}"]`).getByTestId('unit-play').click()
      await eventually(async () => (await unitOf(page)) === first.id, { message: 'unit 1 not chosen' })
      await page.locator('[data-testid=player]:is([data-state=ready],[data-state=playing])').waitFor()
      await playToTheEnd(page)
      await screenshot(page, 'break-sleep-relisten-es-phone')
      // The next unit should follow, as it does the first time through.
      await eventually(async () => (await unitOf(page)) === second.id, {
        timeout: 10_000,
        message: `continuous play did not go on to unit 2 after unit 1 heard again (still on ${await unitOf(page)}, rest: "${await page
          .getByTestId('continuous-rest')
          .innerText()
          .catch(() => '')}")`,
      })
      await ensurePlaying(page)
    },
    { timeout: 90_000 },
  )

  test(
    'FINDING: a 15-minute timer that runs out while continuous play moves on: the next unit starts at full volume (en, desktop)',
    async () => {
      const { page } = await newPerson(browser, api, { locale: 'en', viewport: DESKTOP, clock: true })
      await page.goto(`/en/route/${ROUTE.en}`)
      await unitsLoaded(page)
      const first = await unitOf(page)
      await page.getByTestId('continuous').check()
      await chooseTimer(page, '15 minutes')

      // The completion's answer comes late (a slow network at night): the timer runs out meanwhile.
      const release = await holdCompletions(page)
      await playToTheEnd(page)
      await page.clock.fastForward('16:00')
      await eventually(async () => /paused the sound/.test(await page.getByTestId('sleep-status').innerText()), {
        message: 'the timer did not say it stopped',
      })
      release()
      await page.waitForTimeout(3000)
      const after = { unit: await unitOf(page), state: await stateOf(page) }
      const volume = await media(page).evaluate((el) => (el.paused ? 0 : el.volume))
      await screenshot(page, 'break-sleep-timer-gap-en-desktop')
      assert.ok(
        !(after.unit !== first && after.state === 'playing'),
        `the timer said it paused the sound, then unit ${after.unit} started playing at volume ${volume}`,
      )
    },
    { timeout: 90_000 },
  )

  test(
    'FINDING: with continuous play on, a unit the person chose while the last save was on its way is replaced by the next one (en, desktop)',
    async () => {
      const { page } = await newPerson(browser, api, { locale: 'en', viewport: DESKTOP })
      await page.goto(`/en/route/${ROUTE.en}`)
      await unitsLoaded(page)
      const first = await unitOf(page)
      await page.getByTestId('continuous').check()
      const release = await holdCompletions(page)
      await playToTheEnd(page)
      // Unit 1 was already heard before (its completion is on its way): the person goes back to it.
      await page.locator(`[data-testid=units] > li[data-unit="${first}"]`).waitFor()
      const again = page.getByTestId('player-toggle')
      await again.click() // play unit 1 again from the start, by hand
      await eventually(async () => (await stateOf(page)) === 'playing', { message: 'not playing again' })
      const chosenAt = await media(page).evaluate((el) => el.currentTime)
      release()
      await page.waitForTimeout(2500)
      await screenshot(page, 'break-sleep-choice-replaced-en-desktop')
      assert.equal(
        await unitOf(page),
        first,
        `the person pressed play on unit ${first} (at ${chosenAt.toFixed(1)} s); the late answer moved them to another unit`,
      )
    },
    { timeout: 90_000 },
  )

  test(
    'FINDING: "the sleep timer paused the sound" stays after the person plays and pauses by hand (es, phone)',
    async () => {
      const { page } = await newPerson(browser, api, { locale: 'es', viewport: PHONE, clock: true })
      await page.goto(`/route/${ROUTE.es}`)
      await unitsLoaded(page)
      await ensurePlaying(page)
      await chooseTimer(page, '15 minutos')
      await page.clock.fastForward('15:05')
      await eventually(async () => (await stateOf(page)) === 'paused', { message: 'the timer did not pause' })
      const status = page.getByTestId('sleep-status')
      assert.match(await status.innerText(), /pausó el sonido/)
      assert.equal(await media(page).evaluate((el) => el.volume), 1, 'the volume is full again')
      // Awake again: play, then pause by hand. The timer did not pause this time.
      await ensurePlaying(page)
      assert.equal(await status.innerText(), '')
      await page.getByTestId('player-toggle').click()
      await eventually(async () => (await stateOf(page)) === 'paused', { message: 'no pause by hand' })
      await screenshot(page, 'break-sleep-stale-status-es-phone')
      assert.equal(await status.innerText(), '', 'a pause by hand is said to be the timer')
    },
    { timeout: 90_000 },
  )

  test(
    'FINDING: a route downloaded on the first visit from the plan (/route/…?plan_id=) does not open offline at that address (es, phone)',
    async () => {
      const { page, email } = await newPerson(browser, api, { locale: 'es', viewport: PHONE, serviceWorkers: 'allow' })
      const cookie = (await sessionCookies({ email, password: PASSWORD })).map((c) => `${c.name}=${c.value}`).join('; ')
      const status = await api('/v1/my/plan/status', { headers: { cookie, accept: 'application/json', locale: 'es' } })
      const plan = status.json?.status?.plan
      assert.ok(plan, `a new person has a plan: ${status.text}`)
      const item = status.json.status.items.find((i) => !i.locked)
      assert.ok(item, 'an open route in the plan')
      // What /journey's "Continue" and the plan page link to.
      const path = `/route/${item.route.slug}?plan_id=${plan.id}`
      await downloadOnFirstVisit(page, path)
      assert.match(await page.getByTestId('route-download').innerText(), /Descargado/)
      await reopenOffline(page, path)
      await screenshot(page, 'break-sleep-plan-route-offline-es-phone')
      assert.equal(
        await page.getByTestId('offline-page').count(),
        0,
        `offline, ${path} (where the person downloaded it) answers "no connection" although it said "Descargado"`,
      )
      await page.getByTestId('downloads-offline').waitFor({ timeout: 10_000 })
      await page.context().setOffline(false)
    },
    { timeout: 120_000 },
  )

  test(
    "one device, two people: A's download (first visit) is never listed, kept or played for B, offline or online; a removed download is gone (es, phone)",
    async () => {
      const a = await newPerson(browser, api, { locale: 'es', viewport: PHONE, serviceWorkers: 'allow' })
      const page = a.page
      const path = `/route/${ROUTE.es}`
      await downloadOnFirstVisit(page, path)
      const aFiles = await cachedPaths(page, 'calma-downloads-')
      assert.ok(aFiles.length >= 1, 'A downloaded files')

      // A signs out; B signs in on the same phone, through the login page.
      await page.evaluate(() => document.querySelector('a[data-action="logout"]').click())
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })
      const bEmail = `break-sleep-b-${Date.now().toString(36)}@example.test`
      await signUpPerson(api, { email: bEmail, password: PASSWORD, name: 'Otra Persona', locale: 'es' })
      await page.goto(`/login?redirect=${encodeURIComponent('/downloads')}`)
      await waitForHydration(page)
      await page.locator('input[name=email]').fill(bEmail)
      await page.locator('input[name=password]').fill(PASSWORD)
      await page.getByTestId('login-submit').click()
      await page.waitForURL((u) => u.pathname === '/downloads', { timeout: 10_000 })
      await waitForHydration(page)
      await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
      assert.equal(await page.getByTestId('download-item').count(), 0, "B's Downloads list A's")
      const left = await page.evaluate(async (files) => {
        let n = 0
        for (const name of await caches.keys())
          if (name.startsWith('calma-downloads-') || name.startsWith('calma-pages-u'))
            for (const f of files) if (await (await caches.open(name)).match(f)) n++
        return n
      }, aFiles)
      assert.equal(left, 0, "A's files are still kept on the device")

      // Offline, as B: A's route page does not play A's units; the offline page lists nothing of A.
      await reopenOffline(page, path)
      assert.equal(await page.locator('[data-testid=player]').count(), 0, "A's download plays for B offline")
      await page.goto('/appointments')
      await page.getByTestId('offline-page').waitFor()
      await page.waitForTimeout(800)
      assert.equal(await page.getByTestId('offline-downloads').count(), 0, "the offline page lists A's download to B")
      const fileForB = await page.evaluate(
        (f) =>
          fetch(f)
            .then((r) => r.status)
            .catch(() => 'network'),
        aFiles[0],
      )
      assert.notEqual(fileForB, 200, "A's file is served to B offline")
      await screenshot(page, 'break-sleep-offline-as-b-es-phone')
      await page.context().setOffline(false)

      // B downloads one unit and removes it on the Downloads screen: offline, nothing is listed or played.
      await page.goto(path)
      await unitsLoaded(page)
      await page.locator('[data-testid=units] [data-testid=download-start]').first().click()
      await page.locator('[data-testid=units] [data-testid=download-done]').first().waitFor({ timeout: 30_000 })
      await page.goto('/downloads')
      await waitForHydration(page)
      await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
      assert.equal(await page.getByTestId('download-item').count(), 1)
      await page.getByTestId('download-remove').first().click()
      await page.getByTestId('downloads-empty').waitFor({ timeout: 10_000 })
      await page.context().setOffline(true)
      await page.goto('/appointments')
      await page.getByTestId('offline-page').waitFor()
      await page.waitForTimeout(800)
      assert.equal(await page.getByTestId('offline-downloads').count(), 0, 'a removed download is still listed')
      await page.goto(path)
      await waitForHydration(page)
      assert.equal(await page.locator('[data-testid=player]').count(), 0, 'a removed download still plays')
      await screenshot(page, 'break-sleep-removed-route-offline-es-phone')
      await page.context().setOffline(false)
    },
    { timeout: 150_000 },
  )

  test(
    "a unit's end: its reward in one toast, in the page's language, not over the play button (es phone, en desktop)",
    async () => {
      for (const [locale, viewport, size, words] of [
        ['es', PHONE, 'phone', /^(Tienes una nueva recompensa|\d+ recompensas nuevas: )/],
        ['en', DESKTOP, 'desktop', /^(A new reward is yours|\d+ new rewards: )/],
      ]) {
        const { page } = await newPerson(browser, api, { locale, viewport })
        await page.goto(`${prefixOf(locale)}/route/${ROUTE[locale]}`)
        await unitsLoaded(page)
        await playToTheEnd(page)
        const toasts = page.locator('[data-testid=toast]')
        await toasts.first().waitFor({ timeout: 10_000 })
        await page.waitForTimeout(1500)
        const texts = (await toasts.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
        await screenshot(page, `break-sleep-toast-${locale}-${size}`, { fullPage: false })
        assert.equal(texts.length, 1, `one toast: ${JSON.stringify(texts)}`)
        assert.match(texts[0], words)
        // The player stays reachable on a phone: the toast does not cover its play button.
        const toast = await toasts.first().boundingBox()
        const play = await page.getByTestId('player-toggle').boundingBox()
        const overlap =
          toast &&
          play &&
          toast.x < play.x + play.width &&
          play.x < toast.x + toast.width &&
          toast.y < play.y + play.height &&
          play.y < toast.y + toast.height
        assert.ok(!overlap, 'the toast covers the play button')
        await page.context().close()
      }
    },
    { timeout: 120_000 },
  )
}
