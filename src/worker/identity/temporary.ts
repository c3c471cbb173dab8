// Sign-in links (SPEC §2: `user_id` + `authorization` on /login): recovery, welcome, an appointment's.
import { getDb } from '#worker/db/client'
import { primaryOf } from '#worker/db/rounds'
import type { User } from '#worker/db/schema'
import type { Env } from '#worker/env'
import { takeOnce } from '#worker/http/ratelimit'
import { randomToken, TOKEN_RE, tokenHash } from '#worker/lib/crypto'
import { findSessionUser, passwordFingerprint } from './records'

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
  const link = await mintTemporaryToken(env, row, purpose)
  await link.keep()
  return link.token
}

/**
 * A sign-in link's token for `row` (its `passwordHash` as D1 has it) made now and kept in KV only
 * by `keep()`: a mail written in the same D1 batch as what it tells of carries the token before
 * that batch runs (decision 084); `drop()` forgets one kept for a write that was then refused.
 */
export async function mintTemporaryToken(env: Env, row: Pick<User, 'id' | 'passwordHash'>, purpose: TemporaryPurpose) {
  const token = randomToken()
  const ttl = TEMPORARY_TTL_SEC[purpose]
  const rec: TemporaryRecord = {
    uid: row.id,
    purpose,
    exp: Date.now() + ttl * 1000,
    fp: await passwordFingerprint(row.passwordHash),
  }
  const key = temporaryKey(await tokenHash(env, token))
  return {
    token,
    keep: () => env.KV.put(key, JSON.stringify(rec), { expirationTtl: ttl }),
    drop: () => env.KV.delete(key),
  }
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
  if (!(await takeOnce(getDb(env.DB), `temporary-used:${hash}`))) return null
  await env.KV.delete(temporaryKey(hash))
  return { rec, user }
}
