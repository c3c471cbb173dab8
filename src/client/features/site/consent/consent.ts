// The visitor's cookie and tracking choice (issue 8 §5): nothing of an ad or analytics vendor
// loads before it, and the choice can be changed at any time from the footer.
import { atom } from 'nanostores'
import { CONSENT_COOKIE, CONSENT_VERSION } from '#shared/consent'

export { CONSENT_VERSION }
export const CONSENT_KEY = 'calma_consent'
export const OPEN_CONSENT = 'calma:open-consent'

export interface Consent {
  v: number
  /** Measurement by an analytics vendor. */
  analytics: boolean
  /** The ad platforms' conversion events. */
  ads: boolean
  at: number
}

/** The stored choice, or null when the person has not chosen (or chose under an older version). */
export function readConsent(): Consent | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_KEY)
    const c = raw ? (JSON.parse(raw) as Consent) : null
    return c && c.v === CONSENT_VERSION ? c : null
  } catch {
    return null
  }
}

/**
 * Pages where a vendor may run at all (./vendors.ts). A visitor whose choice lets one run there
 * gets React at once on them (entry.tsx: the vendors load from the banner's effect).
 */
export const MARKETING_PAGES = new Set(['home', 'insomniaLanding', 'anxietyLanding', 'insomniaThanks'])

export const $consent = atom<Consent | null>(null)

export function saveConsent(choice: { analytics: boolean; ads: boolean }) {
  const c: Consent = { v: CONSENT_VERSION, analytics: choice.analytics, ads: choice.ads, at: Date.now() }
  try {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(c))
  } catch {
    // private mode: the choice holds for this page only
  }
  markChosen()
  $consent.set(c)
}

/** Tell the server a choice was made (only that: the choice stays here), so it renders no banner. */
export function markChosen() {
  document.cookie = `${CONSENT_COOKIE}=${CONSENT_VERSION}; path=/; max-age=31536000; samesite=lax`
}

let openAsked = false
/** Ask again (the footer's 'Cookie settings'). */
export function openConsent() {
  openAsked = true
  window.dispatchEvent(new Event(OPEN_CONSENT))
}
/**
 * Whether 'Cookie settings' was pressed before the banner's code was there to hear it (the banner
 * hydrates at the first touch, decision 069): it then opens as it arrives. Read once.
 */
export function takeOpenAsked(): boolean {
  const asked = openAsked
  openAsked = false
  return asked
}
