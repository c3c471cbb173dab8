// The session token's cookie (pages) beside the Authorization bearer (the API).
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '#worker/env'

export const SESSION_COOKIE = 'calma_session'

/** The request's token: the Authorization bearer, else the session cookie. */
export function tokenOf(c: Context<AppEnv>): { token: string; via: 'bearer' | 'cookie' } | null {
  const auth = c.req.header('authorization')
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim())
    return m ? { token: m[1]!, via: 'bearer' } : null
  }
  const cookie = getCookie(c, SESSION_COOKIE)
  return cookie ? { token: cookie, via: 'cookie' } : null
}

/** The page cookie of a new session: it outlives the browser only with 'keep me connected'. */
export function setSessionCookie(c: Context<AppEnv>, token: string, maxAge: number | null) {
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    ...(maxAge !== null ? { maxAge } : {}),
  })
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' })
}
