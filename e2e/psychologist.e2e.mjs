/**
 * A psychologist's agenda (issue 9 §1) in Debian chromium, on a phone in Spanish and on a desktop
 * in English. The demo psychologist Andrés Felipe Morales (psico2; psico1 is the one the
 * appointments test books with) signs in, opens /profile (/en/profile), and in 'My agenda'
 * changes a weekday's hours, saves, reloads and finds them; a wrong range is refused on the
 * page, in the page's language, before anything is sent; the professional profile saves too.
 * Screenshots in e2e/screens/psychologist-*.png.
 *
 * Seeded hours of psico2 (America/Bogota, 50-minute sessions): Monday 08-12, Tuesday 14-19,
 * Wednesday 08-12 and 18-21, Thursday 14-19, Saturday 09-13; Friday and Sunday off. Each run
 * starts from a fresh seeded state.
 */
import {
  DESKTOP,
  PHONE,
  assert,
  newPage,
  openSignedIn,
  screenshot,
  screenshotFromTop,
  waitForHydration,
} from './lib.mjs'

const PSYCHOLOGIST = 'psico2@demo.calma.app'
const PASSWORD = 'Calma-demo-2026'

const CASES = [
  {
    locale: 'es',
    prefix: '',
    viewport: PHONE,
    size: 'phone',
    // Friday is a day off: it becomes 10:00-12:00.
    day: 'friday',
    ranges: [['10:00', '12:00']],
    text: {
      title: 'Mi agenda',
      saved: 'Tu agenda se ha guardado.',
      overlap: 'Dos tramos de este día se solapan.',
      sessions: '2 sesiones',
      extrasSaved: 'Tu perfil profesional se ha guardado.',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    viewport: DESKTOP,
    size: 'desktop',
    // Saturday 09:00-13:00 gets an afternoon too: 16:00-18:30.
    day: 'saturday',
    ranges: [
      ['09:00', '13:00'],
      ['16:00', '18:30'],
    ],
    text: {
      title: 'My agenda',
      saved: 'Your agenda has been saved.',
      overlap: 'Two ranges of this day overlap.',
      sessions: '7 sessions',
      extrasSaved: 'Your professional profile has been saved.',
    },
  },
]

const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first()

const shot = screenshotFromTop

/** The [from, to] values of a day's range rows. */
async function rangesShown(page, day) {
  const rows = page.getByTestId(`agenda-day-${day}`).getByTestId('agenda-range')
  const out = []
  for (let i = 0; i < (await rows.count()); i++) {
    out.push([
      await rows.nth(i).getByTestId('agenda-from').inputValue(),
      await rows.nth(i).getByTestId('agenda-to').inputValue(),
    ])
  }
  return out
}

export default function ({ test, browser }) {
  for (const c of CASES) {
    test(`a psychologist changes a weekday's hours, saves, reloads and sees them (${c.locale}, ${c.size})`, async () => {
      const page = await newPage(browser, { viewport: c.viewport, locale: c.locale })
      await openSignedIn(page, { prefix: c.prefix, email: PSYCHOLOGIST, password: PASSWORD, to: '/profile' })

      // The agenda loads below the profile form, with the seeded week.
      const form = page.getByTestId('agenda-form')
      await form.waitFor({ timeout: 10_000 })
      assert.equal((await page.locator('#agenda-title').textContent()).trim(), c.text.title)
      assert.equal(await page.getByTestId('agenda-timezone').inputValue(), 'America/Bogota')
      assert.equal(await page.getByTestId('agenda-slot').inputValue(), '50')
      assert.equal(await page.getByTestId('agenda-open').isChecked(), true)
      assert.deepEqual(await rangesShown(page, 'tuesday'), [['14:00', '19:00']])
      assert.deepEqual(await rangesShown(page, 'wednesday'), [
        ['08:00', '12:00'],
        ['18:00', '21:00'],
      ])

      const day = page.getByTestId(`agenda-day-${c.day}`)
      if (!(await page.getByTestId(`agenda-works-${c.day}`).isChecked()))
        await page.getByTestId(`agenda-works-${c.day}`).check()
      // As many rows as wanted, each filled in.
      while ((await day.getByTestId('agenda-range').count()) < c.ranges.length)
        await page.getByTestId(`agenda-add-${c.day}`).click()
      const rows = day.getByTestId('agenda-range')
      for (const [i, [from, to]] of c.ranges.entries()) {
        await rows.nth(i).getByTestId('agenda-from').fill(from)
        await rows.nth(i).getByTestId('agenda-to').fill(to)
      }

      // A range that overlaps another is refused on the page, in its language, and nothing is sent.
      await page.getByTestId(`agenda-add-${c.day}`).click()
      const extra = rows.nth(c.ranges.length)
      await extra.getByTestId('agenda-from').fill(c.ranges[0][0])
      await extra.getByTestId('agenda-to').fill(c.ranges[0][1])
      let sent = 0
      const count = (req) => {
        if (req.url().endsWith('/v1/my/availability') && req.method() === 'POST') sent++
      }
      page.on('request', count)
      await page.getByTestId('agenda-save').click()
      await page.getByTestId(`error-${c.day}`).waitFor()
      assert.equal(await page.getByTestId(`error-${c.day}`).textContent(), c.text.overlap)
      assert.equal(sent, 0, 'a refused week is not sent')
      page.off('request', count)
      await extra.getByTestId('agenda-remove').click()
      assert.equal(await rows.count(), c.ranges.length)
      assert.equal((await day.locator('.agenda-day-note').textContent()).trim(), c.text.sessions)

      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/v1/my/availability') && r.request().method() === 'POST',
      )
      await page.getByTestId('agenda-save').click()
      const res = await answer
      assert.equal(res.status(), 200, await res.text())
      await toast(page, c.text.saved).waitFor()
      assert.equal(await page.getByTestId(`error-${c.day}`).count(), 0)
      await day.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await screenshot(page, `psychologist-agenda-${c.size}-${c.locale}-day`, { fullPage: false })

      // The professional profile: one more language (es) or one more speciality (en).
      // The checkbox itself is drawn as a chip: tap its label, as a person does.
      const chip = c.locale === 'es' ? 'extras-language-en' : 'extras-symptom-anxiety'
      await page.locator('label.agenda-chip', { has: page.getByTestId(chip) }).click()
      assert.equal(await page.getByTestId(chip).isChecked(), true)
      await page.getByTestId('extras-located_at').selectOption('Spain')
      await page.getByTestId('extras-save').click()
      await toast(page, c.text.extrasSaved).waitFor()

      // Reloaded: the week and the profile are the saved ones.
      await page.reload()
      await waitForHydration(page)
      await form.waitFor({ timeout: 10_000 })
      assert.deepEqual(await rangesShown(page, c.day), c.ranges)
      assert.deepEqual(await rangesShown(page, 'tuesday'), [['14:00', '19:00']])
      assert.equal(await page.getByTestId('agenda-works-sunday').isChecked(), false)
      assert.equal(await page.getByTestId('extras-located_at').inputValue(), 'Spain')
      if (c.locale === 'es') assert.equal(await page.getByTestId('extras-language-en').isChecked(), true)
      else assert.equal(await page.getByTestId('extras-symptom-anxiety').isChecked(), true)
      await shot(page, `psychologist-agenda-${c.size}-${c.locale}`)
    })
  }
}
