/**
 * What a new user met in their first week (issue 42 §3, §5, §7, §8, §10), tried as they would,
 * in Spanish on a phone and English on a desktop:
 *  - the header's ← on every page a patient reaches goes to the page's parent, never to itself;
 *    Home (the top) has none;
 *  - a psychologist lands on the agenda and an admin on /admin; a psychologist's profile shows
 *    no credits nor free access;
 *  - the profile has one email tick and the person's own quiet hours (saved, none, refused with
 *    a translated field error); a window that cannot hold reminders (service workers blocked, as
 *    in a private window) says why and what to do, not "try again";
 *  - a slot less than 24 h away says it cannot be refunded; "I prefer to reschedule" offers to
 *    move the session (and still lets it be cancelled);
 *  - the five check-in faces are five different drawings.
 * Screenshots: e2e/screens/first-week-*.png.
 */
import {
  DESKTOP,
  PHONE,
  assert,
  eventually,
  expectFailure,
  newPage,
  screenshot,
  screenshotFromTop,
  signUpPerson,
  waitForHydration,
} from './lib.mjs'

const DEMO_PASSWORD = 'Calma-demo-2026'
const PASSWORD = 'Calma-e2e-Sereno-1'
const PSYCHOLOGIST_NAME = 'Lucía Ortega Ramos'

const VARIANTS = [
  { locale: 'es', prefix: '', viewport: PHONE, size: 'phone' },
  { locale: 'en', prefix: '/en', viewport: DESKTOP, size: 'desktop' },
]

const WORDS = {
  es: {
    blocked: /Esta ventana no puede recibir recordatorios: las ventanas privadas o de incógnito/,
    same: 'El inicio y el final deben ser horas distintas.',
    late: /Esta sesión empieza en menos de 24 horas: si la cancelas, no se devuelven tus 45,00\s\$ en créditos/,
    offer: /En lugar de cancelarla, puedes moverla a otra fecha: tus 45,00\s\$ en créditos siguen con ella\./,
    settingsSaved: 'Ajustes actualizados.',
  },
  en: {
    blocked: /This window cannot get reminders: private or incognito windows/,
    same: 'The start and the end must be different times.',
    late: /This session starts in less than 24 hours: if you cancel it, your \$45\.00 in credits are not returned/,
    offer: /You can move this session to another date instead: your \$45\.00 in credits stay with it\./,
    settingsSaved: 'Settings updated.',
  },
}

/** Sign in through the login page with no target: where the person lands is the point. */
async function signInPlain(page, prefix, email, password) {
  await page.goto(`${prefix}/login`)
  await waitForHydration(page)
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(password)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'), { timeout: 15_000 })
  await waitForHydration(page)
}

/** A bearer call from Node (the API the app uses), for setting up what a test is not about. */
async function bearerCall(baseURL, token, method, path, form) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    body: form ? new URLSearchParams(form) : undefined,
  })
  return { status: res.status, body: await res.json() }
}

async function tokenOf(baseURL, email, password) {
  const res = await fetch(`${baseURL}/v1/user/authenticate`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  })
  const body = await res.json()
  assert.equal(res.status, 200, JSON.stringify(body))
  return { token: body.user.token, id: body.user.id }
}

/** A fresh patient with a phone and $90 of credits (the admin's adjustment), signed up in `locale`. */
async function patientWithCredits(api, baseURL, locale, tag) {
  const email = `first-week.${tag}.${Date.now().toString(36)}@e2e.calma.app`
  await signUpPerson(api, { email, password: PASSWORD, name: 'Marta Prueba', locale })
  const me = await tokenOf(baseURL, email, PASSWORD)
  const phone = await bearerCall(baseURL, me.token, 'POST', '/v1/user/update', {
    country_code: 'ES',
    phone: '+34 600 123 456',
  })
  assert.equal(phone.status, 200, JSON.stringify(phone.body))
  const admin = await tokenOf(baseURL, 'admin@demo.calma.app', DEMO_PASSWORD)
  const credits = await bearerCall(baseURL, admin.token, 'POST', '/v1/admin/user/credits', {
    user_id: String(me.id),
    amount_cents: '9000',
    reason: 'e2e first week',
  })
  assert.equal(credits.status, 200, JSON.stringify(credits.body))
  return { email, ...me }
}

export default function ({ test, browser, baseURL, api }) {
  for (const v of VARIANTS) {
    const w = WORDS[v.locale]

    test(`first week › back arrows: every page’s ← goes to its parent, Home has none (${v.locale}, ${v.size})`, async () => {
      const page = await newPage(browser, { viewport: v.viewport, locale: v.locale })
      await signInPlain(page, v.prefix, 'patient@demo.calma.app', DEMO_PASSWORD)
      const expected = [
        ['/journey', '/performance'],
        ['/performance', null],
        ['/profile', '/performance'],
        ['/downloads', '/profile'],
        ['/ranking', '/performance'],
        ['/subscription', '/profile'],
        ['/appointments', '/performance'],
        ['/rewards', '/performance'],
      ]
      for (const [path, parent] of expected) {
        await page.goto(`${v.prefix}${path}`)
        await waitForHydration(page)
        const back = page.getByTestId('header-back')
        if (parent === null) assert.equal(await back.count(), 0, `${path} has no ←`)
        else {
          const href = await back.getAttribute('href')
          assert.equal(href, `${v.prefix}${parent}`, `${path} ← goes to ${parent}`)
          assert.notEqual(href, `${v.prefix}${path}`)
        }
        if (path === '/journey') await screenshotFromTop(page, `first-week-back-journey-${v.locale}-${v.size}`)
      }
      // A tap on the ← of /journey reaches Home.
      await page.goto(`${v.prefix}/journey`)
      await waitForHydration(page)
      await page.getByTestId('header-back').click()
      await page.waitForURL((u) => u.pathname === `${v.prefix}/performance`)
    })

    test(`first week › staff land on their own work, with no patient lines (${v.locale}, ${v.size})`, async () => {
      const psy = await newPage(browser, { viewport: v.viewport, locale: v.locale })
      await signInPlain(psy, v.prefix, 'psico1@demo.calma.app', DEMO_PASSWORD)
      assert.equal(new URL(psy.url()).pathname, `${v.prefix}/appointments`)
      await psy.goto(`${v.prefix}/`)
      await waitForHydration(psy)
      assert.equal(new URL(psy.url()).pathname, `${v.prefix}/appointments`, '/ sends a psychologist to the agenda')
      await psy.goto(`${v.prefix}/profile`)
      await waitForHydration(psy)
      assert.equal(await psy.getByTestId('profile-chips').count(), 0, 'no credits nor free access')
      await screenshotFromTop(psy, `first-week-psychologist-profile-${v.locale}-${v.size}`)

      const admin = await newPage(browser, { viewport: v.viewport, locale: v.locale })
      await signInPlain(admin, v.prefix, 'admin@demo.calma.app', DEMO_PASSWORD)
      assert.equal(new URL(admin.url()).pathname, `${v.prefix}/admin`)
    })

    test(`first week › one email tick, the person’s own quiet hours, and why this window gets no reminders (${v.locale}, ${v.size})`, async () => {
      const email = `first-week.quiet.${v.locale}.${Date.now().toString(36)}@e2e.calma.app`
      await signUpPerson(api, { email, password: PASSWORD, name: 'Nuria Prueba', locale: v.locale })
      // Service workers blocked, as in a private window: the browser cannot hold a subscription.
      const page = await newPage(browser, { viewport: v.viewport, locale: v.locale })
      await page.context().grantPermissions(['notifications'])
      await signInPlain(page, v.prefix, email, PASSWORD)
      await page.goto(`${v.prefix}/profile`)
      await waitForHydration(page)
      const form = page.locator('form', { has: page.getByTestId('quiet-hours') })
      assert.equal(await form.locator('input[name=is_a_email_reader]').count(), 0, 'one email tick only')
      assert.equal(await form.locator('input[name=channel_email]').count(), 1)
      // The defaults, then her own night.
      assert.equal(await form.locator('input[name=quiet_from]').inputValue(), '22:00')
      assert.equal(await form.locator('input[name=quiet_until]').inputValue(), '08:00')
      await form.locator('input[name=quiet_from]').fill('23:30')
      await form.locator('input[name=quiet_until]').fill('23:30')
      expectFailure(page, { url: '/v1/user/update', status: 422 })
      await form.locator('button[type=submit]').click()
      await form.getByTestId('error-quiet_until').filter({ hasText: w.same }).waitFor()
      await screenshot(page, `first-week-quiet-error-${v.locale}-${v.size}`)
      await form.locator('input[name=quiet_until]').fill('07:00')
      const saved = page.waitForResponse((r) => r.url().endsWith('/v1/user/update'))
      await form.locator('button[type=submit]').click()
      assert.equal((await saved).status(), 200)
      await page.reload()
      await waitForHydration(page)
      assert.equal(await form.locator('input[name=quiet_from]').inputValue(), '23:30')
      assert.equal(await form.locator('input[name=quiet_until]').inputValue(), '07:00')
      // The device's box names her night.
      await page.getByTestId('device-push').waitFor()
      assert.match(await page.getByTestId('device-push').textContent(), /23:30–07:00/)

      // The switch, where no service worker can run: why, and what to do.
      await eventually(async () => (await page.getByTestId('device-push').getAttribute('data-state')) === 'off', {
        timeout: 15_000,
      })
      await page.getByTestId('device-push-switch').click()
      await page.getByTestId('device-push-why').filter({ hasText: w.blocked }).waitFor({ timeout: 15_000 })
      assert.equal(await page.getByTestId('device-push').getAttribute('data-state'), 'blocked_here')
      await page.getByTestId('device-push').scrollIntoViewIfNeeded()
      await screenshot(page, `first-week-push-blocked-${v.locale}-${v.size}`)

      // No quiet hours at all.
      await form.locator('input[name=quiet_none]').check()
      const none = page.waitForResponse((r) => r.url().endsWith('/v1/user/update'))
      await form.locator('button[type=submit]').click()
      const answer = await (await none).json()
      assert.equal(answer.message, w.settingsSaved)
      assert.equal(answer.user.quiet_from, null)
      assert.equal(answer.user.quiet_until, null)
    })

    test(`first week › a session for tonight says it cannot be refunded; rescheduling offers to move (${v.locale}, ${v.size})`, async () => {
      const me = await patientWithCredits(api, baseURL, v.locale, `book${v.locale}`)
      const page = await newPage(browser, { viewport: v.viewport, locale: v.locale })
      await signInPlain(page, v.prefix, me.email, PASSWORD)
      await page.goto(`${v.prefix}/appointments?tab=make_an_appointment`)
      await waitForHydration(page)
      await page
        .locator(`[data-testid=psychologist][data-name="${PSYCHOLOGIST_NAME}"]`)
        .getByTestId('choose-psychologist')
        .click()
      // The first day with free times: its first slot, if it is less than 24 h away, says so.
      const slot = page.getByTestId('slot').first()
      await slot.waitFor({ timeout: 15_000 })
      const soonest = Date.parse(await slot.getAttribute('data-start'))
      await slot.click()
      await page.locator('label.choice', { has: page.getByTestId('channel-zoom') }).click()
      if (soonest - Date.now() < 24 * 3600_000) {
        assert.match(await page.getByTestId('late-note').textContent(), w.late)
        await screenshotFromTop(page, `first-week-late-slot-${v.locale}-${v.size}`)
      }
      // A day two or more days ahead: no such note (the general policy only).
      const days = page.getByTestId('day')
      await eventually(async () => (await days.count()) === 14)
      let found = false
      for (let i = 2; i < 14 && !found; i++) {
        const date = await days.nth(i).getAttribute('data-date')
        await days.nth(i).click()
        await page.locator(`[data-testid=times][data-date="${date}"][aria-busy=false]`).waitFor({ timeout: 10_000 })
        found = (await page.getByTestId('slot').count()) > 0
      }
      assert.ok(found, 'a day with free times two or more days ahead')
      await page.getByTestId('slot').first().click()
      await page.locator('label.choice', { has: page.getByTestId('channel-zoom') }).click()
      assert.equal(await page.getByTestId('late-note').count(), 0)
      const booked = page.waitForResponse((r) => r.url().endsWith('/v1/appointment') && r.request().method() === 'POST')
      await page.getByTestId('book').click()
      const { appointment } = await (await booked).json()
      const card = page.locator(`[data-testid=appointment][data-id="${appointment.id}"]`)
      await card.waitFor()

      // "I prefer to reschedule": moving is offered, cancelling still possible.
      await card.getByTestId('cancel-open').click()
      await card.getByTestId('cancel-reason').selectOption('128')
      const offer = card.getByTestId('reschedule-offer')
      assert.match(await offer.textContent(), w.offer)
      assert.equal(await card.getByTestId('cancel-submit').isDisabled(), false, 'cancelling stays possible')
      await screenshot(page, `first-week-reschedule-offer-${v.locale}-${v.size}`)
      await offer.getByTestId('reschedule-move').click()
      await card.getByTestId('move-form').waitFor()
      assert.equal(await card.getByTestId('cancel-form').count(), 0)
    })

    test(`first week › the five check-in faces are five different drawings (${v.locale}, ${v.size})`, async () => {
      const email = `first-week.faces.${v.locale}.${Date.now().toString(36)}@e2e.calma.app`
      await signUpPerson(api, { email, password: PASSWORD, name: 'Olga Prueba', locale: v.locale })
      const page = await newPage(browser, { viewport: v.viewport, locale: v.locale })
      await signInPlain(page, v.prefix, email, PASSWORD)
      await page.goto(`${v.prefix}/performance`)
      await waitForHydration(page)
      const faces = page.locator('svg.mood-face')
      await faces.first().waitFor()
      assert.equal(await faces.count(), 5)
      const drawings = await faces.evaluateAll((list) => list.map((s) => s.innerHTML))
      assert.equal(new Set(drawings).size, 5)
      // "Muy mal" and "Mal" differ by more than the mouth's curve: brows and a tear.
      const parts = await faces.evaluateAll((list) => list.map((s) => s.querySelectorAll('path').length))
      assert.ok(parts[0] > parts[1], `very low has more features than low: ${parts}`)
      await faces.first().scrollIntoViewIfNeeded()
      await screenshot(page, `first-week-faces-${v.locale}-${v.size}`)
    })
  }
}
