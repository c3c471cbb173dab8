// Identity: sessions and the person behind them (issue 3 §2, DESIGN §4, docs/decisions/010-sessions-tokens-and-csrf.md,
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
//   password hash nor its fingerprint's copy) and the fingerprint of their current password. Only code that has just read
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
// The realtime sockets a session opened are closed with it (realtime/channels.ts
// endRealtime): one session at logout, all of the person's at a password change or erasure,
// and at the session's expiry by the channel itself.
//
// This folder is a layer under the features (issue 33 §2, docs/decisions/043): it imports no
// feature. records.ts: what KV keeps; person.ts: the person's row in KV; memo.ts: this isolate's
// memo of verified sessions; caller.ts: who is calling (the middleware); sessions.ts: opening and
// ending sessions; cookie.ts: the token's cookie; temporary.ts: sign-in links.

import { and, eq, getTableColumns, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { Role } from '#shared/enums'
import { users, type User } from '#worker/db/schema'
import type { Db } from '#worker/db/client'
import { randomToken, sha256 } from '#worker/lib/crypto'

/** A session without 'keep me connected': one day, and the cookie ends with the browser. */
export const SESSION_TTL_SEC = 24 * 60 * 60
/** 'Keep me connected': 30 days. */
export const REMEMBER_TTL_SEC = 30 * 24 * 60 * 60
/** A session opened by a recovery link may set a new password without the old one, this long. */
export const RECOVERY_GRACE_MS = 30 * 60 * 1000
/** The person's row and data version outlive any session opened before their last write. */
export const PERSON_TTL_SEC = REMEMBER_TTL_SEC + 24 * 60 * 60

/** `session:<hash>`: written once at sign-in, deleted at its end, never rewritten (see above). */
export interface SessionRecord {
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
export interface PersonRecord {
  u: UserSnapshot
  /** Fingerprint of the person's current password hash: a session of another one is over. */
  fp: string
}

/** A fresh data version (unique enough: a person's own versions only need to differ). */
export const newDataVersion = () => `${Date.now().toString(36)}${randomToken().slice(0, 8)}`

/** The users row as kept in KV: instants as ms, the password hash only as "has one" ('*'). */
type UserSnapshot = Record<string, unknown>

export const sessionKey = (hash: string) => `session:${hash}`
export const indexPrefix = (uid: number) => `usess:${uid}:`
export const personKey = (uid: number) => `person:${uid}`
export const versionKey = (uid: number) => `pdv:${uid}`

/** The row's instant columns (drizzle `timestamp_ms`), turned back into Dates from a snapshot. */
const DATE_COLUMNS = Object.entries(getTableColumns(users))
  .filter(([, col]) => col.dataType === 'date')
  .map(([name]) => name)

export function toSnapshot(row: User): UserSnapshot {
  const out: UserSnapshot = { ...row, passwordHash: row.passwordHash ? '*' : null, passwordFp: null }
  for (const k of DATE_COLUMNS) {
    const v = (row as Record<string, unknown>)[k]
    out[k] = v instanceof Date ? v.getTime() : (v ?? null)
  }
  return out
}

export function fromSnapshot(u: UserSnapshot): User {
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

/** The person's users row, read where the caller says (D1's primary for anything that decides). */
export const findSessionUser = (db: Db, id: number): Promise<User | undefined> =>
  db.select().from(users).where(eq(users.id, id)).get()

/**
 * Keeps `fp` (the fingerprint of `passwordHash`) as the row's copy, `password_fp` (decision 089),
 * while the row's password is still `passwordHash`; a row whose copy is already `fp` is not
 * written. Run where a session is opened or its caller confirmed, with the row just read.
 */
export const keepPasswordFp = (db: Db, id: number, passwordHash: string | null, fp: string) =>
  db
    .update(users)
    .set({ passwordFp: fp })
    .where(
      and(
        eq(users.id, id),
        passwordHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, passwordHash),
        or(isNull(users.passwordFp), ne(users.passwordFp, fp)),
      ),
    )
    .run()

/**
 * SQL: the caller's session still holds in D1's primary at the moment of the statement it is a
 * condition of (decision 089): their row is there, with the role their session's copy says, and
 * the copy of their password's fingerprint is the session's (a password changed since clears it:
 * migration 0031's trigger). What confirmCaller answers, as part of a write instead of a read
 * before it. False also for a row whose copy is not kept yet: the caller is then confirmed by a
 * read, as before.
 */
export const sessionHolds = (caller: { id: number; role: number; session?: { fp?: string } | null }): SQL =>
  caller.session?.fp
    ? sql`EXISTS (SELECT 1 FROM users AS caller WHERE caller.id = ${caller.id} AND caller.role = ${caller.role}
            AND caller.password_fp = ${caller.session.fp})`
    : sql`0`
