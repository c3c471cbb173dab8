// Opening and ending sessions, and ending the ones a change to the person's row ends
// (records.ts for the model).
import type { Context } from 'hono'
import type { User } from '#worker/db/schema'
import type { AppEnv, Env } from '#worker/env'
import { forgetPerson, forgetSessionPages } from '#worker/http/person-cache'
import { randomToken, tokenHash } from '#worker/lib/crypto'
import { endRealtime } from '#worker/realtime/channels'
import { getDb } from '#worker/db/client'
import { primaryOf } from '#worker/db/rounds'
import { deleteAllDevices, deleteSessionDevices } from '#worker/push/subscriptions.repo'
import { clearSessionCookie, setSessionCookie } from './cookie'
import { forgetSessions } from './memo'
import { writePerson } from './person'
import {
  indexPrefix,
  keepPasswordFp,
  newDataVersion,
  passwordFingerprint,
  PERSON_TTL_SEC,
  RECOVERY_GRACE_MS,
  REMEMBER_TTL_SEC,
  SESSION_TTL_SEC,
  sessionKey,
  versionKey,
  type SessionRecord,
} from './records'

export interface NewSession {
  token: string
  expiresAt: number
  csrf: string
  /** Its KV hash (what a device saved under it names: push_subscriptions.session_hash). */
  hash: string
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
    // The password's fingerprint kept in D1 too, so a write can hold this session in its own
    // SQL (decision 089); a row whose copy is already this one is not written.
    // A cache: one not written never fails the sign-in.
    keepPasswordFp(getDb(primaryOf(c.env.DB)), user.id, user.passwordHash, rec.fp).catch((err: unknown) =>
      console.warn(`password fingerprint of user ${user.id} not kept: ${String(err).split('\n')[0]}`),
    ),
    c.env.KV.put(sessionKey(hash), JSON.stringify(rec), { expirationTtl: ttl }),
    c.env.KV.put(indexPrefix(user.id) + hash, '', { expirationTtl: ttl }),
    writePerson(c.env, user.id, user),
    c.env.KV.put(versionKey(user.id), newDataVersion(), { expirationTtl: PERSON_TTL_SEC }),
  ])
  setSessionCookie(c, token, remember ? ttl : null)
  return { token, expiresAt: rec.exp, csrf: rec.csrf, hash }
}

/**
 * End the caller's session (logout by POST or by the GET link, or a sign-in / new password that
 * replaces it): its KV entry, the realtime sockets it opened, the push devices it saved (a
 * password change moves them to the new session first: features/users saveProfile), and the
 * cookie (unless a new session replaces it). Nothing writes a session record after it opened,
 * so the deletion reaches every location within KV's 60 s and stays.
 */
export async function endSession(c: Context<AppEnv>, opts: { replaced?: boolean } = {}) {
  const user = c.var.user
  const hash = user?.session?.hash
  if (hash) {
    forgetSessions({ hash })
    forgetSessionPages(hash)
    await Promise.all([
      // The record first, then the devices: a device saved while this runs checks the record after
      // its write (push/devices.service.ts save), so it is either deleted here or finds the record
      // gone and deletes itself.
      c.env.KV.delete(indexPrefix(user.id) + hash)
        .then(() => c.env.KV.delete(sessionKey(hash)))
        // Every path a session ends by ends its devices too (decision 060): the device is not
        // told, it simply gets nothing more of this person.
        .then(() => deleteSessionDevices(getDb(c.env.DB), user.id, hash)),
      endRealtime(c.env, user.id, { session: hash }),
    ])
    // Again once KV has it: a request of this isolate that read the record meanwhile memoized it.
    forgetSessions({ hash })
  }
  if (!opts.replaced) clearSessionCookie(c)
}

/**
 * Sign-out everywhere (POST /v1/user/logout/all): every session of the person ends now (each
 * record through the `usess:` index), with every realtime socket and every push device; the
 * caller's own cookie then goes with `endSession`. KV lists are eventually consistent: a session
 * opened at another location in the last ~60 s may be missed by the list (decision 060 says so).
 */
export async function endEverySession(env: Env, userId: number): Promise<void> {
  forgetSessions({ uid: userId })
  await Promise.all([
    // The records, then the devices (as endSession: a device saved meanwhile checks its record).
    eachSession(env, userId, async (indexKey, hash) => {
      forgetSessionPages(hash)
      await env.KV.delete(indexKey)
      await env.KV.delete(sessionKey(hash))
    }).then(() => deleteAllDevices(getDb(env.DB), userId)),
    endRealtime(env, userId, { keepPassword: null }),
  ])
  // Again once KV has it (a request that read a record meanwhile memoized it).
  forgetSessions({ uid: userId })
}

/**
 * The person's users row changed (or went). Call it after any write to a users row (the row is
 * read from D1's primary, which has that write). Their `person:<uid>` is written from it (or
 * deleted), their data version renewed, and the sessions opened with another password, or all
 * of them when the person is gone, are deleted now; a session a KV list misses ends anyway, by
 * its fingerprint, once KV carries the new person (decision 038). It throws when KV fails: a
 * password change or an erasure must not look done while the old sessions still work.
 * `written`: the row as the write answered it (RETURNING), written first instead of read first;
 * the row is read again after it is in KV either way (person.ts writePerson).
 */
export async function refreshSessions(env: Env, userId: number, written?: User): Promise<void> {
  forgetPerson(userId)
  forgetSessions({ uid: userId })
  const row = await writePerson(env, userId, written)
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
