// The <head> tags that make a page findable (issue 6 §8; docs/API.md "Findable (SEO)"): title,
// description, robots, canonical, hreflang alternates, Open Graph and JSON-LD. Loaders describe
// their content with a PageHead (ssr/page.ts); every other page gets the defaults from its entry.
import { LOCALES, localizePath, type Locale } from '#shared/i18n/index'
import type { PageEntry } from '#shared/pages'
import type { PageHead } from './page'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'

/** Text inside an element or a double-quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)

/**
 * JSON inside <script type="application/ld+json">: nothing in the data may close the tag or open
 * a comment (`<` `>` `&` as \u escapes), and U+2028/2029 are escaped rather than dropped.
 */
export const jsonLdScript = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export const OG_LOCALE: Record<Locale, string> = { es: 'es_ES', en: 'en_US' }

/** Text for a meta description: one line, at most `max` characters, cut at a word. */
export function summary(text: string | null | undefined, max = 160): string {
  const flat = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`
}

/** An absolute URL for a picture: as is when absolute, else on this site (an R2 key under /media/). */
export function absoluteImage(base: string, image: string | null | undefined): string | null {
  if (!image) return null
  if (/^https?:\/\//i.test(image)) return image
  if (image.startsWith('/')) return `${base}${image}`
  return `${base}/media/${image.split('/').map(encodeURIComponent).join('/')}`
}

/** A locale-free path without a trailing slash (but '/'), as canonical URLs write it. */
const tidy = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)

/** The absolute URL of a locale-free path in `locale`. */
export const urlOf = (base: string, path: string, locale: Locale) => `${base}${localizePath(tidy(path), locale)}`

/**
 * The alternates of a set of language versions: one per existing language, and x-default on the
 * Spanish one (the unprefixed default, SPEC §1), else the only one there is.
 */
export function hreflangs(
  base: string,
  alternates: Partial<Record<Locale, string>>,
): { lang: Locale | 'x-default'; href: string }[] {
  const out: { lang: Locale | 'x-default'; href: string }[] = []
  for (const l of LOCALES) {
    const p = alternates[l]
    if (p !== undefined) out.push({ lang: l, href: urlOf(base, p, l) })
  }
  const dflt = out.find((a) => a.lang === 'es') ?? out[0]
  if (dflt) out.push({ lang: 'x-default', href: dflt.href })
  return out
}

export interface HeadInput {
  /** Origin links point to (ctx.linkBase: APP_URL in production, the request's origin locally). */
  base: string
  locale: Locale
  /** The request's locale-free path. */
  path: string
  page: PageEntry<unknown>
  status: number
  brand: string
  /** The page table's title, in this language. */
  pageTitle: string
  isHome: boolean
  defaultDescription: string
  head?: PageHead
}

/** Whether search engines may index this answer. */
export function indexable(page: PageEntry<unknown>, status: number, head?: PageHead) {
  return (
    status < 400 &&
    !head?.noindex &&
    !page.noindex &&
    !page.devOnly &&
    !page.bare &&
    page.access !== 'user' &&
    page.path !== ''
  )
}

/** The SEO tags of the page's <head>, escaped. */
export function seoTags(i: HeadInput): string[] {
  const h = i.head ?? {}
  const name = h.title ?? i.pageTitle
  const title = i.isHome && !h.title ? name : `${name} · ${i.brand}`
  const description = summary(h.description) || summary(i.defaultDescription)
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(description)}">`]
  const index = indexable(i.page, i.status, i.head)
  if (!index) tags.push('<meta name="robots" content="noindex">')

  const alternates = h.alternates ?? Object.fromEntries(LOCALES.map((l) => [l, i.path]))
  const own = alternates[i.locale] ?? i.path
  const canonical = urlOf(i.base, own, i.locale)
  if (index) {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`)
    for (const a of hreflangs(i.base, alternates))
      tags.push(`<link rel="alternate" hreflang="${a.lang}" href="${escapeHtml(a.href)}">`)
  }

  const image = absoluteImage(i.base, h.image)
  const og: [string, string | null | undefined][] = [
    ['og:site_name', i.brand],
    ['og:title', name],
    ['og:description', description],
    ['og:type', h.type ?? 'website'],
    ['og:url', index ? canonical : null],
    ['og:locale', OG_LOCALE[i.locale]],
    ...LOCALES.filter((l) => l !== i.locale && index && alternates[l] !== undefined).map((l): [string, string] => [
      'og:locale:alternate',
      OG_LOCALE[l],
    ]),
    ['og:image', image],
    ['article:published_time', h.type === 'article' ? h.publishedTime : null],
    ['article:modified_time', h.type === 'article' ? h.modifiedTime : null],
  ]
  for (const [prop, content] of og) if (content) tags.push(`<meta property="${prop}" content="${escapeHtml(content)}">`)
  tags.push(`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`)
  return tags
}

/**
 * The CSP nonce on an element the renderer itself writes (scripts, the csp-nonce meta). A page
 * kept by the page caches is cut where its render wrote this value and gets each answer's own
 * there (http/public-cache.ts cutAtNonces): nothing else marks these elements, so nothing a body
 * holds can pass for one of them.
 */
export const nonceAttrs = (nonce: string) => `nonce="${nonce}"`

/** The page's JSON-LD blocks (with the request's CSP nonce, like every script of the page). */
export function jsonLdTags(head: PageHead | undefined, nonce: string): string[] {
  return (head?.jsonLd ?? []).map(
    (o) => `<script type="application/ld+json" ${nonceAttrs(nonce)}>${jsonLdScript(o)}</script>`,
  )
}

// ── What the content pages' heads share (routes: content.seo.ts; articles: site.seo.ts) ─────────

export type Alternates = Partial<Record<Locale, string>>

/** The locale-free path of a content page in every language it exists in (always its own). */
export function alternatesOf(path: string, own: Locale, languages: readonly Locale[]): Alternates {
  return Object.fromEntries(LOCALES.filter((l) => l === own || languages.includes(l)).map((l) => [l, path]))
}

export const organization = (ctx: Ctx) => ({
  '@type': 'Organization',
  name: messagesFor(ctx.locale).brand,
  url: `${ctx.linkBase}/`,
})

/** ISO 8601 duration of some seconds, in whole minutes (at least one): 'PT25M'. */
export const minutes = (seconds: number) => `PT${Math.max(1, Math.round(seconds / 60))}M`
