// Sessions (issue 3 §2, DESIGN §4, docs/decisions/010-sessions-tokens-and-csrf.md,
// docs/decisions/024-signed-in-as-fast-as-a-visitor.md).
//
// A sign-in makes a 256-bit random token. KV keeps only an HMAC of it (`session:<hash>`), with
// the user id, the page CSRF token, the expiry, a fingerprint of the user's password hash and a
// snapshot of the person's users row (`u`: name, role, language, timezone, subscriber, …; never
// the password hash), under a TTL equal to the session's life. The API reads
// `Authorization: Bearer <token>`; pages read the same token from an HttpOnly, Secure,
// SameSite=Lax cookie. Checking a session is ONE KV read and no D1 read (issue 21 §1).
//
// Every session of a person is also listed under `usess:<uid>:<hash>` (an empty key with the
// same expiry), so whatever changes the person's row rewrites the snapshot of each of their
// sessions (`refreshSessions`, called by every write to a users row: profile, language,
// timezone, notifications, a psychologist's hours, subscriptions, Stripe customer, an admin's
// edit). The same call ends sessions: a session whose password fingerprint no longer matches
// the row (a password change), or whose person is gone (erasure), is deleted there and then.
// Logout deletes its own entry. The realtime sockets a session opened are closed with it
// (notifications/realtime.ts endRealtime): one session at logout, all of the person's at a
// password change or erasure, and at the session's expiry by the channel itself.

import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { Role } from '#shared/enums'
import { isLocale } from '#shared/i18n/index'
import { getTableColumns } from 'drizzle-orm'
import { users, type User } from '#worker/db/schema'
import { getDb } from '#worker/db/client'
import type { AppEnv, Env, SessionUser } from '#worker/env'
import { takeOnce } from '#worker/http/ratelimit'
import { randomToken, sha256, TOKEN_RE, tokenHash } from '#worker/lib/crypto'
import { endRealtime } from '#worker/features/notifications/realtime'
import { findSessionUser } from './users.repo'
import { askedBookmark } from '#worker/http/bookmark'
import { forgetPerson, forgetSessionPages, peopleChanged } from '#worker/http/person-cache'
import { d1CountOf } from '#worker/db/rounds'

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
  /** The person's users row when the session was opened or last refreshed (see above). */
  u: UserSnapshot
  /**
   * The person's data version: replaced in all their sessions whenever any of their rows
   * changes (`personChanged`, `refreshSessions`); keys their cached rows (http/person-cache.ts).
   */
  dv?: string
}

/** A fresh data version (unique enough: a person's own versions only need to differ). */
const newDataVersion = () => `${Date.now().toString(36)}${randomToken().slice(0, 8)}`

/** The users row as kept in KV: instants as ms, the password hash only as "has one" ('*'). */
type UserSnapshot = Record<string, unknown>

const sessionKey = (hash: string) => `session:${hash}`
const indexPrefix = (uid: number) => `usess:${uid}:`

/** The row's instant columns (drizzle `timestamp_ms`), turned back into Dates from a snapshot. */
const DATE_COLUMNS = Object.entries(getTableColumns(users))
  .filter(([, col]) => col.dataType === 'date')
  .map(([name]) => name)

function toSnapshot(row: User): UserSnapshot {
  const out: UserSnapshot = { ...row, passwordHash: row.passwordHash ? '*' : null }
  for (const k of DATE_COLUMNS) {
    const v = (row as Record<string, unknown>)[k]
    out[k] = v instanceof Date ? v.getTime() : (v ?? null)
  }
  return out
}

function fromSnapshot(u: UserSnapshot): User {
  const row = { ...u } as Record<string, unknown>
  for (const k of DATE_COLUMNS) row[k] = typeof row[k] === 'number' ? new Date(row[k] as number) : null
  return row as User
}

/** KV wants an absolute expiry at least 60 s ahead; the record's own `exp` is what is checked. */
const kvExpiration = (exp: number) => Math.max(Math.floor(exp / 1000), Math.floor(Date.now() / 1000) + 61)

/** Changes whenever the password does (a new salt each time), so old sessions stop matching. */
export async function passwordFingerprint(passwordHash: string | null): Promise<string> {
  return (await sha256(`fp:${passwordHash ?? ''}`)).slice(0, 22)
}

/** Free access is over for a patient who is not a subscriber once free_access_until has passed. */
export function isAccessExpired(
  u: { role: number; subscriber: boolean; freeAccessUntil: Date | null },
  now = Date.now(),
) {
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
 * This isolate's memo of verified session records, keyed by the token itself (so a hit costs
 * neither the HMAC nor the KV read: issue 21, the bearer's trivial call ≥ 0.85× a visitor's;
 * docs/decisions/034-the-signed-in-page-kept-and-the-session-remembered.md). KV stays the truth:
 * an entry lives SESSION_MEMO_MS at most, and every change this isolate makes to a session drops
 * the entries it concerns at once (logout: that session; a password change, an erasure, a row
 * or data-version change: all of the person's), so here a session ends at once, as before.
 * Another isolate may serve a revoked session up to SESSION_MEMO_MS longer; KV's own
 * propagation between locations (up to 60 s) was already the larger window (decision 024).
 */
const SESSION_MEMO_MS = 3_000
const SESSION_MEMO_MAX = 2_000
interface Verified {
  hash: string
  rec: SessionRecord
  until: number
}
const verified = new Map<string, Verified>()
/** Off in the test pool, like the person's cached rows (tests write KV and D1 straight); test/speed turns it on. */
export const sessionMemo = { enabled: true }

function remember(token: string, v: Verified) {
  if (verified.size >= SESSION_MEMO_MAX) verified.delete(verified.keys().next().value!)
  verified.set(token, v)
}

/** Drop this isolate's memo of one session (by its hash), of one person, or of everyone (tests). */
export function forgetSessions(which: { hash: string } | { uid: number } | 'all') {
  if (which === 'all') return verified.clear()
  for (const [token, v] of verified)
    if ('hash' in which ? v.hash === which.hash : v.rec.uid === which.uid) verified.delete(token)
}

/**
 * The signed-in caller of this request, or null: from the Authorization bearer token, else the
 * session cookie. One KV read: the person's row travels in the session record (refreshed by
 * `refreshSessions` whenever it changes) and is kept as `row` so handlers need not read it.
 * Throws when KV fails; `sessionContext` below turns that into a visitor's request.
 */
export async function resolveSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const found = tokenOf(c)
  if (!found || !TOKEN_RE.test(found.token)) return null
  const now = Date.now()
  let seen = sessionMemo.enabled ? verified.get(found.token) : undefined
  if (!seen || seen.until <= now) {
    if (seen) verified.delete(found.token)
    const hash = await tokenHash(c.env, found.token)
    const rec = await c.env.KV.get<SessionRecord>(sessionKey(hash), 'json')
    if (!rec || rec.exp <= now || !rec.u || rec.u.id !== rec.uid) return null
    seen = { hash, rec, until: now + SESSION_MEMO_MS }
    if (sessionMemo.enabled) remember(found.token, seen)
  }
  const { hash, rec } = seen
  if (rec.exp <= now) return null
  const row = fromSnapshot(rec.u)
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
      dv: rec.dv,
      bookmark: askedBookmark(c),
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
      console.warn(
        `[${c.get('requestId')}] session lookup failed, serving as a visitor:`,
        err instanceof Error ? err.message : err,
      )
      c.set('sessionUnavailable', true)
    }
  }
  c.set('user', user)
  await next()
  // Rows changed: cached rows are stale (http/person-cache.ts, decision 029). A signed-in
  // patient's request changes their own rows; anyone else's (a psychologist, an admin, a
  // visitor's webhook or mail link) may change anybody's. This is the one place that bumps for
  // requests (the D1 binding counts the changes, db/rounds.ts).
  if (d1CountOf(c.env.DB)?.changed) {
    const who = c.var.user
    await Promise.all([
      who ? personChanged(c.env, who.id) : null,
      !who || who.role !== Role.patient ? peopleChanged(c.env) : null,
    ]).catch((err) => console.warn(`[${c.get('requestId')}] cached rows not invalidated: ${String(err)}`))
  }
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
  user: User,
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
    u: toSnapshot(user),
    dv: newDataVersion(),
  }
  const hash = await tokenHash(c.env, token)
  await Promise.all([
    c.env.KV.put(sessionKey(hash), JSON.stringify(rec), { expirationTtl: ttl }),
    c.env.KV.put(indexPrefix(user.id) + hash, '', { expirationTtl: ttl }),
  ])
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
  if (hash) {
    forgetSessions({ hash })
    forgetSessionPages(hash)
    await Promise.all([
      // The index key first: a concurrent personChanged checks it after its put (see there).
      c.env.KV.delete(indexPrefix(user.id) + hash).then(() => c.env.KV.delete(sessionKey(hash))),
      endRealtime(c.env, user.id, hash),
    ])
    // Again once KV has it: a request of this isolate that read the record meanwhile memoized it.
    forgetSessions({ hash })
  }
  if (!opts.replaced) clearSessionCookie(c)
}

/**
 * The person's users row changed (or went): every session of theirs gets the new snapshot, and
 * a session opened with another password, or of an erased person, is deleted now. Call it after
 * any write to a users row (the row is read back through the request's D1 session, which sees
 * that write). It throws when KV fails: a password change or an erasure must not look done
 * while the old sessions still work.
 */
export async function refreshSessions(env: Env, userId: number): Promise<void> {
  const row = await findSessionUser(getDb(env.DB), userId)
  const fp = row ? await passwordFingerprint(row.passwordHash) : null
  forgetPerson(userId)
  forgetSessions({ uid: userId })
  await eachSession(env, userId, async (indexKey, hash, rec) => {
    if (!rec || !row || rec.fp !== fp || rec.exp <= Date.now()) {
      // The index key first: a concurrent personChanged checks it after its put (see there).
      await env.KV.delete(indexKey)
      await env.KV.delete(sessionKey(hash))
      return
    }
    await env.KV.put(sessionKey(hash), JSON.stringify({ ...rec, u: toSnapshot(row), dv: newDataVersion() }), {
      expiration: kvExpiration(rec.exp),
    })
  })
  // Again once KV has it (a request that read the old record meanwhile memoized it).
  forgetSessions({ uid: userId })
}

/** Every session of a person (the `usess:` index), each with its record (null: gone), at once. */
async function eachSession(
  env: Env,
  userId: number,
  visit: (indexKey: string, hash: string, rec: SessionRecord | null) => Promise<void>,
): Promise<void> {
  const prefix = indexPrefix(userId)
  let cursor: string | undefined
  do {
    const page: KVNamespaceListResult<unknown, string> = await env.KV.list({ prefix, ...(cursor ? { cursor } : {}) })
    await Promise.all(
      page.keys.map(async (k) => {
        const hash = k.name.slice(prefix.length)
        await visit(k.name, hash, await env.KV.get<SessionRecord>(sessionKey(hash), 'json'))
      }),
    )
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
}

/**
 * Some of the person's rows changed (progress, likes, plan, rewards, credits, appointments…):
 * every session of theirs gets a new data version, so their cached rows are read again
 * (http/person-cache.ts). Called once per request that changed rows (sessionContext above), and by
 * writers outside requests that know whose rows they touched. The record is rewritten as it
 * is, expiry kept; a session ended meanwhile (logout, password change, erasure: each deletes
 * the index key before the record) must not come back from this put, so the index key is
 * checked after it and the record deleted again when it is gone.
 */
export async function personChanged(env: Env, userId: number): Promise<void> {
  forgetPerson(userId)
  forgetSessions({ uid: userId })
  await eachSession(env, userId, async (indexKey, hash, rec) => {
    if (!rec || rec.exp <= Date.now()) return
    await env.KV.put(sessionKey(hash), JSON.stringify({ ...rec, dv: newDataVersion() }), {
      expiration: kvExpiration(rec.exp),
    })
    if ((await env.KV.get(indexKey)) === null) await env.KV.delete(sessionKey(hash))
  })
  forgetSessions({ uid: userId })
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' })
}

// ── Temporary tokens (SPEC §2: `user_id` + `authorization` on /login) ─────────────────────────

export type TemporaryPurpose = 'recover' | 'welcome' | 'appointment'
/** How long a link works: recovery one hour, the welcome link (passwordless sign-up) a day, an appointment's confirm/cancel link 3 days. */
export const TEMPORARY_TTL_SEC: Record<TemporaryPurpose, number> = {
  recover: 60 * 60,
  welcome: 24 * 60 * 60,
  appointment: 3 * 24 * 60 * 60,
}

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
