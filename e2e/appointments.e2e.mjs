/**
 * Appointments (issue 9 §8) in Debian chromium, on a phone in Spanish and on a desktop in
 * English. The demo patient (patient@demo.calma.app, $90 of credits and a phone) opens
 * /appointments?tab=make_an_appointment (sign in first), picks the demo psychologist Lucía Ortega
 * Ramos, a day with free times, a time and a channel, and books; the session is under Ongoing;
 * she cancels it with a reason (the credits come back; History lists it with the reason), books
 * another one, moves it to another time (issue 34 §3: the cancellation policy with its amount is
 * read before booking, before cancelling and in the move dialog) and confirms it; then the psychologist confirms it through the link of the booking
 * mail (/__dev/outbox), opened as a visitor: the notice, 'Open my appointment' (the link signs
 * in only by that button, and works again from a second browser), Confirm, the countdown back
 * to her agenda. Screenshots in e2e/screens/appointments-*.png.
 *
 * Order: the demo patient has $90 and both tests spend from the same balance (one fresh state
 * per run), so each test cancels its first booking before it books the one it keeps: the first
 * test ends at $45, the second at $0, and neither needs more than $45 at a time.
 */
import { DESKTOP, PHONE, assert, eventually, newPage, screenshotFromTop, waitForHydration, variants } from './lib.mjs'

const PATIENT = 'patient@demo.calma.app'
const PSYCHOLOGIST = 'psico1@demo.calma.app'
const PSYCHOLOGIST_NAME = 'Lucía Ortega Ramos'
const PASSWORD = 'Calma-demo-2026'
/** Where the demo patient lives (her profile's zone): the browser is set there too. */
const ZONE = 'Europe/Madrid'
/**
 * The psychologist reads Spanish (her profile's language): her booking mail, and so the page its
 * link opens, are in Spanish whatever the patient's language.
 */
const HOST = {
  prefix: '',
  locale: 'es',
  visitor: 'Abre tu cita para confirmarla o cancelarla.',
  done: 'Cita confirmada.',
  confirmed: 'Confirmada',
  saved: 'Datos de la reunión guardados.',
  indications: 'Busca un sitio tranquilo y ten agua a mano.',
}

const CASES = [
  {
    locale: 'es',
    prefix: '',
    viewport: PHONE,
    size: 'phone',
    reason: 'other',
    reasonText: 'Me ha surgido un viaje de trabajo.',
    text: {
      ongoing: 'En curso',
      history: 'Historial',
      booked: 'Tu cita está reservada',
      cancelled: 'Cita cancelada.',
      refunded: 'Te hemos devuelto 45,00\u00a0$ en créditos.',
      waitingYou: 'Falta tu confirmación',
      waitingHer: `Esperando a que ${PSYCHOLOGIST_NAME} confirme`,
      confirmed: 'Confirmada',
      reason: 'Motivo: Otro motivo · Me ha surgido un viaje de trabajo.',
      channel: 'Google Meet',
      credits: /Tienes (\d+),00\s\$ en créditos; una sesión cuesta 45,00\s\$\./,
      policy:
        'Política de cancelación: puedes cancelar o cambiar la sesión hasta 24 horas antes de que empiece y recuperar tus 45,00\u00a0$ en créditos. Si cancelas más tarde, los pierdes.',
      refundFull: 'Te devolveremos tus 45,00\u00a0$ en créditos.',
      movePolicy:
        'Tus 45,00\u00a0$ en créditos siguen con la sesión. Puedes cambiarla hasta 24 horas antes de que empiece.',
      moveSummary: /^Nueva hora: .+ a las \d\d:\d\d\.$/,
      movesLeft: 'Una sesión se puede cambiar hasta 3 veces: esta, 2 más.',
      moved: 'Sesión cambiada. Os hemos enviado la nueva hora por correo a los dos.',
    },
    channel: 'google_meet',
    keepChannel: 'whatsapp',
    // WhatsApp: a wa.me link to the psychologist's number, whatever link she sets.
    joinHref: /^https:\/\/wa\.me\/34612345678$/,
  },
  {
    locale: 'en',
    prefix: '/en',
    viewport: DESKTOP,
    size: 'desktop',
    reason: 'prefer_to_reschedule',
    reasonText: null,
    text: {
      ongoing: 'Ongoing',
      history: 'History',
      booked: 'Your appointment is booked',
      cancelled: 'Appointment cancelled.',
      refunded: '$45.00 returned to your credits.',
      waitingYou: 'Waiting for your confirmation',
      waitingHer: `Waiting for ${PSYCHOLOGIST_NAME} to confirm`,
      confirmed: 'Confirmed',
      reason: 'Reason: I prefer to reschedule',
      channel: 'Zoom',
      credits: /You have \$(\d+)\.00 in credits; a session costs \$45\.00\./,
      policy:
        'Cancellation policy: you can cancel or move the session up to 24 hours before it starts and get your $45.00 in credits back. If you cancel later, you lose them.',
      refundFull: 'Your $45.00 in credits will be returned.',
      movePolicy: 'Your $45.00 in credits stay with the session. You can move it until 24 hours before it starts.',
      moveSummary: /^New time: .+ at \d\d:\d\d\.$/,
      movesLeft: 'A session can be moved up to 3 times: this one, 2 more.',
      moved: 'Session moved. We have sent the new time to you both by email.',
    },
    channel: 'zoom',
    keepChannel: 'phone_call',
    joinHref: /^https:\/\/meet\.example\.com\/calma-sesion$/,
  },
]

const REASONS = {
  schedule_conflict: 1,
  emergency: 2,
  technical_issue: 4,
  lack_of_energy: 8,
  session_anxiety: 16,
  not_prepared: 32,
  personal_situation: 64,
  prefer_to_reschedule: 128,
  other: 256,
}

/** A page whose browser lives in ZONE (the slots are asked in the browser's zone). */
async function pageIn(browser, c) {
  const page = await newPage(browser, { viewport: c.viewport, locale: c.locale })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE })
  return page
}

async function signIn(page, email) {
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.getByTestId('login-submit').click()
}

const shot = screenshotFromTop

const card = (page, id) => page.locator(`[data-testid=appointment][data-id="${id}"]`)
const toast = (page, text) => page.getByTestId('toast').filter({ hasText: text }).first()

/** The dollars of the booking step's credits line. */
async function creditsShown(page, c) {
  await page.getByTestId('credits').waitFor()
  const line = await page.getByTestId('credits').textContent()
  const m = c.text.credits.exec(line)
  assert.ok(m, `credits line: ${line}`)
  return Number(m[1])
}

/**
 * From the booking tab: Lucía, the first day at least two days ahead with free times (so a
 * cancellation is more than 24 hours before and gives the credits back), its first free time,
 * the channel; Book. Answers the new appointment's id and the credits shown before booking.
 */
async function book(page, c, channel, shotName) {
  const lucia = page.locator(`[data-testid=psychologist][data-name="${PSYCHOLOGIST_NAME}"]`)
  await lucia.waitFor()
  await lucia.getByTestId('choose-psychologist').click()
  const credits = await creditsShown(page, c)
  const days = page.getByTestId('day')
  await eventually(async () => (await days.count()) === 14, { message: 'the 14 day chips' })
  let found = false
  for (let i = 2; i < 14 && !found; i++) {
    const date = await days.nth(i).getAttribute('data-date')
    await days.nth(i).click()
    await page.locator(`[data-testid=times][data-date="${date}"][aria-busy=false]`).waitFor({ timeout: 10_000 })
    found = (await page.getByTestId('slot').count()) > 0
  }
  assert.ok(found, 'a day with free times in the next two weeks')
  await page.getByTestId('slot').first().click()
  // The radio itself is drawn as a chip: tap its label, as a person does.
  await page.locator('label.choice', { has: page.getByTestId(`channel-${channel}`) }).click()
  assert.equal(await page.getByTestId(`channel-${channel}`).isChecked(), true)
  const summary = await page.getByTestId('book-summary').textContent()
  assert.ok(summary.includes(PSYCHOLOGIST_NAME), summary)
  // The cancellation policy, with its amount, before the tap that books.
  assert.equal(await page.getByTestId('policy').textContent(), c.text.policy)
  if (shotName) await shot(page, shotName)
  const answer = page.waitForResponse((r) => r.url().endsWith('/v1/appointment') && r.request().method() === 'POST')
  await page.getByTestId('book').click()
  const res = await answer
  assert.equal(res.status(), 201, await res.text())
  const { appointment } = await res.json()
  await toast(page, c.text.booked).waitFor()
  // Booked: the Ongoing tab, with the new session in it.
  await page.locator('[data-testid=tab-next_to][aria-selected=true]').waitFor()
  assert.equal(new URL(page.url()).searchParams.get('tab'), 'next_to')
  await card(page, appointment.id).waitFor()
  return { id: appointment.id, credits }
}

/** The link of the booking mail to `to` about appointment `id`, once the outbox has it; else null. */
async function mailLink(api, to, id) {
  try {
    return await eventually(
      async () => {
        const { text } = await api('/__dev/outbox')
        for (const block of text.split('data-testid="outbox-mail"').slice(1)) {
          if (!block.includes(`>${to}<`)) continue
          const m = new RegExp(`href="([^"]*/appointment/?\\?appointment_id=${id}(?:&amp;|&)[^"]*)"`).exec(block)
          if (m && /authorization=/.test(m[1])) return m[1].replace(/&amp;/g, '&')
        }
        return null
      },
      { timeout: 6000, interval: 300 },
    )
  } catch {
    return null
  }
}

export default function ({ test, browser, api }) {
  for (const c of variants(CASES, 1)) {
    test(
      `the patient books, cancels with a reason, books again; the psychologist confirms from the mail link (${c.locale}, ${c.size})`,
      async () => {
        const page = await pageIn(browser, c)

        // Login required: the booking tab sends to sign in and back.
        await page.goto(`${c.prefix}/appointments?tab=make_an_appointment`)
        await page.waitForURL((u) => u.pathname === `${c.prefix}/login`)
        await waitForHydration(page)
        await signIn(page, PATIENT)
        await page.waitForURL(
          (u) => u.pathname === `${c.prefix}/appointments` && u.searchParams.get('tab') === 'make_an_appointment',
          { timeout: 10_000 },
        )
        await waitForHydration(page)
        assert.equal(await page.locator('[role=tab]').count(), 3)
        await page.locator(`[data-testid=psychologist][data-name="${PSYCHOLOGIST_NAME}"]`).waitFor()
        await shot(page, `appointments-make-${c.locale}-${c.size}`)

        // ── 1. Book one, see it under Ongoing, cancel it with a reason: the credits come back.
        const { id: first, credits: before } = await book(
          page,
          c,
          c.channel,
          `appointments-make-chosen-${c.locale}-${c.size}`,
        )
        assert.ok(before >= 45, `the patient had $${before}`)
        const firstCard = card(page, first)
        assert.match(await firstCard.getByTestId('appointment-with').textContent(), new RegExp(PSYCHOLOGIST_NAME))
        assert.equal(await firstCard.getByTestId('appointment-channel').textContent(), c.text.channel)
        assert.equal(await firstCard.getByTestId('appointment-state').textContent(), c.text.waitingYou)
        await shot(page, `appointments-ongoing-booked-${c.locale}-${c.size}`)

        await firstCard.getByTestId('cancel-open').click()
        await firstCard.getByTestId('cancel-reason').selectOption(String(REASONS[c.reason]))
        if (c.reasonText) await firstCard.getByTestId('cancel-text').fill(c.reasonText)
        assert.equal(await firstCard.getByTestId('refund-note').textContent(), c.text.refundFull)
        await shot(page, `appointments-cancel-form-${c.locale}-${c.size}`)
        const cancelled = page.waitForResponse((r) => r.url().endsWith('/v1/appointment/cancel'))
        await firstCard.getByTestId('cancel-submit').click()
        const cancelAnswer = await (await cancelled).json()
        assert.equal(cancelAnswer.refunded_credits, 45)
        await toast(page, c.text.cancelled).waitFor()
        assert.equal(await page.getByTestId('flash').textContent(), c.text.refunded)
        await eventually(async () => (await card(page, first).count()) === 0, {
          message: 'the cancelled session leaves Ongoing',
        })
        await shot(page, `appointments-cancelled-${c.locale}-${c.size}`)

        // History lists it, with the reason.
        await page.getByTestId('tab-appointments').click()
        assert.equal(new URL(page.url()).searchParams.get('tab'), 'appointments')
        await card(page, first).waitFor()
        assert.equal(await card(page, first).getAttribute('data-status'), '4')
        assert.equal(await card(page, first).getByTestId('appointment-reason').textContent(), c.text.reason)
        assert.equal(await card(page, first).getByTestId('cancel-open').count(), 0, 'no actions in History')
        await shot(page, `appointments-history-${c.locale}-${c.size}`)

        // ── 2. Book the one she keeps (the credits are back), and confirm it from Ongoing.
        await page.getByTestId('tab-make_an_appointment').click()
        const { id: kept, credits: again } = await book(page, c, c.keepChannel)
        assert.equal(again, before, 'the credits of the cancelled session are back')
        await shot(page, `appointments-ongoing-${c.locale}-${c.size}`)
        const keptCard = card(page, kept)

        // She moves it (issue 34 §3): the same picker, the policy, one tap; the card shows the new time.
        const timeBefore = await keptCard.locator('.appt-time').textContent()
        await keptCard.getByTestId('move-open').click()
        const moveForm = keptCard.getByTestId('move-form')
        assert.equal(await moveForm.getByTestId('move-policy').textContent(), c.text.movePolicy)
        // At most 3 moves of one session (issue 41 §4): the panel says how many are left.
        assert.equal(await moveForm.getByTestId('moves-left').textContent(), c.text.movesLeft)
        await moveForm.getByTestId('slot').first().waitFor({ timeout: 15_000 }) // the first day with room, found by itself
        const target = await moveForm.getByTestId('slot').last().getAttribute('data-start')
        await moveForm.getByTestId('slot').last().click()
        assert.match(await moveForm.getByTestId('move-summary').textContent(), c.text.moveSummary)
        await shot(page, `appointments-move-dialog-${c.locale}-${c.size}`)
        const movedAnswer = page.waitForResponse((r) => r.url().endsWith('/v1/appointment/move'))
        await moveForm.getByTestId('move-submit').click()
        assert.equal((await movedAnswer).status(), 200)
        await toast(page, c.text.moved).waitFor()
        await eventually(async () => (await keptCard.locator('time').first().getAttribute('datetime')) === target, {
          timeout: 8000,
          message: 'the card shows the new time',
        })
        assert.notEqual(await keptCard.locator('.appt-time').textContent(), timeBefore)
        assert.equal(await keptCard.getByTestId('move-form').count(), 0)
        await shot(page, `appointments-moved-${c.locale}-${c.size}`)
        await keptCard.getByTestId('confirm').click()
        await eventually(
          async () => (await keptCard.getByTestId('appointment-state').textContent()) === c.text.waitingHer,
          { timeout: 8000, message: 'waiting for the psychologist' },
        )
        assert.equal(await keptCard.getByTestId('confirm').count(), 0)

        // ── 3. The psychologist confirms: through the booking mail's link when it is there.
        const link = await mailLink(api, PSYCHOLOGIST, kept)
        let host
        if (link) {
          host = await pageIn(browser, { ...c, locale: HOST.locale })
          const url = new URL(link, 'http://x')
          await host.goto(url.pathname + url.search)
          await waitForHydration(host)
          assert.equal(await host.getByTestId('link-notice').locator('.appt-empty-title').textContent(), HOST.visitor)
          await shot(host, `appointments-link-visitor-${HOST.locale}-${c.size}`)
          // Opening the link used nothing (issue 20 §8): a second browser opens it too, by the button.
          const other = await pageIn(browser, { ...c, locale: HOST.locale })
          await other.goto(url.pathname + url.search)
          await waitForHydration(other)
          await other.getByTestId('link-open').click()
          await card(other, kept).waitFor({ timeout: 10_000 })
          await other.close()
          // The button signs in with the link and shows the appointment here.
          await host.getByTestId('link-open').click()
          const one = card(host, kept)
          await one.waitFor({ timeout: 10_000 }) // after the reload, signed in: the card is read in the browser
          await waitForHydration(host)
          assert.equal(await host.getByTestId('link-notice').count(), 0)
          assert.match(await one.getByTestId('appointment-with').textContent(), /Carmen López/)
          await shot(host, `appointments-link-host-${HOST.locale}-${c.size}`)
          await one.getByTestId('confirm').click()
          await host.getByTestId('done').waitFor()
          assert.match(await host.getByTestId('done').textContent(), new RegExp(HOST.done))
          assert.match(
            await one.getByTestId('appointment-with').textContent(),
            /Carmen López/,
            'the card keeps the name after the change',
          )
          await shot(host, `appointments-link-done-${HOST.locale}-${c.size}`)
          await host.waitForURL(
            (u) => u.pathname === `${HOST.prefix}/appointments` && u.searchParams.get('tab') === 'next_to',
            { timeout: 8000 },
          )
          await waitForHydration(host)
          await card(host, kept).waitFor()
        } else {
          // The booking mail has no link yet: the psychologist confirms from her Ongoing tab.
          console.log('    (no booking mail link in /__dev/outbox: the psychologist confirms from her agenda)')
          host = await pageIn(browser, { ...c, locale: HOST.locale })
          await host.goto(`${HOST.prefix}/login?redirect=${encodeURIComponent(`${HOST.prefix}/appointments`)}`)
          await waitForHydration(host)
          await signIn(host, PSYCHOLOGIST)
          await host.waitForURL((u) => u.pathname === `${HOST.prefix}/appointments`, { timeout: 10_000 })
          await waitForHydration(host)
          await card(host, kept).getByTestId('confirm').click()
        }
        await eventually(
          async () => (await card(host, kept).getByTestId('appointment-state').textContent()) === HOST.confirmed,
          { timeout: 8000, message: 'confirmed on both sides' },
        )
        assert.equal(await host.locator('[role=tab]').count(), 2, 'a psychologist has no booking tab')

        // Her agenda: she leaves indications (and a link) for the session.
        await card(host, kept).getByTestId('meeting-open').click()
        await card(host, kept).locator('input[name=meeting_link]').fill('https://meet.example.com/calma-sesion')
        await card(host, kept).locator('textarea[name=meeting_indications]').fill(HOST.indications)
        await shot(host, `appointments-host-meeting-${HOST.locale}-${c.size}`)
        await card(host, kept).getByTestId('meeting-save').click()
        await toast(host, HOST.saved).waitFor()
        await card(host, kept).getByText(HOST.indications).waitFor()
        await shot(host, `appointments-host-agenda-${HOST.locale}-${c.size}`)

        // The patient sees it confirmed, with the way to join and the indications.
        await page.reload()
        await waitForHydration(page)
        await card(page, kept).waitFor()
        assert.equal(await card(page, kept).getByTestId('appointment-state').textContent(), c.text.confirmed)
        assert.match(await card(page, kept).getByTestId('meeting-link').getAttribute('href'), c.joinHref)
        await card(page, kept).getByText(HOST.indications).waitFor()
        await shot(page, `appointments-confirmed-${c.locale}-${c.size}`)
      },
      { timeout: 150_000 },
    )
  }

  test('a newcomer without a phone or credits is told kindly what is missing before booking (es, phone)', async () => {
    const email = `newcomer.${Date.now().toString(36)}@e2e.calma.app`
    const made = await api('/v1/user', {
      method: 'POST',
      headers: { 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX' },
      body: new URLSearchParams({ email, password: 'Calma-e2e-Sereno-1', name: 'Nuria Prueba', legal_age: '1' }),
    })
    assert.equal(made.status, 201, made.text)
    const page = await pageIn(browser, { viewport: PHONE, locale: 'es' })
    await page.goto(`/login?redirect=${encodeURIComponent('/appointments?tab=make_an_appointment')}`)
    await waitForHydration(page)
    await page.locator('input[name=email]').fill(email)
    await page.locator('input[name=password]').fill('Calma-e2e-Sereno-1')
    await page.getByTestId('login-submit').click()
    await page.waitForURL((u) => u.pathname === '/appointments', { timeout: 10_000 })
    await waitForHydration(page)
    // Nothing booked yet: Ongoing offers to book.
    await page.getByTestId('tab-next_to').click()
    await page.getByTestId('ongoing-empty').waitFor()
    await page.getByTestId('book-cta').click()
    await page.locator('[data-testid=tab-make_an_appointment][aria-selected=true]').waitFor()

    await page
      .locator(`[data-testid=psychologist][data-name="${PSYCHOLOGIST_NAME}"]`)
      .getByTestId('choose-psychologist')
      .click()
    // The first day with free times is found by itself.
    await page.getByTestId('slot').first().waitFor({ timeout: 15_000 })
    await page.getByTestId('slot').first().click()
    await page.locator('label.choice', { has: page.getByTestId('channel-zoom') }).click()
    assert.match(
      await page.getByTestId('credits').textContent(),
      /Tienes 0,00\s\$ en créditos; una sesión cuesta 45,00\s\$\./,
    )
    assert.match(await page.getByTestId('not-enough').textContent(), /Necesitas 45,00\s\$ en créditos/)
    // The phone is asked for right there (with its country code), and nothing is booked without credits.
    await page.getByTestId('phone-ask').waitFor()
    await page.getByTestId('country-select').selectOption('ES')
    assert.equal(await page.locator('[data-testid=phone-ask] input[name=phone]').inputValue(), '+34 ')
    await page.locator('[data-testid=phone-ask] input[name=phone]').fill('+34 600 123 456')
    assert.equal(await page.getByTestId('book').isDisabled(), true)
    await shot(page, 'appointments-newcomer-es-phone')
  })
}
