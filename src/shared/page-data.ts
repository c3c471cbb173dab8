import type { Locale } from './i18n/locale'

/** A post as the footer and related lists link to it. */
export interface PostLink {
  slug: string
  title: string
}

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
  page: string
  component: string
  title: string
  /** Locale-free path, e.g. '/route/abc'. */
  path: string
  search: string
  params: Record<string, string>
  query: Record<string, string>
  locale: Locale
  status: number
  bare: boolean
  data: D
  user: PageUser | null
  footer: { tests: PostLink[]; plans: PostLink[] } | null
  csrf: string | null
  turnstileSiteKey: string
  env: string
}

/** One mail of the local outbox page (/__dev/outbox). */
export interface OutboxMail {
  id: number
  to: string
  subject: string
  text: string | null
  template: string | null
  locale: string | null
  created_at: string
}
