// The mail of a notice's deliveries: the notifications feature gives the mail layer's
// notification template its data (mail/templates/notification.ts renders it): each person's
// signed unsubscribe link and the one-click target of List-Unsubscribe.
import type { Env } from '#worker/env'
import type { MailRequest } from '#worker/mail/send'
import { notificationsLink } from '#worker/mail/unsubscribe'

/** A person to mail a notification to (notifications.repo emailTargets / blockEmailDue). */
export interface MailTarget {
  id: number
  user_id: number
  email: string
  name: string | null
  locale: 'es' | 'en'
  title: string
  description: string | null
}

/**
 * The mail of each delivery, in each person's language, with their signed unsubscribe link and
 * the List-Unsubscribe headers; each carries its delivery id (one mail per delivery).
 */
export function notificationMailRequests(
  env: Env,
  base: string,
  targets: MailTarget[],
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
