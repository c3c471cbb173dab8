// The page table (DESIGN §6, issue 13 §1): every domain's pages, gathered. The server matches,
// guards, loads and renders with it (worker/ssr); the browser hydrates with it (entry.tsx);
// every link is built from it with `href` (app/context.tsx), so a link to a page that does not
// exist, or without its parameters, fails the type-check.
import { localizePath, type Locale } from '#shared/i18n/index'
import { fillPath, page, type DataOf, type HrefArgs, type PageEntry } from '#shared/pages'
import type { Href } from './links'
import { adminPages } from '#client/features/admin/admin.pages.ts'
import { appointmentsPages } from '#client/features/appointments/appointments.pages.ts'
import { contentPages } from '#client/features/content/content.pages.ts'
import { formsPages } from '#client/features/forms/forms.pages.ts'
import { legalPages } from '#client/features/legal/legal.pages.ts'
import { mailPages } from '#client/features/mail/mail.pages.ts'
import { paymentsPages } from '#client/features/payments/payments.pages.ts'
import { plansPages } from '#client/features/plans/plans.pages.ts'
import { postsPages } from '#client/features/posts/posts.pages.ts'
import { rankingPages } from '#client/features/ranking/ranking.pages.ts'
import { rewardsPages } from '#client/features/rewards/rewards.pages.ts'
import { sitePages } from '#client/features/site/site.pages.ts'
import { usersPages } from '#client/features/users/users.pages.ts'

export const PAGES = {
  ...sitePages,
  ...legalPages,
  ...formsPages,
  ...usersPages,
  ...contentPages,
  ...postsPages,
  ...plansPages,
  ...appointmentsPages,
  ...paymentsPages,
  ...rewardsPages,
  ...rankingPages,
  ...mailPages,
  ...adminPages,
  // Not reached by a path: rendered when nothing matched, or when rendering failed.
  notFound: page('', 'public', 'pages.not_found', () => import('./NotFound')),
  error: page('', 'public', 'pages.error', () => import('./ErrorPage')),
}

type Table = typeof PAGES
/** Every page and link id. */
export type LinkId = keyof Table
/** Ids of the pages (entries with a component). */
export type PageId = { [K in LinkId]: Table[K] extends PageEntry<any, string> ? K : never }[LinkId]
/** The data a page's server loader must produce (null: it has none). */
export type PageData<K extends PageId> = DataOf<Table[K]>
/** Pages whose loader the server must have. */
export type LoadedPageId = { [K in PageId]: PageData<K> extends null ? never : K }[PageId]

export const isPageId = (id: string): id is PageId =>
  id in PAGES && !!(PAGES as Record<string, { component?: unknown }>)[id]!.component

export function pageEntry(id: PageId): PageEntry<unknown> {
  return PAGES[id] as PageEntry<unknown>
}

/** Pages the server can reach by path, in table order. */
export const ROUTABLE: { id: PageId; entry: PageEntry<unknown> }[] = (Object.keys(PAGES) as LinkId[])
  .filter((id): id is PageId => isPageId(id) && PAGES[id].path !== '')
  .map((id) => ({ id, entry: pageEntry(id) }))

/** A link to page or path `id` in `locale`: `href('route', { slug }, 'en')` → '/en/route/slug'. */
export function localizedHref<K extends LinkId>(locale: Locale, id: K, ...args: HrefArgs<Table[K]['path']>): string {
  const entry: { path: string; localized?: boolean } = PAGES[id]
  const path = fillPath(entry.path, args[0] as Record<string, unknown> | undefined)
  return entry.localized === false ? path : localizePath(path, locale)
}

// The table's links, registered where page code reads them (app/links.ts) without importing this table.
type Paths = { [K in LinkId]: Table[K]['path'] }
declare module './links' {
  interface LinkPaths extends Paths {}
}

/** `href` bound to one locale, as pages get it from usePage(). */
export const makeHref =
  (locale: Locale): Href =>
  (id, ...args) =>
    localizedHref(locale, id, ...args)
