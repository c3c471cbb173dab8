/**
 * Payments (issue 10) in Debian chromium, in both languages, through the local checkout (no
 * Stripe key: the link opens /__dev/checkout, whose Pay sends signed events to /hooks/stripe):
 * a new person opens 'My Subscription and Credits', buys the monthly plan, lands on
 * /subscribe?success… with the thanks view, sees 'subscriber' and the 4 sessions, stops the
 * renewal and sees the end date; another buys a credit pack and sees the balance and the
 * history row; a refund request is sent once and refused the second time with the earlier time.
 * A phone (iPhone user agent) sees SPEC §6's notice instead of the plans. Screens in
 * e2e/screens/payments-*.png.
 */
import {
  DESKTOP,
  PHONE,
  assert,
  eventually,
  expectFailure,
  newPage,
  screenshot,
  waitForHydration,
  variants,
} from './lib.mjs'

const PASSWORD = 'Calma-e2e-Sereno-1'
let seq = 0
const uniqueEmail = (tag) => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}@e2e.calma.app`
const captchaReady = (page) => page.locator('[data-testid=captcha].captcha-ok').first().waitFor({ timeout: 5000 })
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

const CASES = [
  { locale: 'es', prefix: '', viewport: DESKTOP, size: 'desktop', name: 'Lucía Pagos' },
  { locale: 'en', prefix: '/en', viewport: PHONE, size: 'phone', name: 'Lucy Payments' },
]
const TEXT = {
  es: {
    nameLabel: 'Nombre',
    emailLabel: 'Correo electrónico',
    title: 'Mi suscripción y créditos',
    thanks: '¡Gracias!',
    subscriber: 'Suscriptor',
    cancelled: 'Suscripción cancelada.',
    endsOn: /^Termina el /,
    sessions4: '4 sesiones con un psicólogo',
    sent: 'Solicitud de reembolso enviada.',
    refused:
      /^Error al enviar la solicitud de reembolso\. Solo puedes solicitar un reembolso una vez cada 7 días\. Tu solicitud anterior se envió el .+/,
    mobile: 'Las suscripciones están temporalmente deshabilitadas desde dispositivos móviles.',
    topup: 'Compra de créditos',
    balance: /^90,00\s\$$/,
  },
  en: {
    nameLabel: 'Name',
    emailLabel: 'Email',
    title: 'My Subscription and Credits',
    thanks: 'Thank you!',
    subscriber: 'Subscriber',
    cancelled: 'Subscription cancelled.',
    endsOn: /^Ends on /,
    sessions4: '4 sessions with a psychologist',
    sent: 'Refund request sent.',
    refused:
      /^Error sending the refund request\. You can only request a refund once every 7 days\. Your earlier request was sent on .+/,
    mobile: 'Subscriptions are temporarily disabled from mobile devices.',
    topup: 'Credits purchase',
    balance: /^\$90\.00$/,
  },
}

async function registered(browser, c, tag) {
  const page = await newPage(browser, { viewport: c.viewport, locale: c.locale, mobile: false })
  await page.goto(`${c.prefix}/register`)
  await waitForHydration(page)
  await page.getByLabel(c.text.nameLabel, { exact: true }).fill(c.name)
  await page.getByLabel(c.text.emailLabel, { exact: true }).fill(uniqueEmail(`${tag}-${c.locale}`))
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.locator('input[name=legal_age]').check()
  await captchaReady(page)
  await page.getByTestId('register-submit').click()
  await page.waitForURL((u) => u.pathname === `${c.prefix}/journey`, { timeout: 10_000 })
  return page
}

async function openSubscription(page, c) {
  await page.goto(`${c.prefix}/subscription`)
  await waitForHydration(page)
  assert.equal((await page.getByTestId('subscription-page').locator('h1').textContent())?.trim(), c.text.title)
}

/** Click Pay on the local checkout and come back to /subscribe. */
async function payAtCheckout(page, c) {
  await page.waitForURL((u) => u.pathname.startsWith('/__dev/checkout/'), { timeout: 10_000 })
  await page.getByTestId('checkout-pay').click()
  await page.waitForURL((u) => u.pathname === `${c.prefix}/subscribe` && u.searchParams.get('success') === '1', {
    timeout: 10_000,
  })
  await waitForHydration(page)
}

export default function ({ test, browser }) {
  // es on a desktop in npm test (the mobile journey below walks both languages); both in the deep run.
  for (const base of variants(CASES, 0)) {
    const c = { ...base, text: TEXT[base.locale] }
    test(
      `${c.locale} ${c.size}: buy the monthly plan, see subscriber and 4 sessions, stop the renewal`,
      async () => {
        const page = await registered(browser, c, 'plan')
        await openSubscription(page, c)
        await screenshot(page, `payments-subscription-new-${c.locale}-${c.size}`)
        await page.getByTestId('buy-monthly').click()
        await screenshot(page, `payments-checkout-${c.locale}-${c.size}`, { fullPage: false }).catch(() => undefined)
        await payAtCheckout(page, c)
        await page.getByTestId('subscribe-success').waitFor()
        assert.equal((await page.getByTestId('subscribe-success').locator('h1').textContent())?.trim(), c.text.thanks)
        await screenshot(page, `payments-thanks-${c.locale}-${c.size}`)
        await openSubscription(page, c)
        assert.equal((await page.getByTestId('subscriber-badge').textContent())?.trim(), c.text.subscriber)
        assert.equal((await page.getByTestId('credits-sessions').textContent())?.trim(), c.text.sessions4)
        assert.ok(
          await page.locator('[data-testid=history-row][data-reason=subscription_grant]').count(),
          'the sessions grant is in the history',
        )
        await page.getByTestId('stop-renewal').click()
        await page.getByTestId('confirm-stop-renewal').click()
        await page.locator('[data-testid=toast]', { hasText: c.text.cancelled }).waitFor({ timeout: 5000 })
        await eventually(
          async () => c.text.endsOn.test((await page.getByTestId('subscription-end').textContent())?.trim() ?? ''),
          { message: 'the end date is shown' },
        )
        assert.equal(await page.getByTestId('stop-renewal').count(), 0)
        await screenshot(page, `payments-subscription-stopped-${c.locale}-${c.size}`)
      },
      { timeout: 90_000 },
    )

    test(
      `${c.locale} ${c.size}: buy a credit pack, see the balance and the history; a refund once, then refused with the earlier time`,
      async () => {
        const page = await registered(browser, c, 'pack')
        await openSubscription(page, c)
        await page.getByTestId('buy-credits_2').click()
        await payAtCheckout(page, c)
        await openSubscription(page, c)
        assert.match((await page.getByTestId('credits-balance').textContent())?.trim() ?? '', c.text.balance)
        assert.ok(
          await page.locator('[data-testid=history-row][data-reason=topup]', { hasText: c.text.topup }).count(),
          'the purchase is in the history',
        )
        // One purchase reads as one payment ('Paid') and the credits it added, not two 'Paid' rows (issue 20 §8).
        const purchaseRows = page.locator('[data-testid=history-row][data-reason=topup]')
        assert.equal(await purchaseRows.count(), 2)
        assert.equal(await purchaseRows.filter({ hasText: /Paid|Pagado/ }).count(), 1, 'one Paid row')
        assert.equal(
          await purchaseRows.filter({ hasText: /(Added to your credits|Añadido a tus créditos)/ }).count(),
          1,
          'the credits row',
        )
        // The refund form names the payment: the pack, chosen by default.
        const choice = page.getByTestId('refund-payment')
        assert.equal(await choice.locator('option').count(), 1)
        assert.match((await choice.locator('option').first().textContent()) ?? '', /80/)
        await page.getByTestId('refund-reason').fill('Lo compré sin querer.')
        await page.getByTestId('refund-send').click()
        await page.locator('[data-testid=toast]', { hasText: c.text.sent }).waitFor({ timeout: 5000 })
        await page.getByTestId('refund-last').waitFor()
        await page.getByTestId('refund-reason').fill('Otra vez.')
        expectFailure(page, { url: '/v1/user/refund', status: 429 })
        await page.getByTestId('refund-send').click()
        const refused = page.locator('.form-alert', { hasText: c.text.refused })
        await refused.waitFor({ timeout: 5000 })
        await screenshot(page, `payments-refund-${c.locale}-${c.size}`)
      },
      { timeout: 90_000 },
    )
  }

  test(
    'a mobile device sees the notice instead of the plans (SPEC §6), and can still buy credits',
    async () => {
      for (const locale of ['es', 'en']) {
        const c = { ...CASES[locale === 'es' ? 0 : 1], text: TEXT[locale] }
        const desktopPage = await registered(browser, { ...c, viewport: PHONE }, 'mobile')
        const state = await desktopPage.context().storageState()
        const context = await browser.newContext({
          viewport: PHONE,
          userAgent: IPHONE,
          isMobile: true,
          hasTouch: true,
          locale: locale === 'es' ? 'es-ES' : 'en-US',
          baseURL: new URL(desktopPage.url()).origin,
          storageState: state,
        })
        const page = await context.newPage()
        await page.goto(`${c.prefix}/subscription`)
        await page.getByTestId('subscriptions-mobile').waitFor()
        assert.ok((await page.getByTestId('subscriptions-mobile').textContent()).includes(c.text.mobile))
        assert.equal(await page.getByTestId('buy-monthly').count(), 0)
        assert.equal(await page.getByTestId('buy-credits_1').count(), 1)
        await screenshot(page, `payments-mobile-${locale}-phone`)
        await context.close()
      }
    },
    { timeout: 90_000 },
  )
}
