import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { createTranslator, localeFromPath, negotiateLocale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { getDb } from '#worker/db/client'
import { countedD1, d1DelayOf, type D1Rounds } from '#worker/db/rounds'
import { isLocalEnv, type AppEnv } from '#worker/env'
import { askedBookmark, BOOKMARK_COOKIE, BOOKMARK_HEADER, BOOKMARK_RE } from './bookmark'
import { serverTiming, startTiming } from './timing'

/**
 * A header on the answer a handler already made. Hono's `c.header()` after the handler copies
 * the whole Response (`new Response(body, res)`) on every call; a few such copies per request
 * turned a page's fixed-length body into a chunked stream. The answer's own headers are set in
 * place instead, as hono's secureHeaders does; a Response with immutable headers (one passed
 * through from `fetch`) still gets its copy.
 */
export function headerAfter(c: Context<AppEnv>, name: string, value: string) {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.header(name, value)
  }
}

/**
 * A KV binding that stands for several of Cloudflare's locations at once gives each request the
 * view of its own (test/stale-kv.ts, the tests of sessions under eventual consistency). The real
 * binding has no `forRequest`: it is used as it is.
 */
function kvOfRequest(kv: KVNamespace, request: Request): KVNamespace {
  const perLocation = kv as KVNamespace & { forRequest?: (r: Request) => KVNamespace }
  return typeof perLocation.forRequest === 'function' ? perLocation.forRequest(request) : kv
}

/**
 * Per-request context (CONVENTIONS 8): the db handle, the locale and its translator. API calls
 * take the locale from SPEC §7's `locale` header (or Accept-Language); pages from their path
 * (/en → English). The signed-in user is the users feature's to find (its session middleware,
 * mounted next in app.ts); until then the request is a visitor's.
 *
 * The request's D1 (db/rounds.ts) is a Sessions API session opened at the caller's bookmark
 * (read-your-writes with replicas), and counted: `c.env.DB` is replaced by it for this request
 * only, so repos, services and raw statements all go through it. After a signed-in write the
 * new bookmark goes back to the person (cookie and header).
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  const api = path.startsWith('/v1/') || path === '/v1'
  const locale = api
    ? negotiateLocale(c.req.header('locale') ?? c.req.query('locale'), c.req.header('accept-language'))
    : localeFromPath(path)
  c.set('locale', locale)
  c.set('t', createTranslator(locale, messagesFor(locale)))
  const bookmark = askedBookmark(c)
  const whole = c.env.DB
  const session = typeof whole.withSession === 'function' ? whole.withSession(bookmark ?? 'first-unconstrained') : null
  const count: D1Rounds = { rounds: 0, calls: 0, wrote: false, changed: false }
  if (c.req.header('x-d1-cold') === '1' && isLocalEnv(c.env)) count.cold = true
  const DB = countedD1(session ?? whole, count, whole, d1DelayOf(c.env))
  c.env = { ...c.env, DB, KV: kvOfRequest(c.env.KV, c.req.raw) }
  c.set('d1', count)
  c.set('db', getDb(DB))
  c.set('user', null)
  const started = performance.now()
  startTiming(c)
  await next()
  if (isLocalEnv(c.env)) {
    const handlerMs = performance.now() - started
    headerAfter(c, 'x-d1-rounds', String(count.rounds))
    headerAfter(c, 'x-d1-calls', String(count.calls))
    // Local profiling (docs/PERFORMANCE.md): time in D1 and in the whole request after this point.
    headerAfter(c, 'x-d1-ms', (count.ms ?? 0).toFixed(1))
    headerAfter(c, 'x-handler-ms', handlerMs.toFixed(1))
    // The spans of http/timing.ts (the session's KV reads, the loader, the render) beside D1's wait.
    const timing = serverTiming(c, [
      ['d1', count.ms ?? 0],
      ['total', handlerMs],
    ])
    if (timing) headerAfter(c, 'server-timing', timing)
  }
  if (count.wrote && c.var.user && session) {
    const after = session.getBookmark()
    if (after && after !== bookmark && BOOKMARK_RE.test(after)) {
      c.header(BOOKMARK_HEADER, after)
      setCookie(c, BOOKMARK_COOKIE, after, { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' })
    }
  }
})
