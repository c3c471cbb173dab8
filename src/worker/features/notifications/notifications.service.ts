// Notifications (issue 11 §4–6; SPEC §3 "Notification", "In-app notification"): what admins
// create and schedule, how the minute cron sends them exactly once, in the app (realtime through
// the NotificationChannel objects) and by email. The SQL is in notifications.repo.ts; the rules
// are in docs/API.md "Engagement".
import type {
  AdminNotificationDto,
  CreateNotificationForm,
  DeadMailDto,
  InAppNotificationDto,
  NotificationsQuery,
  SocketMessage,
} from '#shared/contract/notifications'
import { pagination } from '#shared/contract/list'
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import { getDb } from '#worker/db/client'
import type { Env } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { listDeadMail, replayDeadMail } from '#worker/mail/consumer'
import { sendMails } from '#worker/mail/send'
import { addDays, instantOf, isZone, wallClock } from '#worker/lib/zones'
import * as repo from './notifications.repo'
import { notificationMailRequests } from './notifications.mail'
import { channel, publicChannels } from '#worker/realtime/channels'
import { blocksOf, enqueueBlocks, enqueuePushes, publishToUser, writeAndDeliverBlock } from './notifications.fanout'
import { inAppDto, isBroadcast, parseReceivers } from './notifications.shape'
import { me } from '#worker/identity/caller'

export { inAppDto, isBroadcast, parseReceivers }

/** SPEC §9: a toast shows 5 s unless it says otherwise. */
export const DEFAULT_CLOSE_AFTER_MS = 5000
/** Deliveries one cron run claims; the rest wait for the next minute (docs/SCALING.md). */
export const DELIVERIES_PER_RUN = 5000
/** Email deliveries one run claims: written to the outbox in 50-row statements and sent by the calma-mail consumer (docs/SCALING.md). */
export const EMAILS_PER_RUN = 2000

// ── Realtime ─────────────────────────────────────────────────────────────────────────────────

/**
 * Send a broadcast's message to every shard of a locale's public channel; a shard that fails
 * never fails the caller. Each shard gives it to its visitors (for everyone only) and to the
 * signed-in people of its audience as D1 has them now, in their chosen language (SPEC §7: the
 * public channel "used only when the notification locale matches the current locale"; issue 32 §6).
 */
async function publishToPublic(env: Env, locale: Locale, message: SocketMessage, n: repo.NotificationRow) {
  const notice = {
    language: n.language,
    role_recipients: n.role_recipients,
    readers_only: n.readers_only,
    channel: n.channel,
  }
  await Promise.all(
    publicChannels(locale).map(async (name) => {
      try {
        await channel(env, name).publish(message, { role: n.role_recipients, audience: { notice, locale } })
      } catch (err) {
        console.warn(`realtime to ${name} failed: ${err instanceof Error ? err.message : String(err)}`)
      }
    }),
  )
}

/** An in-app notification for one person from the app itself (a reward earned): stored, then pushed. */
export async function notifyUser(
  env: Env,
  userId: number,
  locale: Locale,
  n: { level: InAppNotificationDto['level']; type: string; title: string; description?: string | null },
) {
  const row = await repo.insertInApp(
    getDb(env.DB),
    {
      user_id: userId,
      locale,
      level: n.level,
      type: n.type,
      close_after: DEFAULT_CLOSE_AFTER_MS,
      title: n.title,
      description: n.description ?? null,
      content: null,
    },
    Date.now(),
  )
  await publishToUser(env, userId, { type: 'notification', notification: inAppDto(row) })
}

// ── The person's own ─────────────────────────────────────────────────────────────────────────

export async function unread(ctx: Ctx) {
  return { notifications: (await repo.unreadOf(ctx.db, me(ctx).id)).map(inAppDto) }
}

export async function markRead(ctx: Ctx, input: { id?: number; notification_id?: number }) {
  return {
    updated: await repo.markRead(
      ctx.db,
      me(ctx).id,
      { id: input.id, notificationId: input.notification_id },
      Date.now(),
    ),
  }
}

// ── Admin ────────────────────────────────────────────────────────────────────────────────────

export function adminDto(r: repo.NotificationRow): AdminNotificationDto {
  const copy = (r.copy ? JSON.parse(r.copy) : {}) as AdminNotificationDto['copy']
  return {
    id: r.id,
    status: r.status,
    receivers: r.receivers ? (JSON.parse(r.receivers) as number[]) : null,
    send_at: r.send_at !== null ? new Date(r.send_at).toISOString() : null,
    language: r.language,
    channel: r.channel === 'email' ? 'email' : 'in_app',
    role_recipients: r.role_recipients,
    readers_only: !!r.readers_only,
    delay_amount: r.delay_amount,
    delay_unit: r.delay_unit,
    at_best_moment: !!r.at_best_moment,
    level: r.level,
    copy: Object.keys(copy).length ? copy : { [r.language ?? 'es']: { title: r.title, description: r.description } },
    sent_at: r.sent_at !== null ? new Date(r.sent_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
    deliveries: r.deliveries ?? 0,
  }
}

/** `at` plus a delay; months by the calendar (31 January + 1 month = 3 March, as Date does). */
export function addDelay(at: number, amount: number, unit: 'hours' | 'days' | 'months') {
  if (unit === 'hours') return at + amount * 3_600_000
  if (unit === 'days') return at + amount * 86_400_000
  const d = new Date(at)
  d.setUTCMonth(d.getUTCMonth() + amount)
  return d.getTime()
}

/** POST /v1/notification: schedule one (send_at, else now; plus the delay). */
export async function create(ctx: Ctx, f: CreateNotificationForm, now = Date.now()) {
  const admin = me(ctx)
  const base = f.send_at ?? now
  const sendAt = f.delay_amount && f.delay_unit ? addDelay(base, f.delay_amount, f.delay_unit) : base
  const copy: AdminNotificationDto['copy'] = {}
  if (f.title_es && f.language !== 'en') copy.es = { title: f.title_es, description: f.description_es ?? null }
  if (f.title_en && f.language !== 'es') copy.en = { title: f.title_en, description: f.description_en ?? null }
  const main = copy[f.language ?? 'es'] ?? copy.en!
  const row = await repo.insertNotification(
    ctx.db,
    {
      receivers: f.receivers ? JSON.stringify(f.receivers) : null,
      send_at: sendAt,
      language: f.language ?? null,
      channel: f.channel,
      role_recipients: f.role_recipients ?? null,
      readers_only: f.readers_only ? 1 : 0,
      delay_amount: f.delay_amount ?? null,
      delay_unit: f.delay_unit ?? null,
      at_best_moment: f.at_best_moment ? 1 : 0,
      level: f.level ?? 'info',
      copy: JSON.stringify(copy),
      title: main.title,
      description: main.description ?? null,
      content: null,
    },
    admin.id,
    now,
  )
  return { notification: adminDto({ ...row, deliveries: 0 }) }
}

export async function cancel(ctx: Ctx, id: number) {
  const found = await repo.findNotification(ctx.db, id)
  if (!found) throw new AppError('not_found', { message: 'engagement.notifications.not_found' })
  if (!(await repo.cancelNotification(ctx.db, id)))
    throw new AppError('conflict', { message: 'engagement.notifications.not_pending' })
  return { notification: adminDto({ ...found, status: 'cancelled' }) }
}

export async function list(ctx: Ctx, q: NotificationsQuery) {
  const { rows, total } = await repo.listNotifications(ctx.db, {
    status: q.filters.status,
    order: q.order,
    perPage: q.perPage,
    offset: q.offset,
  })
  return { notifications: rows.map(adminDto), pagination: pagination(q, total, rows.length) }
}

/** GET /v1/notifications/dead-mail: the mail whose retries ran out (features/mail). */
export async function deadMail(ctx: Ctx): Promise<{ mails: DeadMailDto[]; total: number }> {
  const { rows, total } = await listDeadMail(ctx.env)
  return {
    mails: rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      template: r.template,
      attempts: r.attempts,
      error: r.error,
      dead_at: new Date(r.dead_at).toISOString(),
      created_at: new Date(r.created_at).toISOString(),
      may_have_been_sent: r.may_have_been_sent,
      needs_confirmation: r.needs_confirmation,
    })),
    total,
  }
}

/**
 * POST /v1/notifications/dead-mail/replay: back on the queue; the provider's idempotency key keeps
 * it to one mail within its 24 hours. Past them, a mail that may have been sent goes only when the
 * admin confirms (docs/decisions/040): one asked for by id without it is refused with the reason.
 */
export async function replayDead(ctx: Ctx, id: number | null, confirm: boolean) {
  const { replayed, unconfirmed } = await replayDeadMail(ctx.env, id, confirm)
  if (id !== null && !replayed && unconfirmed)
    throw new AppError('conflict', {
      message: 'engagement.notifications.dead_confirm_needed',
      fields: { confirm: ['engagement.notifications.dead_confirm_field'] },
      extra: { needs_confirmation: unconfirmed },
    })
  return { replayed, needs_confirmation: unconfirmed }
}

// ── The minute cron ──────────────────────────────────────────────────────────────────────────

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
export async function sendDueNotifications(
  env: Env,
  now: Date,
  opts: { linkBase?: string; waitUntil?: (p: Promise<unknown>) => void } = {},
) {
  const due = await repo.dueNotifications(getDb(env.DB), now)
  const base = (opts.linkBase ?? env.APP_URL).replace(/\/$/, '')
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
      if (await repo.cancelNotification(getDb(env.DB), n.id)) cancelled++
      continue
    }
    let claimed = false
    try {
      const moments: Record<string, number> = {}
      if (n.at_best_moment) {
        for (const m of await repo.audienceMoments(getDb(env.DB), n, receivers))
          moments[`${m.tz}|${m.at}`] = bestMoment(now.getTime(), m.tz, m.at)
      }
      const blocks = await blocksOf(getDb(env.DB), receivers)
      claimed = await repo.claimNotification(getDb(env.DB), n.id, now.getTime())
      if (!claimed) continue
      if (blocks.length <= 1) {
        // Fits one block: written and delivered in this run, as a consumer would (its pushes go through the queue below).
        if (blocks.length) {
          const done = await writeAndDeliverBlock(
            env,
            { ...n, status: 'sent' },
            blocks[0]!,
            moments,
            now.getTime(),
            isBroadcast(n, receivers),
            base,
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
      if (claimed) await repo.unclaimNotification(getDb(env.DB), n.id).catch(() => {})
      console.error(`notification ${n.id} not sent, will retry`, err)
    }
  }

  const claimed = await repo.claimDue(getDb(env.DB), now, 'in_app', DELIVERIES_PER_RUN, DEFAULT_CLOSE_AFTER_MS)
  const inApp = await repo.inAppOfDeliveries(
    getDb(env.DB),
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
    (await repo.notificationsByIds(getDb(env.DB), [...new Set(inApp.flatMap((r) => r.notification_id ?? []))]))
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
  const mailed = await repo.claimDue(getDb(env.DB), now, 'email', EMAILS_PER_RUN, DEFAULT_CLOSE_AFTER_MS)
  const targets = await repo.emailTargets(
    getDb(env.DB),
    mailed.map((d) => d.id),
  )
  const mails = await notificationMailRequests(env, base, targets)
  const emails = mailedInBlocks + (await sendMails(env, mails, now.getTime())).length
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
