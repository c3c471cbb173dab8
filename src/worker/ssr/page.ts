// The server half of a page entry (issue 13 §1): its loader, typed by the data schema of the
// page's contract, so the data a page's component reads is exactly what its loader produced.
import type { Context } from 'hono'
import type { z } from 'zod'
import type { LoadedPageId, PageData, PageId } from '#client/app/pages.ts'
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import type { AppEnv } from '#worker/env'

export interface LoaderArgs {
  c: Context<AppEnv>
  ctx: Ctx
  params: Record<string, string>
  query: Record<string, string>
}

/**
 * What a page tells search engines and link previews about itself (issue 6 §8), beyond what the
 * page table says. Every field is optional; render.tsx fills the rest from the page's entry
 * (docs/API.md "Findable (SEO)"). Text is plain: render.tsx escapes it.
 */
export interface PageHead {
  /** The <title> and og:title, without the brand (render adds " · Calma" to <title>). */
  title?: string
  /** The meta and og:description (collapsed to one line, cut at 160 characters). */
  description?: string | null
  /**
   * The locale-free path of this content in each language it exists in: the canonical URL and
   * the hreflang links. Absent: the page's own path, in both languages (every UI page is).
   */
  alternates?: Partial<Record<Locale, string>>
  /** og:type; 'website' when absent. */
  type?: 'article' | 'website'
  /** The preview picture: an absolute URL, a site path, or an R2 key served under /media/. */
  image?: string | null
  /**
   * The picture a phone paints largest above the fold (a route's or a post's cover), exactly as
   * the page's <img> names it: preloaded at high priority before the scripts, so it does not wait
   * behind them for a connection on a slow link.
   */
  preloadImage?: string | null
  /** ISO instants for article:published_time / article:modified_time. */
  publishedTime?: string | null
  modifiedTime?: string | null
  /** schema.org objects, each written as its own <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>[]
  /** Keep it out of search results (robots noindex; no canonical, no hreflang). */
  noindex?: boolean
}

/** A loader's answer: the page's data and, optionally, its head. */
export interface Loaded<D> {
  data: D
  head?: PageHead
}

const HEAD = Symbol('withHead')
interface WithHead<D> {
  readonly [HEAD]: true
  data: D
  head: PageHead
}

/** Return the page's data together with its head: `return withHead({ route }, routeHead(...))`. */
export function withHead<D>(data: D, head: PageHead): WithHead<D> {
  return { [HEAD]: true, data, head }
}

export interface PageLoader<D> {
  /** The page's data contract: local and test runs check every render against it. */
  schema: z.ZodType<D>
  load: (args: LoaderArgs) => Promise<Loaded<D>>
}

/**
 * A page's loader: it reads by calling services directly (no HTTP hop) and returns `schema`'s
 * type, or `withHead(data, head)` to describe the page to search engines as well.
 */
export function loader<S extends z.ZodType>(
  schema: S,
  load: (args: LoaderArgs) => Promise<z.output<S> | WithHead<z.output<S>>>,
): PageLoader<z.output<S>> {
  return {
    schema: schema as unknown as z.ZodType<z.output<S>>,
    async load(args) {
      const out = await load(args)
      return typeof out === 'object' && out !== null && HEAD in out
        ? { data: out.data, head: out.head }
        : { data: out as z.output<S> }
    },
  }
}

/** The loaders of some pages, each typed by its entry in the page table. */
export type PageLoaders<K extends LoadedPageId> = { [P in K]: PageLoader<PageData<P>> }

/** Pages that need no loader: what a loader may answer with instead of its own page. */
export type PlainPageId = Exclude<PageId, LoadedPageId>

/**
 * Thrown by a loader to answer with another page of the table at the same URL and with this
 * status, e.g. the deleted-article page with 410 at a deleted post's URL, or the blocked-route
 * page with 403 at a locked route's URL. A page with data gets it here (`ShowPage.with`).
 */
export class ShowPage extends Error {
  constructor(
    readonly page: PageId,
    readonly status: number,
    readonly head?: PageHead,
    readonly data: unknown = null,
  ) {
    super(`show ${page}`)
    this.name = 'ShowPage'
  }

  /** A page without data. */
  static plain(page: PlainPageId, status: number, head?: PageHead) {
    return new ShowPage(page, status, head)
  }

  /** A page with its data, typed by its entry in the page table. */
  static with<K extends LoadedPageId>(page: K, status: number, data: PageData<K>, head?: PageHead) {
    return new ShowPage(page, status, head, data)
  }
}
