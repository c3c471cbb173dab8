// Payment mails (issue 20 §2): a second plan paid while one was live is refunded at once, and the
// person is told kindly, in their language, that nothing is lost and their plan goes on.
import type { Translate } from '#shared/i18n/index'
import { esc, layout, type RenderedMail } from '../layout'

export interface PaymentMail {
  kind: 'duplicate_plan'
  name: string | null
  /** The amount given back, written in the person's language. */
  amount: string
  /** The subscription page. */
  link: string
}

export function paymentMail(t: Translate, d: PaymentMail): RenderedMail {
  const hello = d.name ? t('accounts.mail.hello_name', { name: d.name.split(' ')[0] }) : t('accounts.mail.hello')
  const subject = t(`payments.mail.${d.kind}_subject`)
  const lines = [hello, t(`payments.mail.${d.kind}_body`, { amount: d.amount }), t(`payments.mail.${d.kind}_after`)]
  const button = t('payments.mail.open')
  return {
    subject,
    html: layout(t, subject, lines, { href: d.link, label: button }, [esc(t('accounts.mail.signature'))]),
    text: [...lines, '', `${button}: ${d.link}`, '', t('accounts.mail.signature')].join('\n'),
  }
}
