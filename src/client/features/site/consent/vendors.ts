// The ad and analytics vendors (issue 8 §5; SPEC §7 notes "analytics events go to an ad and
// analytics service"). Privacy first (docs/decisions/019-consent-and-tracking.md):
// - nothing is requested from a vendor before the person's choice allows it;
// - they run only on the public marketing pages below, never on a route, article, plan,
//   appointment or account page, so no health data (symptoms searched, routes, plays,
//   appointments) can reach them; the page address they see carries no query string;
// - the ad platforms get one conversion event on the insomnia thanks page and nothing else.
import type { Boot } from '#shared/page-data'
import { MARKETING_PAGES, type Consent } from './consent'

/** The page whose visit is the ad platforms' conversion (SPEC §2 thanks page). */
const CONVERSION_PAGE = 'insomniaThanks'

type Queue = {
  (...args: unknown[]): void
  q?: unknown[][]
  queue?: unknown[]
  loaded?: boolean
  version?: string
  push?: unknown
  callMethod?: (...a: unknown[]) => void
}
declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
    fbq?: Queue
    _fbq?: Queue
  }
}

const loaded = new Set<string>()
function script(src: string) {
  if (loaded.has(src)) return
  loaded.add(src)
  const s = document.createElement('script')
  s.async = true
  s.src = src
  document.head.appendChild(s)
}

/** The page address without its query or fragment (utm and ad ids stay with us). */
const bareLocation = () => `${window.location.origin}${window.location.pathname}`

function gtagReady(firstId: string) {
  if (!window.gtag) {
    window.dataLayer = window.dataLayer ?? []
    window.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, as its own snippet pushes it.
      window.dataLayer!.push(arguments)
    }
    window.gtag('js', new Date())
    script(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(firstId)}`)
  }
  return window.gtag
}

function metaPixel(id: string) {
  if (!window.fbq) {
    const q: Queue = function (...args: unknown[]) {
      if (q.callMethod) q.callMethod(...args)
      else q.queue!.push(args)
    }
    q.queue = []
    q.loaded = true
    q.version = '2.0'
    q.push = q
    window.fbq = q
    window._fbq = q
    script('https://connect.facebook.net/en_US/fbevents.js')
    window.fbq('init', id)
  }
  return window.fbq
}

/** Load what the choice allows on this page (called at start and whenever the choice changes). */
export function applyConsent(consent: Consent | null, boot: Pick<Boot, 'page' | 'vendors'>) {
  if (!consent || typeof window === 'undefined' || !MARKETING_PAGES.has(boot.page)) return
  const { analytics, metaPixel: pixel, googleAds } = boot.vendors
  if (consent.analytics && analytics) {
    const gtag = gtagReady(analytics)
    gtag('config', analytics, {
      page_location: bareLocation(),
      page_referrer: '',
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    })
  }
  if (consent.ads && boot.page === CONVERSION_PAGE) {
    if (googleAds) {
      const [account] = googleAds.split('/')
      const gtag = gtagReady(account!)
      gtag('config', account, { page_location: bareLocation(), page_referrer: '' })
      gtag('event', 'conversion', { send_to: googleAds })
    }
    if (pixel) metaPixel(pixel)('track', 'Lead')
  }
}
