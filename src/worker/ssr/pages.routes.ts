import { Hono, type Context } from 'hono'
import { localizePath, stripLocale } from '#shared/i18n/index'
import { accessRedirect, ERROR_PAGE, matchPage, NOT_FOUND_PAGE, type PageDef } from '#shared/pages'
import { isLocalEnv, type AppEnv } from '../env'
import { AppError } from '../http/errors'
import { footerPosts } from '../features/posts/posts.service'
import { memo } from '../http/memo'
import { LOADERS, PUBLIC_TTL_MS } from './loaders'
import { ACCOUNT_LOADERS, expiredRedirect } from '../features/users/users.pages'
import { renderDocument } from './render'

/** Render `page` (null: the not-found page) for this request, after its access rule. */
export async function renderPageFor(c: Context<AppEnv>, page: PageDef | null, params: Record<string, string>, status = 200) {
  const url = new URL(c.req.url)
  const locale = c.var.locale
  let def = page ?? NOT_FOUND_PAGE
  let code = page ? status : 404
  const redirect = accessRedirect(def, !!c.var.user, url.pathname + url.search, (p) => localizePath(p, locale))
  if (redirect) return c.redirect(redirect, 302)
  const expired = expiredRedirect(def, c.var.user, locale)
  if (expired) return c.redirect(expired, 302)

  const query = Object.fromEntries(url.searchParams)
  let data: unknown = null
  const loader = LOADERS[def.id] ?? ACCOUNT_LOADERS[def.id]
  if (loader) {
    try {
      data = await loader({ c, params, query })
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'not_found') throw err
      def = NOT_FOUND_PAGE
      code = 404
    }
  }
  const footer = c.var.user || def.bare ? null : await memo(`footer:${locale}`, PUBLIC_TTL_MS, () => footerPosts(c.var.db, locale))
  const u = c.var.user
  return renderDocument(
    c,
    def,
    {
      page: def.id,
      path: stripLocale(url.pathname),
      search: url.search,
      params,
      query,
      locale,
      status: code,
      data,
      user: u ? { id: u.id, name: u.name, email: u.email, role: u.role, language: u.language, subscriber: u.subscriber } : null,
      footer,
      csrf: u?.session?.csrf ?? null,
      turnstileSiteKey: c.env.TURNSTILE_SITE_KEY,
      env: c.env.APP_ENV,
    },
    code,
  )
}

/** Every path that is not the API, media or a file: a server-rendered page (DESIGN §6). */
export const pageRoutes = new Hono<AppEnv>().get('*', async (c) => {
  const url = new URL(c.req.url)
  if (url.pathname === '/en') return c.redirect(`/en/${url.search}`, 301)
  const match = matchPage(stripLocale(url.pathname))
  if (!match || (match.page.devOnly && !isLocalEnv(c.env))) return renderPageFor(c, null, {}, 404)
  return renderPageFor(c, match.page, match.params)
})

/** The page for a failure while rendering: not-found for a missing thing, the error page otherwise. */
export function renderErrorPage(c: Context<AppEnv>, err: AppError) {
  return renderPageFor(c, err.code === 'not_found' ? null : ERROR_PAGE, {}, err.status)
}
