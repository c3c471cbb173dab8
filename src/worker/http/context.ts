import { createMiddleware } from 'hono/factory'
import { createTranslator, localeFromPath, negotiateLocale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { getDb } from '../db/client'
import type { AppEnv } from '../env'
import { resolveSessionUser } from '../features/users/session'

/**
 * Per-request context (CONVENTIONS 8): the db handle, the locale and its translator, and the
 * signed-in user. API calls take the locale from SPEC §7's `locale` header (or Accept-Language);
 * pages from their path (/en → English).
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
  // Media is public and fetched in many Range requests while a unit plays: it never needs the
  // caller, so it skips the session lookup (a KV read and a D1 read per request).
  c.set('user', path.startsWith('/media/') ? null : await resolveSessionUser(c))
  await next()
})
