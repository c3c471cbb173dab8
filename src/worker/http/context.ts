import { createMiddleware } from 'hono/factory'
import { createTranslator, localeFromPath, negotiateLocale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { getDb } from '#worker/db/client'
import type { AppEnv } from '#worker/env'

/**
 * Per-request context (CONVENTIONS 8): the db handle, the locale and its translator. API calls
 * take the locale from SPEC §7's `locale` header (or Accept-Language); pages from their path
 * (/en → English). The signed-in user is the users feature's to find (its session middleware,
 * mounted next in app.ts); until then the request is a visitor's.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  const api = path.startsWith('/v1/') || path === '/v1'
  const locale = api
    ? negotiateLocale(c.req.header('locale') ?? c.req.query('locale'), c.req.header('accept-language'))
    : localeFromPath(path)
  c.set('locale', locale)
  c.set('t', createTranslator(locale, messagesFor(locale)))
  c.set('db', getDb(c.env.DB))
  c.set('user', null)
  await next()
})
