// The email version of an admin notification (issue 11 §6): the copy in the recipient's
// language, a one-click unsubscribe link in the body and the List-Unsubscribe headers (RFC 2369,
// RFC 8058) so a mail client can offer its own button.
import type { Translate } from '#shared/i18n/index'
import type { Env } from '#worker/env'
import { esc, layout, type RenderedMail } from '#worker/features/mail/mail.layout'
import type { MailRequest } from '#worker/features/mail/mail.service'
import { notificationsLink } from './unsubscribe'

export interface NotificationMail {
  name: string | null
  title: string
  description: string | null
  /** Where the button goes (the app). */
  link: string
  /** The disable-notifications page, signed for this person (a working link without signing in). */
  unsubscribe: string
  /** The one-click POST target of List-Unsubscribe-Post. */
  oneClick: string
}

export function notificationMail(t: Translate, d: NotificationMail): RenderedMail {
  const hello = d.name ? t('accounts.mail.hello_name', { name: d.name.split(' ')[0] }) : t('accounts.mail.hello')
  const lines = [hello, ...(d.description ? [d.description] : [])]
  const footer = t('engagement.notifications.email_footer')
  const stop = t('engagement.notifications.email_unsubscribe')
  return {
    subject: d.title,
    html: layout(t, d.title, lines, { href: d.link, label: t('brand') }, [
      esc(footer),
      `<a href="${esc(d.unsubscribe)}" style="color:#5a6a6e">${esc(stop)}</a>`,
    ]),
    text: [...lines, '', d.link, '', footer, `${stop}: ${d.unsubscribe}`].join('\n'),
    headers: { 'List-Unsubscribe': `<${d.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

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
