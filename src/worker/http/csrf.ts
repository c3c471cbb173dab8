import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/env'
import { safeEqual } from '#worker/lib/crypto'
import { AppError } from './errors'

// CSRF (issue 3 §2, DESIGN §4, docs/decisions/010-sessions-tokens-and-csrf.md).
// - A write carried by the session cookie (no Authorization header) must send the session's
//   CSRF token, which the page embeds in <meta name="csrf-token">, as X-CSRF-Token.
// - Bearer calls need none: a browser never attaches that header by itself.
// - Every write, signed in or not, is refused when the browser says it comes from another
//   site (Origin or Sec-Fetch-Site). That stops login CSRF on sign-in and register, which have
//   no session yet; clients that send neither header (mobile apps, curl) are unaffected.

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

function allowedOrigins(url: string, appUrl: string): Set<string> {
  const out = new Set([new URL(url).origin])
  try {
    out.add(new URL(appUrl).origin)
  } catch {
    // APP_URL unset or malformed: the request's own origin only
  }
  return out
}

export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE.has(c.req.method)) return next()
  const origin = c.req.header('origin')
  const site = c.req.header('sec-fetch-site')
  const crossSite =
    (origin !== undefined && origin !== 'null' && !allowedOrigins(c.req.url, c.env.APP_URL).has(origin)) ||
    origin === 'null' ||
    site === 'cross-site'
  if (crossSite) throw new AppError('unauthorized', { message: 'accounts.errors.csrf' })

  const session = c.var.user?.session
  if (session?.via === 'cookie') {
    const sent = c.req.header('x-csrf-token') ?? ''
    if (!sent || !safeEqual(sent, session.csrf)) throw new AppError('unauthorized', { message: 'accounts.errors.csrf' })
  }
  await next()
})
