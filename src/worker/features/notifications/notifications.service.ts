// Admin notifications (SPEC §3 "Notification"): the rules of sending them, with the SQL in
// notifications.repo.ts. Email and best-moment scheduling belong here when they land.
import type { Env } from '#worker/env'
import { cancelNotification, deliverInApp, dueNotifications } from './notifications.repo'

/** The explicit receivers of a notification: null for "everyone matching", or the user ids. */
export function parseReceivers(raw: string | null): number[] | null {
  if (raw === null || raw === '') return null
  const value: unknown = JSON.parse(raw)
  if (!Array.isArray(value) || !value.every((id) => Number.isSafeInteger(id))) throw new Error('receivers is not a JSON array of user ids')
  return value as number[]
}

/**
 * Every minute: admin notifications whose time has come become in-app notifications for their
 * receivers (explicit receivers, or a role, or email readers only, in a language). Each one is
 * claimed and fanned out in one batch (notifications.repo.ts), so overlapping runs never send
 * twice. One notification never holds up the others: a row whose receivers cannot be read is
 * cancelled (it would fail the same way every minute), and any other failure is logged and
 * left pending for the next run.
 */
export async function sendDueNotifications(env: Env, now: Date) {
  const due = await dueNotifications(env.DB, now)
  let deliveries = 0
  let cancelled = 0
  let failed = 0
  for (const n of due) {
    let receivers: number[] | null
    try {
      receivers = parseReceivers(n.receivers)
    } catch (err) {
      console.warn(`notification ${n.id} cancelled: ${err instanceof Error ? err.message : String(err)}`)
      if (await cancelNotification(env.DB, n.id)) cancelled++
      continue
    }
    try {
      deliveries += await deliverInApp(env.DB, n, receivers, now)
    } catch (err) {
      failed++
      console.error(`notification ${n.id} not sent, will retry`, err)
    }
  }
  return { notifications: due.length, deliveries, cancelled, failed }
}
