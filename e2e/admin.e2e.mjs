/**
 * The bundled admin (issue 12) in Debian chromium, on a phone in Spanish and on a desktop in
 * English. The demo admin opens /admin, creates a hidden route, adds two units by uploading an
 * audio file each (to R2, in parts), moves the second up, assigns a symptom as primary and
 * publishes the route; a visitor finds it on /routes; the demo patient plays its first unit;
 * the admin hides it and it leaves the search and /sitemap.xml; the audit screen lists those
 * writes. The demo publisher edits a post, has no users screen, and the API refuses her users
 * (403). Screenshots in e2e/screens/admin-*.png.
 */
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { pageScripts } from '../scripts/lib/page-scripts.mjs'
import {
  DESKTOP,
  PHONE,
  assert,
  eventually,
  expectFailure,
  newPage,
  screenshot,
  waitForHydration,
  openSignedIn,
  signUpPerson,
  variants,
} from './lib.mjs'

const PASSWORD = 'Calma-demo-2026'
const AUDIO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'media', 'es-bodyscan-1.mp3')

const CASES = [
  {
    locale: 'es',
    prefix: '',
    size: 'phone',
    viewport: PHONE,
    patient: 'patient@demo.calma.app',
    text: {
      created: 'Ruta creada.',
      unit: 'Unidad creada.',
      primary: 'Principal',
      hidden: 'Oculto',
      visible: 'Visible',
      audit: 'Auditoría',
      updated: 'Artículo actualizado.',
      primaryAction: 'Elegir el síntoma principal de una ruta',
      unitAction: 'Guardar una unidad',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    size: 'desktop',
    viewport: DESKTOP,
    patient: 'patient.en@demo.calma.app',
    text: {
      created: 'Route created.',
      unit: 'Unit created.',
      primary: 'Primary',
      hidden: 'Hidden',
      visible: 'Visible',
      audit: 'Audit',
      updated: 'Post updated.',
      primaryAction: "Choose a route's main symptom",
      unitAction: 'Save a unit',
    },
  },
]

/** Sign in on the page of `prefix` ('' or '/en') and land on `to` (a path that starts with it). */
const signIn = (page, prefix, email, to) =>
  openSignedIn(page, { prefix, email, password: PASSWORD, to: to.slice(prefix.length) })

/** The list row whose cells hold `text`, after searching for it. */
async function rowOf(page, text) {
  await page.getByTestId('adm-search').fill(text)
  const row = page.locator('[data-testid=adm-row]', { hasText: text })
  await row.first().waitFor({ timeout: 8000 })
  return row.first()
}

const toastWith = (page, text) =>
  page.locator('[data-testid=toast]', { hasText: text }).first().waitFor({ timeout: 8000 })

export default function ({ test, browser, api }) {
  test('the JavaScript of /, a route page and a post page holds no admin code', async () => {
    const page = await newPage(browser, { viewport: DESKTOP, locale: 'es' })
    // Strings only the admin's code holds: its CSS classes, its calls, its screens' test ids.
    const MARKERS = ['adm-toolbar', '/admin/routes', '/file/upload/part', 'adm-pager', 'admin.list.']
    const figures = []
    for (const path of [
      '/',
      '/route/descubre-y-comprende-tus-emociones',
      '/post/test-de-ansiedad-preguntas-para-conocerte-mejor',
    ]) {
      const res = await page.goto(path)
      assert.equal(res.status(), 200, path)
      const html = await res.text()
      // What the page loads: its scripts and module preloads, then every static import of those.
      const queue = pageScripts(html).scripts.filter((src) => src.endsWith('.js'))
      assert.ok(queue.length > 0, `${path}: no script found in the page`)
      const seen = new Set()
      let bytes = 0
      let gz = 0
      const hits = []
      while (queue.length) {
        const url = new URL(queue.shift(), new URL(path, page.url())).pathname
        if (seen.has(url)) continue
        seen.add(url)
        const js = await (await page.request.get(url)).text()
        bytes += Buffer.byteLength(js)
        gz += gzipSync(js, { level: 9 }).length
        for (const m of MARKERS) if (js.includes(m)) hits.push(`${url}: ${m}`)
        // Static imports only (import"./x.js", from"./x.js"); import("./x.js") is a lazy chunk.
        for (const m of js.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g))
          queue.push(new URL(m[1], new URL(url, page.url())).pathname)
      }
      assert.deepEqual(hits, [], `${path} loads admin code`)
      const htmlHasAdminWords = html.includes('"admin":{"title"')
      assert.equal(htmlHasAdminWords, false, `${path} embeds the admin's messages`)
      figures.push(
        `${path}: ${seen.size} scripts, ${(bytes / 1024).toFixed(1)} KiB (${(gz / 1024).toFixed(1)} KiB gzip -9), admin markers: 0`,
      )
    }
    // The admin's own chunk, for comparison: what only /admin loads.
    const admin = await newPage(browser, { viewport: DESKTOP, locale: 'es' })
    await signIn(admin, '', 'admin@demo.calma.app', '/admin')
    const chunk = await admin.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\/assets\/Admin-[^/]+\.js$/.test(n)),
    )
    assert.equal(chunk.length, 1, 'the admin page loads its own chunk')
    const adminJs = await (await admin.request.get(chunk[0])).text()
    assert.ok(
      MARKERS.slice(0, 4).every((m) => adminJs.includes(m)),
      "the markers are the admin chunk's own",
    )
    figures.push(
      `admin chunk ${new URL(chunk[0]).pathname}: ${(Buffer.byteLength(adminJs) / 1024).toFixed(1)} KiB (${(gzipSync(adminJs, { level: 9 }).length / 1024).toFixed(1)} KiB gzip -9)`,
    )
    console.log(`[admin bundle] ${figures.join(' | ')}`)
  })

  for (const c of variants(CASES, 0)) {
    test(
      `the admin creates a route with two uploaded units, publishes it, a patient plays it, hiding it removes it (${c.locale}, ${c.size})`,
      async () => {
        const stamp = Date.now().toString(36)
        const slug = `admin-e2e-${c.locale}-${stamp}`
        const title = `Calmaprueba ${c.locale} ${stamp}`
        const admin = await newPage(browser, { viewport: c.viewport, locale: c.locale })
        // What the uploads answered, to say why when one fails.
        const uploads = []
        admin.on('response', async (r) => {
          if (r.url().includes('/v1/file'))
            uploads.push(
              `${r.request().method()} ${new URL(r.url()).pathname} ${r.status()} ${(await r.text().catch(() => '')).slice(0, 200)}`,
            )
        })
        admin.on('console', (m) => uploads.push(`console.${m.type()}: ${m.text().slice(0, 200)}`))
        await signIn(admin, c.prefix, 'admin@demo.calma.app', `${c.prefix}/admin`)
        assert.equal(await admin.getByTestId('tab-users').count(), 1, 'the admin has the users screen')
        await screenshot(admin, `admin-routes-${c.locale}-${c.size}`)

        // Create the route (hidden until it is ready).
        await admin.getByTestId('adm-new').click()
        const form = admin.getByTestId('adm-form')
        await form.locator('select[name=language]').selectOption(c.locale)
        await form.locator('input[name=slug]').fill(slug)
        await form.locator('input[name=title]').fill(title)
        await form.locator('textarea[name=description]').fill('Una ruta creada desde la administración.')
        await form.locator('select[name=status]').selectOption('2')
        await admin.getByTestId('adm-save').click()
        await toastWith(admin, c.text.created)
        const row = await rowOf(admin, title)
        assert.match(await row.textContent(), new RegExp(c.text.hidden))

        // Two units, each with an audio file uploaded to R2.
        await row.getByTestId('adm-open').click()
        const panel = admin.getByTestId('route-panel')
        for (const name of ['Primera unidad', 'Segunda unidad']) {
          await panel.getByTestId('unit-title').fill(name)
          await panel.getByTestId('upload-audio').setInputFiles(AUDIO)
          try {
            await eventually(
              async () => {
                if (await panel.getByTestId('upload-error').count())
                  throw new Error(`upload refused: ${await panel.getByTestId('upload-error').textContent()}`)
                return (await panel.getByTestId('unit-media').count()) === 1
              },
              { timeout: 15_000, message: 'the audio uploaded' },
            )
          } catch (e) {
            throw new Error(`${e.message} (${uploads.join(' ; ') || 'no upload request'})`)
          }
          await panel.getByTestId('unit-add').click()
          await toastWith(admin, c.text.unit)
          await eventually(async () => (await panel.getByTestId('unit-row').filter({ hasText: name }).count()) === 1, {
            message: `unit ${name} listed`,
          })
        }
        // The arrows: the second unit goes first, then back.
        await panel.getByTestId('unit-row').nth(1).getByTestId('unit-up').click()
        await eventually(async () => /Segunda/.test(await panel.getByTestId('unit-row').first().textContent()), {
          message: 'unit moved up',
        })
        await panel.getByTestId('unit-row').nth(1).getByTestId('unit-up').click()
        await eventually(async () => /Primera/.test(await panel.getByTestId('unit-row').first().textContent()), {
          message: 'unit moved back',
        })

        // A symptom of the route's language, made primary.
        const option = panel.getByTestId('symptom-pick').locator('option[value]:not([value=""])').first()
        await panel.getByTestId('symptom-pick').selectOption(await option.getAttribute('value'))
        await panel.getByTestId('symptom-assign').click()
        await panel.getByTestId('route-symptom').first().waitFor()
        if (await panel.getByTestId('symptom-primary').count())
          await panel.getByTestId('symptom-primary').first().click()
        await eventually(async () => (await panel.locator('.adm-badge', { hasText: c.text.primary }).count()) === 1, {
          message: 'primary symptom',
        })
        await screenshot(admin, `admin-route-editor-${c.locale}-${c.size}`)

        // Publish.
        await row.getByTestId('route-publish').click()
        await eventually(async () => new RegExp(c.text.visible).test(await (await rowOf(admin, title)).textContent()), {
          message: 'route visible',
        })

        // A visitor finds it on /routes.
        const visitor = await newPage(browser, { viewport: c.viewport, locale: c.locale })
        await visitor.goto(`${c.prefix}/routes?keyword=${encodeURIComponent(`Calmaprueba ${stamp}`)}`)
        await waitForHydration(visitor)
        await eventually(
          async () => (await visitor.locator('[data-testid=route-card]', { hasText: title }).count()) === 1,
          { timeout: 8000, message: 'the visitor finds the route' },
        )
        await screenshot(visitor, `admin-visitor-finds-${c.locale}-${c.size}`)
        const sitemap = await (await visitor.request.get('/sitemap.xml')).text()
        assert.ok(sitemap.includes(`/route/${slug}`), 'the published route is in the sitemap')

        // The patient plays its first unit.
        const patient = await newPage(browser, { viewport: c.viewport, locale: c.locale })
        await signIn(patient, c.prefix, c.patient, `${c.prefix}/route/${slug}`)
        await patient.locator('[data-testid=route-units][data-loaded=true]').waitFor({ timeout: 10_000 })
        await patient.locator('[data-testid=player][data-state=ready]').waitFor({ timeout: 10_000 })
        await patient.getByTestId('player-toggle').click()
        await eventually(async () => (await patient.getByTestId('player').getAttribute('data-state')) === 'playing', {
          timeout: 10_000,
          message: 'the unit plays',
        })
        await screenshot(patient, `admin-patient-plays-${c.locale}-${c.size}`)

        // Hide it: gone from the search and the sitemap.
        await (await rowOf(admin, title)).getByTestId('route-hide').click()
        await eventually(async () => new RegExp(c.text.hidden).test(await (await rowOf(admin, title)).textContent()), {
          message: 'route hidden',
        })
        await visitor.reload()
        await waitForHydration(visitor)
        await visitor.waitForLoadState('networkidle')
        assert.equal(
          await visitor.locator('[data-testid=route-card]', { hasText: title }).count(),
          0,
          'hidden route still found',
        )
        const after = await (await visitor.request.get('/sitemap.xml')).text()
        assert.ok(!after.includes(`/route/${slug}`), 'the hidden route left the sitemap')

        // The audit screen shows those writes, each by its action's name (issue 42 §9); the
        // search still finds them by the call.
        await admin.getByTestId('tab-audit').click()
        await admin.getByTestId('screen-audit').waitFor()
        await admin.getByTestId('adm-search').fill('/v1/route')
        await eventually(
          async () => (await admin.locator('[data-testid=adm-row]', { hasText: c.text.primaryAction }).count()) >= 1,
          { timeout: 8000, message: 'audit lists the primary symptom' },
        )
        await admin.getByTestId('adm-search').fill('/v1/unit')
        await eventually(
          async () => (await admin.locator('[data-testid=adm-row]', { hasText: c.text.unitAction }).count()) >= 2,
          { timeout: 8000, message: 'audit lists the units' },
        )
        assert.match(
          await admin.getByTestId('adm-page-of').textContent(),
          c.locale === 'es' ? /^Página 1 de \d+$/ : /^Page 1 of \d+$/,
        )
        await screenshot(admin, `admin-audit-${c.locale}-${c.size}`)
      },
      { timeout: 120_000 },
    )
  }

  test(
    "the admin adjusts a patient's credits with a reason, and a plan shows its routes in order and its people (en, desktop)",
    async () => {
      const page = await newPage(browser, { viewport: DESKTOP, locale: 'en' })
      await signIn(page, '/en', 'admin@demo.calma.app', '/en/admin')
      await page.goto('/en/admin?screen=users')
      await waitForHydration(page)
      const row = await rowOf(page, 'patient.en@demo.calma.app')
      await row.getByTestId('adm-open').click()
      const tools = page.getByTestId('user-tools')
      await tools.getByTestId('credits-amount').fill('12.50')
      await tools.getByTestId('credits-reason').fill('Goodwill after a failed session')
      await tools.getByTestId('credits-save').click()
      await toastWith(page, 'Credits adjusted.')
      await tools.getByText(/^Balance: \$\d+\.\d{2}$/).waitFor()
      await screenshot(page, 'admin-user-credits-en-desktop')

      await page.getByTestId('tab-plans').click()
      await page.getByTestId('screen-plans').locator('[data-testid=adm-row]').first().waitFor()
      await page.getByTestId('screen-plans').locator('[data-testid=adm-open]').first().click()
      const panel = page.getByTestId('plan-panel')
      await eventually(
        async () => (await panel.getByTestId('screen-plan-routes').locator('[data-testid=adm-row]').count()) >= 2,
        { timeout: 8000, message: 'the plan lists its routes' },
      )
      const orders = await panel
        .getByTestId('screen-plan-routes')
        .locator('[data-testid=adm-row] td:first-child')
        .allTextContents()
      assert.deepEqual(
        orders.map(Number),
        orders.map(Number).sort((a, b) => a - b),
        'routes in order',
      )
      await screenshot(page, 'admin-plan-en-desktop')
    },
    { timeout: 60_000 },
  )

  // en on a phone in npm test (the route journey above is es): both in the deep run.
  for (const c of variants(
    [
      { ...CASES[1], viewport: PHONE, size: 'phone' },
      { ...CASES[0], viewport: DESKTOP, size: 'desktop' },
    ],
    0,
  )) {
    test(
      `the publisher edits a post and is refused the users, by the page and the API (${c.locale}, ${c.size})`,
      async () => {
        const page = await newPage(browser, { viewport: c.viewport, locale: c.locale })
        await signIn(page, c.prefix, 'publisher@demo.calma.app', `${c.prefix}/admin`)
        assert.equal(await page.getByTestId('tab-users').count(), 0, 'no users screen for a publisher')
        assert.equal(await page.getByTestId('tab-plans').count(), 0, 'no plans screen for a publisher')
        await page.getByTestId('tab-posts').click()
        await page.getByTestId('screen-posts').waitFor()
        await page.getByTestId('adm-row').first().waitFor({ timeout: 8000 })
        await page.getByTestId('adm-row').first().getByTestId('adm-edit').click()
        const author = `Equipo Calma ${Date.now().toString(36)}`
        await page.getByTestId('adm-form').locator('input[name=author]').fill(author)
        await page.getByTestId('adm-save').click()
        await toastWith(page, c.text.updated)
        await eventually(async () => (await page.locator('[data-testid=adm-row]', { hasText: author }).count()) === 1, {
          message: 'the edited post shows its author',
        })
        await screenshot(page, `admin-publisher-post-${c.locale}-${c.size}`)

        // The users screen named in the URL does not open; the API refuses the list.
        await page.goto(`${c.prefix}/admin?screen=users`)
        await waitForHydration(page)
        assert.equal(await page.getByTestId('screen-users').count(), 0)
        await page.getByTestId('screen-routes').waitFor()
        expectFailure(page, { url: '/v1/users', status: 403 })
        const status = await page.evaluate(async () => {
          // As the page's own calls go: the session cookie (and the stored token, when there is one).
          const token = JSON.parse(localStorage.getItem('user') ?? '{}').token
          const res = await fetch('/v1/users', {
            headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          })
          return res.status
        })
        assert.equal(status, 403)

        // A patient is refused the page itself.
        const patient = await newPage(browser, { viewport: c.viewport, locale: c.locale })
        expectFailure(patient, { url: '/admin', status: 403 })
        await signIn(patient, c.prefix, c.patient, `${c.prefix}/journey`)
        const res = await patient.goto(`${c.prefix}/admin`)
        assert.equal(res.status(), 403)
        assert.match(
          await patient.getByTestId('error-page').textContent(),
          c.locale === 'es' ? /No autorizado\./ : /Unauthorized/,
        )
        await screenshot(patient, `admin-refused-${c.locale}-${c.size}`)
      },
      { timeout: 90_000 },
    )
  }
  // Issue 42 §9: plans, routes and the next plan chosen by name; a psychologist's degree,
  // nationality and location from lists; the file tags and the audit trail in words.
  for (const c of variants(
    [
      {
        ...CASES[0],
        words: {
          spain: 'España',
          tag: 'Portada de ruta',
          assign: 'Asignar un plan a una persona',
          psychologist: 'Grado en Psicología',
        },
      },
      {
        ...CASES[1],
        words: {
          spain: 'Spain',
          tag: 'Route cover',
          assign: 'Assign a plan to a person',
          psychologist: 'Degree in Psychology',
        },
      },
    ],
    0,
    1,
  )) {
    test(
      `the admin chooses plans and routes by name and reads the audit in words (${c.locale}, ${c.size})`,
      async () => {
        const page = await newPage(browser, { viewport: c.viewport, locale: c.locale })
        await signIn(page, c.prefix, 'admin@demo.calma.app', `${c.prefix}/admin`)
        const named = (select) =>
          select.locator('option').evaluateAll((os) => os.map((o) => o.textContent.trim()).filter((x) => x !== '—'))

        // A person (new, so no demo person's plan changes): a plan by its name; a psychologist's
        // lists in the admin's language.
        const email = `words-${c.locale}-${Date.now().toString(36)}@e2e.calma.app`
        const name = `Persona ${Date.now().toString(36)}`
        await signUpPerson(api, { email, password: PASSWORD, name, locale: c.locale })
        await page.goto(`${c.prefix}/admin?screen=users`)
        await waitForHydration(page)
        const row = await rowOf(page, email)
        await row.getByTestId('adm-open').click()
        const plans = page.getByTestId('user-tools').getByTestId('assign-plan')
        await eventually(async () => (await named(plans)).length > 1, { message: 'the plans load', timeout: 8000 })
        const planNames = await named(plans)
        assert.ok(
          planNames.every((n) => /\p{L}.*\((ES|EN)\)$/u.test(n)),
          `plans by name: ${planNames.join(' / ')}`,
        )
        assert.equal(await page.getByText(/\(id\)/).count(), 0, 'no field asks for an id')
        await plans.selectOption({ index: 1 })
        const assigned = page.waitForResponse((r) => r.url().includes('/v1/plan/assign') && r.ok())
        await page.getByTestId('user-tools').getByTestId('assign-plan-save').click()
        await assigned
        await screenshot(page, `admin-words-user-${c.locale}-${c.size}`)

        const psychologist = await rowOf(page, 'psico1@demo.calma.app')
        await psychologist.getByTestId('adm-edit').click()
        const form = page.getByTestId('adm-form')
        for (const name of ['degree', 'nationality', 'located_at'])
          assert.equal(await form.locator(`select[name=${name}]`).count(), 1, `${name} is a list`)
        // Her degree as she set it on her profile, not an empty choice a save would keep.
        assert.notEqual(await form.locator('select[name=degree]').inputValue(), '', 'the degree shown')
        assert.ok((await named(form.locator('select[name=nationality]'))).includes(c.words.spain))
        assert.ok(
          (await named(form.locator('select[name=degree]'))).some((d) => d.includes(c.words.psychologist)),
          'degrees in words',
        )
        await screenshot(page, `admin-words-psychologist-${c.locale}-${c.size}`)

        // A plan: its next plan and a new route by their names.
        await page.getByTestId('tab-plans').click()
        await page.getByTestId('screen-plans').locator('[data-testid=adm-row]').first().waitFor()
        await page.getByTestId('screen-plans').locator('[data-testid=adm-edit]').first().click()
        const next = page.getByTestId('adm-form').locator('select[name=next_plan_id]')
        await eventually(async () => (await named(next)).length > 1, { message: 'next plans load', timeout: 8000 })
        await page.getByTestId('screen-plans').locator('[data-testid=adm-open]').first().click()
        const routes = page.getByTestId('plan-panel').getByTestId('plan-route-id')
        await eventually(async () => (await named(routes)).length > 3, { message: 'routes load', timeout: 8000 })
        assert.ok(
          (await named(routes)).every((n) => /\p{L}/u.test(n) && !/^\d+$/.test(n)),
          'routes by name',
        )
        await screenshot(page, `admin-words-plan-${c.locale}-${c.size}`)

        // An article's category and its related articles by name.
        await page.goto(`${c.prefix}/admin?screen=posts`)
        await waitForHydration(page)
        await page.getByTestId('screen-posts').locator('[data-testid=adm-row]').first().waitFor()
        await page.getByTestId('screen-posts').locator('[data-testid=adm-edit]').first().click()
        const category = page.getByTestId('adm-form').locator('select[name=category_id]')
        await eventually(async () => (await named(category)).length > 1, { message: 'categories load', timeout: 8000 })
        await page.getByTestId('screen-posts').locator('[data-testid=adm-open]').first().click()
        const related = page.getByTestId('related-posts').getByTestId('related-post')
        await eventually(async () => (await named(related)).length > 1, { message: 'posts load', timeout: 8000 })
        for (const list of [await named(category), await named(related)])
          assert.ok(
            list.every((n) => /\p{L}.*\((ES|EN)\)$/u.test(n)),
            `by name: ${list.slice(0, 4).join(' / ')}`,
          )

        // The files' tags in words.
        await page.goto(`${c.prefix}/admin?screen=files`)
        await waitForHydration(page)
        const tags = await named(page.getByTestId('file-tag'))
        assert.ok(tags.includes(c.words.tag), `tags: ${tags.join(' / ')}`)
        assert.ok(!tags.some((x) => /_/.test(x)), `no code among the tags: ${tags.join(' / ')}`)

        // The audit: the plan just assigned by the action's name, a date, and the person's name.
        await page.goto(`${c.prefix}/admin?screen=audit`)
        await waitForHydration(page)
        // The row of that assignment: its action by name, and the person by name, not by id.
        const first = page.locator('[data-testid=adm-row]', { hasText: c.words.assign }).first()
        await first.waitFor({ timeout: 8000 })
        assert.match(await first.textContent(), new RegExp(name), 'the person by name')
        const text = await page.getByTestId('screen-audit').textContent()
        assert.doesNotMatch(text, /(POST|DELETE) \/v1\//, 'no call in the audit')
        assert.doesNotMatch(text, /\b1\d{12}\b/, 'no epoch milliseconds in the audit')
        assert.doesNotMatch(text, /\bin_app\b/, 'no stored code in the audit')
        await screenshot(page, `admin-words-audit-${c.locale}-${c.size}`)
      },
      { timeout: 90_000 },
    )
  }
}
