// In-app notifications in real time (issue 11 §5; SPEC §7 "Realtime", §9 the queue). Two
// sockets: the person's own channel (/ws/notifications) and the public channel of the page's
// locale (/ws/public/{locale}), whose messages are shown only when their locale matches and the
// role they name is the person's (the channel already sends a role's notices only to sockets of
// that role). Each reconnects with backoff, also after its session ended (the server says
// `session_ended` and the client closes it with 4401, e.g. the password just changed); on every (re)connect the unread list is fetched, so
// nothing sent while offline is lost. `ping` is answered `pong` by the runtime. Protocol:
// docs/API.md "In the app, in real time".
import { atom } from 'nanostores'
import type { InAppNotificationDto } from '#shared/contract/notifications'
import { SESSION_ENDED_MESSAGE, SOCKET_CLOSE } from '#shared/limits'
import { NOTIFICATIONS_WIRE, isUnreadAnswer } from '#shared/contract/notifications.wire'
import { beacon, call, contract, translator, whenCallsSettle, whenSessionSteady } from '#client/api.ts'
import { socketOpening } from '#client/stores/sockets.ts'
import { $user } from '#client/stores/session.ts'
import { notify } from '#client/stores/toasts.ts'
import { isOffline } from '#client/pwa/register.ts'
import { rewardBatcher } from './grouping'
import { awake, whenAwake, whenHydrated } from '#client/wake.ts'

// Fetched with the first call, not with the page (issue 21 §5).
const notifications = () => import('#shared/contract/notifications')
const { markRead } = contract(notifications)
/** The unread list, asked on every (re)connect: checked by hand, so a page that only reads loads no schema. */
const fetchUnread = () => beacon(NOTIFICATIONS_WIRE.unread, {}, isUnreadAnswer)

/** The person's unread in-app notifications, newest first (the user menu lists them). */
export const $unread = atom<InAppNotificationDto[]>([])

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000]
const PING_MS = 25_000
/** After the server ends a socket's session, time for this page's own flow (logout, a new password) to finish. */
const SESSION_SETTLE_MS = 2000
/** Keys already shown as a toast in this tab: a page load or a reconnect never shows one twice. */
const SHOWN_KEY = 'calma.toasted'

function shownKeys(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as string[])
  } catch {
    return new Set()
  }
}
function remember(key: string) {
  const keys = [...shownKeys(), key].slice(-200)
  try {
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify(keys))
  } catch {
    // private mode: duplicates are still dropped by the queue itself
  }
}

/** A reward this old is news no more: the bell keeps it, no toast (issue 42 §10). */
export const REWARD_TOAST_FRESH_MS = 60_000

/**
 * The person is in the middle of a form: typing in it, or looking at its error. A reward's toast
 * (good news that can wait) landed minutes late over a form's error (issue 42 §10); now it does
 * not come at such a moment: it stays in the bell, unread.
 */
function busyWithAForm(): boolean {
  if (typeof document === 'undefined') return false
  const active = document.activeElement
  if (active?.closest('form') && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) return true
  return !!document.querySelector('form .field-invalid, form .form-alert-danger, form [aria-invalid="true"]')
}

/** Whether a reward's toast may show now: fresh (by its own time), and not over a form in use. */
export function rewardToastNow(n: Pick<InAppNotificationDto, 'created_at'>, now = Date.now()): boolean {
  const at = Date.parse(n.created_at)
  if (Number.isFinite(at) && now - at > REWARD_TOAST_FRESH_MS) return false
  return !busyWithAForm()
}

function showToast(n: InAppNotificationDto) {
  if (n.type === 'reward' && !rewardToastNow(n)) return
  notify(n.description ?? '', n.level === 'danger' ? 'danger' : n.level, n.close_after ?? 0, {
    title: n.title,
    type: n.type,
    key: n.key,
  })
}

// Rewards earned at the same moment share one toast (issue 34 §2; ./grouping.ts).
const together = rewardBatcher(showToast, translator)

/** Notifications this page will show once React is there (a reconnect must not queue them twice). */
const waiting = new Set<string>()

/**
 * Show a notification as a toast once (SPEC §9: close_after, default 5 s; duplicates dropped).
 * On a page that waits for the person's touch to start React (decision 077) the sockets run from
 * load: a notification that arrives `live` starts React and then shows (toasts are React's); one
 * that came while the page was closed (the unread list read as the socket opens) is in the bell's
 * count at once and shows as a toast at the person's first touch.
 */
export function toast(n: InAppNotificationDto, live = true) {
  if (shownKeys().has(n.key) || waiting.has(n.key)) return
  if (awake()) {
    remember(n.key)
    return together(n)
  }
  // Remembered as shown only when it is: a page left before React started (its first touch a
  // link) must show it on the next page, not count it as seen (found by the outside review).
  waiting.add(n.key)
  void (live ? whenAwake() : whenHydrated())
    .then(
      () => {
        remember(n.key)
        together(n)
      },
      () => {},
    )
    .finally(() => waiting.delete(n.key))
}

function addUnread(n: InAppNotificationDto) {
  const list = $unread.get()
  if (list.some((x) => x.key === n.key)) return
  $unread.set([n, ...list])
}

async function refreshUnread(showNew: boolean) {
  // Offline (issue 23) the list cannot come; the next (re)connect online asks. Signed out on this
  // page (a logout clears the user first): a socket that opened just before has nothing to ask.
  if (isOffline() || !$user.get()) return
  const res = await fetchUnread()
  if (!res.success) return
  $unread.set(res.notifications)
  // Sent while the page was closed or offline: shown now, once (newest last on screen).
  if (showNew) for (const n of [...res.notifications].reverse().slice(-10)) toast(n, false)
}

/** Mark one (or, with none, every) unread notification read. */
export async function readNotification(n?: InAppNotificationDto) {
  const input = n ? (n.id ? { id: n.id } : { notification_id: n.notification_id ?? undefined }) : {}
  $unread.set(n ? $unread.get().filter((x) => x.key !== n.key) : [])
  await call(markRead, { input, silent: true })
}

interface Who {
  role: number
  locale: 'es' | 'en'
}

let sessionCheck: Promise<boolean> | null = null
/**
 * The server closed the sockets because their session ended (4401). On this page that is a
 * logout or an erasure (the stored user is gone: stop) or a new password (the page holds a new
 * session: reconnect); elsewhere, the session is over, and the unread call's 'Unauthenticated.'
 * sends the person to sign in (SPEC §8). Both sockets share one check.
 */
function stillSignedIn(): Promise<boolean> {
  sessionCheck ??= new Promise<boolean>((resolve) => window.setTimeout(resolve, SESSION_SETTLE_MS))
    // A slow answer to this page's own call (the new password under load) must land first.
    .then(() => whenCallsSettle())
    .then(async () => !!$user.get() && (await fetchUnread()).success)
    .finally(() => {
      sessionCheck = null
    })
  return sessionCheck
}

/** Open one socket and keep it open: reconnect with growing delays, ping while open. */
function keepOpen(path: string, onMessage: (data: unknown) => void, onOpen: () => void) {
  let attempt = 0
  let ping: number | undefined
  let stopped = false
  const open = () => {
    // The frame sets the user before the bell (and so this) starts; null again only once the
    // person signed out on this page, when a new socket would be refused (401).
    if (!$user.get()) stopped = true
    if (stopped) return
    // Offline (issue 23): no socket to fail over and over; the first one opens when the network returns.
    if (isOffline()) {
      window.addEventListener('online', open, { once: true })
      return
    }
    // Not while a call replaces the session (a new password): the socket would carry the old one.
    void whenSessionSteady().then(connect)
  }
  const connect = () => {
    if (stopped || !$user.get()) return
    // The network may have gone while the session settled (a slow phone): wait for it again.
    if (isOffline()) {
      window.addEventListener('online', open, { once: true })
      return
    }
    const url = new URL(path, window.location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const ws = new WebSocket(url)
    let sessionEnded = false
    const handshakeDone = socketOpening()
    ws.addEventListener('error', handshakeDone)
    ws.addEventListener('open', () => {
      handshakeDone()
      attempt = 0
      ping = window.setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS)
      onOpen()
    })
    ws.addEventListener('message', (e) => {
      if (e.data === 'pong') return
      // The session this socket was opened with ended: the client closes it itself, which the
      // server releases at once (docs/decisions/038); the close below then checks the session.
      if (e.data === SESSION_ENDED_MESSAGE) {
        sessionEnded = true
        return ws.close(SOCKET_CLOSE.sessionEnded, 'Session ended')
      }
      try {
        onMessage(JSON.parse(String(e.data)))
      } catch {
        // not ours: ignored
      }
    })
    ws.addEventListener('close', (e) => {
      handshakeDone()
      window.clearInterval(ping)
      // Signed out on this page (logout clears the user before it ends the session): whatever
      // the close code the server's end arrives with, a new socket would only be refused (401).
      if (!$user.get()) stopped = true
      if (stopped) return
      if (sessionEnded || e.code === SOCKET_CLOSE.sessionEnded) {
        void stillSignedIn().then((yes) => (yes ? open() : (stopped = true)))
        return
      }
      const base = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]!
      window.setTimeout(open, base + Math.floor(Math.random() * base * 0.3))
    })
  }
  open()
  return () => {
    stopped = true
  }
}

let started = false
/** Start the realtime channels for a signed-in person (once per page). */
export function startRealtime(who: Who) {
  if (started || typeof WebSocket === 'undefined') return
  started = true
  const show = async (isPublic: boolean, data: unknown) => {
    const { socketMessageSchema } = await notifications()
    const parsed = socketMessageSchema.safeParse(data)
    if (!parsed.success) return
    const { notification, role } = parsed.data
    if (isPublic && (notification.locale !== who.locale || (role != null && role !== who.role))) return
    addUnread(notification)
    toast(notification)
  }
  const onMessage = (isPublic: boolean) => (data: unknown) => void show(isPublic, data).catch(() => {})
  // `closes=1`: this client closes a socket itself when told its session ended (docs/API.md).
  keepOpen('/ws/notifications?closes=1', onMessage(false), () => void refreshUnread(true))
  keepOpen(`/ws/public/${who.locale}?closes=1`, onMessage(true), () => {})
}
