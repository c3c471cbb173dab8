/// <reference lib="webworker" />
/**
 * Reminders on this device (issue 34 §1; docs/decisions/052-reminders-on-the-device.md), the
 * service worker's part, imported by sw.ts:
 * - `push`: shows the notice the server sent (JSON {title, body, url, tag}, already in the
 *   person's language); a missing or unreadable payload shows a generic notice in the browser's
 *   language. Nothing of it is kept (decision 039: nothing personal in a new place).
 * - `notificationclick`: opens the notice's page, same-origin only (else the home), in an open tab
 *   of the app if there is one (focused and navigated), else a new window.
 * - `pushsubscriptionchange`: subscribes again with the same key, and asks an open page to save it
 *   (POST /v1/push/subscription needs the page's CSRF token, which this worker never holds).
 */
import { clickTarget, readNotice } from './notice'

declare const self: ServiceWorkerGlobalScope

const ICON = '/icons/icon-192.png'
const BADGE = '/icons/icon-192.png'

self.addEventListener('push', (event) => {
  const notice = readNotice(event.data, self.navigator.language || 'es')
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: ICON,
      badge: BADGE,
      // The same tag replaces the notice before it (a repeated reminder is one notice).
      ...(notice.tag ? { tag: notice.tag } : {}),
      data: { url: notice.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = clickTarget((event.notification.data as { url?: unknown } | null)?.url, self.location.origin)
  event.waitUntil(openOrFocus(target))
})

/** An open tab of the app, focused and taken to `target`; a new one only when none is open. */
async function openOrFocus(target: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin)
  if (!tab) {
    await self.clients.openWindow(target)
    return
  }
  const focused = await tab.focus().catch(() => tab)
  if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target))
}

/** The event the Push API fires when the push service replaced this device's subscription. */
interface SubscriptionChange extends ExtendableEvent {
  oldSubscription?: PushSubscription | null
  newSubscription?: PushSubscription | null
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const e = event as SubscriptionChange
  e.waitUntil(
    (async () => {
      const key = e.oldSubscription?.options.applicationServerKey
      const sub =
        e.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null)
      if (!sub) return
      // A signed-in page saves it (src/client/pwa/register.ts); none open: the profile's switch
      // shows the browser's subscription and saves it when the person opens it (decision 052).
      for (const c of await self.clients.matchAll({ type: 'window' })) c.postMessage({ type: 'PUSH_RENEWED' })
    })().catch(() => {}),
  )
})
