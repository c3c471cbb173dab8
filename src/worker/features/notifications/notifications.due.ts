// The minute's job of notices (cron/notices.ts): each due notice claimed once and cut into
// blocks (notifications.fanout.ts), the deliveries due now claimed, and everything handed to
// deliver.ts, the end of the path (docs/ARCHITECTURE.md "A notice's path").
import type { AdminNotificationDto, SocketMessage } from '#shared/contract/notifications'
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import { addDays, instantOf, isZone, wallClock } from '#worker/lib/zones'
import { mailNotices, publishToPublic } from './deliver'
import { blocksOf, enqueueBlocks, enqueuePushes, writeAndDeliverBlock } from './notifications.fanout'
import * as repo from './notifications.repo'
import { DEFAULT_CLOSE_AFTER_MS, inAppDto, isBroadcast, parseReceivers } from './notifications.shape'

/** Deliveries one cron run claims; the rest wait for the next minute (docs/SCALING.md). */
export const DELIVERIES_PER_RUN = 5000
/** Email deliveries one run claims: written to the outbox in 50-row statements and sent by the calma-mail consumer (docs/SCALING.md). */
export const EMAILS_PER_RUN = 2000

/**
 * A person's best moment on or after `from`: the next time their clock shows `hhmm` in their
 * zone (SPEC §3 perfect_time_to_send_notifications). A zone we do not know counts as UTC.
 */
export function bestMoment(from: number, zone: string, hhmm: string): number {
  const tz = isZone(zone) ? zone : 'UTC'
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  const today = wallClock(from, tz).date
  for (let i = 0; i < 3; i++) {
    const at = instantOf(addDays(today, i), h * 60 + m, tz)
    if (at !== null && at >= from) return at
  }
  return from
}

/** The realtime message of a broadcast in `locale`, from the notice itself (its in-app rows are the consumers'). */
function broadcastMessage(n: repo.NotificationRow, locale: Locale, at: number): SocketMessage {
  const copy = (n.copy ? JSON.parse(n.copy) : {}) as AdminNotificationDto['copy']
  const text = copy[locale] ?? { title: n.title, description: n.description }
  return {
    type: 'notification',
    role: n.role_recipients,
    notification: inAppDto({
      id: 0,
      user_id: null,
      notification_id: n.id,
      locale,
      level: n.level,
      type: 'admin',
      close_after: DEFAULT_CLOSE_AFTER_MS,
      title: text.title,
      description: text.description ?? null,
      content: n.content,
      read_at: null,
      created_at: at,
    }),
  }
}

/**
 * Every minute. 1) Each due notification is claimed once (pending → sent; a second run at the
 * same time claims nothing) and its audience cut into blocks of people (notifications.fanout):
 * one block is written in this run; more go out as calma-fanout messages, each written by a
 * queue consumer. 2) Due deliveries are claimed by one UPDATE … RETURNING (two runs claim
 * disjoint rows) and go out: in the app (rows unique per delivery, then realtime) or by email
 * (outbox rows, sent by the calma-mail consumer). A notification whose receivers cannot be read
 * is cancelled; any other failure gives the claim back, is logged and left for the next run.
 */
export async function sendDueNotifications(ctx: Ctx, now: Date) {
  const { env, db } = ctx
  const due = await repo.dueNotifications(db, now)
  const base = ctx.linkBase
  let mailedInBlocks = 0
  let fannedOut = 0
  let queuedBlocks = 0
  let cancelled = 0
  let failed = 0
  const broadcasts: { n: repo.NotificationRow }[] = []
  const pushes: number[] = []
  for (const n of due) {
    let receivers: number[] | null
    try {
      receivers = parseReceivers(n.receivers)
    } catch (err) {
      console.warn(`notification ${n.id} cancelled: ${err instanceof Error ? err.message : String(err)}`)
      if (await repo.cancelNotification(db, n.id)) cancelled++
      continue
    }
    let claimed = false
    try {
      const moments: Record<string, number> = {}
      if (n.at_best_moment) {
        for (const m of await repo.audienceMoments(db, n, receivers))
          moments[`${m.tz}|${m.at}`] = bestMoment(now.getTime(), m.tz, m.at)
      }
      const blocks = await blocksOf(db, receivers)
      claimed = await repo.claimNotification(db, n.id, now.getTime())
      if (!claimed) continue
      if (blocks.length <= 1) {
        // Fits one block: written and delivered in this run, as a consumer would (its pushes go through the queue below).
        if (blocks.length) {
          const done = await writeAndDeliverBlock(
            ctx,
            { ...n, status: 'sent' },
            blocks[0]!,
            moments,
            now.getTime(),
            isBroadcast(n, receivers),
          )
          fannedOut += done.written
          mailedInBlocks += done.mailed
          if (done.written && isBroadcast(n, receivers)) broadcasts.push({ n })
          pushes.push(...done.toPush.map((r) => r.id))
        }
      } else {
        await enqueueBlocks(env, n, blocks, moments, now.getTime())
        queuedBlocks += blocks.length
        if (isBroadcast(n, receivers)) broadcasts.push({ n })
      }
    } catch (err) {
      failed++
      if (claimed) await repo.unclaimNotification(db, n.id).catch(() => {})
      console.error(`notification ${n.id} not sent, will retry`, err)
    }
  }

  const claimed = await repo.claimDue(db, now, 'in_app', DELIVERIES_PER_RUN, DEFAULT_CLOSE_AFTER_MS)
  const inApp = await repo.inAppOfDeliveries(
    db,
    claimed.map((d) => d.id),
  )

  // Realtime: a broadcast once per locale to the public channels: for everyone, to every visitor's
  // socket; for a role, only to the sockets opened by a session of that role (the channel knows
  // each socket's role), never to an anonymous one; a signed-in person's socket only when D1 has
  // them in the audience with that language (publishToPublic). Anything else goes to each
  // person's channel, pushed by the calma-fanout consumer (500 a message), never from here.
  for (const { n } of broadcasts) {
    for (const locale of n.language ? [n.language] : (['es', 'en'] as const))
      await publishToPublic(env, locale, broadcastMessage(n, locale, now.getTime()), n)
  }
  // A broadcast's rows are never pushed one by one: the run (or block) that wrote them published
  // it on the public channels, and two runs at once may split the writing and the claiming.
  const fromBroadcast = new Set(
    (await repo.notificationsByIds(db, [...new Set(inApp.flatMap((r) => r.notification_id ?? []))]))
      .filter((n) => {
        try {
          return isBroadcast(n, parseReceivers(n.receivers))
        } catch {
          return false
        }
      })
      .map((n) => n.id),
  )
  pushes.push(
    ...inApp.filter((r) => r.notification_id === null || !fromBroadcast.has(r.notification_id)).map((r) => r.id),
  )
  if (pushes.length)
    await enqueuePushes(env, pushes).catch((err) =>
      console.warn(
        `realtime pushes not queued (the unread list has them): ${err instanceof Error ? err.message : String(err)}`,
      ),
    )

  // Email due now was mailed with its block (writeAndDeliverBlock): here go the deliveries due
  // later (at the best moment) and any a block left, in each person's language, with the
  // unsubscribe link and headers; written to the outbox in few statements (one mail per
  // delivery, whoever writes it) and sent by the calma-mail consumer.
  const mailed = await repo.claimDue(db, now, 'email', EMAILS_PER_RUN, DEFAULT_CLOSE_AFTER_MS)
  const targets = await repo.emailTargets(
    db,
    mailed.map((d) => d.id),
  )
  const emails = mailedInBlocks + (await mailNotices(env, base, targets, now.getTime())).length
  return {
    notifications: due.length,
    deliveries: fannedOut,
    blocks: queuedBlocks,
    delivered: claimed.length,
    emails,
    cancelled,
    failed,
  }
}
