/**
 * Reminders on this device (issue 34 §1; docs/decisions/052-reminders-on-the-device.md): the
 * browser's push subscription, saved for the signed-in person with POST /v1/push/subscription
 * and removed with DELETE. Loaded only by the profile's switch, a logout, and a page after the
 * service worker renewed the subscription (src/sw/push.ts).
 */
import { call, contract, type ApiResult } from '#client/api.ts'
import { PUSH_CARRIED } from './outbox-flag'

const { pushKey, savePushSubscription, deletePushSubscription } = contract(() => import('#shared/contract/push'))

/** What this device can do: `ios` is Safari on iPhone/iPad not opened from the home screen. */
export type PushSupport = 'ok' | 'unsupported' | 'ios' | 'denied'

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported'
  const standalone =
    (navigator as { standalone?: boolean }).standalone === true || matchMedia('(display-mode: standalone)').matches
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && 'ontouchend' in document)
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  // iOS Safari offers Web Push only to a site added to the home screen (16.4+).
  if (ios && !standalone) return 'ios'
  if (!capable) return 'unsupported'
  return Notification.permission === 'denied' ? 'denied' : 'ok'
}

/** The service worker's registration, when there is one (none in dev or where it is blocked). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  const now = await navigator.serviceWorker.getRegistration('/')
  if (now) return now
  // Registered once the page is interactive (./register.ts): a switch turned on at once waits a little.
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, 5000, undefined))
  return Promise.race([navigator.serviceWorker.ready, late])
}

/** This device's subscription now (the switch's state), or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'ok') return null
  const reg = await registration()
  return (await reg?.pushManager.getSubscription()) ?? null
}

/** base64url (unpadded), as the contract's `public_key` and PushSubscription.toJSON() keys are. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  const out = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/** POST /v1/push/subscription with what the browser gave (PushSubscription.toJSON()). */
export function saveSubscription(sub: PushSubscription, quiet: boolean | undefined, silent = false) {
  const { endpoint = '', keys = {} } = sub.toJSON()
  // The keys travel as `keys[p256dh]`, `keys[auth]`: the form's nested names (SPEC §7).
  const input = {
    endpoint,
    'keys[p256dh]': keys.p256dh ?? '',
    'keys[auth]': keys.auth ?? '',
    ...(quiet === undefined ? {} : { quiet_hours: quiet }),
    // This device's own clock: its quiet hours are kept on it (issue 41), whatever the profile says.
    ...(deviceZone() ? { timezone: deviceZone() } : {}),
  }
  return call(savePushSubscription, { input: input as never, silent })
}

/** The browser's IANA zone ('America/Mexico_City'), or null where it cannot say. */
function deviceZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/**
 * `blocked_here`: this browser or window cannot hold a subscription, and trying again will not
 * change that (issue 42 §3): no service worker to receive it (a private window where workers are
 * off), the browser's push service refused (private windows, browsers without one), or a
 * permission refused at once, with no prompt shown (incognito refuses by itself). `failed`: our
 * side did not answer, and a moment later may work.
 */
export type TurnOn = 'on' | 'not_allowed' | 'denied' | 'blocked_here' | 'failed'

/** A refusal faster than this was not a person's answer to a prompt but the browser's own. */
const NO_PROMPT_MS = 250

/**
 * The switch turned on: the browser asks for permission only now, then the push service gives
 * this device's subscription (to the server's VAPID key), and the server keeps it.
 */
export async function turnOn(quiet: boolean): Promise<{ result: TurnOn; answer?: ApiResult<object> }> {
  const asked = Notification.permission === 'default'
  const started = performance.now()
  const permission = await Notification.requestPermission()
  if (permission === 'denied')
    return { result: asked && performance.now() - started < NO_PROMPT_MS ? 'blocked_here' : 'denied' }
  if (permission !== 'granted') return { result: 'not_allowed' }
  const reg = await registration()
  if (!reg) return { result: 'blocked_here' }
  const key = await call(pushKey, { silent: true })
  if (!key.success) return { result: 'failed', answer: key }
  let sub: PushSubscription
  try {
    sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key.public_key) }))
  } catch {
    // The browser's push service said no (AbortError, NotAllowedError): not ours to retry.
    return { result: 'blocked_here' }
  }
  const answer = await saveSubscription(sub, quiet)
  // Not kept by the server: not kept here either, so the switch tells the truth.
  if (!answer.success) await sub.unsubscribe().catch(() => false)
  return { result: answer.success ? 'on' : 'failed', answer }
}

/** The switch turned off (or a logout): the browser forgets it, and so does the server. */
export async function turnOff(silent = false): Promise<boolean> {
  const sub = await currentSubscription().catch(() => null)
  if (!sub) return true
  const { endpoint } = sub
  await sub.unsubscribe().catch(() => false)
  const answer = await call(deletePushSubscription, { input: { endpoint }, silent })
  return answer.success
}

/**
 * A logout: before the session ends (DELETE needs it), this device stops getting that person's
 * reminders. Cheap where there is nothing to remove (no permission: no subscription).
 */
export async function dropOnLogout(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  await turnOff(true).catch(() => false)
}

/** An erased account (the server removed its rows): the browser forgets the subscription too. */
export async function unsubscribeHere(): Promise<void> {
  const sub = await currentSubscription().catch(() => null)
  await sub?.unsubscribe().catch(() => false)
}

/**
 * The push service renewed this device's subscription while no page could save it
 * (src/sw/push.ts `pushsubscriptionchange`: the worker holds no CSRF token). The worker tells the
 * open pages; a signed-in page then saves the subscription the browser holds now.
 */
export async function saveRenewed(): Promise<void> {
  const sub = await currentSubscription().catch(() => null)
  if (sub) await saveSubscription(sub, undefined, true)
}

/** This device's choice of quiet nights, kept on the device (the server keeps it with the subscription). */
export const QUIET_KEY = 'push_quiet'
export const readQuiet = () => {
  try {
    return localStorage.getItem(QUIET_KEY) !== '0'
  } catch {
    return true
  }
}

/**
 * A new version that Chromium left parked is brought in by unregistering the worker (./notices.ts),
 * and the browser drops a registration's push subscription with it. Before that, this device's
 * subscription is written down here with whose it is; the next page of that same person
 * subscribes again to the new worker, saves it with the device's choice of quiet nights, and
 * removes the old one from the server. Another person signed in meanwhile never gets it (a logout
 * drops the note: ./register.ts forgetOfflinePages); a failure keeps it for the next page.
 */
export async function carryOver(reg: ServiceWorkerRegistration, userId: number | null): Promise<void> {
  if (userId === null) return
  const sub = await reg.pushManager?.getSubscription().catch(() => null)
  if (sub) localStorage.setItem(PUSH_CARRIED, JSON.stringify({ user: userId, endpoint: sub.endpoint }))
}

let carrying: Promise<void> | undefined
/** Once a page: the profile's switch and the registration both ask, and both wait for the same. */
export function resubscribeCarried(userId: number): Promise<void> {
  return (carrying ??= carryIn(userId))
}

async function carryIn(userId: number): Promise<void> {
  const raw = localStorage.getItem(PUSH_CARRIED)
  if (raw === null) return
  const drop = () => localStorage.removeItem(PUSH_CARRIED)
  const note = ((): { user?: unknown; endpoint?: unknown } => {
    try {
      return (JSON.parse(raw) as { user?: unknown; endpoint?: unknown } | null) ?? {}
    } catch {
      return {}
    }
  })()
  if (note.user !== userId || typeof note.endpoint !== 'string') return drop()
  // Without permission there is nothing to carry (the person turned notifications off meanwhile).
  if (pushSupport() !== 'ok' || Notification.permission !== 'granted') return drop()
  const endpoint = note.endpoint
  // Subscribing needs the new worker active, not only registered.
  const reg = await navigator.serviceWorker.ready
  const key = await call(pushKey, { silent: true })
  if (!key.success) return
  const sub = await (
    reg.pushManager
      .getSubscription()
      .then(
        (now) =>
          now ??
          reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key.public_key) }),
      ) as Promise<PushSubscription>
  ).catch(() => null)
  if (!sub) return
  const saved = await saveSubscription(sub, readQuiet(), true)
  if (!saved.success) return
  drop()
  if (sub.endpoint !== endpoint) await call(deletePushSubscription, { input: { endpoint }, silent: true })
}
