/**
 * Units and playback (issue 6 §4-§7) in Debian chromium: a seeded demo patient (free access
 * until 2099, so they may play every unit in order) opens a route, plays its first unit, seeks
 * to the middle, pauses, reloads and is back at the same position; on another device (a new
 * browser context) the same position comes from the server; there they skip to 3 s before the
 * end, let it end, and the next unit unlocks without a reload. Spanish and English, phone and
 * desktop; a visitor is asked to sign in. Screenshots in e2e/screens/playback-*.png.
 */
import {
  DESKTOP,
  PHONE,
  addSession,
  assert,
  eventually,
  newPage,
  screenshot,
  waitForHydration,
  variants,
  unitsLoaded,
} from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'

const JOURNEYS = [
  {
    locale: 'es',
    prefix: '',
    email: 'patient@demo.calma.app',
    // Not in her plan (the anxiety plan opens its routes one by one, issue 7): it plays at once.
    slug: 'empieza-el-dia-con-calma',
    first: 'phone',
    text: {
      locked: 'Termina la unidad anterior para desbloquear esta.',
      play: 'Reproducir',
      pause: 'Pausar',
      transcript: 'Transcripción',
      completed: 'Completada',
      next: 'Siguiente:',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    email: 'patient.en@demo.calma.app',
    slug: 'breathing-to-calm-anxiety',
    first: 'desktop',
    text: {
      locked: 'Finish the previous unit to unlock this one.',
      play: 'Play',
      pause: 'Pause',
      transcript: 'Transcript',
      completed: 'Completed',
      next: 'Next:',
    },
  },
]

const viewportOf = (size) => (size === 'phone' ? PHONE : DESKTOP)
const other = (size) => (size === 'phone' ? 'desktop' : 'phone')

/** Signed in (the session cookie from Node, decision 031) and on the route page, its units loaded. */
async function openRouteSignedIn(browser, j, size) {
  const page = await newPage(browser, { viewport: viewportOf(size), locale: j.locale })
  const route = `${j.prefix}/route/${j.slug}`
  await addSession(page.context(), { email: j.email, password: PASSWORD })
  await page.goto(route)
  await unitsLoaded(page)
  return page
}

const player = (page) => page.getByTestId('player')
const stateOf = (page) => player(page).getAttribute('data-state')
const mediaTime = (page) =>
  page.locator('[data-testid=player] audio, [data-testid=player] video').evaluate((el) => el.currentTime)
const mediaDuration = (page) =>
  page.locator('[data-testid=player] audio, [data-testid=player] video').evaluate((el) => el.duration)
const lockOf = (page, n) => page.locator('[data-testid=units] > li').nth(n).getAttribute('data-lock')
const savedPosition = (page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/v1/unit/progress') && r.request().method() === 'POST' && r.status() === 200,
    { timeout: 15_000 },
  )

export default function ({ test, browser }) {
  test('a visitor sees the units with a sign-in link each, and no player (es, phone)', async () => {
    const page = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await page.goto(`/route/${JOURNEYS[0].slug}`)
    await waitForHydration(page)
    const links = page.locator('[data-testid=units] > li a', { hasText: 'Inicia sesión para reproducir' })
    assert.ok((await links.count()) >= 3)
    assert.match(await links.first().getAttribute('href'), /^\/login\?redirect=/)
    assert.equal(await page.getByTestId('player').count(), 0)
    await screenshot(page, 'playback-visitor-es-phone')
  })

  for (const j of variants(JOURNEYS, 0)) {
    test(
      `play, seek to the middle, reload and resume; resume on another device; finish and unlock the next unit (${j.locale}, ${j.first} then ${other(j.first)})`,
      async () => {
        // Device 1: the first unit is open, the second locked; the transcript is under the player.
        const page = await openRouteSignedIn(browser, j, j.first)
        assert.equal(await lockOf(page, 0), 'none')
        assert.equal(await lockOf(page, 1), 'unit_not_completed')
        assert.match(await page.locator('[data-testid=units] > li').nth(1).textContent(), new RegExp(j.text.locked))
        assert.equal(await page.getByTestId('player-toggle').getAttribute('aria-label'), j.text.play)
        const transcript = page.getByTestId('transcript')
        await transcript.locator('li').first().waitFor()
        assert.match(await transcript.locator('h3').textContent(), new RegExp(j.text.transcript))
        assert.ok((await transcript.locator('li').count()) >= 3, 'the transcript has its cues')

        // Play: playing, with the pause label for screen readers.
        await page.getByTestId('player-toggle').click()
        await eventually(async () => (await stateOf(page)) === 'playing', {
          timeout: 10_000,
          message: 'the unit did not start playing',
        })
        assert.equal(await page.getByTestId('player-toggle').getAttribute('aria-label'), j.text.pause)
        await eventually(async () => (await mediaTime(page)) > 0.5, {
          timeout: 10_000,
          message: 'time does not advance',
        })

        // Seek to the middle by clicking the middle of the bar, then pause: the position is saved.
        const duration = await mediaDuration(page)
        const bar = page.getByTestId('player-seek')
        const box = await bar.boundingBox()
        await bar.click({ position: { x: box.width / 2, y: box.height / 2 } })
        await eventually(async () => Math.abs((await mediaTime(page)) - duration / 2) < 2.5, {
          message: 'the seek did not reach the middle',
        })
        const saved = savedPosition(page)
        await page.getByTestId('player-toggle').click()
        const body = await (await saved).json()
        assert.equal(await stateOf(page), 'paused')
        const position = body.unit.position
        assert.ok(Math.abs(position - duration / 2) <= 3, `saved ${position} s, the middle is ${duration / 2} s`)
        await screenshot(page, `playback-paused-${j.locale}-${j.first}`)

        // Reload: the player is back at the saved position (from the server), ready.
        await page.reload()
        await unitsLoaded(page)
        await eventually(async () => Math.abs((await mediaTime(page)) - position) < 0.6, {
          message: 'did not resume at the saved position',
        })
        const elapsed = await page.getByTestId('player-elapsed').textContent()
        assert.equal(elapsed, `${Math.floor(position / 60)}:${String(position % 60).padStart(2, '0')}`) // m:ss (units last minutes)
        assert.match(await page.getByTestId('player-seek').getAttribute('aria-valuetext'), new RegExp(`^${elapsed}`))
        await screenshot(page, `playback-resumed-${j.locale}-${j.first}`)

        // Device 2: another browser, the same person: the same position, from the server.
        const second = await openRouteSignedIn(browser, j, other(j.first))
        await eventually(async () => Math.abs((await mediaTime(second)) - position) < 0.6, {
          message: 'the other device did not resume there',
        })
        assert.equal(await second.getByTestId('player-elapsed').textContent(), elapsed)

        // Finish it there: skip to 3 s before the end and let it end.
        await second.getByTestId('player-skip').click()
        await eventually(async () => Math.abs((await mediaTime(second)) - (duration - 3)) < 0.6, {
          message: 'skip did not go to 3 s before the end',
        })
        const completion = second.waitForResponse(
          (r) =>
            r.url().endsWith('/v1/unit/progress') &&
            r.request().method() === 'POST' &&
            r.request().postData()?.includes('name="completed"\r\n\r\n1'),
          { timeout: 20_000 },
        )
        await second.getByTestId('player-toggle').click()
        await eventually(async () => (await stateOf(second)) === 'ended', {
          timeout: 15_000,
          message: 'the unit did not end',
        })
        assert.equal((await (await completion).json()).unit.completed, true)

        // The next unit unlocks in the list without a reload; the first shows as completed.
        await eventually(async () => (await lockOf(second, 1)) === 'none', {
          timeout: 5000,
          message: 'the next unit did not unlock',
        })
        assert.equal(await lockOf(second, 2), 'unit_not_completed')
        await second.locator('[data-testid=units] > li').first().getByTestId('unit-completed').waitFor()
        assert.match(await second.getByTestId('unit-completed').first().textContent(), new RegExp(j.text.completed))
        assert.match(await second.getByTestId('route-progress').textContent(), /1/)
        const next = second.getByTestId('player-next')
        assert.match(await next.textContent(), new RegExp(`^${j.text.next}`))
        await screenshot(second, `playback-finished-${j.locale}-${other(j.first)}`)

        // "Next" plays the unlocked unit.
        await next.click()
        await eventually(async () => (await stateOf(second)) === 'playing', {
          timeout: 10_000,
          message: 'the next unit did not play',
        })
        const nextTitle = await second.locator('[data-testid=units] > li').nth(1).locator('strong').textContent()
        assert.equal(await second.getByTestId('player-title').textContent(), nextTitle)
        await eventually(async () => (await mediaTime(second)) > 1.5, {
          timeout: 10_000,
          message: 'the next unit does not advance',
        })
        const pausedNext = savedPosition(second)
        await second.getByTestId('player-toggle').click()
        await pausedNext
      },
      { timeout: 120_000 },
    )
  }

  test('the player is usable from the keyboard: play, seek with the arrows, forward, rewind (en, desktop)', async () => {
    const j = JOURNEYS[1]
    const page = await openRouteSignedIn(browser, { ...j, slug: 'discover-and-understand-your-emotions' }, 'desktop')
    await page.getByTestId('player-toggle').focus()
    await page.keyboard.press('Enter')
    await eventually(async () => (await stateOf(page)) === 'playing', { timeout: 10_000 })
    // Lock-screen controls (Media Session): the unit and its route, the route's cover as the
    // artwork (units have none of their own, issue 42 §10), and the playing state.
    const session = await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title,
      artist: navigator.mediaSession.metadata?.artist,
      artwork: navigator.mediaSession.metadata?.artwork.map((a) => new URL(a.src).pathname),
      state: navigator.mediaSession.playbackState,
    }))
    const cover = await page.getByTestId('route-cover').getAttribute('src')
    assert.match(cover, /^\/media\/covers\//)
    assert.deepEqual(session, {
      title: await page.getByTestId('player-title').textContent(),
      artist: await page.locator('.route-page h1').textContent(),
      artwork: [cover],
      state: 'playing',
    })
    await page.keyboard.press('Space')
    await eventually(async () => (await stateOf(page)) === 'paused')
    assert.equal(await page.evaluate(() => navigator.mediaSession.playbackState), 'paused')
    const before = await mediaTime(page)
    await page.getByTestId('player-seek').focus()
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight')
    await eventually(async () => (await mediaTime(page)) >= Math.floor(before) + 3.5, {
      message: 'arrow keys did not seek',
    })
    const at = await mediaTime(page)
    await page.getByTestId('player-forward').click()
    await eventually(async () => Math.abs((await mediaTime(page)) - (at + 3)) < 0.3, { message: 'forward is not 3 s' })
    await page.getByTestId('player-rewind').click()
    await eventually(async () => Math.abs((await mediaTime(page)) - (at + 2)) < 0.3, { message: 'rewind is not 1 s' })
    await page.getByTestId('player-speed').selectOption('1.5')
    assert.equal(await page.locator('[data-testid=player] audio').evaluate((el) => el.playbackRate), 1.5)
    for (const id of ['player-rewind', 'player-toggle', 'player-forward', 'player-skip', 'player-seek']) {
      const label = await page.getByTestId(id).getAttribute('aria-label')
      assert.ok(label && label.length > 2, `${id} has an accessible name`)
    }
    // Playing again and pausing saves the position.
    await page.getByTestId('player-toggle').click()
    await eventually(async () => (await stateOf(page)) === 'playing', { timeout: 10_000 })
    await eventually(async () => (await mediaTime(page)) > at + 3.5, {
      timeout: 10_000,
      message: 'time does not advance',
    })
    const saved = savedPosition(page)
    await page.getByTestId('player-toggle').click()
    await saved
    await screenshot(page, 'playback-keyboard-en-desktop')
  })
}
