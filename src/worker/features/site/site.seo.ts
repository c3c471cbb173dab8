// Findable (issue 6 §8; docs/API.md "Findable (SEO)"): the head of a route and a post page
// (title, description, hreflang alternates, Open Graph picture, JSON-LD), /sitemap.xml and
// /robots.txt. Mounted in app.ts before the page router.
import { Hono } from 'hono'
import type { PostDto } from '#shared/contract/posts'
import { LOCALES, type Locale } from '#shared/i18n/index'
import { fillPath, type PageEntry } from '#shared/pages'
import { localizedHref, PAGES, ROUTABLE, type PageId } from '#client/app/pages.ts'
import { linkBase, type Ctx } from '#worker/context'
import type { AppEnv, Env } from '#worker/env'
import type { Db } from '#worker/db/client'
import { absoluteImage, alternatesOf, hreflangs, organization, summary, urlOf } from '#worker/ssr/head'
import type { PageHead } from '#worker/ssr/page'
import * as repo from './site.repo'

// ── Page heads ────────────────────────────────────────────────────────────────────────────────

type PostVersion = Awaited<ReturnType<typeof repo.postVersions>>[number]

/**
 * An article (/post/{slug}): posts have no SEO columns, so its title and description (else the
 * start of its text); its cover; the languages its slug is published in; JSON-LD of type Article.
 * The author is the article's byline, else the name of the user who created it, else the brand.
 */
export function postHead(ctx: Ctx, post: PostDto, versions: PostVersion[]): PageHead {
  const path = fillPath(PAGES.post.path, { slug: post.slug })
  const own = versions.find((v) => v.language === post.language)
  const alternates = alternatesOf(
    path,
    post.language,
    versions.map((v) => v.language),
  )
  const url = urlOf(ctx.linkBase, path, post.language)
  const image = absoluteImage(ctx.linkBase, post.images?.cover)
  const description = post.description || summary(post.content, 160) || null
  const byline = post.author?.trim() || own?.authorName?.trim()
  const article: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title.length > 110 ? summary(post.title, 110) : post.title,
    ...(description ? { description: summary(description, 500) } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: post.language,
    ...(post.published_at ? { datePublished: post.published_at } : {}),
    ...(post.updated_at ? { dateModified: post.updated_at } : {}),
    ...(image ? { image: [image] } : {}),
    author: byline ? { '@type': 'Person', name: byline } : organization(ctx),
    publisher: organization(ctx),
    ...(post.category ? { articleSection: post.category.title } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
    ...(post.time_for_reading ? { timeRequired: `PT${post.time_for_reading}M` } : {}),
  }
  return {
    title: post.title,
    description,
    alternates,
    type: 'article',
    image: post.images?.cover ?? null,
    preloadImage: post.images?.cover ?? null,
    publishedTime: post.published_at,
    modifiedTime: post.updated_at,
    jsonLd: [article],
    // An editor may keep a published post out of search results (posts.index, SPEC §3).
    noindex: own ? !own.index : false,
  }
}

// ── /sitemap.xml ──────────────────────────────────────────────────────────────────────────────

/** The sitemap protocol's limit of URLs in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000
/** How long browsers and shared caches may keep /sitemap.xml and /robots.txt (seconds). */
export const SITEMAP_CACHE_SECONDS = 300
export const ROBOTS_CACHE_SECONDS = 3600

/**
 * Public pages without parameters that are steps of a flow rather than something to find: left
 * out of the sitemap (a page entry can say the same with `noindex`, which also adds the robots tag).
 */
const UNLISTED: readonly PageId[] = [
  'login',
  'register',
  'recover',
  'thanks',
  'expired',
  'blockedRoute',
  'appointment',
  'disableNotifications',
]

/** The page table's pages the sitemap lists in both languages: public or visitor pages without parameters. */
export function listedPages(): { id: PageId; entry: PageEntry<unknown> }[] {
  return ROUTABLE.filter(
    ({ id, entry }) =>
      (entry.access === 'public' || entry.access === 'guest') &&
      !entry.path.includes(':') &&
      !entry.devOnly &&
      !entry.bare &&
      !entry.noindex &&
      !UNLISTED.includes(id),
  )
}

interface SitemapUrl {
  loc: string
  lastmod?: Date | null
  alternates: { lang: string; href: string }[]
}

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!)
const w3cDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z')

function latest(dates: (Date | null | undefined)[]): Date | null {
  let best: Date | null = null
  for (const d of dates) if (d && (!best || d > best)) best = d
  return best
}

/**
 * Every public URL of both languages, at most SITEMAP_MAX_URLS: the listed pages of the table,
 * then visible routes, then the newest published posts (1 statement for routes, 1 for posts).
 */
export async function sitemapUrls(db: Db, base: string): Promise<SitemapUrl[]> {
  const pages = listedPages()
  const budget = SITEMAP_MAX_URLS - pages.length * LOCALES.length
  const routes = await repo.sitemapRoutes(db, budget)
  const posts = await repo.sitemapPosts(db, budget - routes.length)

  const lastOf = (rows: { language: Locale; updatedAt: Date | null }[], l: Locale) =>
    latest(rows.filter((r) => r.language === l).map((r) => r.updatedAt))
  const contentLast: Partial<Record<PageId, (l: Locale) => Date | null>> = {
    home: (l) => lastOf(routes, l),
    routes: (l) => lastOf(routes, l),
    blog: (l) => lastOf(posts, l),
  }

  const urls: SitemapUrl[] = []
  for (const { id, entry } of pages) {
    const alternates = hreflangs(base, Object.fromEntries(LOCALES.map((l) => [l, entry.path])))
    for (const l of LOCALES) urls.push({ loc: urlOf(base, entry.path, l), lastmod: contentLast[id]?.(l), alternates })
  }
  const content = (rows: { slug: string; language: Locale; updatedAt: Date | null }[], pattern: string) => {
    const languagesOf = new Map<string, Locale[]>()
    for (const r of rows) languagesOf.set(r.slug, [...(languagesOf.get(r.slug) ?? []), r.language])
    for (const r of rows) {
      const path = fillPath(pattern, { slug: r.slug })
      const alternates = hreflangs(base, Object.fromEntries(languagesOf.get(r.slug)!.map((l) => [l, path])))
      urls.push({ loc: urlOf(base, path, r.language), lastmod: r.updatedAt, alternates })
    }
  }
  content(routes, PAGES.route.path)
  content(posts, PAGES.post.path)
  return urls.slice(0, SITEMAP_MAX_URLS)
}

export function sitemapXml(urls: SitemapUrl[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ]
  for (const u of urls) {
    out.push('<url>', `<loc>${xml(u.loc)}</loc>`)
    if (u.lastmod) out.push(`<lastmod>${w3cDate(u.lastmod)}</lastmod>`)
    for (const a of u.alternates) out.push(`<xhtml:link rel="alternate" hreflang="${a.lang}" href="${xml(a.href)}"/>`)
    out.push('</url>')
  }
  out.push('</urlset>', '')
  return out.join('\n')
}

// ── /robots.txt ───────────────────────────────────────────────────────────────────────────────

/**
 * Crawlers may read every public page; the API, the local helpers, sign-in redirects and every
 * sign-in-only page of the table (both languages) are off limits. A staging Worker asks not to
 * be crawled at all.
 */
export function robotsTxt(env: Env, base: string): string {
  if (env.APP_ENV === 'staging') return 'User-agent: *\nDisallow: /\n'
  const privatePaths = ROUTABLE.filter(({ entry }) => entry.access === 'user').map(
    ({ entry }) => entry.path.split('/:')[0]!,
  )
  const disallow = [
    '/v1/',
    '/__dev/',
    '/__scheduled',
    PAGES.providerSignIn.path.split(':')[0]!, // '/auth/'
    ...LOCALES.map((l) => localizedHref(l, 'logout')),
    ...new Set(privatePaths.flatMap((p) => LOCALES.map((l) => (l === 'es' ? p : `/en${p}`)))),
  ]
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}

// ── Router ────────────────────────────────────────────────────────────────────────────────────

export const seoRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const body = sitemapXml(await sitemapUrls(c.var.db, linkBase(c)))
    return c.body(body, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': `public, max-age=${SITEMAP_CACHE_SECONDS}`,
    })
  })
  .get('/robots.txt', (c) =>
    c.body(robotsTxt(c.env, linkBase(c)), 200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': `public, max-age=${ROBOTS_CACHE_SECONDS}`,
    }),
  )

// What the route and post pages ask of the site for their heads and alternates.
/** The languages a route's slug is published in (its hreflang links). */
/** A post's versions in each language, by slug. */
export const postVersions = (ctx: Ctx, slug: string) => repo.postVersions(ctx.db, slug)
/** Whether the post at `slug` in the request's language was removed (the page answers 410). */
export const isRemovedPost = (ctx: Ctx, slug: string) => repo.isRemovedPost(ctx.db, slug, ctx.locale)
