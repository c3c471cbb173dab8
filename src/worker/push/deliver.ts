// A notice's `push` deliveries reach each person's devices (issue 34 §1). The notice path
// (features/notifications) writes one delivery per person as for any channel; what is due goes
// out here, through calma-fanout messages of PUSH_DELIVERIES_PER_MESSAGE deliveries each, so a
// million receivers is ten thousand messages, never one loop. Quiet hours: docs/API.md
// "Reminders on this device" and docs/decisions/051.
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { localizedHref } from '#client/app/pages.ts'
import { getDb, type Db } from '#worker/db/client'
import { batch, rows, rowsIn } from '#worker/db/query'
import type { Env } from '#worker/env'
import { addDays, instantOf, isZone, wallClock } from '#worker/lib/zones'
import type { FanoutMessage } from '#worker/queues/messages'
import { PUSH_TIMEOUT_MS, sendPush, type Outcome, type PushNotice } from './send'
import {
  deleteEndedDevicesOf,
  deviceRowsIn,
  devicesOfPeopleIn,
  recordOutcomes,
  type DeviceRow,
} from './subscriptions.repo'
import { pushKeysReady } from './vapid'

/** Deliveries per queue message: a person has at most 10 devices, so at most 1,000 sends a message. */
export const PUSH_DELIVERIES_PER_MESSAGE = 100
/** Deliveries the minute cron hands to the queue in one run (each a message of 100). */
export const PUSHES_PER_RUN = 20_000
/** A delivery handed to the queue is not handed again for this long (its message may still be waiting). */
export const LEASE_MS = 10 * 60 * 1000
/**
 * Connections open at once from one invocation of the consumer: a Worker opens 6 at a time (more
 * fetches wait for one to close, their timeout running meanwhile), shared by the messages of a
 * batch, which go side by side (issue 43 §4, docs/decisions/074).
 */
export const CONNECTIONS = 6
/**
 * Pushes of one message being built or sent at once: more than the connections, so the next
 * request is encrypted while the others are on the wire, and a message's D1 rounds overlap the
 * sends of the others.
 */
const IN_FLIGHT = 12

/**
 * At most `n` holders at once: the invocation's connections. Each holder gets the timeout signal
 * of its fetch: one AbortSignal.timeout for the fetches that take a connection within the same
 * TIMEOUT_SHARED_MS, lasting PUSH_TIMEOUT_MS + TIMEOUT_SHARED_MS from the first of them, so each
 * fetch still has at least PUSH_TIMEOUT_MS and at most TIMEOUT_SHARED_MS more. A timer a push
 * was ~4% of workerd's CPU in the push step (perf, decision 083). Per invocation: a signal is an
 * I/O object of the request that made it.
 */
export function connectionSlots(n = CONNECTIONS) {
  let free = n
  const waiting: (() => void)[] = []
  let shared: { signal: AbortSignal; from: number } | null = null
  const signal = () => {
    const now = Date.now()
    if (!shared || now - shared.from >= TIMEOUT_SHARED_MS)
      shared = { signal: AbortSignal.timeout(PUSH_TIMEOUT_MS + TIMEOUT_SHARED_MS), from: now }
    return shared.signal
  }
  return async <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work(signal())
    } finally {
      const next = waiting.shift()
      if (next) next()
      else free++
    }
  }
}
/** The fetches that take a connection within this long share one timeout signal. */
const TIMEOUT_SHARED_MS = 1000
export type ConnectionSlots = ReturnType<typeof connectionSlots>
/** A person's quiet hours in minutes of the day on a device's clock; over midnight when from > until. */
export interface QuietWindow {
  from: number
  until: number
}
/** The quiet hours a person has before choosing their own (the users columns' defaults): 22:00–08:00. */
export const DEFAULT_QUIET: QuietWindow = { from: 22 * 60, until: 8 * 60 }

const ids = (list: number[]) => JSON.stringify(list)

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The person's own quiet hours from their row ('HH:MM' pair), or null: they chose none (issue 42 §3). */
export function quietWindowOf(from: string | null, until: string | null): QuietWindow | null {
  if (!from || !until || !/^\d\d:\d\d$/.test(from) || !/^\d\d:\d\d$/.test(until)) return null
  const w = { from: minutesOf(from), until: minutesOf(until) }
  return w.from === w.until ? null : w
}

/** Whether `ms` is in the quiet hours `w` on a `zone` clock (an unknown zone counts as UTC). */
export function inQuietHours(ms: number, zone: string | null, w: QuietWindow | null = DEFAULT_QUIET) {
  if (!w) return false
  const c = wallClock(ms, zone && isZone(zone) ? zone : 'UTC')
  const minute = c.hour * 60 + c.minute
  return w.from > w.until ? minute >= w.from || minute < w.until : minute >= w.from && minute < w.until
}

/** The end of the quiet hours `ms` is in: the next `until` on the person's clock. */
export function quietHoursEnd(ms: number, zone: string | null, w: QuietWindow = DEFAULT_QUIET) {
  const tz = zone && isZone(zone) ? zone : 'UTC'
  const today = wallClock(ms, tz).date
  for (let i = 0; i < 2; i++) {
    const at = instantOf(addDays(today, i), w.until, tz)
    if (at !== null && at > ms) return at
  }
  return ms + 24 * 60 * 60 * 1000
}

/** Enqueue push deliveries, PUSH_DELIVERIES_PER_MESSAGE a message, 100 messages a send (the queue's limit). */
async function enqueue(env: Env, deliveryIds: number[]) {
  const messages: { body: FanoutMessage }[] = []
  for (let i = 0; i < deliveryIds.length; i += PUSH_DELIVERIES_PER_MESSAGE)
    messages.push({ body: { kind: 'devices', deliveries: deliveryIds.slice(i, i + PUSH_DELIVERIES_PER_MESSAGE) } })
  for (let i = 0; i < messages.length; i += 100) await env.FANOUT_QUEUE.sendBatch(messages.slice(i, i + 100))
}

/** Enqueues the push deliveries `lease` (an UPDATE … RETURNING id) has just leased; answers how many. */
async function enqueueLeased(env: Env, lease: SQL) {
  const leased = await rows(getDb(env.DB), lease, z.object({ id: z.number() }))
  await enqueue(
    env,
    leased.map((r) => r.id),
  )
  return leased.length
}

/**
 * Leases the due pending push deliveries of one block of a notice (its due_at moves LEASE_MS on,
 * so the cron does not hand them again meanwhile) and enqueues them. The notice path's one hook
 * (notifications.fanout writeAndDeliverBlock). Answers the deliveries enqueued.
 */
export function queueBlockPushes(env: Env, notificationId: number, from: number, to: number, now: number) {
  return enqueueLeased(
    env,
    sql`UPDATE notification_deliveries SET due_at = ${now + LEASE_MS}
        WHERE notification_id = ${notificationId} AND user_id BETWEEN ${from} AND ${to}
          AND channel = 'push' AND status = 'pending' AND coalesce(due_at, 0) <= ${now}
        RETURNING id`,
  )
}

/**
 * The minute cron: push deliveries due by now (a person's best moment came, quiet hours ended,
 * a lease ran out) are leased and enqueued, PUSHES_PER_RUN at most a run.
 */
export function queueDuePushes(env: Env, now: number) {
  return enqueueLeased(
    env,
    sql`UPDATE notification_deliveries SET due_at = ${now + LEASE_MS}
        WHERE id IN (SELECT id FROM notification_deliveries
                     WHERE status = 'pending' AND channel = 'push' AND coalesce(due_at, 0) <= ${now}
                     ORDER BY due_at, id LIMIT ${PUSHES_PER_RUN})
        RETURNING id`,
  )
}

const pendingRow = z.object({
  id: z.number(),
  user_id: z.number(),
  timezone: z.string().nullable(),
  quiet_from: z.string().nullable(),
  quiet_until: z.string().nullable(),
  at_best_moment: z.number(),
  language: z.enum(['es', 'en']).nullable(),
  copy: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  notification_id: z.number(),
})
type Pending = z.output<typeof pendingRow>

function noticeFor(d: Pending, device: DeviceRow): PushNotice {
  const locale = d.language ?? device.language
  const copy = (d.copy ? JSON.parse(d.copy) : {}) as Record<string, { title?: string; description?: string | null }>
  const text = copy[locale] ?? { title: d.title, description: d.description }
  return {
    title: text.title ?? d.title,
    body: text.description ?? '',
    url: localizedHref(locale, 'journey'),
    tag: `notice-${d.notification_id}`,
  }
}

/** Run `work` over `items`, IN_FLIGHT at a time. */
async function pooled<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out = Array.from<R>({ length: items.length })
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await work(items[i]!)
      }
    }),
  )
  return out
}

/**
 * The calma-fanout consumer of a `devices` message. Per person: in quiet hours, a notice whose
 * every device keeps quiet hours waits until 08:00 (its due_at moves; a best-moment reminder is
 * skipped instead); otherwise the delivery is claimed (pending → sent, once, whoever else
 * reads it) and sent to each device that may take it now. The push service's answers are
 * written back in one batch: 404/410 drop the device, others count a failure.
 */
export async function deliverPushes(
  env: Env,
  deliveryIds: number[],
  now = Date.now(),
  connections: ConnectionSlots = connectionSlots(),
) {
  const db = getDb(env.DB)
  // A fault of our own keys sends nothing and touches no device (./vapid.ts): the deliveries
  // stay pending and the minute cron leases them again once LEASE_MS has passed.
  if (!(await pushKeysReady(env, now))) return { sent: 0, waiting: 0 }
  // The person's choice as it is now, not as it was when the notice was written: a delivery
  // held for the morning (or waiting in the queue) of someone who stopped notifications or took
  // push out of their channels since is cancelled, never sent (issue 41).
  // One D1 round before the sends (issue 43 §4, docs/decisions/083): the opted out cancelled, the
  // pending read, and their people's devices whose session ended by itself deleted (decision 060)
  // and the live ones read, in one batch (one transaction, in this order: the devices are those
  // of the deliveries still pending after the cancel).
  const [, found, , devicesFound] = await batch(db, [
    cancelOptedOut(deliveryIds),
    pendingOf(deliveryIds),
    deleteEndedDevicesOf(peopleOf(deliveryIds), now),
    devicesOfPeopleIn(peopleOf(deliveryIds), now),
  ])
  const pending = rowsIn(found, pendingRow)
  if (!pending.length) return { sent: 0, waiting: 0 }
  const devices = deviceRowsIn(devicesFound)
  const byPerson = new Map<number, DeviceRow[]>()
  for (const d of devices) byPerson.set(d.user_id, [...(byPerson.get(d.user_id) ?? []), d])
  const waits: { id: number; until: number }[] = []
  const go: Pending[] = []
  for (const p of pending) {
    const mine = byPerson.get(p.user_id) ?? []
    // Each device keeps the person's quiet hours on its own clock (the zone its browser sent), else the person's.
    const w = quietWindowOf(p.quiet_from, p.quiet_until)
    if (w && !p.at_best_moment && mine.length && mine.every((d) => quietNow(d, p, now)))
      waits.push({ id: p.id, until: Math.min(...mine.map((d) => quietHoursEnd(now, zoneOf(d, p), w))) })
    else go.push(p)
  }
  const claimed = await claim(db, go, waits, now)
  const sends = claimed.flatMap((p) =>
    (byPerson.get(p.user_id) ?? [])
      .filter((d) => !quietNow(d, p, now))
      .map((device) => ({ device, notice: noticeFor(p, device) })),
  )
  const outcomes = await pooled(sends, (s) => sendPush(env, s.device, s.notice, connections))
  const of = (kind: Outcome['kind']) => sends.filter((_, i) => outcomes[i]!.kind === kind).map((s) => s.device.id)
  await recordOutcomes(db, of('gone'), of('failed'), of('ok'), now)
  return { sent: of('ok').length, waiting: waits.length }
}

/** The clock a device keeps quiet hours on: its browser's zone, else the person's profile, else UTC. */
const zoneOf = (d: DeviceRow, p: Pending) => d.timezone ?? p.timezone
/** The device keeps quiet hours (its switch) and now is in the person's own (none: never quiet). */
const quietNow = (d: DeviceRow, p: Pending, now: number) =>
  d.quiet_hours && inQuietHours(now, zoneOf(d, p), quietWindowOf(p.quiet_from, p.quiet_until))

// The statements below name their deliveries by id: `+status` and `+channel` (the unary plus)
// keep SQLite off the (status, due_at) index, which it otherwise picks and then reads every
// pending delivery of every notice for each message (100,000 while a notice to 100,000 goes out:
// 1,800 us a push at 100,000 against 1,258 at 10,000; decision 083, as decision 070 found for mail).

/** The pending push deliveries among `deliveryIds`, with what their push needs. */
const pendingOf = (deliveryIds: number[]) =>
  sql`SELECT d.id, d.user_id, u.timezone, u.quiet_from, u.quiet_until, n.at_best_moment, n.language, n.copy, n.title, n.description, d.notification_id
      FROM notification_deliveries d JOIN users u ON u.id = d.user_id JOIN admin_notifications n ON n.id = d.notification_id
      WHERE d.id IN (SELECT value FROM json_each(${ids(deliveryIds)})) AND +d.status = 'pending' AND +d.channel = 'push'`

/** The people of those of `deliveryIds` still pending (a subquery: the batch reads their devices). */
const peopleOf = (deliveryIds: number[]) =>
  sql`SELECT user_id FROM notification_deliveries
      WHERE id IN (SELECT value FROM json_each(${ids(deliveryIds)})) AND +status = 'pending' AND +channel = 'push'`

/** Cancels those of `deliveryIds` whose person stopped notifications or chose channels without push. */
const cancelOptedOut = (deliveryIds: number[]) =>
  sql`UPDATE notification_deliveries SET status = 'cancelled'
      WHERE id IN (SELECT value FROM json_each(${ids(deliveryIds)})) AND +status = 'pending' AND +channel = 'push'
        AND user_id IN (SELECT u.id FROM users u WHERE u.id = notification_deliveries.user_id AND (
          u.notifications_disabled_at IS NOT NULL
          OR (json_type(u.notification_channels) = 'array'
              AND NOT EXISTS (SELECT 1 FROM json_each(u.notification_channels) WHERE value = 'push'))))`

/** Claims `go` (pending → sent) and moves `waits` to the end of their quiet hours, in one batch. */
async function claim(db: Db, go: Pending[], waits: { id: number; until: number }[], now: number) {
  const [claimed] = await batch(db, [
    sql`UPDATE notification_deliveries SET status = 'sent', sent_at = ${now}
        WHERE id IN (SELECT value FROM json_each(${ids(go.map((p) => p.id))})) AND +status = 'pending'
        RETURNING id`,
    ...waits.map(
      (w) => sql`UPDATE notification_deliveries SET due_at = ${w.until} WHERE id = ${w.id} AND +status = 'pending'`,
    ),
  ])
  const taken = new Set(rowsIn(claimed, z.object({ id: z.number() })).map((r) => r.id))
  return go.filter((p) => taken.has(p.id))
}
