// Sessions (issue 3 §2, DESIGN §4, docs/decisions/010-sessions-tokens-and-csrf.md).
//
// A sign-in makes a 256-bit random token. KV keeps only an HMAC of it (`session:<hash>`), with
// the user id, the page CSRF token, the expiry and a fingerprint of the user's password hash,
// under a TTL equal to the session's life. The API reads `Authorization: Bearer <token>`; pages
// read the same token from an HttpOnly, Secure, SameSite=Lax cookie.
//
// Ending sessions: logout deletes its KV entry. A password change or an account deletion ends
// every session of the user at once without listing them: each request re-reads the user row
// from D1 (strongly consistent) and a session whose password fingerprint no longer matches, or
// whose user is gone, is refused. The realtime sockets a session opened are closed with it
// (notifications/realtime.ts endRealtime): one session at logout, all of the person's at a
// password change or erasure, and at the session's expiry by the channel itself.

import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { Role } from '#shared/enums'
import { isLocale } from '#shared/i18n/index'
import type { AppEnv, Env, SessionUser } from '#worker/env'
import { takeOnce } from '#worker/http/ratelimit'
import { randomToken, sha256, TOKEN_RE, tokenHash } from '#worker/lib/crypto'
import { endRealtime } from '#worker/features/notifications/realtime'
import { findSessionUser } from './users.repo'

export const SESSION_COOKIE = 'calma_session'
/** A session without 'keep me connected': one day, and the cookie ends with the browser. */
export const SESSION_TTL_SEC = 24 * 60 * 60
/** 'Keep me connected': 30 days. */
export const REMEMBER_TTL_SEC = 30 * 24 * 60 * 60
/** A session opened by a recovery link may set a new password without the old one, this long. */
export const RECOVERY_GRACE_MS = 30 * 60 * 1000

interface SessionRecord {
  uid: number
  /** Fingerprint of the password hash at sign-in (see above). */
  fp: string
  csrf: string
  /** Expiry, ms since epoch. */
  exp: number
  rem: boolean
  /** Until when (ms) the session may change the password without the current one. */
  rec?: number
}

const sessionKey = (hash: string) => `session:${hash}`

/** Changes whenever the password does (a new salt each time), so old sessions stop matching. */
export async function passwordFingerprint(passwordHash: string | null): Promise<string> {
  return (await sha256(`fp:${passwordHash ?? ''}`)).slice(0, 22)
}

/** Free access is over for a patient who is not a subscriber once free_access_until has passed. */
export function isAccessExpired(u: { role: number; subscriber: boolean; freeAccessUntil: Date | null }, now = Date.now()) {
  return u.role === Role.patient && !u.subscriber && !!u.freeAccessUntil && u.freeAccessUntil.getTime() <= now
}

function tokenOf(c: Context<AppEnv>): { token: string; via: 'bearer' | 'cookie' } | null {
  const auth = c.req.header('authorization')
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim())
    return m ? { token: m[1]!, via: 'bearer' } : null
  }
  const cookie = getCookie(c, SESSION_COOKIE)
  return cookie ? { token: cookie, via: 'cookie' } : null
}

/**
 * The signed-in caller of this request, or null: from the Authorization bearer token, else the
 * session cookie. The whole user row is read fresh (one select), so a role or subscription
 * change applies at once, and kept as `row` so handlers need not read it again.
 * Throws when KV or D1 fails; `sessionContext` below turns that into a visitor's request.
 */
export async function resolveSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const found = tokenOf(c)
  if (!found || !TOKEN_RE.test(found.token)) return null
  const hash = await tokenHash(c.env, found.token)
  const rec = await c.env.KV.get<SessionRecord>(sessionKey(hash), 'json')
  if (!rec || rec.exp <= Date.now()) return null
  const row = await findSessionUser(c.var.db, rec.uid)
  if (!row || rec.fp !== (await passwordFingerprint(row.passwordHash))) return null
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    language: isLocale(row.language) ? row.language : 'es',
    subscriber: row.subscriber,
    accessExpired: isAccessExpired(row),
    row,
    session: {
      hash,
      via: found.via,
      csrf: rec.csrf,
      expiresAt: rec.exp,
      remember: rec.rem,
      recovery: !!rec.rec && rec.rec > Date.now(),
    },
  }
}

/**
 * Sets `c.var.user` for everything after it (mounted in app.ts right after requestContext).
 * Media is public and fetched in many Range requests while a unit plays: it never needs the
 * caller, so it skips the lookup (a KV read and a D1 read per request).
 * A KV or D1 failure here must not turn every request with a cookie into a 500: the request
 * goes on as a visitor's, flagged `sessionUnavailable`, so public pages and calls still answer
 * and what needs a user answers 503 (http/auth.ts) rather than a 401 that would sign the
 * person out on the client.
 */
export const sessionContext = createMiddleware<AppEnv>(async (c, next) => {
  let user: SessionUser | null = null
  if (!c.req.path.startsWith('/media/')) {
    try {
      user = await resolveSessionUser(c)
    } catch (err) {
      console.warn(`[${c.get('requestId')}] session lookup failed, serving as a visitor:`, err instanceof Error ? err.message : err)
      c.set('sessionUnavailable', true)
    }
  }
  c.set('user', user)
  await next()
})

export interface NewSession {
  token: string
  expiresAt: number
  csrf: string
}

/**
 * Open a session for `user` and set the page cookie. `csrf` keeps the caller's page token when
 * a session is re-issued (after a password change), so the open page keeps working.
 */
export async function createSession(
  c: Context<AppEnv>,
  user: { id: number; passwordHash: string | null },
  opts: { remember?: boolean; recovery?: boolean; csrf?: string } = {},
): Promise<NewSession> {
  const remember = !!opts.remember
  const ttl = remember ? REMEMBER_TTL_SEC : SESSION_TTL_SEC
  const token = randomToken()
  const now = Date.now()
  const rec: SessionRecord = {
    uid: user.id,
    fp: await passwordFingerprint(user.passwordHash),
    csrf: opts.csrf ?? randomToken(),
    exp: now + ttl * 1000,
    rem: remember,
    ...(opts.recovery ? { rec: now + RECOVERY_GRACE_MS } : {}),
  }
  await c.env.KV.put(sessionKey(await tokenHash(c.env, token)), JSON.stringify(rec), { expirationTtl: ttl })
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    ...(remember ? { maxAge: ttl } : {}),
  })
  return { token, expiresAt: rec.exp, csrf: rec.csrf }
}

/**
 * End the caller's session (logout, or a sign-in / new password that replaces it): its KV entry,
 * the realtime sockets it opened, and the cookie (unless a new session replaces it).
 */
export async function endSession(c: Context<AppEnv>, opts: { replaced?: boolean } = {}) {
  const user = c.var.user
  const hash = user?.session?.hash
  if (hash) await Promise.all([c.env.KV.delete(sessionKey(hash)), endRealtime(c.env, user.id, hash)])
  if (!opts.replaced) clearSessionCookie(c)
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' })
}

// ── Temporary tokens (SPEC §2: `user_id` + `authorization` on /login) ─────────────────────────

export type TemporaryPurpose = 'recover' | 'welcome' | 'appointment'
/** How long a link works: recovery one hour, the welcome link (passwordless sign-up) a day, an appointment's confirm/cancel link 3 days. */
export const TEMPORARY_TTL_SEC: Record<TemporaryPurpose, number> = { recover: 60 * 60, welcome: 24 * 60 * 60, appointment: 3 * 24 * 60 * 60 }

interface TemporaryRecord {
  uid: number
  purpose: TemporaryPurpose
  exp: number
}

const temporaryKey = (hash: string) => `temporary:${hash}`

export async function createTemporaryToken(env: Env, userId: number, purpose: TemporaryPurpose): Promise<string> {
  const token = randomToken()
  const ttl = TEMPORARY_TTL_SEC[purpose]
  const rec: TemporaryRecord = { uid: userId, purpose, exp: Date.now() + ttl * 1000 }
  await env.KV.put(temporaryKey(await tokenHash(env, token)), JSON.stringify(rec), { expirationTtl: ttl })
  return token
}

/** Purposes whose link may be used again until it expires (docs/API.md "Appointment mail link"). */
const REUSABLE: ReadonlySet<TemporaryPurpose> = new Set(['appointment'])

/**
 * Use a temporary token: the user id must match and it must not have expired. Recovery and
 * welcome links work once (of any number of concurrent uses exactly one wins: an atomic D1
 * insert marks it spent). An appointment's link works until it expires, so a second open of
 * the mail (another device, the session ended) still signs in: it is only used by the page's
 * button (a POST), never by opening it.
 */
export async function consumeTemporaryToken(env: Env, userId: number, token: string): Promise<TemporaryRecord | null> {
  if (!TOKEN_RE.test(token)) return null
  const hash = await tokenHash(env, token)
  const rec = await env.KV.get<TemporaryRecord>(temporaryKey(hash), 'json')
  if (!rec || rec.uid !== userId || rec.exp <= Date.now()) return null
  if (REUSABLE.has(rec.purpose)) return rec
  if (!(await takeOnce(env.DB, `temporary-used:${hash}`))) return null
  await env.KV.delete(temporaryKey(hash))
  return rec
}
