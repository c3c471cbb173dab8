/**
 * What a new user met this week (issue 42 §1, §2, §4; docs/decisions/064-*.md), tried as a new
 * user would, in Debian chromium: a post's audio plays for a visitor and a patient, and one that
 * cannot play says so; "Download the whole route" says how many units it kept and the rest follow
 * as they unlock; the Downloads screen plays a unit and shows its title once; offline, Home and
 * Continue are the person's, in their frame, and Continue opens their last route or their
 * downloads; every script the entry can reach is in the precache. Spanish on a phone, English on
 * a desktop. Screenshots: e2e/screens/player42-*.png.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  DESKTOP,
  PHONE,
  addSession,
  assert,
  callInPage,
  cachedPaths,
  eventually,
  expectFailure,
  newPage,
  screenshot,
  signUpPerson,
  unitsLoaded,
  waitForHydration,
} from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'
const PEOPLE = [
  {
    locale: 'es',
    prefix: '',
    viewport: PHONE,
    size: 'phone',
    patient: 'patient@demo.calma.app',
    post: '/post/tu-plan-para-dormir-mejor-en-7-noches',
    route: 'escaneo-corporal-para-dormir',
    text: {
      audio: 'Audio',
      unavailable: /^Ahora no se puede reproducir este audio\./,
      keptOne:
        /^✓ Descargado: 1 de (\d+) unidades, que suena sin internet\. Las demás se descargan a medida que se desbloqueen/,
      keptTwo: /^✓ Descargado: 2 de (\d+) unidades, que suenan sin internet\./,
      downloads: 'Descargas',
      signIn: 'Iniciar sesión',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    viewport: DESKTOP,
    size: 'desktop',
    patient: 'patient.en@demo.calma.app',
    post: '/en/post/a-7-night-plan-for-better-sleep',
    route: 'body-scan-for-sleep',
    text: {
      audio: 'Audio',
      unavailable: /^This audio cannot be played right now\./,
      keptOne: /^✓ Downloaded: 1 of (\d+) units, which plays without internet\. The rest download as they unlock/,
      keptTwo: /^✓ Downloaded: 2 of (\d+) units, which play without internet\./,
      downloads: 'Downloads',
      signIn: 'Sign in',
    },
  },
]

let n = 0
/** A person who signed up a moment ago (3 days of free access: the first unit of a route open). */
async function newPerson(api, p) {
  const email = `new42-${p.locale}-${Date.now().toString(36)}-${++n}@e2e.calma.app`
  await signUpPerson(api, { email, password: PASSWORD, name: 'Nora Nueva', locale: p.locale })
  return email
}

const media = (page) => page.locator('[data-testid=player] audio')
const stateOf = (page) => page.getByTestId('player').getAttribute('data-state')

/** The post's Audio tab: its player loads the file (its length known), or says why not. */
async function openAudioTab(page, p) {
  await page.goto(p.post)
  await waitForHydration(page)
  await page.getByTestId('format-audio').click()
  return page.getByTestId('post-audio')
}

export default function ({ test, browser, api }) {
  for (const p of PEOPLE) {
    test(`a post's audio plays for a visitor and a patient, and one that cannot play says so (${p.locale}, ${p.size})`, async () => {
      // A visitor.
      const page = await newPage(browser, { viewport: p.viewport, locale: p.locale })
      const audio = await openAudioTab(page, p)
      await eventually(async () => (await audio.evaluate((el) => el.duration)) > 0, {
        timeout: 10_000,
        message: 'the post audio does not load for a visitor',
      })
      await audio.evaluate((el) => el.play())
      await eventually(async () => (await audio.evaluate((el) => el.currentTime)) > 0.3, {
        timeout: 10_000,
        message: 'the post audio does not play for a visitor',
      })
      await audio.evaluate((el) => el.pause())
      assert.equal(await page.getByTestId('post-media-error').count(), 0)
      await screenshot(page, `player42-post-audio-${p.locale}-${p.size}`, { fullPage: false })
      await page.context().close()

      // A patient, for whom that unit's route is not open.
      const patient = await newPage(browser, { viewport: p.viewport, locale: p.locale })
      await addSession(patient.context(), { email: p.patient, password: PASSWORD })
      const theirs = await openAudioTab(patient, p)
      await eventually(async () => (await theirs.evaluate((el) => el.duration)) > 0, {
        timeout: 10_000,
        message: 'the post audio does not load for a patient',
      })
      await patient.context().close()

      // A file that cannot play (gone from storage): said in words, not a silent 0:00 player.
      const gone = await newPage(browser, { viewport: p.viewport, locale: p.locale })
      await gone.route('**/media/units/*sleep-1.mp3*', (route) => route.fulfill({ status: 404, body: 'Not found' }))
      expectFailure(gone, '/media/')
      await openAudioTab(gone, p)
      const error = gone.getByTestId('post-media-error')
      await error.waitFor({ timeout: 10_000 })
      assert.match(await error.innerText(), p.text.unavailable)
      assert.equal(await error.getAttribute('role'), 'alert')
      await screenshot(gone, `player42-post-audio-unplayable-${p.locale}-${p.size}`, { fullPage: false })
      await gone.context().close()
    })

    test(
      `"download the whole route" says how many units it kept, the next follows once unlocked; the Downloads screen plays them, titled once (${p.locale}, ${p.size})`,
      async () => {
        const email = await newPerson(api, p)
        const page = await newPage(browser, { viewport: p.viewport, locale: p.locale, serviceWorkers: 'allow' })
        await addSession(page.context(), { email, password: PASSWORD })
        const routePath = `${p.prefix}/route/${p.route}`
        await page.goto(routePath)
        await unitsLoaded(page)
        await page.evaluate(() => navigator.serviceWorker.ready)
        const total = await page.locator('[data-testid=units] > li').count()
        assert.ok(total >= 3, `the route has ${total} units`)
        const bar = page.getByTestId('route-download')
        await bar.getByTestId('download-start').click()
        await page.locator('[data-testid=route-download][data-state=done]').waitFor({ timeout: 30_000 })
        const said = await bar.innerText()
        assert.match(said, p.text.keptOne)
        assert.equal(Number(p.text.keptOne.exec(said)[1]), total)
        await screenshot(page, `player42-route-kept-${p.locale}-${p.size}`, { fullPage: false })

        // The first unit completed (the player's save, as its end sends it): the second unlocks,
        // and the route page, opened again online, downloads it by itself.
        const first = await page.getByTestId('player').getAttribute('data-unit')
        const saved = await callInPage(
          page,
          'POST',
          '/v1/unit/progress',
          {
            unit_id: first,
            position: String(Math.floor(await media(page).evaluate((el) => el.duration))),
            completed: '1',
          },
          p.locale,
        )
        assert.equal(saved.status, 200, JSON.stringify(saved.body))
        await page.reload()
        await unitsLoaded(page)
        await eventually(async () => p.text.keptTwo.test(await bar.innerText()), {
          timeout: 30_000,
          message: 'the unlocked unit was not downloaded',
        })

        // The Downloads screen: its title once (the frame's), and each unit plays here.
        await page.goto(`${p.prefix}/downloads`)
        await waitForHydration(page)
        await page.locator('[data-testid=profile-downloads][data-loaded=true]').waitFor({ timeout: 10_000 })
        assert.equal(await page.getByRole('heading', { name: p.text.downloads, exact: true }).count(), 1)
        assert.equal(await page.getByTestId('download-item').count(), 2)
        await page.getByTestId('download-play').nth(1).click()
        const how = () =>
          media(page).evaluate((el) => ({
            src: el.currentSrc,
            ready: el.readyState,
            network: el.networkState,
            error: el.error?.code ?? null,
            paused: el.paused,
          }))
        await eventually(async () => (await stateOf(page)) === 'playing', {
          timeout: 10_000,
          message: 'the download does not start',
        }).catch(async (err) => {
          throw new Error(`${err.message}: ${await stateOf(page)} ${JSON.stringify(await how())}`)
        })
        await eventually(async () => (await media(page).evaluate((el) => el.currentTime)) > 0.5, {
          timeout: 10_000,
          message: 'a download does not play on the Downloads screen',
        })
        assert.equal(await page.getByTestId('download-playing').count(), 1)
        await page.getByTestId('player-toggle').click()
        await screenshot(page, `player42-downloads-screen-${p.locale}-${p.size}`)
        await page.context().close()
      },
      { timeout: 120_000 },
    )

    test(`offline, a new user's Home and Continue are theirs, in their frame; Continue opens their last route, else their downloads (${p.locale}, ${p.size})`, async () => {
      const email = await newPerson(api, p)
      const page = await newPage(browser, { viewport: p.viewport, locale: p.locale, serviceWorkers: 'allow' })
      await addSession(page.context(), { email, password: PASSWORD })
      // The first page a new user sees (after signing up): no service worker controls it yet.
      await page.goto(`${p.prefix}/journey`)
      await waitForHydration(page)
      // Once the worker takes over, this page, Home and Continue are kept (no second visit needed).
      await eventually(
        async () => {
          const kept = await cachedPaths(page, 'calma-pages-')
          return kept.includes(`${p.prefix}/journey`) && kept.includes(`${p.prefix}/performance`)
        },
        { timeout: 20_000, message: 'Home and Continue were not kept at the takeover' },
      )
      await page.goto(`${p.prefix}/downloads`)
      await waitForHydration(page)
      const routePath = `${p.prefix}/route/${p.route}`
      await page.goto(routePath)
      await unitsLoaded(page)
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {})

      expectFailure(page, '/v1/')
      expectFailure(page, '/ws/')
      expectFailure(page, '/media/')
      await page.context().setOffline(true)
      const theirFrame = async (label) => {
        await waitForHydration(page)
        await page.locator('.user-menu').waitFor({ timeout: 10_000 })
        assert.equal(await page.locator('.bottom-nav').count(), 1, `${label}: no bottom navigation`)
        assert.equal(await page.getByRole('link', { name: p.text.signIn }).count(), 0, `${label}: "${p.text.signIn}"`)
      }
      for (const tab of ['/performance', '/journey']) {
        await page.goto(`${p.prefix}${tab}`)
        await theirFrame(tab)
        assert.equal(await page.getByTestId('offline-page').count(), 0, `${tab} is the offline page`)
        await screenshot(page, `player42-offline${tab.replace('/', '-')}-${p.locale}-${p.size}`, { fullPage: false })
      }
      // A page never kept: the offline page, in the person's frame.
      await page.goto(`${p.prefix}/ranking`)
      await page.getByTestId('offline-page').waitFor()
      await theirFrame('/ranking')
      await screenshot(page, `player42-offline-page-${p.locale}-${p.size}`, { fullPage: false })

      // Continue never kept: their last route; without one, their downloads.
      const forget = (re) =>
        page.evaluate(async (source) => {
          const re = new RegExp(source)
          for (const name of await caches.keys())
            if (name.startsWith('calma-pages-'))
              for (const r of await (await caches.open(name)).keys())
                if (re.test(new URL(r.url).pathname)) await (await caches.open(name)).delete(r)
        }, re.source)
      await forget(/\/journey$/)
      await page.goto(`${p.prefix}/journey`)
      await page.waitForURL((u) => u.pathname === routePath, { timeout: 10_000 })
      await theirFrame('continue → route')
      await forget(/\/route\//)
      await page.goto(`${p.prefix}/journey`)
      await page.waitForURL((u) => u.pathname === `${p.prefix}/downloads`, { timeout: 10_000 })
      await theirFrame('continue → downloads')
      await page.context().setOffline(false)
      await page.context().close()
    })
  }

  test('every script and style the entry can reach, but the admin’s, is in the precache', async () => {
    const dist = process.env.E2E_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
    const manifest = JSON.parse(await readFile(path.join(dist, 'client', 'assets-manifest.json'), 'utf8'))
    const wanted = new Set()
    const seen = new Set()
    const visit = (key) => {
      const m = manifest[key]
      if (!m || seen.has(key) || key.startsWith('src/client/features/admin/')) return
      seen.add(key)
      wanted.add(`/${m.file}`)
      for (const css of m.css ?? []) wanted.add(`/${css}`)
      for (const k of [...(m.imports ?? []), ...(m.dynamicImports ?? [])]) visit(k)
    }
    visit(Object.keys(manifest).find((k) => manifest[k].isEntry))
    // The bell's menu, which a kept page asks for once hydrated, is one of them (its own module, or
    // the 'bell' chunk vite.config.ts groups it in, decision 069).
    assert.ok(
      [...seen].some((k) => k.includes('notifications/NotificationsMenu')) ||
        [...wanted].some((f) => /\/assets\/bell-[\w-]+\.js$/.test(f)),
      'the notifications menu is not reached from the entry',
    )
    const page = await newPage(browser, { viewport: PHONE, locale: 'es', serviceWorkers: 'allow' })
    await page.goto('/help')
    await waitForHydration(page)
    await page.evaluate(() => navigator.serviceWorker.ready)
    // Serwist's precache (its name holds "precache"), once installed.
    const precached = new Set(
      await page.evaluate(async () => {
        const out = []
        for (const name of await caches.keys())
          if (name.includes('precache'))
            for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname)
        return out
      }),
    )
    const missing = [...wanted].filter((f) => !precached.has(f))
    assert.deepEqual(missing, [], `not precached: ${missing.join(' ')}`)
    await page.context().close()
  })
}
