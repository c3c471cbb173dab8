// Mail templates in both languages (issue 3 §7). Texts live in the i18n catalogue under
// `accounts.mail`; this file only lays them out. Every template gives a subject, an HTML body
// and a plain-text body that carries the same links (the local outbox page shows the text).
import type { Translate } from '#shared/i18n/index'
import { createTranslator, type Locale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'

export interface TemplateData {
  recover: { name: string | null; link: string; minutes: number }
  welcome: { name: string | null; link: string; unsubscribe: string }
  /** Security notices (issue 14): a sign-in and a recovery link, never a sign-in token. */
  sign_in_failures: { name: string | null; login: string; recover: string }
  register_attempt: { name: string | null; login: string; recover: string }
}
export type TemplateName = keyof TemplateData

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

function layout(t: Translate, title: string, paragraphs: string[], button: { href: string; label: string }, footer: string[]): string {
  return [
    '<!doctype html><html><body style="margin:0;background:#f7f4ee;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2a2e">',
    '<div style="max-width:520px;margin:0 auto;padding:24px">',
    `<p style="font-weight:700;color:#2f5d62;font-size:20px;margin:0 0 16px">${esc(t('brand'))}</p>`,
    '<div style="background:#fff;border-radius:14px;padding:24px">',
    `<h1 style="font-size:22px;margin:0 0 12px">${esc(title)}</h1>`,
    ...paragraphs.map((p) => `<p style="line-height:1.55;margin:0 0 12px">${esc(p)}</p>`),
    `<p style="margin:20px 0"><a href="${esc(button.href)}" style="display:inline-block;background:#2f5d62;color:#f3e9d2;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${esc(button.label)}</a></p>`,
    `<p style="font-size:13px;color:#5a6a6e;word-break:break-all">${esc(button.href)}</p>`,
    '</div>',
    ...footer.map((f) => `<p style="font-size:12px;color:#5a6a6e;line-height:1.5">${f}</p>`),
    '</div></body></html>',
  ].join('')
}

export function renderTemplate<N extends TemplateName>(name: N, locale: Locale, data: TemplateData[N]): RenderedMail {
  const t = createTranslator(locale, messagesFor(locale))
  const hello = data.name ? t('accounts.mail.hello_name', { name: data.name }) : t('accounts.mail.hello')
  if (name === 'recover') {
    const d = data as TemplateData['recover']
    const subject = t('accounts.mail.recover_subject')
    const lines = [hello, t('accounts.mail.recover_body'), t('accounts.mail.recover_expiry', { minutes: d.minutes }), t('accounts.mail.recover_ignore')]
    return {
      subject,
      html: layout(t, subject, lines, { href: d.link, label: t('accounts.mail.recover_button') }, [esc(t('accounts.mail.signature'))]),
      text: [...lines.slice(0, 2), '', d.link, '', ...lines.slice(2), '', t('accounts.mail.signature')].join('\n'),
    }
  }
  if (name === 'sign_in_failures' || name === 'register_attempt') {
    const d = data as TemplateData['sign_in_failures']
    const k = name as 'sign_in_failures' | 'register_attempt'
    const subject = t(`accounts.mail.${k}_subject`)
    const lines = [hello, t(`accounts.mail.${k}_body`), t(`accounts.mail.${k}_you`), t(`accounts.mail.${k}_not_you`)]
    const recover = `${t('accounts.mail.recover_line')} ${d.recover}`
    return {
      subject,
      html: layout(t, subject, lines, { href: d.login, label: t('accounts.mail.sign_in_button') }, [
        `${esc(t('accounts.mail.recover_line'))} <a href="${esc(d.recover)}" style="color:#2f5d62">${esc(d.recover)}</a>`,
        esc(t('accounts.mail.signature')),
      ]),
      text: [...lines, '', `${t('accounts.mail.sign_in_button')}: ${d.login}`, recover, '', t('accounts.mail.signature')].join('\n'),
    }
  }
  const d = data as TemplateData['welcome']
  const subject = t('accounts.mail.welcome_subject')
  const lines = [hello, t('accounts.mail.welcome_body'), t('accounts.mail.welcome_link_note')]
  return {
    subject,
    html: layout(t, subject, lines, { href: d.link, label: t('accounts.mail.welcome_button') }, [
      esc(t('accounts.mail.signature')),
      `<a href="${esc(d.unsubscribe)}" style="color:#5a6a6e">${esc(t('accounts.mail.unsubscribe'))}</a>`,
    ]),
    text: [...lines.slice(0, 2), '', d.link, '', lines[2], '', t('accounts.mail.signature'), '', `${t('accounts.mail.unsubscribe')}: ${d.unsubscribe}`].join('\n'),
  }
}
