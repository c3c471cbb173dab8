// Sessions (issue 3 §2, DESIGN §4, docs/decisions/010-sessions-tokens-and-csrf.md,
// 024-signed-in-as-fast-as-a-visitor.md, 038-sessions-whose-authority-is-bounded.md).
//
// A sign-in makes a 256-bit random token. KV keeps only an HMAC of it (`session:<hash>`), with
// the user id, the page CSRF token, the expiry and a fingerprint of the user's password hash,
// under a TTL equal to the session's life. The API reads `Authorization: Bearer <token>`; pages
// read the same token from an HttpOnly, Secure, SameSite=Lax cookie.
//
// KV is eventually consistent between locations (up to 60 s), so no code here ever writes back
// a record it read (decision 038):
// - `session:<hash>` is written once, when the session opens, and deleted when it ends (logout,
//   a password change, an erasure); nothing else writes it, so a deleted session cannot return.
// - `person:<uid>` is the person's users row (`u`: name, role, language, subscriber…; never the
//   password hash) and the fingerprint of their current password. Only code that has just read
//   the row from D1 writes it (`writePerson`), and that code reads the row again after its put
//   and writes again until the two agree: whatever order concurrent writers land in, the last
//   put is of the newest row. A session whose fingerprint is not the person's (a password
//   change), or whose person is gone (erasure), is over at every location once KV carries it.
// - `pdv:<uid>` is the person's data version (http/person-cache.ts keys their cached rows by it),
//   replaced blindly by a new random value whenever their rows change (`personChanged`).
// Checking a session is KV alone (the record, then the person and the version together) and no
// D1 (issue 21 §1). What needs authority does not trust that copy: a staff role (any request
// whose copy says other than patient) and the calls that move money or change the account
// (http/auth.ts requireAuthority) confirm the caller against the row in D1's primary first
// (`confirmCaller`: one read by primary key), so a removed role or an ended session stops
// there at once, and everywhere else within KV's 60 s.
//
// Every session of a person is also listed under `usess:<uid>:<hash>` (an empty key with the
// same expiry), so a password change or an erasure can delete their records (`refreshSessions`);
// KV lists are eventually consistent too, and the fingerprint ends any session a list missed.
// The realtime sockets a session opened are closed with it (notifications/realtime.ts
// endRealtime): one session at logout, all of the person's at a password change or erasure,
// and at the session's expiry by the channel itself.

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
import { d1CountOf, primaryOf } from '#worker/db/rounds'
import { wholeBody } from '#worker/http/body'
import { AppError } from '#worker/http/errors'

export const SESSION_COOKIE = 'calma_session'
/** A session without 'keep me connected': one day, and the cookie ends with the browser. */
export const SESSION_TTL_SEC = 24 * 60 * 60
/** 'Keep me connected': 30 days. */
export const REMEMBER_TTL_SEC = 30 * 24 * 60 * 60
/** A session opened by a recovery link may set a new password without the old one, this long. */
export const RECOVERY_GRACE_MS = 30 * 60 * 1000
/** The person's row and data version outlive any session opened before their last write. */
const PERSON_TTL_SEC = REMEMBER_TTL_SEC + 24 * 60 * 60
/** Rounds of put-then-read-again before `writePerson` leaves the row to the next writer. */
const PERSON_WRITE_ROUNDS = 4

/** `session:<hash>`: written once at sign-in, deleted at its end, never rewritten (see above). */
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

/** `person:<uid>`: the row as D1 had it when last written (see above). */
interface PersonRecord {
  u: UserSnapshot
  /** Fingerprint of the person's current password hash: a session of another one is over. */
  fp: string
}

/** A fresh data version (unique enough: a person's own versions only need to differ). */
const newDataVersion = () => `${Date.now().toString(36)}${randomToken().slice(0, 8)}`

/** The users row as kept in KV: instants as ms, the password hash only as "has one" ('*'). */
type UserSnapshot = Record<string, unknown>

const sessionKey = (hash: string) => `session:${hash}`
const indexPrefix = (uid: number) => `usess:${uid}:`
const personKey = (uid: number) => `person:${uid}`
const versionKey = (uid: number) => `pdv:${uid}`

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

// ── The person's row in KV: written only from D1 ──────────────────────────────────────────────

/** The same row (or both gone), column by column as KV keeps it; key order aside. */
function sameRow(a: User | undefined, b: User | undefined): boolean {
  if (!a || !b) return a === b
  const x = toSnapshot(a)
  const y = toSnapshot(b)
  const keys = new Set([...Object.keys(x), ...Object.keys(y)])
  return [...keys].every((k) => JSON.stringify(x[k] ?? null) === JSON.stringify(y[k] ?? null))
}

/**
 * Write `person:<uid>` from the users row as D1's primary has it (`row`: read just now by the
 * caller, else read here), then read the row again and write again until the row read after a
 * put is the row that was put. A writer whose read was overtaken by another's commit (a
 * person's own profile change racing an admin's demotion) so ends by writing the newer row,
 * and the last write to land is always of the newest row; a row gone (erasure) deletes the key.
 * Answers the row written (undefined: gone). Throws when KV fails.
 */
async function writePerson(env: Env, uid: number, row?: User): Promise<User | undefined> {
  const primary = getDb(primaryOf(env.DB))
  let current = row ?? (await findSessionUser(primary, uid))
  for (let i = 0; i < PERSON_WRITE_ROUNDS; i++) {
    if (current) {
      const rec: PersonRecord = { u: toSnapshot(current), fp: await passwordFingerprint(current.passwordHash) }
      await env.KV.put(personKey(uid), JSON.stringify(rec), { expirationTtl: PERSON_TTL_SEC })
    } else {
      await env.KV.delete(personKey(uid))
    }
    const again = await findSessionUser(primary, uid)
    if (sameRow(again, current)) return again
    current = again
  }
  // Still changing under us: each of those changes has its own writer, which writes after it.
  console.warn(`session: the row of user ${uid} kept changing while it was written to KV`)
  return current
}

const personRecord = async (row: User | undefined): Promise<PersonRecord | null> =>
  row ? { u: toSnapshot(row), fp: await passwordFingerprint(row.passwordHash) } : null

/**
 * The person of session `rec`, from KV's copy when it knows the session's password. Else from
 * D1: a copy missing (never written here, expired) is written from it; a copy of another
 * password is either newer than the session (a password change: D1 says so too, and the
 * session is over) or older (a session opened at another location moments after a change, KV
 * has not yet carried the new copy here), and D1 tells which without writing anything.
 */
async function personOf(env: Env, rec: SessionRecord, kept: PersonRecord | null): Promise<PersonRecord | null> {
  if (kept?.fp === rec.fp) return kept
  if (!kept) return personRecord(await writePerson(env, rec.uid))
  return personRecord(await findSessionUser(getDb(primaryOf(env.DB)), rec.uid))
}

// ── Reading a session ─────────────────────────────────────────────────────────────────────────

/**
 * This isolate's memo of verified sessions, keyed by the token itself (so a hit costs neither
 * the HMAC nor the KV reads: issue 21, the bearer's trivial call ≥ 0.85× a visitor's;
 * docs/decisions/034-the-signed-in-page-kept-and-the-session-remembered.md). KV stays the truth:
 * an entry lives SESSION_MEMO_MS at most, and every change this isolate makes to a session drops
 * the entries it concerns at once (logout: that session; a password change, an erasure, a row
 * or data-version change: all of the person's), so here a session ends at once, as before.
 * Another isolate may serve a revoked session up to SESSION_MEMO_MS longer, inside KV's own 60 s
 * (decision 038); what needs authority reads D1 whatever the memo holds.
 */
const SESSION_MEMO_MS = 3_000
const SESSION_MEMO_MAX = 2_000
interface Verified {
  hash: string
  rec: SessionRecord
  person: PersonRecord
  dv: string | undefined
  until: number
}
const verified = new Map<string, Verified>()
/** Off in the test pool, like the person's cached rows (tests write KV and D1 straight); test/speed turns it on. */
export const sessionMemo = { enabled: true }

function remember(token: string, v: Verified) {
  if (verified.size >= SESSION_MEMO_MAX) verified.delete(verified.keys().next().value!)
  verified.set(token, v)
}

/**
 * Tokens this isolate has verified, with their KV hash and person: facts that never change for
 * a token (a session record is never rewritten), so they are kept without an expiry, and let
 * the next check read the record, the person and the version in one KV round. Whether the
 * session still exists is read from KV every time (or the memo above, for 3 s).
 */
const KNOWN_TOKENS_MAX = 10_000
const knownTokens = new Map<string, { hash: string; uid: number }>()
function knowToken(token: string, v: { hash: string; uid: number }) {
  if (knownTokens.size >= KNOWN_TOKENS_MAX) knownTokens.delete(knownTokens.keys().next().value!)
  knownTokens.set(token, v)
}

/** Drop this isolate's memo of one session (by its hash), of one person, or of everyone (tests). */
export function forgetSessions(which: { hash: string } | { uid: number } | 'all') {
  if (which === 'all') return verified.clear()
  for (const [token, v] of verified)
    if ('hash' in which ? v.hash === which.hash : v.rec.uid === which.uid) verified.delete(token)
}

/** The caller as the rest of the Worker sees them, from a users row and their session. */
function sessionUserOf(row: User, session: NonNullable<SessionUser['session']>, confirmed: boolean): SessionUser {
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    language: isLocale(row.language) ? row.language : 'es',
    subscriber: row.subscriber,
    accessExpired: isAccessExpired(row),
    row,
    session,
    confirmed,
  }
}

/**
 * The signed-in caller of this request, or null: from the Authorization bearer token, else the
 * session cookie. KV only: the session record, then the person's row and data version together
 * (`row` is that copy, so handlers need not read it). Throws when KV fails; `sessionContext`
 * below turns that into a visitor's request.
 */
export async function resolveSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const found = tokenOf(c)
  if (!found || !TOKEN_RE.test(found.token)) return null
  const now = Date.now()
  let seen = sessionMemo.enabled ? verified.get(found.token) : undefined
  if (!seen || seen.until <= now) {
    if (seen) verified.delete(found.token)
    // A token this isolate has met: its hash and person are known, so the record, the person and
    // the version are read together (one KV round); else the record first, to learn the person.
    const known = knownTokens.get(found.token)
    const hash = known?.hash ?? (await tokenHash(c.env, found.token))
    const [rec, early, earlyDv] = await Promise.all([
      c.env.KV.get<SessionRecord>(sessionKey(hash), 'json'),
      known ? c.env.KV.get<PersonRecord>(personKey(known.uid), 'json') : null,
      known ? c.env.KV.get(versionKey(known.uid)) : null,
    ])
    if (!rec || rec.exp <= now || typeof rec.uid !== 'number') {
      knownTokens.delete(found.token)
      return null
    }
    let kept = early
    let dv = earlyDv
    if (!known || known.uid !== rec.uid) {
      knowToken(found.token, { hash, uid: rec.uid })
      ;[kept, dv] = await Promise.all([
        c.env.KV.get<PersonRecord>(personKey(rec.uid), 'json'),
        c.env.KV.get(versionKey(rec.uid)),
      ])
    }
    const person = await personOf(c.env, rec, kept)
    // Another password (a change) or nobody (erasure): this session is over.
    if (!person || person.fp !== rec.fp || person.u.id !== rec.uid) return null
    seen = { hash, rec, person, dv: dv ?? undefined, until: now + SESSION_MEMO_MS }
    if (sessionMemo.enabled) remember(found.token, seen)
  }
  const { hash, rec, person, dv } = seen
  if (rec.exp <= now) return null
  return sessionUserOf(
    fromSnapshot(person.u),
    {
      hash,
      via: found.via,
      csrf: rec.csrf,
      expiresAt: rec.exp,
      remember: rec.rem,
      recovery: !!rec.rec && rec.rec > now,
      fp: rec.fp,
      dv,
      bookmark: askedBookmark(c),
    },
    false,
  )
}

/**
 * The caller as D1's primary has them now (one read of their row by primary key), or null when
 * their session no longer holds: the person is gone, or the session was opened with another
 * password. Their role, subscriber flag and the rest come from that row, not from KV's copy.
 */
async function confirmCaller(c: Context<AppEnv>, user: SessionUser): Promise<SessionUser | null> {
  if (user.confirmed || !user.session) return user
  const row = await findSessionUser(getDb(primaryOf(c.env.DB)), user.id)
  if (!row || (await passwordFingerprint(row.passwordHash)) !== user.session.fp) return null
  return sessionUserOf(row, user.session, true)
}

/**
 * The caller of this request: KV's copy, confirmed against D1's primary when that copy says
 * staff (any role but patient), so every role check of the request sees the role D1 has now.
 * The confirmation waits for the request's whole body first (http/body.ts wholeBody): checked
 * when the request starts, a role removed while a slow client was still sending its body would
 * still write with it (docs/decisions/038 "Found from outside, and closed"). A patient's copy
 * is taken as it is (issue 21: no D1 for their session); /media asks this too.
 */
export async function sessionCaller(c: Context<AppEnv>): Promise<SessionUser | null> {
  const user = await resolveSessionUser(c)
  if (!user || user.role === Role.patient) return user
  await wholeBody(c)
  return confirmCaller(c, user)
}

/**
 * Sets `c.var.user` for everything after it (mounted in app.ts right after requestContext), and
 * `c.var.confirmUser` (http/auth.ts requireRole, requireAuthority): the caller confirmed
 * against D1, once per request.
 * A caller whose KV copy says they are staff (any role but patient) is confirmed here, once
 * their body has arrived and before anything else runs (`sessionCaller`): every role check of
 * the request (guards, services, pages, the audit) then sees the role D1 has now, and a removed
 * role stops at once. A patient's ordinary request reads no D1 for its session (issue 21): a
 * role KV has not yet given them grants nothing.
 * Media is fetched in many Range requests while a unit plays and most of it is public: it
 * skips the lookup here and asks `sessionCaller` only for a unit's file (media.routes.ts).
 * A KV or D1 failure here must not turn every request with a cookie into a 500: the request
 * goes on as a visitor's, flagged `sessionUnavailable`, so public pages and calls still answer
 * and what needs a user answers 503 (http/auth.ts) rather than a 401 that would sign the
 * person out on the client.
 */
export const sessionContext = createMiddleware<AppEnv>(async (c, next) => {
  let user: SessionUser | null = null
  if (!c.req.path.startsWith('/media/')) {
    try {
      user = await sessionCaller(c)
    } catch (err) {
      if (err instanceof AppError) throw err // the body broke off (http/body.ts wholeBody)
      console.warn(
        `[${c.get('requestId')}] session lookup failed, serving as a visitor:`,
        err instanceof Error ? err.message : err,
      )
      c.set('sessionUnavailable', true)
      user = null
    }
  }
  c.set('user', user)
  let confirming: Promise<SessionUser | null> | null = null
  c.set('confirmUser', () => {
    const caller = c.var.user
    if (!caller) return Promise.resolve(null)
    confirming ??= confirmCaller(c, caller).then((confirmed) => {
      c.set('user', confirmed)
      return confirmed
    })
    return confirming
  })
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
 * Open a session for `user` (its row as this request just read or wrote it in D1) and set the
 * page cookie. `csrf` keeps the caller's page token when a session is re-issued (after a
 * password change), so the open page keeps working.
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
  }
  const hash = await tokenHash(c.env, token)
  await Promise.all([
    c.env.KV.put(sessionKey(hash), JSON.stringify(rec), { expirationTtl: ttl }),
    c.env.KV.put(indexPrefix(user.id) + hash, '', { expirationTtl: ttl }),
    writePerson(c.env, user.id, user),
    c.env.KV.put(versionKey(user.id), newDataVersion(), { expirationTtl: PERSON_TTL_SEC }),
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
 * the realtime sockets it opened, and the cookie (unless a new session replaces it). Nothing
 * writes a session record after it opened, so the deletion reaches every location within KV's
 * 60 s and stays.
 */
export async function endSession(c: Context<AppEnv>, opts: { replaced?: boolean } = {}) {
  const user = c.var.user
  const hash = user?.session?.hash
  if (hash) {
    forgetSessions({ hash })
    forgetSessionPages(hash)
    await Promise.all([
      c.env.KV.delete(indexPrefix(user.id) + hash).then(() => c.env.KV.delete(sessionKey(hash))),
      endRealtime(c.env, user.id, { session: hash }),
    ])
    // Again once KV has it: a request of this isolate that read the record meanwhile memoized it.
    forgetSessions({ hash })
  }
  if (!opts.replaced) clearSessionCookie(c)
}

/**
 * The person's users row changed (or went). Call it after any write to a users row (the row is
 * read from D1's primary, which has that write). Their `person:<uid>` is written from it (or
 * deleted), their data version renewed, and the sessions opened with another password, or all
 * of them when the person is gone, are deleted now; a session a KV list misses ends anyway, by
 * its fingerprint, once KV carries the new person (decision 038). It throws when KV fails: a
 * password change or an erasure must not look done while the old sessions still work.
 */
export async function refreshSessions(env: Env, userId: number): Promise<void> {
  forgetPerson(userId)
  forgetSessions({ uid: userId })
  const row = await writePerson(env, userId)
  const fp = row ? await passwordFingerprint(row.passwordHash) : null
  await Promise.all([
    eachSession(env, userId, async (indexKey, hash, rec) => {
      if (row && rec && rec.fp === fp && rec.exp > Date.now()) return
      await env.KV.delete(indexKey)
      await env.KV.delete(sessionKey(hash))
    }),
    row
      ? env.KV.put(versionKey(userId), newDataVersion(), { expirationTtl: PERSON_TTL_SEC })
      : env.KV.delete(versionKey(userId)),
  ])
  // Again once KV has it (a request that read the old person meanwhile memoized it).
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
 * their data version is replaced, so their cached rows are read again (http/person-cache.ts).
 * Called once per request that changed rows (sessionContext above), and by writers outside
 * requests that know whose rows they touched. One blind put of a new random value: no session
 * record and no copy of the row is read or written, so nothing old can come back through it.
 */
export async function personChanged(env: Env, userId: number): Promise<void> {
  forgetPerson(userId)
  forgetSessions({ uid: userId })
  await env.KV.put(versionKey(userId), newDataVersion(), { expirationTtl: PERSON_TTL_SEC })
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
  /**
   * Fingerprint of the person's password when the link was made: a link signs in only while
   * that password is still theirs, so a password change ends the links sent before it, as it
   * ends sessions (docs/decisions/038 "Found from outside, and closed"). A record without it
   * (made before this field) signs in no more.
   */
  fp?: string
}

const temporaryKey = (hash: string) => `temporary:${hash}`

/**
 * A sign-in link's token for `user`: their row as this request has it (`passwordHash` from D1),
 * or their id alone, and then the password is read from D1's primary.
 */
export async function createTemporaryToken(
  env: Env,
  user: number | Pick<User, 'id' | 'passwordHash'>,
  purpose: TemporaryPurpose,
): Promise<string> {
  const row = typeof user === 'number' ? await findSessionUser(getDb(primaryOf(env.DB)), user) : user
  if (!row) throw new Error(`no user ${typeof user === 'number' ? user : user.id} for a sign-in link`)
  const token = randomToken()
  const ttl = TEMPORARY_TTL_SEC[purpose]
  const rec: TemporaryRecord = {
    uid: row.id,
    purpose,
    exp: Date.now() + ttl * 1000,
    fp: await passwordFingerprint(row.passwordHash),
  }
  await env.KV.put(temporaryKey(await tokenHash(env, token)), JSON.stringify(rec), { expirationTtl: ttl })
  return token
}

/** Purposes whose link may be used again until it expires (docs/API.md "Appointment mail link"). */
const REUSABLE: ReadonlySet<TemporaryPurpose> = new Set(['appointment'])

/**
 * Use a temporary token: the user id must match, it must not have expired, and the person's
 * password must still be the one it was made under (their row read from D1's primary: a
 * replica might not have the change yet). Answers the person's row. Recovery and welcome links
 * work once (of any number of concurrent uses exactly one wins: an atomic D1 insert marks it
 * spent). An appointment's link works until it expires or the password changes, so a second
 * open of the mail (another device, the session ended) still signs in: it is only used by the
 * page's button (a POST), never by opening it.
 */
export async function consumeTemporaryToken(
  env: Env,
  userId: number,
  token: string,
): Promise<{ rec: TemporaryRecord; user: User } | null> {
  if (!TOKEN_RE.test(token)) return null
  const hash = await tokenHash(env, token)
  const rec = await env.KV.get<TemporaryRecord>(temporaryKey(hash), 'json')
  if (!rec || rec.uid !== userId || rec.exp <= Date.now() || !rec.fp) return null
  const user = await findSessionUser(getDb(primaryOf(env.DB)), rec.uid)
  if (!user || (await passwordFingerprint(user.passwordHash)) !== rec.fp) return null
  if (REUSABLE.has(rec.purpose)) return { rec, user }
  if (!(await takeOnce(env.DB, `temporary-used:${hash}`))) return null
  await env.KV.delete(temporaryKey(hash))
  return { rec, user }
}
