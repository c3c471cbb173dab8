// The accounts' mails (issue 3 §7, issue 14): recovery, welcome (and a landing's kit), and the
// security notices. Texts under `accounts.mail`.
import type { Translate } from '#shared/i18n/index'
import { esc, layout, type RenderedMail } from '../layout'

export interface RecoverMail {
  name: string | null
  link: string
  minutes: number
}
/** `kit`: a landing's registration (SPEC §2): the kit or plan it promised, by the same link. */
export interface WelcomeMail {
  name: string | null
  link: string
  unsubscribe: string
  kit?: 'insomnia' | 'anxiety'
}
/** Security notices (issue 14): a sign-in and a recovery link, never a sign-in token. */
export interface SignInNoticeMail {
  name: string | null
  login: string
  recover: string
}

const hello = (t: Translate, name: string | null) =>
  name ? t('accounts.mail.hello_name', { name }) : t('accounts.mail.hello')

export function recoverMail(t: Translate, d: RecoverMail): RenderedMail {
  const subject = t('accounts.mail.recover_subject')
  const lines = [
    hello(t, d.name),
    t('accounts.mail.recover_body'),
    t('accounts.mail.recover_expiry', { minutes: d.minutes }),
    t('accounts.mail.recover_ignore'),
  ]
  return {
    subject,
    html: layout(t, subject, lines, { href: d.link, label: t('accounts.mail.recover_button') }, [
      esc(t('accounts.mail.signature')),
    ]),
    text: [...lines.slice(0, 2), '', d.link, '', ...lines.slice(2), '', t('accounts.mail.signature')].join('\n'),
  }
}

/** The notice of failed sign-ins, or of a registration with an address that has an account. */
export const signInNoticeMail =
  (k: 'sign_in_failures' | 'register_attempt') =>
  (t: Translate, d: SignInNoticeMail): RenderedMail => {
    const subject = t(`accounts.mail.${k}_subject`)
    const lines = [
      hello(t, d.name),
      t(`accounts.mail.${k}_body`),
      t(`accounts.mail.${k}_you`),
      t(`accounts.mail.${k}_not_you`),
    ]
    const recover = `${t('accounts.mail.recover_line')} ${d.recover}`
    return {
      subject,
      html: layout(t, subject, lines, { href: d.login, label: t('accounts.mail.sign_in_button') }, [
        `${esc(t('accounts.mail.recover_line'))} <a href="${esc(d.recover)}" style="color:#2f5d62">${esc(d.recover)}</a>`,
        esc(t('accounts.mail.signature')),
      ]),
      text: [
        ...lines,
        '',
        `${t('accounts.mail.sign_in_button')}: ${d.login}`,
        recover,
        '',
        t('accounts.mail.signature'),
      ].join('\n'),
    }
  }

export function welcomeMail(t: Translate, d: WelcomeMail): RenderedMail {
  const subject = d.kit ? t(`accounts.mail.kit_${d.kit}_subject`) : t('accounts.mail.welcome_subject')
  const lines = [
    hello(t, d.name),
    d.kit ? t(`accounts.mail.kit_${d.kit}_body`) : t('accounts.mail.welcome_body'),
    t('accounts.mail.welcome_link_note'),
  ]
  const button = d.kit ? t(`accounts.mail.kit_${d.kit}_button`) : t('accounts.mail.welcome_button')
  return {
    subject,
    html: layout(t, subject, lines, { href: d.link, label: button }, [
      esc(t('accounts.mail.signature')),
      `<a href="${esc(d.unsubscribe)}" style="color:#5a6a6e">${esc(t('accounts.mail.unsubscribe'))}</a>`,
    ]),
    text: [
      ...lines.slice(0, 2),
      '',
      d.link,
      '',
      lines[2],
      '',
      t('accounts.mail.signature'),
      '',
      `${t('accounts.mail.unsubscribe')}: ${d.unsubscribe}`,
    ].join('\n'),
  }
}
