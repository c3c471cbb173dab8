import type { Boot } from '#shared/page-data'
import { configureLocale } from './api'
import { browserTimeZone } from './time-zone'
import { $user, clearLocalSession, readLocal, type StoredUser } from './stores/session'
import { sendPageEvents } from './features/site/usePageEvents'
import { MARKETING_PAGES, readConsent } from './features/site/consent/consent'
import './styles.css'
import { hasDevicePlan } from './stores/safety-plan'

/**
 * The page's first script (issue 43 §1, docs/decisions/062-*.md). The page is painted and works
 * as HTML (links, the menu's <details>); what needs React waits for it:
 * - a visitor's page, and a signed-in person's everyday pages (decision 077), hydrate at their
 *   first touch, key or focus: a person who only reads never pays for React (~67 KB gzip, its
 *   evaluation and the hydration), and a tap that comes before React is kept and given again
 *   once it is there (below);
 * - a page whose code acts by itself as it opens (the player, an appointment's panel opened by a
 *   link, the login with a sign-in link) hydrates at once (the server does not mark it `lazy`).
 * Only this file and the usage calls load with a visitor's page; the rest is fetched when asked.
 * A signed-in page that waits also runs, without React, what a person would miss (signed-in.ts).
 */
const read = <T,>(id: string): T => JSON.parse(document.getElementById(id)!.textContent!) as T

const boot = read<Boot>('__BOOT__')
$user.set(boot.user)
configureLocale(boot.locale)

// Dates render in the person's time zone (Boot.timeZone). A visitor's zone is only known to
// their browser: remember it in a cookie so the next page is rendered in it by the server. The
// page says which zone the server used, so the cookie is written only when that differs (no
// document.cookie read on every page: Chrome reports it as a performance issue).
const zone = browserTimeZone()
if (zone && !boot.user && zone !== boot.timeZone) {
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`
}

// Signed out by the link (GET /logout answers with ?logged_out=1): SPEC §4's keys go now, not
// when React comes (a visitor's page may never hydrate), and before the usage call below stores
// this visit's new session, which would otherwise be the one cleared; the offline copies too.
if (boot.query.logged_out) {
  clearLocalSession()
  void import('./pwa/register').then((m) => m.forgetOfflinePages())
}

// The usage session and the page's events (SPEC §7) go out with every page, read or touched.
sendPageEvents(boot)

/** The first signs of a person acting on a visitor's page (a scroll by wheel too: a post counts what was read). */
const WAKE = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const
/** This tab reloaded once because React could not start (below): never a second time. */
const RELOADED = 'calma.reloaded-for-code'
/** Controls whose press is React's work (a submit button's press is its form's submit, held there). */
const ACTS = 'button:not([type=submit]), a[data-action], [role=button], input[type=button]'

/** What the page's loader read (none under `vite dev`); `lazy`: the page may wait for a touch. */
const assets = document.getElementById('__ASSETS__') ? read<{ preload?: string[]; lazy?: boolean }>('__ASSETS__') : null

let started: Promise<void> | null = null
/** React, once: the page's chunks are fetched together (the loader did it already unless `lazy`). */
function start(): Promise<void> {
  if (started) return started
  if (assets?.lazy)
    for (const href of assets.preload ?? []) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.appendChild(link)
    }
  // The bell's count written before React (signed-in.ts) is not the server's HTML: out
  // before hydration compares the two; React's bell shows the count again.
  document.documentElement.dataset.react = 'starting'
  for (const el of document.querySelectorAll('[data-early]')) el.remove()
  started = import('./hydrate').then((m) => m.hydrate(boot))
  return started
}

// Now: every page the server did not mark `lazy` (signed in, or one whose code acts by itself);
// a copy the service worker answered offline (its notices are React's); a marketing page where
// the visitor's choice lets a vendor run (the banner's effect loads it).
const consented = readConsent()
const now =
  !assets?.lazy ||
  !!document.documentElement.dataset.offline ||
  // /help with a safety plan kept on this device (issue 44 §4): shown at once, offline too.
  (boot.page === 'help' && hasDevicePlan()) ||
  (!!consented && (consented.analytics || consented.ads) && MARKETING_PAGES.has(boot.page)) ||
  // The login signs in by itself with a sign-in link, and says at once that a session expired.
  (boot.page === 'login' &&
    (!!(boot.query.user_id && boot.query.authorization) || !!readLocal<StoredUser>('user')?.expired))
// A signed-in page that waits for a touch: what must not wait runs without React (signed-in.ts:
// the stored user, the session's end, the bell's sockets, the service worker; decision 077).
// Elsewhere React's frame does it, as the page hydrates at once.
if (boot.user && !now) void import('./signed-in').then((m) => m.signedIn(boot, start))
// A tap on the server's bell (Bell.tsx BellAtLoad) opens its empty <details> and starts React: the
// menu that comes with React opens then, and takes the focus where the bell had it (a key's press
// or a Tab onto it): NotificationsMenu reads the marks. Heard from the first moment, as the tap may
// come before signed-in.ts (`toggle` does not bubble: heard on the way down).
if (boot.user) {
  const mark = (e: Event) => {
    const bell = (e.target as Element).closest?.('[data-bell="early"]') as HTMLDetailsElement | null
    const root = document.documentElement.dataset
    if (e.type === 'toggle') {
      if (bell) root.bellOpen = bell.open ? '1' : ''
    } else if (bell) root.bellFocus = '1'
    else delete root.bellFocus
  }
  document.addEventListener('toggle', mark, true)
  document.addEventListener('focusin', mark, true)
}
// The Downloads screen's list is on this device: drawn without React, into the server's frame
// (pwa/downloads-early.ts, decision 081); React takes the same rows over at the first touch.
const owner = boot.user?.id
if (owner && !now && boot.page === 'downloads')
  void import('./pwa/downloads-early').then((m) => m.paintDownloads(owner, boot.locale))
if (now) void start()
else waitForTouch()

/**
 * A visitor's page: React starts at the first sign of a person acting on it. A press on a control
 * whose work is React's (a button, a link that acts, a form sent) that lands before React is
 * there is held and given again, in order, once the page has hydrated; a plain link just
 * navigates (every page is the server's).
 */
function waitForTouch() {
  // Read by the checks of what a page loads before a touch (scripts/lib/js-budget.mjs).
  document.documentElement.dataset.touch = 'waiting'
  const held: (() => void)[] = []
  const heldLinks: HTMLAnchorElement[] = []
  // The carousels' early steps: fetched only where a carousel moves by itself (most pages that
  // wait for a touch have none: decision 069).
  let awake = false
  let stopCarousels = () => {}
  if (document.querySelector('.carousel[data-autoplay]'))
    void import('./carousel-early').then((m) => {
      if (!awake) stopCarousels = m.moveCarouselsEarly()
    })
  const opts = { capture: true, passive: true }
  const wake = () => {
    awake = true
    for (const type of WAKE) removeEventListener(type, wake, opts)
    delete document.documentElement.dataset.touch
    void start().then(
      () => {
        stopCarousels()
        removeEventListener('click', hold, true)
        removeEventListener('submit', hold, true)
        for (const again of held.splice(0)) again()
      },
      () => {
        // React could not start (its code is gone after a new deployment, or cannot be reached):
        // presses are no longer held, so links work as plain links again. A held link (the
        // logout) is followed as a link would be; a button's or a form's work needs React and is
        // dropped (a form sent without it would put its fields in the URL). With no held link,
        // the page is loaded again once, online, to get the code that is there now (found by the
        // outside review: the logout was swallowed for good).
        removeEventListener('click', hold, true)
        removeEventListener('submit', hold, true)
        const link = heldLinks.splice(0).find((a) => a.href)
        held.length = 0
        if (link) return window.location.assign(link.href)
        try {
          if (!navigator.onLine || sessionStorage.getItem(RELOADED)) return
          sessionStorage.setItem(RELOADED, '1')
        } catch {
          return // no sessionStorage (a private mode): no way to reload only once
        }
        window.location.reload()
      },
    )
  }
  const hold = (e: Event) => {
    if (e.type === 'submit') {
      const form = e.target as HTMLFormElement
      const by = (e as SubmitEvent).submitter
      e.preventDefault()
      e.stopImmediatePropagation()
      held.push(() => form.requestSubmit(by && form.contains(by) ? by : undefined))
    } else {
      const el = (e.target as Element | null)?.closest?.(ACTS)
      if (!el) return
      e.preventDefault()
      e.stopImmediatePropagation()
      held.push(() => (el as HTMLElement).click())
      if (el instanceof HTMLAnchorElement) heldLinks.push(el)
    }
    wake()
  }
  addEventListener('click', hold, true)
  addEventListener('submit', hold, true)
  // Touched before this script arrived (the page's loader noted it, worker/ssr/render.tsx).
  if ((window as { __calmaTouched?: boolean }).__calmaTouched) wake()
  else for (const type of WAKE) addEventListener(type, wake, opts)
}
