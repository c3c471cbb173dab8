// The end of a notice's path (docs/ARCHITECTURE.md "A notice's path"): the one place a notice
// leaves the notifications feature, by each way it can reach people. In-app rows go to their
// owners' sockets (deliverInApp), a broadcast to the public channels once (publishToPublic), email
// deliveries to the mail layer's outbox (mailNotices). Whatever starts a notice (the minute's
// job, a fan-out block, an app notice such as a reward) ends here, and nothing here calls back.
import type { SocketMessage } from '#shared/contract/notifications'
import type { Locale } from '#shared/i18n/index'
import type { Statement } from '#worker/db/query'
import type { Env } from '#worker/env'
import { sendMails, type MailRequest } from '#worker/mail/send'
import { notificationsLink } from '#worker/mail/unsubscribe'
import { channel, publicChannels, userChannel } from '#worker/realtime/channels'
import type * as repo from './notifications.repo'
import { inAppDto } from './notifications.shape'

/**
 * In-app rows to their owners' open sockets, one message each; a channel that fails never fails
 * the caller (the row is in the person's unread list). The one place a person's notice is
 * delivered live: a push to their devices (src/worker/push/) belongs here, beside the socket.
 */
export async function deliverInApp(env: Env, rows: readonly repo.InAppRow[]) {
  for (const r of rows) {
    if (r.user_id === null) continue
    const message: SocketMessage = { type: 'notification', notification: inAppDto(r) }
    try {
      await channel(env, userChannel(r.user_id)).publish(message)
    } catch (err) {
      console.warn(`realtime to user ${r.user_id} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
}

/**
 * Send a broadcast's message to every shard of a locale's public channel; a shard that fails
 * never fails the caller. Each shard gives it to its visitors (for everyone only) and to the
 * signed-in people of its audience as D1 has them now, in their chosen language (SPEC §7: the
 * public channel "used only when the notification locale matches the current locale"; issue 32 §6).
 */
export async function publishToPublic(env: Env, locale: Locale, message: SocketMessage, n: repo.NotificationRow) {
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

/**
 * Email deliveries to the outbox (mail/send.ts): one mail per delivery, in each person's language,
 * with their signed unsubscribe link; `alongside` is written in the same transaction (a block's
 * deliveries marked sent). Answers the outbox ids.
 */
export async function mailNotices(
  env: Env,
  base: string,
  targets: repo.MailTarget[],
  now: number,
  alongside: Statement[] = [],
): Promise<number[]> {
  return sendMails(env, await notificationMailRequests(env, base, targets), now, alongside)
}

/**
 * The mail of each delivery, in each person's language, with their signed unsubscribe link and
 * the List-Unsubscribe headers; each carries its delivery id (one mail per delivery).
 */
function notificationMailRequests(
  env: Env,
  base: string,
  targets: repo.MailTarget[],
): Promise<MailRequest<'notification'>[]> {
  return Promise.all(
    targets.map(async (m) => {
      const unsubscribe = await notificationsLink(env, base, m.user_id, m.locale)
      const query = unsubscribe.slice(unsubscribe.indexOf('?'))
      return {
        to: m.email,
        template: 'notification' as const,
        locale: m.locale,
        deliveryId: m.id,
        data: {
          name: m.name,
          title: m.title,
          description: m.description,
          link: `${base}${m.locale === 'en' ? '/en' : ''}/performance`,
          unsubscribe,
          oneClick: `${base}/unsubscribe${query}`,
        },
      }
    }),
  )
}
