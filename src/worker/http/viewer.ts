import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { serialize } from 'hono/utils/cookie'
import type { AppEnv } from '#worker/env'
import { hmac, serverSecret } from '#worker/lib/crypto'

/**
 * Who the device's viewer is, for the service worker's offline copies (issue 32 §4;
 * docs/decisions/039-offline-copies-belong-to-one-session.md). The session cookie is HttpOnly,
 * so the worker names the viewer itself, on every answer that read the session (pages and /v1):
 *
 * - `<id>.<exp>`: a cookie session. `id` is an HMAC of the session (22 characters, 132 bits): it
 *   says nothing of the person or the token and authorizes nothing; `exp` is the session's end in
 *   seconds, so the service worker knows it offline. A bearer session (the API) is no browser's
 *   and is never named.
 * - `v`: a visitor (no session, or one that ended: a password change or erasure elsewhere, its
 *   expiry, a logout, a 401).
 *
 * It travels twice: in the `x-calma-viewer` header (the service worker files a page under the
 * viewer it was rendered for) and in the companion cookie `__Host-calma_viewer`, not HttpOnly, that
 * the service worker reads through the Cookie Store API with the network gone. The companion has
 * the session cookie's lifetime (Max-Age with 'keep me connected', else it ends with the browser)
 * and is cleared by any answer that finds the session gone, so the browser's cookie jar, which
 * the service worker reads, says who holds the device even offline.
 */
export const VIEWER_HEADER = 'x-calma-viewer'
/** Set with hono's `prefix: 'host'`: `__Host-` (Secure, Path=/, no Domain: no subdomain can set it). */
const COMPANION = 'calma_viewer'
const COMPANION_NAME = `__Host-${COMPANION}`
const SESSION_COOKIE = 'calma_session'

/** Paths that never read the session (features/users/session.ts skips /media) or answer no page. */
const SILENT = /^\/(?:media|ws|hooks)(?:\/|$)/

/** This isolate's viewer ids by session hash: a signed-in page pays its HMAC once per session. */
const ids = new Map<string, string>()
const IDS_MAX = 2_000

/** The opaque viewer of a cookie session: an HMAC of its KV hash under the server's secret. */
export async function viewerOf(c: Context<AppEnv>, session: { hash: string; expiresAt: number }): Promise<string> {
  let id = ids.get(session.hash)
  if (!id) {
    id = (await hmac(serverSecret(c.env), `viewer:${session.hash}`)).slice(0, 22)
    if (ids.size >= IDS_MAX) ids.delete(ids.keys().next().value!)
    ids.set(session.hash, id)
  }
  return `${id}.${Math.floor(session.expiresAt / 1000)}`
}

/** The answer sets or deletes the session cookie (a sign-in, a new password, a logout). */
const replacesSession = (res: Response) =>
  res.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))

function setCookieLine(c: Context<AppEnv>, line: string) {
  try {
    c.res.headers.append('set-cookie', line)
  } catch {
    c.header('set-cookie', line, { append: true })
  }
}

function setHeader(c: Context<AppEnv>, value: string) {
  try {
    c.res.headers.set(VIEWER_HEADER, value)
  } catch {
    c.header(VIEWER_HEADER, value)
  }
}

/**
 * After the handler: name the viewer and bring the companion cookie in line with it. Nothing when
 * the session could not be read (it may be fine: nothing is cleared on a KV failure).
 */
export const viewerMark = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (SILENT.test(c.req.path) || c.var.sessionUnavailable) return
  const user = c.var.user
  const had = getCookie(c, COMPANION, 'host')
  let viewer = 'v'
  // A sign-in, a new password or a logout: the session this request came with is over; the next
  // answer (the page the person lands on) names the new one.
  if (!replacesSession(c.res) && user?.session) {
    if (user.session.via !== 'cookie') return
    viewer = await viewerOf(c, user.session)
  }
  setHeader(c, viewer)
  if (viewer === 'v') {
    if (had !== undefined)
      setCookieLine(c, serialize(COMPANION_NAME, '', { path: '/', secure: true, sameSite: 'Lax', maxAge: 0 }))
    return
  }
  if (had === viewer) return
  const s = user!.session!
  const maxAge = s.remember ? Math.max(0, Math.floor((s.expiresAt - Date.now()) / 1000)) : undefined
  setCookieLine(
    c,
    serialize(COMPANION_NAME, viewer, {
      ...(maxAge !== undefined ? { maxAge } : {}),
      path: '/',
      secure: true,
      sameSite: 'Lax',
    }),
  )
})
