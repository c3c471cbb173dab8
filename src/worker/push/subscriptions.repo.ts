// Queries of the push subscriptions (issue 34 §1). Every statement a person's call makes names
// the caller's user id, except the save, which takes an endpoint over from whoever had it (the
// browser is the caller's now: docs/API.md "Reminders on this device").
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Language } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { batch, rows, rowsIn, run } from '#worker/db/query'

/** A person keeps at most this many devices: saving one more drops their oldest. */
export const DEVICES_PER_PERSON = 10

const deviceRow = z.object({
  id: z.number(),
  user_id: z.number(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  language: z.enum(['es', 'en']),
  quiet_hours: z.union([z.number(), z.boolean()]).transform((v) => v === true || v === 1),
  created_at: z.number(),
  /** The browser's own zone (quiet hours on its clock); null: saved before browsers sent it. */
  timezone: z.string().nullable(),
})
export type DeviceRow = z.output<typeof deviceRow>

const COLUMNS = sql.raw('id, user_id, endpoint, p256dh, auth, language, quiet_hours, created_at, timezone')

/** A device's session has not ended by itself (its expiry): the rows this holds for are live. */
const live = (now: number) => sql`(session_expires_at IS NULL OR session_expires_at > ${now})`

export interface NewDevice {
  userId: number
  endpoint: string
  p256dh: string
  auth: string
  language: Language
  /** Absent: a new device has quiet hours on, a known one keeps its choice. */
  quietHours: boolean | undefined
  sessionHash: string | null
  /** When the session that saves it ends by itself (ms): the device ends then too. */
  sessionExpiresAt: number | null
  /** The browser's IANA zone (checked by the caller), or null. */
  timezone: string | null
  /** "browser|system" of the browser that saved it, for the person's list. */
  label: string | null
  now: number
}

/**
 * Saves the device for `d.userId` in one batch (one transaction): whether the caller already had
 * this endpoint, the row written (taken over from another person if theirs), the caller's
 * devices past DEVICES_PER_PERSON dropped oldest first, the row read back, and the push channel
 * chosen (choosePushChannelStmt).
 */
export async function saveDevice(db: Db, d: NewDevice): Promise<{ existed: boolean; device: DeviceRow }> {
  const quiet = d.quietHours === undefined ? null : d.quietHours ? 1 : 0
  const [before, , , after] = await batch(db, [
    sql`SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ${d.endpoint} AND user_id = ${d.userId}`,
    sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, language, quiet_hours, session_hash, session_expires_at, timezone, label, created_at, failures)
        VALUES (${d.userId}, ${d.endpoint}, ${d.p256dh}, ${d.auth}, ${d.language}, coalesce(${quiet}, 1), ${d.sessionHash},
                ${d.sessionExpiresAt}, ${d.timezone}, ${d.label}, ${d.now}, 0)
        ON CONFLICT (endpoint) DO UPDATE SET
          timezone = coalesce(excluded.timezone, CASE WHEN user_id = excluded.user_id THEN timezone END),
          label = excluded.label, session_expires_at = excluded.session_expires_at,
          quiet_hours = CASE WHEN user_id = excluded.user_id THEN coalesce(${quiet}, quiet_hours) ELSE excluded.quiet_hours END,
          created_at = CASE WHEN user_id = excluded.user_id THEN created_at ELSE excluded.created_at END,
          user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
          language = excluded.language, session_hash = excluded.session_hash, failures = 0`,
    sql`DELETE FROM push_subscriptions WHERE user_id = ${d.userId} AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${d.userId} ORDER BY created_at DESC, id DESC LIMIT ${DEVICES_PER_PERSON})`,
    sql`SELECT ${COLUMNS} FROM push_subscriptions WHERE endpoint = ${d.endpoint}`,
    // In the same batch (issue 43 §3: it was a round of its own after the device's check).
    choosePushChannelStmt(d.userId),
  ])
  const existed = rowsIn(before, z.object({ n: z.number() }))[0]!.n > 0
  return { existed, device: rowsIn(after, deviceRow)[0]! }
}

/** Deletes the caller's own device with this endpoint; answers whether there was one. */
export const deleteDevice = async (db: Db, userId: number, endpoint: string) =>
  (await run(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`)) > 0

/** The devices a session saved: they end with it (identity/sessions.ts endSession, decision 060). */
export const deleteSessionDevices = (db: Db, userId: number, sessionHash: string) =>
  run(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND session_hash = ${sessionHash}`)

/** Every device of the person (sign-out everywhere). */
export const deleteAllDevices = (db: Db, userId: number) =>
  run(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`)

/**
 * A password change: every other session ended, so their devices go; the caller's own session
 * was replaced by a new one (`to`), and its devices now belong to that one. One batch.
 */
export const keepOnlySessionDevices = (
  db: Db,
  userId: number,
  from: string | null,
  to: { hash: string; expiresAt: number },
) =>
  batch(db, [
    sql`UPDATE push_subscriptions SET session_hash = ${to.hash}, session_expires_at = ${to.expiresAt}
        WHERE user_id = ${userId} AND session_hash = ${from}`,
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND session_hash IS NOT ${to.hash}`,
  ])

/**
 * The devices of the people `people` (a subquery of user ids) whose session ended by itself (their
 * expiry): gone at send time. A statement for the sender's one batch (push/deliver.ts).
 */
export const deleteEndedDevicesOf = (people: SQL, now: number) =>
  sql`DELETE FROM push_subscriptions WHERE user_id IN (${people}) AND NOT ${live(now)}`

const listedDevice = z.object({
  id: z.number(),
  endpoint: z.string(),
  label: z.string().nullable(),
  quiet_hours: z.union([z.number(), z.boolean()]).transform((v) => v === true || v === 1),
  created_at: z.number(),
  last_ok_at: z.number().nullable(),
})

/** The caller's live devices, newest first (their profile's list). */
export const listDevices = (db: Db, userId: number, now: number) =>
  rows(
    db,
    sql`SELECT id, endpoint, label, quiet_hours, created_at, last_ok_at FROM push_subscriptions
        WHERE user_id = ${userId} AND ${live(now)} ORDER BY created_at DESC, id DESC`,
    listedDevice,
  )

/** Deletes the caller's own device by id; answers whether there was one. */
export const deleteDeviceById = async (db: Db, userId: number, id: number) =>
  (await run(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id = ${id}`)) > 0

/** The person's devices, newest first, for their export (never the keys). */
export const devicesOf = (db: Db, userId: number) =>
  rows(
    db,
    sql`SELECT endpoint, quiet_hours, language, created_at, last_ok_at FROM push_subscriptions
        WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`,
    z.object({
      endpoint: z.string(),
      quiet_hours: z.number(),
      language: z.string(),
      created_at: z.number(),
      last_ok_at: z.number().nullable(),
    }),
  )

/**
 * The live devices of the people `people` (a subquery of user ids: a message's pending
 * deliveries), one read however many people, for the sender's one batch (push/deliver.ts). A
 * device whose session ended by itself is not among them (decision 060).
 */
export const devicesOfPeopleIn = (people: SQL, now: number) =>
  sql`SELECT ${COLUMNS} FROM push_subscriptions WHERE user_id IN (${people}) AND ${live(now)} ORDER BY id`

/** The devices of a batch's answers (devicesOfPeopleIn's result), parsed. */
export const deviceRowsIn = (result: Parameters<typeof rowsIn>[0]) => rowsIn(result, deviceRow)

/** The push service's answers, written back in one batch: gone devices deleted, failures counted, successes stamped. */
export async function recordOutcomes(db: Db, gone: number[], failed: number[], ok: number[], now: number) {
  const list = (ids: number[]) => JSON.stringify(ids)
  const statements = [
    gone.length && sql`DELETE FROM push_subscriptions WHERE id IN (SELECT value FROM json_each(${list(gone)}))`,
    failed.length &&
      sql`UPDATE push_subscriptions SET failures = failures + 1 WHERE id IN (SELECT value FROM json_each(${list(failed)}))`,
    ok.length &&
      sql`UPDATE push_subscriptions SET failures = 0, last_ok_at = ${now} WHERE id IN (SELECT value FROM json_each(${list(ok)}))`,
  ].filter((s): s is ReturnType<typeof sql> => !!s)
  if (statements.length) await batch(db, statements)
}

/**
 * Turning reminders on for a device is choosing the push channel: a person who chose their
 * channels (a JSON list; none chosen means every channel) gets `push` added, so the switch they
 * just turned on is not silently outweighed by an older choice of channels. Written by saveDevice's
 * batch: a choice of the person's, which stays when a sign-out racing the save takes the device.
 */
const choosePushChannelStmt = (userId: number) =>
  sql`UPDATE users SET notification_channels = json_insert(notification_channels, '$[#]', 'push')
      WHERE id = ${userId} AND json_type(notification_channels) = 'array'
        AND NOT EXISTS (SELECT 1 FROM json_each(users.notification_channels) WHERE value = 'push')`
