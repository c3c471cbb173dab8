// The statements of one block of a notice's audience (notifications.fanout.ts, docs/SCALING.md):
// a notice is written and delivered one id range of people at a time. Apart from the rest of the
// notifications' SQL (notifications.repo.ts), whose audience and in-app pieces they share.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#worker/db/client'
import { batch, firstRow, rowsIn, run } from '#worker/db/query'
import { audience, IN_APP, inAppRow, writeInApp, type NotificationRow } from './notifications.repo'

/** The range of user ids (blocks are id ranges: `id BETWEEN a AND b`, by the primary key). */
export async function userIdRange(db: Db) {
  const r = await firstRow(
    db,
    sql`SELECT min(id) AS lo, max(id) AS hi FROM users`,
    z.object({ lo: z.number().nullable(), hi: z.number().nullable() }),
  )
  return { lo: r?.lo ?? 0, hi: r?.hi ?? -1 }
}

/**
 * One block of a claimed notification: a pending delivery per person of the audience with an id
 * in [from, to] (unique per notification, person and channel: INSERT OR IGNORE, so a block
 * written twice writes nothing new). Only while the notification is claimed ('sent').
 * Answers how many were written.
 */
export async function writeBlock(
  db: Db,
  n: NotificationRow,
  receivers: number[] | null,
  from: number,
  to: number,
  moments: Record<string, number>,
  at: number,
): Promise<number> {
  return run(
    db,
    sql`INSERT OR IGNORE INTO notification_deliveries (notification_id, user_id, channel, status, due_at, created_at)
        SELECT ${n.id}, u.id, ${n.channel}, 'pending',
               coalesce(json_extract(${JSON.stringify(moments)}, '$."' || coalesce(u.timezone, 'UTC') || '|' || coalesce(u.perfect_time_to_send_notifications, '') || '"'), ${at}), ${at}
        ${audience(n, receivers)} AND u.id BETWEEN ${from} AND ${to}
          AND EXISTS (SELECT 1 FROM admin_notifications WHERE id = ${n.id} AND status = 'sent')`,
  )
}

/**
 * The block's in-app deliveries due by `now`: claimed (pending → sent) and their in-app
 * notifications written (created at `now`), in one batch; both steps skip what is already
 * done, so a block run twice writes nothing twice. Answers the in-app rows this call wrote, at
 * most `limit`, to push (a block run again at a later `now` finds none to push again).
 */
export async function deliverBlock(
  db: Db,
  notificationId: number,
  from: number,
  to: number,
  now: number,
  closeAfterMs: number,
  limit: number,
) {
  const [, , written] = await batch(db, [
    sql`UPDATE notification_deliveries SET status = 'sent', sent_at = ${now}
        WHERE notification_id = ${notificationId} AND user_id BETWEEN ${from} AND ${to} AND channel = 'in_app' AND status = 'pending'
          AND coalesce(due_at, 0) <= ${now}`,
    writeInApp(
      closeAfterMs,
      now,
      sql`d.notification_id = ${notificationId} AND d.user_id BETWEEN ${from} AND ${to} AND d.channel = 'in_app' AND d.status = 'sent'`,
    ),
    sql`SELECT ${IN_APP} FROM in_app_notifications
        WHERE notification_id = ${notificationId} AND user_id BETWEEN ${from} AND ${to} AND created_at = ${now} ORDER BY id LIMIT ${limit}`,
  ])
  return rowsIn(written, inAppRow)
}
