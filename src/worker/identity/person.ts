// The person's row in KV (`person:<uid>`) and their data version (`pdv:<uid>`): written only from
// D1, never from a read of KV (records.ts; decision 038).
import { getDb } from '#worker/db/client'
import { primaryOf } from '#worker/db/rounds'
import type { User } from '#worker/db/schema'
import type { Env } from '#worker/env'
import { forgetPerson } from '#worker/http/person-cache'
import { forgetSessions } from './memo'
import {
  findSessionUser,
  newDataVersion,
  passwordFingerprint,
  PERSON_TTL_SEC,
  personKey,
  toSnapshot,
  versionKey,
  type PersonRecord,
  type SessionRecord,
} from './records'

/** Rounds of put-then-read-again before `writePerson` leaves the row to the next writer. */
const PERSON_WRITE_ROUNDS = 4

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
export async function writePerson(env: Env, uid: number, row?: User): Promise<User | undefined> {
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

export const personRecord = async (row: User | undefined): Promise<PersonRecord | null> =>
  row ? { u: toSnapshot(row), fp: await passwordFingerprint(row.passwordHash) } : null

/**
 * The person of session `rec`, from KV's copy when it knows the session's password. Else from
 * D1: a copy missing (never written here, expired) is written from it; a copy of another
 * password is either newer than the session (a password change: D1 says so too, and the
 * session is over) or older (a session opened at another location moments after a change, KV
 * has not yet carried the new copy here), and D1 tells which without writing anything.
 */
export async function personOf(env: Env, rec: SessionRecord, kept: PersonRecord | null): Promise<PersonRecord | null> {
  if (kept?.fp === rec.fp) return kept
  if (!kept) return personRecord(await writePerson(env, rec.uid))
  return personRecord(await findSessionUser(getDb(primaryOf(env.DB)), rec.uid))
}
/**
 * Some of the person's rows changed (progress, likes, plan, rewards, credits, appointments…):
 * their data version is replaced, so their cached rows are read again (http/person-cache.ts).
 * Called once per request that changed rows (caller.ts sessionContext), and by writers outside
 * requests that know whose rows they touched. One blind put of a new random value: no session
 * record and no copy of the row is read or written, so nothing old can come back through it.
 */
export async function personChanged(env: Env, userId: number): Promise<void> {
  forgetPerson(userId)
  forgetSessions({ uid: userId })
  await env.KV.put(versionKey(userId), newDataVersion(), { expirationTtl: PERSON_TTL_SEC })
  forgetSessions({ uid: userId })
}
