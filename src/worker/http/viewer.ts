import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { serialize } from 'hono/utils/cookie'
import type { AppEnv, Env } from '#worker/env'
import { hmac, serverSecret } from '#worker/lib/crypto'
import { tagOf } from '#shared/viewer-tag'

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
/**
 * Said beside the answer that clears a companion whose session's person was erased: the tag
 * (#shared/viewer-tag, a hash of the id) the device keeps that session's things under, so the
 * service worker (or the page, on a /v1 answer) drops that person's queued progress saves
 * (issue 32 §4; decision 039, "An erased person").
 */
export const ERASED_HEADER = 'x-calma-erased'
/** Set with hono's `prefix: 'host'`: `__Host-` (Secure, Path=/, no Domain: no subdomain can set it). */
const COMPANION = 'calma_viewer'
const COMPANION_NAME = `__Host-${COMPANION}`
const SESSION_COOKIE = 'calma_session'

/** Paths that never read the session (identity/ skips /media) or answer no page. */
const SILENT = /^\/(?:media|ws|hooks)(?:\/|$)/

/** This isolate's viewer ids by session hash: a signed-in page pays its HMAC once per session. */
const ids = new Map<string, string>()
const IDS_MAX = 2_000

/** The opaque id of a session (by its KV hash): an HMAC under the server's secret. */
async function viewerIdOf(env: Env, hash: string): Promise<string> {
  let id = ids.get(hash)
  if (!id) {
    id = (await hmac(serverSecret(env), `viewer:${hash}`)).slice(0, 22)
    if (ids.size >= IDS_MAX) ids.delete(ids.keys().next().value!)
    ids.set(hash, id)
  }
  return id
}

/** The opaque viewer of a cookie session: its id and expiry. */
export async function viewerOf(c: Context<AppEnv>, session: { hash: string; expiresAt: number }): Promise<string> {
  return `${await viewerIdOf(c.env, session.hash)}.${Math.floor(session.expiresAt / 1000)}`
}

/** The id part of a companion cookie's value, if it has the shape the Worker gives it. */
const idOfCompanion = (value: string) => /^([A-Za-z0-9_-]{22})\.\d{1,12}$/.exec(value)?.[1]

const erasedKey = (id: string) => `viewer-erased:${id}`
/**
 * How long an erased session's tombstone lasts: the longest session (30 days, 'keep me connected')
 * and a day more, for a browser left open past its session's end. A device that makes no contact
 * in that time drops the saves by their age instead (src/client/pwa/outbox-store.ts).
 */
const ERASED_TTL_SEC = 31 * 24 * 60 * 60

/**
 * At an erasure, before the person's sessions are deleted: a tombstone for each of their
 * sessions' viewer ids, so the device that held one hears, at its next contact, that the person
 * is gone (not merely signed out) and drops their queued saves. Sessions are listed by
 * identity/'s index (`usess:<uid>:<hash>`). Best effort: an erasure never fails
 * for it (the saves then go by their age).
 */
export async function markViewersErased(env: Env, userId: number): Promise<void> {
  try {
    const prefix = `usess:${userId}:`
    let cursor: string | undefined
    do {
      const page: KVNamespaceListResult<unknown, string> = await env.KV.list({ prefix, ...(cursor ? { cursor } : {}) })
      await Promise.all(
        page.keys.map(async (k) =>
          env.KV.put(erasedKey(await viewerIdOf(env, k.name.slice(prefix.length))), '1', {
            expirationTtl: ERASED_TTL_SEC,
          }),
        ),
      )
      cursor = page.list_complete ? undefined : page.cursor
    } while (cursor)
  } catch (err) {
    console.warn(`erased viewers of ${userId} not marked: ${String(err)}`)
  }
}

/** The tag of the companion `had`, when its session's person was erased (one KV read, only as a companion goes). */
async function erasedTag(env: Env, had: string): Promise<string | null> {
  const id = idOfCompanion(had)
  if (!id) return null
  const gone = await env.KV.get(erasedKey(id)).catch(() => null)
  return gone === null ? null : tagOf(id)
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

function setHeader(c: Context<AppEnv>, value: string, name = VIEWER_HEADER) {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.header(name, value)
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
    if (had !== undefined) {
      setCookieLine(c, serialize(COMPANION_NAME, '', { path: '/', secure: true, sameSite: 'Lax', maxAge: 0 }))
      const erased = await erasedTag(c.env, had)
      if (erased) setHeader(c, erased, ERASED_HEADER)
    }
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
