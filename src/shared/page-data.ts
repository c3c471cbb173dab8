import type { PostLink } from '#shared/contract/posts'
import type { Locale } from '#shared/i18n/locale'

/** The signed-in user as pages see them (never a hash, never someone else's data). */
export interface PageUser {
  id: number
  name: string | null
  email: string | null
  role: number
  language: Locale
  subscriber: boolean
}

/**
 * Everything a page needs to render, embedded by the server and read back by the client
 * so hydration renders exactly what the server did.
 */
export interface Boot<D = unknown> {
  /** The page's id in the page table (src/client/app/pages.ts). */
  page: string
  title: string
  /** Locale-free path, e.g. '/route/abc'. */
  path: string
  search: string
  params: Record<string, string>
  query: Record<string, string>
  locale: Locale
  /**
   * The IANA zone dates are shown in: the signed-in person's, else the one their browser
   * reported (cookie `tz`), else UTC. Server and browser format with it, so hydration matches.
   */
  timeZone: string
  status: number
  bare: boolean
  data: D
  user: PageUser | null
  footer: { tests: PostLink[]; plans: PostLink[] } | null
  csrf: string | null
  turnstileSiteKey: string
  /** No consent choice of this version was made (cookie calma_consent absent): the banner is rendered open. */
  consentAsked: boolean
  /** The vendors' ids, loaded only after consent (features/site/consent/vendors.ts); null: none. */
  vendors: { analytics: string | null; metaPixel: string | null; googleAds: string | null }
  env: string
}
