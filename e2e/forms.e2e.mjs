/**
 * The public forms (issue 8 §3) in Debian chromium, in Spanish on a phone and in English on a
 * desktop: the feedback opened with ?email= on step 2 and sent through its 11 steps; a contact
 * request sent, and the same email refused the second time within the hour with its message;
 * a call-back request step by step (the 'questions left' hint) and, for a signed-in person
 * whose details are known, from its last step; a route suggestion from an empty route search.
 * Screenshots in e2e/screens/forms-*.png.
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
  DEEP,
} from './lib.mjs'

const PASSWORD = 'Calma-e2e-Sereno-1'
let seq = 0
const uniqueEmail = (tag) => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}@e2e.calma.app`
const captchaReady = (page) => page.locator('[data-testid=captcha].captcha-ok').first().waitFor({ timeout: 5000 })
const stepOf = (page, name) => page.getByTestId(`${name}-form`).getAttribute('data-step')
const focusedTestId = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)

const CASES = [
  { locale: 'es', prefix: '', viewport: PHONE, size: 'phone' },
  { locale: 'en', prefix: '/en', viewport: DESKTOP, size: 'desktop' },
]

const TEXT = {
  es: {
    feedbackQ2: '¿Con qué frecuencia usas Calma?',
    choose: 'Elige una de las opciones.',
    weekly: 'Cada semana',
    feedbackThanks: '¡Gracias por tus comentarios! Nos ayudan mucho.',
    contactThanks: '¡Gracias por contactarnos! Te responderemos por correo muy pronto.',
    contactOnce: 'Solo puedes enviar una solicitud de contacto una vez cada hora.',
    bug: 'Algo no funciona',
    left: ['Quedan 3 preguntas', 'Quedan 2 preguntas', 'Queda 1 pregunta'],
    midday: /Mediodía/,
    evening: /Tarde/,
    callThanks: '¡Gracias! Te llamaremos en el horario que elegiste.',
    suggestThanks: '¡Gracias! Te avisaremos cuando se publique una ruta así.',
    phoneInvalid: 'El número de teléfono no es válido.',
  },
  en: {
    feedbackQ2: 'How often do you use Calma?',
    choose: 'Choose one of the options.',
    weekly: 'Weekly',
    feedbackThanks: 'Thank you for your feedback! It helps us a lot.',
    contactThanks: 'Thank you for contacting us! We will answer you by email soon.',
    contactOnce: 'You can only submit a contact request once every hour.',
    bug: 'Something is not working',
    left: ['3 questions left', '2 questions left', '1 question left'],
    midday: /Midday/,
    evening: /Evening/,
    callThanks: 'Thank you! We will call you in the time you chose.',
    suggestThanks: 'Thank you! We will let you know when such a route is published.',
    phoneInvalid: 'The phone number is not valid.',
  },
}

async function open(browser, c, path) {
  const page = await newPage(browser, { viewport: c.viewport, locale: c.locale })
  await page.goto(`${c.prefix}${path}`)
  await waitForHydration(page)
  return page
}

async function next(page, name, expected) {
  await page.getByTestId(`${name}-next`).click()
  await eventually(async () => (await stepOf(page, name)) === String(expected), {
    message: `${name}: step ${expected}`,
  })
}

async function successAlert(page, text) {
  const alert = page.getByTestId('form-alert').filter({ hasText: text })
  await alert.waitFor({ timeout: 5000 })
  return alert
}

/**
 * npm test walks each journey once, the language and size in turn from one journey to the next
 * (decision 041); the deep run (E2E_DEEP=1) walks each in both.
 */
const picked = (c, j) => DEEP || CASES.indexOf(c) === j

export default function ({ test, browser, api }) {
  for (const c of CASES) {
    const x = TEXT[c.locale]

    if (picked(c, 0))
      test(`feedback: ?email= opens on step 2, Prev/Next, 11 steps, sent and cleared (${c.locale}, ${c.size})`, async () => {
        const page = await open(browser, c, '/feedback?email=a@b.co')
        assert.equal(await stepOf(page, 'feedback'), '2')
        assert.equal(await page.getByTestId('feedback-question').textContent(), x.feedbackQ2)
        await screenshot(page, `forms-feedback-step2-${c.locale}-${c.size}`)
        // One step back: the email is there; Prev is disabled on the first step.
        await page.getByTestId('feedback-prev').click()
        await eventually(async () => (await stepOf(page, 'feedback')) === '1')
        assert.equal(await page.locator('input[name=email]').inputValue(), 'a@b.co')
        assert.equal(await page.getByTestId('feedback-prev').isDisabled(), true)
        assert.equal(await focusedTestId(page), 'feedback-question', 'focus moves to the step heading')
        await next(page, 'feedback', 2)
        // Next checks the step first.
        await page.getByTestId('feedback-next').click()
        await page.getByTestId('error-usage_frequency').waitFor()
        assert.equal(await page.getByTestId('error-usage_frequency').textContent(), x.choose)
        assert.equal(await stepOf(page, 'feedback'), '2')
        await screenshot(page, `forms-feedback-error-${c.locale}-${c.size}`)
        await page.getByRole('radio', { name: x.weekly }).check()
        await next(page, 'feedback', 3)
        await page.locator('textarea[name=problem_to_solve]').fill('Sleeping before exams.')
        await screenshot(page, `forms-feedback-text-${c.locale}-${c.size}`)
        for (let s = 4; s <= 8; s++) await next(page, 'feedback', s)
        await page.getByRole('radio', { name: '9', exact: true }).check()
        await screenshot(page, `forms-feedback-score-${c.locale}-${c.size}`)
        for (let s = 9; s <= 11; s++) await next(page, 'feedback', s)
        // The last step: Next disabled, the send button shows.
        assert.equal(await page.getByTestId('feedback-next').isDisabled(), true)
        await captchaReady(page)
        await screenshot(page, `forms-feedback-last-${c.locale}-${c.size}`)
        await page.getByTestId('feedback-send').click()
        await successAlert(page, x.feedbackThanks)
        assert.equal(await stepOf(page, 'feedback'), '1', 'back on the first step')
        assert.equal(await page.locator('input[name=email]').inputValue(), '', 'values cleared')
        await screenshot(page, `forms-feedback-sent-${c.locale}-${c.size}`)
      })

    if (picked(c, 1))
      test(`contact: sent, then refused the second time within the hour with its message (${c.locale}, ${c.size})`, async () => {
        const page = await open(browser, c, '/contact')
        const email = uniqueEmail('contact')
        let sentOnce = false
        const send = async () => {
          assert.equal(await stepOf(page, 'contact'), '1')
          await page.locator('input[name=email]').fill(email)
          await next(page, 'contact', 2)
          await page.getByRole('radio', { name: x.bug }).check()
          if (!sentOnce) await screenshot(page, `forms-contact-reason-${c.locale}-${c.size}`)
          await next(page, 'contact', 3)
          await page.locator('textarea[name=description]').fill('The audio stops after two minutes on my phone.')
          await captchaReady(page)
          await page.getByTestId('contact-send').click()
        }
        await screenshot(page, `forms-contact-step1-${c.locale}-${c.size}`)
        await send()
        await successAlert(page, x.contactThanks)
        sentOnce = true
        await screenshot(page, `forms-contact-sent-${c.locale}-${c.size}`)
        expectFailure(page, { url: '/v1/contact', status: 429 })
        await send()
        const refused = page.getByTestId('form-alert').filter({ hasText: x.contactOnce })
        await refused.waitFor({ timeout: 5000 })
        assert.equal(await stepOf(page, 'contact'), '3', 'stays on the last step with the values')
        await screenshot(page, `forms-contact-once-an-hour-${c.locale}-${c.size}`)
        const rows = await api(`/__dev/outbox`, { headers: { accept: 'text/html' } })
        assert.ok(rows.text.includes(email), 'the team mail is in the local outbox')
      })

    if (picked(c, 0))
      test(`letstalk: four steps with the questions-left hint, sent (${c.locale}, ${c.size})`, async () => {
        const page = await open(browser, c, '/letstalk')
        assert.equal(await page.getByTestId('letstalk-aside').textContent(), x.left[0])
        await page.locator('input[name=email]').fill(uniqueEmail('call'))
        await next(page, 'letstalk', 2)
        assert.equal(await page.getByTestId('letstalk-aside').textContent(), x.left[1])
        await page.locator('input[name=name]').fill('Lucía Pérez')
        await next(page, 'letstalk', 3)
        assert.equal(await page.getByTestId('letstalk-aside').textContent(), x.left[2])
        await page.getByTestId('country-select').selectOption('ES')
        await page.locator('input[name=phone]').fill('+34 61')
        await page.getByTestId('letstalk-next').click()
        await page.getByTestId('error-phone').waitFor()
        assert.equal(await page.getByTestId('error-phone').textContent(), x.phoneInvalid)
        await screenshot(page, `forms-letstalk-phone-${c.locale}-${c.size}`)
        await page.locator('input[name=phone]').fill('+34 612 34 56 78')
        await next(page, 'letstalk', 4)
        assert.equal(await page.getByTestId('letstalk-aside').count(), 0, 'no hint on the last question')
        await page.getByRole('radio', { name: x.midday }).check()
        await captchaReady(page)
        await screenshot(page, `forms-letstalk-time-${c.locale}-${c.size}`)
        await page.getByTestId('letstalk-send').click()
        await successAlert(page, x.callThanks)
        assert.equal(await stepOf(page, 'letstalk'), '1')
        assert.equal(await page.locator('input[name=email]').inputValue(), '')
      })

    if (picked(c, 1))
      test(`letstalk: a signed-in person with email, name and phone starts on the last step (${c.locale}, ${c.size})`, async () => {
        const email = uniqueEmail('known')
        const reg = await api('/v1/user', {
          method: 'POST',
          headers: { 'x-captcha-token': 'XXXX.DUMMY.TOKEN.XXXX', locale: c.locale },
          body: new URLSearchParams({
            email,
            password: PASSWORD,
            name: 'Marta Ruiz',
            phone: '+34612345678',
            country_code: 'ES',
            legal_age: '1',
            language: c.locale,
          }),
        })
        assert.equal(reg.status, 201, JSON.stringify(reg.json))
        const page = await open(browser, c, '/login')
        await page.locator('input[name=email]').fill(email)
        await page.locator('input[name=password]').fill(PASSWORD)
        await page.getByTestId('login-submit').click()
        await page.waitForURL((u) => u.pathname.endsWith('/journey'), { timeout: 10_000 })
        await page.goto(`${c.prefix}/letstalk`)
        await waitForHydration(page)
        assert.equal(await stepOf(page, 'letstalk'), '4')
        await page.getByTestId('letstalk-prefilled').waitFor()
        await screenshot(page, `forms-letstalk-known-${c.locale}-${c.size}`)
        // The details are there one step back.
        await page.getByTestId('letstalk-prev').click()
        await eventually(async () => (await stepOf(page, 'letstalk')) === '3')
        assert.equal((await page.locator('input[name=phone]').inputValue()).replace(/\s/g, ''), '+34612345678')
        await next(page, 'letstalk', 4)
        await page.getByRole('radio', { name: x.evening }).check()
        await captchaReady(page)
        await page.getByTestId('letstalk-send').click()
        await successAlert(page, x.callThanks)
      })

    if (picked(c, 0))
      test(`suggestion: from an empty route search, with 'tell me when' (${c.locale}, ${c.size})`, async () => {
        const page = await open(browser, c, '/routes')
        const topic = `vértigo ${Date.now().toString(36)}`
        await page.getByTestId('routes-search').fill(topic)
        await page.getByTestId('routes-empty').waitFor({ timeout: 8000 })
        await page.getByTestId('routes-suggest').click()
        await page.waitForURL((u) => u.pathname.endsWith('/suggestions'))
        await waitForHydration(page)
        assert.equal(new URL(page.url()).searchParams.get('keyword'), topic)
        assert.equal(await page.locator('input[name=keyword]').inputValue(), topic)
        await page
          .locator('textarea[name=text]')
          .fill(c.locale === 'es' ? 'Me mareo al subir escaleras.' : 'I get dizzy on stairs.')
        await page.locator('input[name=notify]').check()
        await page.locator('input[name=email]').fill(uniqueEmail('suggest'))
        await captchaReady(page)
        await screenshot(page, `forms-suggestion-${c.locale}-${c.size}`)
        await page.getByTestId('suggestion-send').click()
        const done = page.getByTestId('suggestion-sent')
        await done.waitFor({ timeout: 5000 })
        assert.match(await done.textContent(), new RegExp(x.suggestThanks.replace(/[.!?¡]/g, '.')))
        await screenshot(page, `forms-suggestion-sent-${c.locale}-${c.size}`)
      })
  }
}
