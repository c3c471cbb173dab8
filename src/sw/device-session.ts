/// <reference lib="webworker" />
/**
 * Whose the device is, as the service worker sees it (issue 32 §4; decision 039): the viewer of
 * the companion cookie, except a session ended here by a logout made offline, whose logout this
 * worker carries out before anything else reaches the network. Its state (`ended`, `cleanFor`)
 * lives in this module alone; the other parts ask through the functions below.
 */
import { createStore, get, set } from 'idb-keyval'
import { VISITOR, currentTag, forgetOthers, parseViewer, tagOf } from '../client/pwa/viewer'

declare const self: ServiceWorkerGlobalScope

/**
 * A session this device ended without the server (a logout made offline, handed over by the page:
 * client/pwa/register.ts endSessionLater). Kept in IndexedDB (`calma-sw` / `state`, key `ended`),
 * never the id: its tag, the moment it ends anyway, and, until the server has ended it, what the
 * logout call needs (the page's CSRF token and language).
 */
interface EndedSession {
  tag?: string
  /** Until when (ms) that session is refused here: its own end. */
  until: number
  csrf?: string
  locale?: string
}
const state = createStore('calma-sw', 'state')
let ended: EndedSession | null = null
const stateRead = get<EndedSession>('ended', state).then(
  (e) => void (ended = e && (e.csrf || e.until > Date.now()) ? e : null),
  () => undefined,
)

/** Whether this worker can tell whose session the device holds (the Cookie Store API): else nothing personal is kept. */
export const knowsViewer = () => !!(self as { cookieStore?: unknown }).cookieStore

/**
 * The device's viewer now: the companion cookie (client/pwa/viewer.ts currentTag), except a
 * session ended here, which is a visitor from the moment its logout was handed over (its cookie
 * may be set again by an answer that left before the logout did).
 */
export async function deviceTag(): Promise<string | null> {
  await stateRead
  const tag = await currentTag()
  return tag && ended?.tag === tag && (ended.csrf || ended.until > Date.now()) ? VISITOR : tag
}

/**
 * Nothing of another viewer stays (client/pwa/viewer.ts forgetOthers), checked whenever the
 * worker acts for the device's viewer. Within this worker's life, once per viewer: the page
 * writes downloads only for the current one.
 */
let cleanFor: string | null | undefined
export async function onlyFor(tag: string | null) {
  if (tag === cleanFor) return
  await forgetOthers(tag)
  cleanFor = tag
}

/** The device's viewer now, with everything of the others gone. */
export async function viewerNow(): Promise<string | null> {
  const tag = await deviceTag()
  await onlyFor(tag)
  return tag
}

/** A change of the companion cookie: the next act for the viewer checks the others' copies again. */
export function recheckViewer() {
  cleanFor = undefined
}

/** Whether a logout handed over by the page is still to be carried out (every request waits for it). */
export const logoutPending = () => !!ended?.csrf

/**
 * Carry out the logout handed over (EndedSession.csrf), once at a time: POST /v1/user/logout with
 * the session cookie the browser still holds. 200: ended. 401 (no session: it ended meanwhile, or
 * the browser dropped its cookie) and 403 (the CSRF token is not the cookie's session's: another
 * session replaced it): nothing of that session is left to end here. Anything else (the network,
 * a 5xx, a 429): not yet, and nothing else goes out.
 */
let loggingOut: Promise<boolean> | null = null
export function logoutCarriedOut(): Promise<boolean> {
  const e = ended
  if (!e?.csrf) return Promise.resolve(true)
  loggingOut ??= (async () => {
    try {
      const res = await fetch('/v1/user/logout', {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'application/json', 'x-csrf-token': e.csrf!, ...(e.locale ? { locale: e.locale } : {}) },
      })
      void res.body?.cancel()
      if (!(res.ok || res.status === 401 || res.status === 403)) return false
    } catch {
      return false
    }
    const done: EndedSession = { ...(e.tag ? { tag: e.tag } : {}), until: e.until }
    if (ended === e) ended = done
    await set('ended', done, state).catch(() => {})
    return true
  })().finally(() => (loggingOut = null))
  return loggingOut
}

/**
 * A logout the page could not send (offline): from now on this session is a visitor here, every
 * person's copies go, and the logout is carried out before anything else reaches the network.
 */
export async function endSession(data: { companion?: unknown; csrf?: unknown; locale?: unknown }): Promise<boolean> {
  if (typeof data.csrf !== 'string' || !data.csrf || data.csrf.length > 200) return false
  const viewer = parseViewer(typeof data.companion === 'string' ? data.companion : undefined)
  const next: EndedSession = {
    ...(viewer ? { tag: await tagOf(viewer.id) } : {}),
    until: viewer?.exp ?? Date.now(),
    csrf: data.csrf,
    ...(data.locale === 'en' || data.locale === 'es' ? { locale: data.locale } : {}),
  }
  await stateRead
  await set('ended', next, state)
  ended = next
  cleanFor = undefined
  await forgetOthers(VISITOR)
  return true
}
