import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { canonicalTimeZone } from '#shared/contract/fields'
import { localizePath, stripLocale } from '#shared/i18n/index'
import { accessRedirect, matchSegments, pathSegments, patternSegments, type PageEntry } from '#shared/pages'
import { pageEntry, ROUTABLE, type PageId } from '#client/app/pages.ts'
import { ctxOf } from '#worker/context'
import { isLocalEnv, type AppEnv } from '#worker/env'
import { footerPosts } from '#worker/features/posts/posts.service'
import { requestCountry } from '#worker/features/legal/legal.pages'
import { expiredRedirect } from '#worker/features/users/users.pages'
import { AppError } from '#worker/http/errors'
import { PUBLIC_CACHE_TTL_MS } from '#shared/limits'
import { memo } from '#worker/http/memo'
import { sharedPage } from '#worker/http/public-cache'
import { personalPage } from '#worker/http/person-cache'
import { CONSENT_COOKIE, CONSENT_VERSION } from '#shared/consent'
import { SESSION_COOKIE } from '#worker/identity/cookie'
import { buildVersion } from './assets'
import { loaderOf } from './loaders'
import { ShowPage, type PageHead } from './page'
import { renderDocument } from './render'
import { timed } from '#worker/http/timing'

/** The cookie the browser sets with its time zone, so dates render in it from the server on. */
export const TZ_COOKIE = 'tz'

/** Whether this browser made a consent choice of the current version (shared/consent.ts). */
const consentChosen = (c: Context<AppEnv>) => getCookie(c, CONSENT_COOKIE) === String(CONSENT_VERSION)

/** The zone a page shows dates in (Boot.timeZone): the person's, their browser's, else UTC. */
function timeZoneOf(c: Context<AppEnv>): string {
  const mine = c.var.user?.row?.timezone
  const candidate = mine ?? getCookie(c, TZ_COOKIE)
  return (candidate && canonicalTimeZone(candidate)) || 'UTC'
}

/** Render page `id` (null: the not-found page) for this request, after its access rule. */
export async function renderPageFor(
  c: Context<AppEnv>,
  id: PageId | null,
  params: Record<string, string>,
  status = 200,
) {
  const url = new URL(c.req.url)
  const locale = c.var.locale
  let pageId: PageId = id ?? 'notFound'
  let def: PageEntry<unknown> = pageEntry(pageId)
  let code = id ? status : 404
  // The session could not be read (identity/): the person may be signed in, so a
  // 'user' page answers 503 (the error page) instead of sending them to sign in.
  if (def.access === 'user' && c.var.sessionUnavailable) throw new AppError('unavailable')
  const redirect = accessRedirect(def.access, c.var.user, url.pathname + url.search, (p) => localizePath(p, locale))
  if (redirect) return c.redirect(redirect, 302)
  const expired = expiredRedirect(pageId, def.access, c.var.user, locale)
  if (expired) return c.redirect(expired, 302)

  const query = Object.fromEntries(url.searchParams)
  const ctx = ctxOf(c)
  let data: unknown = null
  let head: PageHead | undefined
  const loader = loaderOf(pageId)
  if (loader) {
    try {
      const loaded = await timed(c, 'load', () => loader.load({ c, ctx, params, query }))
      data = loaded.data
      head = loaded.head
      // Local and test runs hold every render to the page's data contract, so drift fails a test.
      if (isLocalEnv(c.env)) {
        const parsed = loader.schema.safeParse(data)
        if (!parsed.success)
          console.error(
            `[${c.get('requestId')}] page ${pageId} data does not match its contract`,
            parsed.error.issues.slice(0, 3),
          )
      }
    } catch (err) {
      data = null
      if (err instanceof ShowPage) {
        // The loader answers with another page at this URL (the deleted-article page, 410).
        pageId = err.page
        code = err.status
        head = err.head
        data = err.data
      } else if (err instanceof AppError && err.code === 'not_found') {
        pageId = 'notFound'
        code = 404
        head = undefined
      } else throw err
      def = pageEntry(pageId)
    }
  }
  const footer =
    c.var.user || def.bare
      ? null
      : await memo(`footer:${locale}`, PUBLIC_CACHE_TTL_MS, () => footerPosts({ ...ctx, user: null }))
  const u = c.var.user
  return timed(c, 'render', () =>
    renderDocument(
      c,
      def,
      {
        page: pageId,
        title: c.var.t(def.title),
        path: stripLocale(url.pathname),
        search: url.search,
        params,
        query,
        locale,
        timeZone: timeZoneOf(c),
        status: code,
        bare: !!def.bare,
        data,
        user: u
          ? { id: u.id, name: u.name, email: u.email, role: u.role, language: u.language, subscriber: u.subscriber }
          : null,
        footer,
        csrf: u?.session?.csrf ?? null,
        turnstileSiteKey: c.env.TURNSTILE_SITE_KEY,
        consentAsked: !consentChosen(c),
        vendors: {
          analytics: c.env.GA_MEASUREMENT_ID || null,
          metaPixel: c.env.META_PIXEL_ID || null,
          googleAds: c.env.GOOGLE_ADS_CONVERSION || null,
        },
        env: c.env.APP_ENV,
      },
      code,
      head,
    ),
  )
}

/**
 * Local and test runs: the page table as JSON, so the accessibility check (e2e/a11y.e2e.mjs)
 * visits every page there is, and a new page is checked without anyone listing it.
 */
export const pageRegistryRoute = new Hono<AppEnv>().get('/', async (c) => {
  if (!isLocalEnv(c.env)) return await renderPageFor(c, null, {}, 404)
  return c.json(
    ROUTABLE.map(({ id, entry }) => ({
      id,
      path: entry.path,
      access: entry.access,
      devOnly: !!entry.devOnly,
      bare: !!entry.bare,
    })),
  )
})

/** The page table with each pattern split once, in its order (the first match wins). */
const PAGE_PATTERNS = ROUTABLE.map(({ id, entry }) => ({ id, entry, want: patternSegments(entry.path) }))

/** Every path that is not the API, media or a file: a server-rendered page (DESIGN §6). */
export const pageRoutes = new Hono<AppEnv>().get('*', async (c) => {
  const url = new URL(c.req.url)
  if (url.pathname === '/en') return c.redirect(`/en/${url.search}`, 301)
  const segs = pathSegments(stripLocale(url.pathname))
  for (const { id, entry, want } of PAGE_PATTERNS) {
    const params = matchSegments(want, segs)
    if (!params) continue
    if (entry.devOnly && !isLocalEnv(c.env)) break
    // A visitor's public page is the same for every visitor in a time zone: shared (http/public-cache.ts).
    if (
      !c.var.user &&
      !c.var.sessionUnavailable &&
      (entry.access === 'public' || entry.access === 'guest') &&
      !entry.devOnly &&
      !getCookie(c, SESSION_COOKIE)
    ) {
      // A page that shows something per country (the help page) keeps one copy per country.
      const country = entry.byCountry ? `|${requestCountry(c) ?? ''}` : ''
      // Per client build too: the Cache API outlives a deployment, the kept page names its files.
      return sharedPage(
        c,
        `${url.pathname}${url.search}|${getCookie(c, TZ_COOKIE) ?? ''}|${consentChosen(c) ? 1 : 0}${country}|${await buildVersion(c.env)}`,
        () => renderPageFor(c, id, params),
      )
    }
    // A signed-in patient's page is kept per session under their data version (http/person-cache.ts).
    if (c.var.user && !entry.devOnly) {
      const country = entry.byCountry ? `|${requestCountry(c) ?? ''}` : ''
      return personalPage(
        c,
        `${c.env.APP_URL}|${url.pathname}${url.search}|${getCookie(c, TZ_COOKIE) ?? ''}|${consentChosen(c) ? 1 : 0}${country}`,
        () => renderPageFor(c, id, params),
      )
    }
    return renderPageFor(c, id, params)
  }
  return renderPageFor(c, null, {}, 404)
})

/** The page for a failure while rendering: not-found for a missing thing, the error page otherwise. */
export function renderErrorPage(c: Context<AppEnv>, err: AppError) {
  return renderPageFor(c, err.code === 'not_found' ? null : 'error', {}, err.status)
}
