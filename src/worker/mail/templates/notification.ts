// The email version of an admin notification (issue 11 §6): the copy in the recipient's
// language, a one-click unsubscribe link in the body and the List-Unsubscribe headers (RFC 2369,
// RFC 8058) so a mail client can offer its own button. The notifications feature gives the data
// (features/notifications/notifications.mail.ts: the links signed for each person).
import type { Translate } from '#shared/i18n/index'
import { esc, layout, type RenderedMail } from '../layout'

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
