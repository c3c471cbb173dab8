// Notifications (issue 11 §4–6; SPEC §3 "Notification", "In-app notification"): what admins
// create and schedule, the person's own unread list, and an app notice for one person. How a
// notice then goes out exactly once is its path (docs/ARCHITECTURE.md "A notice's path"):
// notifications.due.ts (the minute's job) → notifications.fanout.ts → deliver.ts. The SQL is in notifications.repo.ts; the rules
// are in docs/API.md "Engagement".
import type {
  AdminNotificationDto,
  CreateNotificationForm,
  DeadMailDto,
  InAppNotificationDto,
  NotificationsQuery,
} from '#shared/contract/notifications'
import { pagination } from '#shared/contract/list'
import type { Locale } from '#shared/i18n/index'
import type { Ctx } from '#worker/context'
import type { RunResult } from '#worker/db/query'
import type { Env } from '#worker/env'
import { AppError } from '#worker/http/errors'
import { listDeadMail, replayDeadMail } from '#worker/mail/consumer'
import * as repo from './notifications.repo'
import { deliverInApp } from './deliver'
import { DEFAULT_CLOSE_AFTER_MS, inAppDto } from './notifications.shape'
import { me } from '#worker/identity/caller'

export { DEFAULT_CLOSE_AFTER_MS, inAppDto }

/** An in-app notification for one person from the app itself (a reward earned): stored, then pushed. */
export async function notifyUser(
  { env, db }: Pick<Ctx, 'env' | 'db'>,
  userId: number,
  locale: Locale,
  n: { level: InAppNotificationDto['level']; type: string; title: string; description?: string | null },
) {
  const row = await repo.insertInApp(
    db,
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
  await deliverInApp(env, [row])
}

/**
 * App notices (a reward earned) written as one statement of the caller's batch (issue 43 §3): the
 * statement, from a SELECT of the rows (notifications.repo insertInAppSelect), and, once the batch
 * ran, the push of what it wrote to the people's sockets.
 */
export const noticesStatement = repo.insertInAppSelect
export async function deliverNotices(env: Env, result: RunResult | undefined) {
  await deliverInApp(env, repo.inAppRowsOf(result))
}

/**
 * A notice for one person from another person's act (a psychologist's recommendation), on every
 * channel the notice path has: the person's own choice of channels, their opt-out and quiet hours
 * (push) are applied when it goes out, by the minute job, as for any notice. `copy` is the words in
 * each language; `from` is who caused it (kept as the notice's author).
 */
export async function noticeToOne(
  { db }: Pick<Ctx, 'db'>,
  userId: number,
  copy: Record<Locale, { title: string; description: string }>,
  from: number,
  now: number,
) {
  for (const channel of ['in_app', 'email', 'push'] as const)
    await repo.insertNotification(
      db,
      {
        receivers: JSON.stringify([userId]),
        send_at: now,
        language: null,
        channel,
        role_recipients: null,
        readers_only: 0,
        delay_amount: null,
        delay_unit: null,
        at_best_moment: 0,
        level: 'info',
        copy: JSON.stringify(copy),
        title: copy.es.title,
        description: copy.es.description,
        content: null,
      },
      from,
      now,
    )
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
    // Each channel as it is (a push notice was listed as in_app: issue 41); anything unknown is in-app.
    channel: r.channel === 'email' || r.channel === 'push' ? r.channel : 'in_app',
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
