/**
 * The daily check-in (issue 34 §4) in Debian chromium, one journey over both languages and sizes:
 * a Spanish patient on a phone checks in "Bien" with a note, reads the kind words and sees the
 * 30-day chart with its table; an English patient on a desktop, who accepted every cookie,
 * checks in "Very low", is offered /help gently and follows it; nothing of either page goes to
 * another origin (no vendor loads on /performance, whatever the choice). Screenshots in
 * e2e/screens/checkin-*.png.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import {
  PHONE,
  DESKTOP,
  SCREENS_DIR,
  assert,
  eventually,
  newPage,
  screenshotFromTop,
  openSignedIn,
  signUpPerson,
  addSession,
} from './lib.mjs'

const PASSWORD = 'Calma-e2e-Sereno-1'
/** axe (WCAG 2.1 A and AA, as e2e/a11y.e2e.mjs) on the check-in and the practice beside it, as they are now. */
async function axeViolations(page) {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') })
  return page.evaluate(async () => {
    const found = await window.axe.run('.performance-today', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })
    return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}
/** The check-in itself, at full size, to look at (E2E_SCREENSHOTS=1). */
const shotOf = (locator, name) =>
  process.env.E2E_SCREENSHOTS ? locator.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) }) : null
/** The requests that left the page's own origin (a vendor's tag or beacon would). */
const elsewhere = (page, urls) =>
  urls.filter((u) => !u.startsWith(new URL(page.url()).origin) && !/^(data|blob):/.test(u))

export default function ({ test, browser, api }) {
  const stamp = Date.now().toString(36)
  const people = [
    { email: `ines.${stamp}@e2e.calma.app`, name: 'Inés Calvo', locale: 'es', prefix: '', viewport: PHONE },
    { email: `noah.${stamp}@e2e.calma.app`, name: 'Noah Reed', locale: 'en', prefix: '/en', viewport: DESKTOP },
  ]

  test('a check-in with kind words and the 30-day chart (es, phone); very low offers /help (en, desktop)', async () => {
    for (const p of people) {
      await signUpPerson(api, { email: p.email, password: PASSWORD, name: p.name, locale: p.locale })
    }
    const [es, en] = people

    // Spanish, phone: "Bien" with a note.
    const phone = await newPage(browser, { viewport: es.viewport, locale: 'es' })
    const asked = []
    phone.on('request', (r) => asked.push(r.url()))
    await openSignedIn(phone, { prefix: es.prefix, email: es.email, password: PASSWORD, to: '/performance' })
    const chart = phone.getByTestId('mood-trend-chart')
    assert.equal(await chart.getAttribute('role'), 'img')
    assert.match(await chart.locator('desc').textContent(), /Aún no hay registros/)
    await phone.getByRole('radiogroup', { name: '¿Cómo te sientes hoy?' }).waitFor()
    await phone.getByRole('radio', { name: 'Bien', exact: true }).check()
    await phone.getByLabel('Una nota breve (opcional)').fill('Dormí un poco mejor.')
    await phone.getByTestId('checkin-save').click()
    await eventually(async () =>
      /Nos alegra saberlo/.test((await phone.getByTestId('checkin-status').textContent()) ?? ''),
    )
    assert.equal(await chart.locator('circle').count(), 1)
    assert.match(await chart.locator('desc').textContent(), /^1 registro en los últimos 30 días, el .+: Bien\.$/)
    const table = phone.getByTestId('mood-trend-table')
    assert.match(await table.locator('caption').textContent(), /Tus registros de los últimos 30 días/)
    assert.match(await table.locator('tbody td').first().textContent(), /4 de 5: Bien/)
    assert.equal(await phone.getByTestId('checkin-help').count(), 0)
    await phone.getByTestId('checkin').scrollIntoViewIfNeeded()
    await screenshotFromTop(phone, 'checkin-es-phone')
    await shotOf(phone.getByTestId('checkin'), 'checkin-es-phone-block')
    // The server draws the same after a reload, with today's step chosen.
    await phone.reload()
    assert.equal(await phone.getByRole('radio', { name: 'Bien', exact: true }).isChecked(), true)
    assert.equal(await phone.getByTestId('mood-trend-chart').locator('circle').count(), 1)
    assert.deepEqual(elsewhere(phone, asked), [], 'requests to another origin from /performance')
    assert.deepEqual(await axeViolations(phone), [])
    await phone.context().close()

    // English, desktop, every cookie accepted: "Very low" offers /help.
    const desk = await newPage(browser, { viewport: en.viewport, locale: 'en' })
    await desk
      .context()
      .addInitScript(() =>
        localStorage.setItem('calma_consent', JSON.stringify({ v: 1, analytics: true, ads: true, at: Date.now() })),
      )
    const sent = []
    desk.on('request', (r) => sent.push(r.url()))
    await openSignedIn(desk, { prefix: en.prefix, email: en.email, password: PASSWORD, to: '/performance' })
    await desk.getByRole('radio', { name: 'Very low', exact: true }).check()
    await desk.getByTestId('checkin-save').click()
    await eventually(async () =>
      /you do not have to carry them alone/.test((await desk.getByTestId('checkin-status').textContent()) ?? ''),
    )
    const help = desk.getByTestId('checkin-help')
    assert.match(await help.textContent(), /You do not have to go through this alone/)
    assert.equal(
      await desk.getByTestId('mood-trend-table').locator('tbody td').first().textContent(),
      '1 of 5: Very low',
    )
    await screenshotFromTop(desk, 'checkin-en-desktop')
    await shotOf(desk.locator('.performance-today'), 'checkin-en-desktop-block')
    assert.deepEqual(elsewhere(desk, sent), [], 'requests to another origin from /performance')
    assert.deepEqual(await axeViolations(desk), [])
    await desk.getByTestId('checkin-help-link').click()
    await desk.waitForURL(/\/en\/help$/)
    await desk.context().close()
  })

  // The check-in's code comes at the first touch (decision 069): a person whose very first act is a
  // tap on a face must not lose it (the tap is held and given again once the block has hydrated).
  test('a first tap on a face, before any other touch, is kept (es, phone)', async () => {
    const email = `tap.${stamp}@e2e.calma.app`
    await signUpPerson(api, { email, password: PASSWORD, name: 'Tere Paz', locale: 'es' })
    const phone = await newPage(browser, { viewport: PHONE, locale: 'es' })
    await addSession(phone.context(), { email, password: PASSWORD })
    await phone.goto('/performance')
    const face = phone.getByRole('radio', { name: 'Mal', exact: true })
    await face.click({ force: true })
    await eventually(async () => await face.isChecked(), { timeout: 15_000 })
    await eventually(async () => !(await phone.getByTestId('checkin-save').isDisabled()), { timeout: 15_000 })
    assert.equal(await face.isChecked(), true, 'the first tap chose "Mal"')
    await phone.getByTestId('checkin-save').click()
    await eventually(
      async () => /2 de 5: Mal/.test((await phone.getByTestId('mood-trend-table').textContent()) ?? ''),
      {
        timeout: 15_000,
      },
    )
    await phone.context().close()
  })
}
