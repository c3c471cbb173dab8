// What a page's code knows of the page table without importing it (issue 33 §4): app/pages.ts
// imports every feature's pages, their screens import app/context.tsx, and a context that took
// its `Href` from pages.ts closed a circle through the whole client. The table registers its
// links here instead (declaration merging, at the end of app/pages.ts): this module imports
// nothing of it, and a link to a page that does not exist still fails the type-check.
import type { Locale, Messages, Translate } from '#shared/i18n/index'
import type { Boot } from '#shared/page-data'
import type { HrefArgs } from '#shared/pages'

/**
 * Every page and link id of the table, with its path pattern ('/route/:slug'). Filled in by
 * app/pages.ts from the table itself, so no path is written twice.
 */
export interface LinkPaths {}

/** `href` bound to one locale, as pages get it from usePage(): href('route', { slug }). */
export type Href = <K extends keyof LinkPaths>(id: K, ...args: HrefArgs<LinkPaths[K] & string>) => string

export interface PageContextValue {
  boot: Boot
  t: Translate
  /** The whole catalogue, for lists of texts (FAQ, testimonials). */
  messages: Messages
  locale: Locale
  /** A link to a page of the table in the current language: href('route', { slug }). */
  href: Href
}
