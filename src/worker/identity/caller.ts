// Who is calling: the caller of a request from KV alone, confirmed against D1's primary where
// authority is needed, and the middleware that sets `c.var.user` (records.ts for the model).
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { Role } from '#shared/enums'
import { isLocale } from '#shared/i18n/index'
import { getDb } from '#worker/db/client'
import { d1CountOf, primaryOf } from '#worker/db/rounds'
import type { User } from '#worker/db/schema'
import type { Ctx } from '#worker/context'
import type { AppEnv, SessionUser } from '#worker/env'
import { wholeBody } from '#worker/http/body'
import { timed } from '#worker/http/timing'
import { askedBookmark } from '#worker/http/bookmark'
import { AppError } from '#worker/http/errors'
import { peopleChanged } from '#worker/http/person-cache'
import { TOKEN_RE, tokenHash } from '#worker/lib/crypto'
import { tokenOf } from './cookie'
import { knownTokens, knowToken, remember, SESSION_MEMO_MS, sessionMemo, verified } from './memo'
import { personChanged, personOf } from './person'
import {
  findSessionUser,
  fromSnapshot,
  keepPasswordFp,
  isAccessExpired,
  passwordFingerprint,
  personKey,
  sessionKey,
  versionKey,
  type PersonRecord,
  type SessionRecord,
} from './records'

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
  const db = getDb(primaryOf(c.env.DB))
  const row = await findSessionUser(db, user.id)
  if (!row || (await passwordFingerprint(row.passwordHash)) !== user.session.fp) return null
  // A session opened before its row kept the fingerprint (decision 089): kept now, after the
  // answer, so the person's next write can hold the session in its own SQL.
  if (row.passwordFp !== user.session.fp) {
    const kept = keepPasswordFp(db, row.id, row.passwordHash, user.session.fp).catch((err: unknown) =>
      console.warn(`password fingerprint of user ${row.id} not kept: ${String(err).split('\n')[0]}`),
    )
    try {
      c.executionCtx.waitUntil(kept)
    } catch {
      // no execution context (a direct call in a test): it runs on its own
    }
  }
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
  // A call whose service confirms the caller itself beside its first read, before it decides or
  // writes anything (staffConfirmedByService): KV's copy, unconfirmed, until then.
  if (confirmedByService.has(`${c.req.method} ${c.req.path}`)) return user
  await wholeBody(c)
  return confirmCaller(c, user)
}

/**
 * The calls whose service confirms a staff caller too, in the same D1 round as its own first read
 * (decision 087: the host's confirmation of a session, 3 rounds to 2), instead of before any
 * handler. Only for a call that is mounted behind requireAuthorityAtWrite (the body first, then
 * the confirmation started), whose service awaits confirmedMe before it decides or writes
 * anything, that no audit records (features/admin/audit.ts AUDITED) and no role guard checks:
 * nothing between this middleware and that service reads the role. A demoted or erased staff
 * member is refused there (403, 401), with nothing written.
 */
const confirmedByService = new Set<string>()
export function staffConfirmedByService(call: { method: string; path: string }) {
  confirmedByService.add(`${call.method} /v1${call.path}`)
}

/**
 * The calls whose write holds a staff caller in its own SQL (decision 089: records.ts
 * sessionHolds, the host's close of a session, 2 rounds to 1), instead of a confirmation before
 * any handler: KV's copy, unconfirmed, reaches the service, every statement that writes is
 * conditioned on the caller as D1's primary has them at that moment, and a refused write
 * confirms the caller (confirmedMe) before it says why. As staffConfirmedByService, only for a
 * call no role guard checks; the audit decides such a call by the role that wrote, after the write
 * (features/admin/audit.ts).
 */
export function staffHeldInWrite(call: { method: string; path: string }) {
  confirmedByService.add(`${call.method} /v1${call.path}`)
}

/**
 * The caller of this request as KV's copy, not yet confirmed because its call confirms them in its
 * service, or null: a staff caller of the two sets above (named for them, who were confirmed
 * before any handler until decisions 087 and 089), or anyone behind requireAuthorityAtWrite. What
 * refuses or fails such a call before the service has confirmed them (the CSRF check, the form's
 * validation, D1 failing its first write) answers as the confirmation would have first (app.ts
 * onError: an ended session 401, D1 unable to tell 503; decision 089, found from outside).
 */
export function unconfirmedStaff(c: Context<AppEnv>): SessionUser | null {
  const user = c.var.user
  return user &&
    !user.confirmed &&
    !c.var.sessionHeld &&
    // Any caller of a call behind requireAuthorityAtWrite (its confirmation already started, so no
    // extra read: decision 084's calls and the refund request), a staff one of the sets above.
    (c.var.confirmsInService || (user.role !== Role.patient && confirmedByService.has(`${c.req.method} ${c.req.path}`)))
    ? user
    : null
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
      user = await timed(c, 'session', () => sessionCaller(c))
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
    confirming ??= confirmCaller(c, caller).then(
      (confirmed) => {
        c.set('user', confirmed)
        // Whatever else refuses this request, its answer is that the session has ended (app.ts
        // onError), as it was when every such caller was confirmed before any handler.
        if (!confirmed) c.set('sessionEnded', true)
        return confirmed
      },
      // D1 failing the confirmation is a 503 as it is in the lookup above ("try again", the
      // person stays signed in), wherever it is awaited: before the handler or beside a
      // service's first read (confirmedMe, decisions 084 and 087), where it was a 500.
      (err: unknown) => {
        if (err instanceof AppError) throw err
        console.warn(
          `[${c.get('requestId')}] caller not confirmed:`,
          String(err instanceof Error ? err.message : err).split('\n')[0],
        )
        throw new AppError('unavailable')
      },
    )
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

/** The signed-in caller of a service call; a visitor is refused (401). */
export function me(ctx: Ctx): SessionUser {
  if (!ctx.user) throw new AppError('unauthenticated')
  return ctx.user
}

/**
 * The caller as D1's primary has them now (behind http/auth.ts requireAuthorityAtWrite): a service
 * starts this beside its first read (one D1 round for both, decision 084) and awaits it before it
 * decides or writes anything; a session that no longer holds is refused (401). The row it answers
 * (`row`) is the person's whole users row as the primary has it.
 */
export async function confirmedMe(ctx: Ctx): Promise<SessionUser> {
  const caller = ctx.authority ? await ctx.authority() : ctx.user
  if (!caller) throw new AppError('unauthenticated')
  ctx.user = caller
  return caller
}

/**
 * confirmedMe started beside `read` (one D1 round for both, decision 084): the caller's refusal
 * comes before whatever `read` answered or threw, and nothing is decided before both answered.
 */
export async function confirmedBeside<T>(ctx: Ctx, read: Promise<T>): Promise<[SessionUser, T]> {
  const settle = <V>(p: Promise<V>) =>
    p.then(
      (ok) => ({ ok }),
      (refused: unknown) => ({ refused }),
    )
  const [caller, got] = await Promise.all([settle(confirmedMe(ctx)), settle(read)])
  if ('refused' in caller) throw caller.refused
  if ('refused' in got) throw got.refused
  return [caller.ok, got.ok]
}
