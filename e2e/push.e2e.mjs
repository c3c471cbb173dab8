/**
 * Reminders on this device (issue 34 §1; docs/decisions/052-reminders-on-the-device.md) in
 * Debian chromium, with the service worker allowed. A fresh patient per language (Spanish on a
 * phone, English on a desktop) turns on "Reminders on this device" on the profile: the browser's
 * permission (granted by the test), the subscription POSTed with its endpoint, keys and quiet
 * nights, kept (a second save of it is an update), the switch on again after a reload (the
 * browser's own subscription); turned off: DELETE, and the row gone. Then a push delivered to the
 * real service worker through DevTools (ServiceWorker.deliverPushMessage) shows its notice, a
 * repeat with the same tag replaces it, an unreadable payload shows a generic one; a click on the
 * notice (dispatched in the worker) takes the open tab to the notice's page.
 *
 * The one stub: headless chromium here has no internet, so PushManager.subscribe cannot reach
 * the browser vendor's push service. PushManager.prototype.subscribe/getSubscription answer with a
 * subscription whose keys are a real P-256 key and auth secret made here (decision 052).
 * Screenshots: e2e/screens/push-*.png (a shown notice cannot be photographed headless).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import {
  DESKTOP,
  PHONE,
  assert,
  callInPage,
  eventually,
  newPage,
  nextVersionOffered,
  screenshot,
  signUpPerson,
  variants,
  waitForHydration,
  addSession,
} from './lib.mjs'

const PASSWORD = 'Calma-e2e-Sereno-1'
/** axe-core, for the devices section's check (e2e/a11y.e2e.mjs runs it on every page). */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const b64url = (buf) => Buffer.from(buf).toString('base64url')

/** A browser's keys as a real one makes them: an uncompressed P-256 public key and 16 random bytes. */
function deviceKeys() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')])
  return { p256dh: b64url(raw), auth: b64url(randomBytes(16)) }
}

/**
 * In the page only: PushManager answers with this test's subscription, kept in localStorage so a
 * reload finds it (as the browser keeps a real one); what subscribe() was asked is recorded.
 */
function stubPushManager({ endpoint, p256dh, auth }) {
  const KEY = '__e2e_push'
  const toB64url = (buf) =>
    btoa(String.fromCharCode(...new Uint8Array(buf)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  const make = (
    gen = Number(localStorage.getItem('__e2e_push_gen') ?? 0),
    at = gen ? `${endpoint}-${gen}` : endpoint,
  ) => ({
    endpoint: at,
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON: () => ({ endpoint: at, expirationTime: null, keys: { p256dh, auth } }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY)
      return true
    },
  })
  // As the browser does: an unregistered worker takes its subscription with it, and the next
  // subscription is another endpoint.
  const GEN = '__e2e_push_gen'
  const unregister = Object.getOwnPropertyDescriptor(ServiceWorkerRegistration.prototype, 'unregister')?.value
  ServiceWorkerRegistration.prototype.unregister = function () {
    if (localStorage.getItem(KEY)) localStorage.setItem(GEN, String(Number(localStorage.getItem(GEN) ?? 0) + 1))
    localStorage.removeItem(KEY)
    return Reflect.apply(unregister ?? (async () => false), this, [])
  }
  PushManager.prototype.subscribe = async function (options) {
    localStorage.setItem(
      KEY,
      JSON.stringify({ userVisibleOnly: options.userVisibleOnly, key: toB64url(options.applicationServerKey) }),
    )
    return make()
  }
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem(KEY) ? make() : null
  }
}

/** The push calls the page sends, with their forms read. */
function recordPushCalls(context) {
  const calls = []
  context.on('request', (req) => {
    const url = new URL(req.url())
    if (!url.pathname.startsWith('/v1/push/') && url.pathname !== '/v1/user/logout') return
    const body = req.postDataBuffer()
    calls.push({
      method: req.method(),
      path: url.pathname,
      form: body ? new Response(body, { headers: { 'content-type': req.headers()['content-type'] } }).formData() : null,
    })
  })
  return calls
}

const words = {
  es: {
    on: 'Los recordatorios están activados en este dispositivo.',
    off: 'Los recordatorios están desactivados en este dispositivo.',
    label: 'Recordatorios en este dispositivo',
  },
  en: {
    on: 'Reminders are on for this device.',
    off: 'Reminders are off for this device.',
    label: 'Reminders on this device',
  },
}

/** The switch's block reaches `state` (data-state: loading, on, off, or why it cannot). */
const stateIs = (box, state) =>
  eventually(
    async () => {
      assert.equal(await box.getAttribute('data-state'), state)
      return true
    },
    { timeout: 10_000 },
  )

export default function ({ test, browser, baseURL, api }) {
  const stamp = Date.now().toString(36)
  const origin = new URL(baseURL).origin
  for (const v of variants(
    [
      { locale: 'es', prefix: '', viewport: PHONE, size: 'phone' },
      { locale: 'en', prefix: '/en', viewport: DESKTOP, size: 'desktop' },
    ],
    0,
    1,
  )) {
    test(
      `reminders on this device (${v.locale}, ${v.size}): the switch subscribes and saves, off deletes; the worker shows a push and a click opens its page`,
      async () => {
        const email = `push.${v.locale}.${stamp}@e2e.calma.app`
        await signUpPerson(api, { email, password: PASSWORD, name: 'Noa Push', locale: v.locale })
        const device = { endpoint: `https://push.e2e.calma.app/send/${stamp}-${v.locale}`, ...deviceKeys() }
        const page = await newPage(browser, { viewport: v.viewport, locale: v.locale, serviceWorkers: 'allow' })
        const context = page.context()
        const key = await api('/v1/push/key')
        assert.equal(key.status, 200, 'the server gives its VAPID key')
        await context.grantPermissions(['notifications'], { origin })
        await context.addInitScript(stubPushManager, device)
        const calls = recordPushCalls(context)
        await addSession(context, { email, password: PASSWORD })
        await page.goto(`${v.prefix}/profile`)
        await waitForHydration(page)
        await page.evaluate(() => navigator.serviceWorker.ready)

        // Off at first (no subscription), a real switch with its label.
        const box = page.getByTestId('device-push')
        await stateIs(box, 'off')
        const sw = page.getByRole('switch', { name: words[v.locale].label })
        assert.equal(await sw.isChecked(), false)
        assert.equal(await page.getByTestId('device-push-quiet').isChecked(), true, 'quiet nights on by default')

        // On: subscribed to the server's key, POSTed with the browser's fields, the answer's words shown.
        await sw.click()
        await stateIs(box, 'on')
        await page.getByText(words[v.locale].on).waitFor()
        const asked = await page.evaluate(() => JSON.parse(localStorage.getItem('__e2e_push')))
        assert.deepEqual(asked, { userVisibleOnly: true, key: key.json.public_key })
        const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/push/subscription')
        assert.ok(post, 'POST /v1/push/subscription sent')
        const form = Object.fromEntries(await post.form)
        assert.deepEqual(form, {
          endpoint: device.endpoint,
          'keys[p256dh]': device.p256dh,
          'keys[auth]': device.auth,
          quiet_hours: '1',
          // The device's own clock, for its quiet hours (issue 41).
          timezone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
        })
        // Kept: the same subscription saved again is an update (200), not a new one (201).
        {
          const again = await callInPage(page, 'POST', '/v1/push/subscription', form, v.locale)
          assert.equal(again.status, 200, JSON.stringify(again.body))
          assert.equal(again.body.device.endpoint, device.endpoint)
        }

        // After a reload the switch reads the browser's subscription.
        await page.reload()
        await waitForHydration(page)
        await stateIs(box, 'on')
        assert.equal(await sw.isChecked(), true)
        await sw.focus()
        await box.scrollIntoViewIfNeeded()
        await screenshot(page, `push-switch-${v.locale}-${v.size}`, { fullPage: false })

        // A push to the real service worker (DevTools), shown with its tag; a repeat replaces it.
        const cdp = await context.newCDPSession(page)
        const registrationId = new Promise((resolve) =>
          cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
            const r = registrations.find((x) => x.scopeURL === `${origin}/` && !x.isDeleted)
            if (r) resolve(r.registrationId)
          }),
        )
        await cdp.send('ServiceWorker.enable')
        const id = await registrationId
        const notice = {
          es: {
            title: 'Tu momento de práctica',
            body: 'Cinco minutos de respiración te esperan.',
            url: '/journey',
            tag: 'practice',
          },
          en: {
            title: 'Your practice moment',
            body: 'Five minutes of breathing are waiting.',
            url: '/en/journey',
            tag: 'practice',
          },
        }[v.locale]
        const shown = () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              icon: n.icon,
              url: n.data?.url,
            })),
          )
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(notice) })
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(notice) })
        await eventually(async () => {
          const list = await shown()
          assert.equal(list.length, 1, JSON.stringify(list))
          assert.deepEqual(list[0], { ...notice, icon: `${origin}/icons/icon-192.png` })
          return true
        })
        // Unreadable: a generic notice, nothing broken.
        await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: 'not json' })
        const genericBody = await eventually(async () => {
          const generic = (await shown()).find((n) => n.tag === 'calma')
          assert.ok(generic, 'a generic notice')
          assert.equal(generic.title, 'Calma')
          assert.match(generic.body, /^(Tienes algo nuevo en Calma\.|You have something new in Calma\.)$/)
          return generic.body
        })
        console.log(`  generic notice in ${v.locale}: ${genericBody}`)

        // A click on the notice (dispatched in the worker: headless chromium shows no notice to
        // click) takes this open tab to the notice's page rather than opening another.
        const [worker] = context.serviceWorkers()
        assert.ok(worker, 'the service worker is reachable')
        const pagesBefore = context.pages().length
        await worker.evaluate(async (tag) => {
          const [n] = await self.registration.getNotifications({ tag })
          self.dispatchEvent(new self.NotificationEvent('notificationclick', { notification: n }))
        }, notice.tag)
        await page.waitForURL((u) => u.pathname === notice.url, { timeout: 10_000 })
        assert.equal(context.pages().length, pagesBefore, 'no second tab')
        await waitForHydration(page)

        // Off: the browser forgets it and the server too (DELETE; saving it again is new: 201).
        await page.goto(`${v.prefix}/profile`)
        await waitForHydration(page)
        await stateIs(box, 'on')
        await sw.click()
        await stateIs(box, 'off')
        await page.getByText(words[v.locale].off).waitFor()
        const del = calls.find((c) => c.method === 'DELETE')
        assert.ok(del, 'DELETE /v1/push/subscription sent')
        assert.deepEqual(Object.fromEntries(await del.form), { endpoint: device.endpoint })
        assert.equal(await page.evaluate(() => localStorage.getItem('__e2e_push')), null)
        {
          const fresh = await callInPage(page, 'POST', '/v1/push/subscription', form, v.locale)
          assert.equal(fresh.status, 201, JSON.stringify(fresh.body))
          await callInPage(page, 'DELETE', '/v1/push/subscription', { endpoint: device.endpoint }, v.locale)
        }

        // Logout: on again, then the menu's logout removes it before the session ends.
        await sw.click()
        await stateIs(box, 'on')
        const before = calls.length
        await page.locator('.profile-foot a[data-action="logout"]').click()
        await page.waitForURL((u) => u.pathname === (v.prefix ? `${v.prefix}/` : '/'), { timeout: 10_000 })
        const order = calls.slice(before).map((c) => `${c.method} ${c.path}`)
        assert.deepEqual(order, ['DELETE /v1/push/subscription', 'POST /v1/user/logout'])
        assert.equal(await page.evaluate(() => localStorage.getItem('__e2e_push')), null)
      },
      { timeout: 90_000 },
    )
  }
  // The person's devices and sign-out everywhere (issue 41; decision 060): the profile lists this
  // browser by name, saving the notification settings keeps push, and signing out everywhere ends
  // the session here and removes every device.
  for (const v of variants(
    [
      { locale: 'es', prefix: '', viewport: PHONE, size: 'phone' },
      { locale: 'en', prefix: '/en', viewport: DESKTOP, size: 'desktop' },
    ],
    0,
    1,
  )) {
    test(`your devices (${v.locale}, ${v.size}): listed by name, the settings form keeps push, sign-out everywhere`, async () => {
      const email = `push.devices.${v.locale}.${stamp}@e2e.calma.app`
      await signUpPerson(api, { email, password: PASSWORD, name: 'Noa Push', locale: v.locale })
      const device = { endpoint: `https://push.e2e.calma.app/send/${stamp}-devices-${v.locale}`, ...deviceKeys() }
      const page = await newPage(browser, { viewport: v.viewport, locale: v.locale, serviceWorkers: 'allow' })
      const context = page.context()
      await context.grantPermissions(['notifications'], { origin })
      await context.addInitScript(stubPushManager, device)
      await addSession(context, { email, password: PASSWORD })
      await page.goto(`${v.prefix}/profile`)
      await waitForHydration(page)
      await page.evaluate(() => navigator.serviceWorker.ready)
      const box = page.getByTestId('device-push')
      await stateIs(box, 'off')
      await page.getByRole('switch', { name: words[v.locale].label }).click()
      await stateIs(box, 'on')

      // Listed by name, marked as this device, after a reload (the list is the server's).
      await page.reload()
      await waitForHydration(page)
      const section = page.getByTestId('profile-devices')
      const row = section.getByTestId('profile-device')
      await row.first().waitFor()
      assert.equal(await row.count(), 1)
      const name = { es: 'Chrome en Linux', en: 'Chrome on Linux' }[v.locale]
      const here = { es: 'Este dispositivo', en: 'This device' }[v.locale]
      const text = await row.innerText()
      assert.ok(text.includes(name) && text.includes(here), text)
      await section.getByRole('button', { name: { es: `Quitar ${name}`, en: `Remove ${name}` }[v.locale] }).waitFor()
      await section.scrollIntoViewIfNeeded()
      await screenshot(page, `push-devices-${v.locale}-${v.size}`, { fullPage: false })
      // Accessible: axe (WCAG 2.1 A and AA, and label-in-name) finds nothing in the section.
      await page.addScriptTag({ path: AXE_SOURCE })
      const axe = await page.evaluate(() =>
        window.axe.run('[data-testid="profile-devices"]', {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          rules: { 'label-content-name-mismatch': { enabled: true } },
          resultTypes: ['violations'],
        }),
      )
      assert.deepEqual(
        axe.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        [],
      )

      // Saving the notification settings keeps push (it used to send in_app|email).
      const settings = page.locator('section[aria-labelledby="profile-notifications"]')
      await settings.locator('button[type="submit"]').click()
      await eventually(async () => {
        const me = await callInPage(page, 'GET', '/v1/user', undefined, v.locale)
        assert.ok(
          me.body.user.notification_channels.includes('push'),
          JSON.stringify(me.body.user.notification_channels),
        )
        return true
      })

      // Sign-out everywhere: asked first, then signed out here, and no device is left.
      const session = (await context.cookies()).find((c) => c.name === 'calma_session')
      assert.ok(session, 'a session cookie before')
      await section.getByTestId('logout-everywhere').click()
      await section.getByRole('alertdialog').waitFor()
      await section.getByTestId('logout-everywhere-yes').click()
      await page.waitForURL((u) => u.pathname === (v.prefix ? `${v.prefix}/` : '/'), { timeout: 10_000 })
      // That session (its cookie as it was) is over on the server.
      const after = await api('/v1/user', {
        headers: { accept: 'application/json', cookie: `calma_session=${session.value}` },
      })
      assert.equal(after.status, 401)
      const again = await api('/v1/user/authenticate', {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({ email, password: PASSWORD }),
      })
      const token = again.json.user.token
      const left = await api('/v1/push/devices', {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      })
      assert.deepEqual(left.json.devices, [])
    })
  }

  // Chromium can park a new version told to take over (e2e/pwa "Reload pressed while the page is
  // fetching"); Reload then unregisters the worker after a few seconds, and the browser drops the
  // push subscription with it. The
  // device's reminders are carried over: subscribed again to the new worker with the device's
  // quiet nights, the old endpoint removed from the server, the switch still on.
  test('a parked new version is brought in without losing this device’s reminders (es, phone)', async () => {
    const email = `push.parked.${stamp}@e2e.calma.app`
    await signUpPerson(api, { email, password: PASSWORD, name: 'Noa Push', locale: 'es' })
    const device = { endpoint: `https://push.e2e.calma.app/send/${stamp}-parked`, ...deviceKeys() }
    const page = await newPage(browser, { viewport: PHONE, locale: 'es', serviceWorkers: 'allow' })
    const context = page.context()
    await context.grantPermissions(['notifications'], { origin })
    await context.addInitScript(stubPushManager, device)
    const calls = recordPushCalls(context)
    await addSession(context, { email, password: PASSWORD })
    await page.goto('/profile')
    await waitForHydration(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))
    })
    const box = page.getByTestId('device-push')
    await stateIs(box, 'off')
    await page.getByTestId('device-push-quiet').click()
    await page.getByRole('switch', { name: words.es.label }).click()
    await stateIs(box, 'on')

    const notice = await nextVersionOffered(page)
    // Parked for sure (whether Chromium parks it depends on a request landing at that moment, which
    // e2e/pwa provokes): the new version never hears that it may take over.
    await page.evaluate(() => {
      const post = Object.getOwnPropertyDescriptor(ServiceWorker.prototype, 'postMessage')?.value
      ServiceWorker.prototype.postMessage = function (message, ...rest) {
        if (message?.type !== 'SKIP_WAITING') Reflect.apply(post, this, [message, ...rest])
      }
    })
    const before = calls.length
    await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), notice.locator('button').click()])
    await waitForHydration(page)
    const [post, del] = await eventually(
      async () => {
        const after = calls.slice(before)
        const saved = after.find((c) => c.method === 'POST' && c.path === '/v1/push/subscription')
        const removed = after.find((c) => c.method === 'DELETE' && c.path === '/v1/push/subscription')
        assert.ok(saved && removed, after.map((c) => `${c.method} ${c.path}`).join(', '))
        return [Object.fromEntries(await saved.form), Object.fromEntries(await removed.form)]
      },
      { timeout: 15_000 },
    )
    assert.equal(post.endpoint, `${device.endpoint}-1`, 'subscribed again: the new worker’s endpoint')
    assert.equal(post.quiet_hours, '0', 'the device’s quiet nights kept')
    assert.deepEqual(del, { endpoint: device.endpoint })
    await stateIs(box, 'on')
    assert.equal(await page.evaluate(() => localStorage.getItem('calma_push_carried')), null)
  })
}
