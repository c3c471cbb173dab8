// Mail templates in both languages (issue 3 §7). Texts live in the i18n catalogue under
// `accounts.mail`; this file only lays them out. Every template gives a subject, an HTML body
// and a plain-text body that carries the same links (the local outbox page shows the text).
import type { Translate } from '#shared/i18n/index'
import { createTranslator, type Locale } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import { appointmentMail, type AppointmentMail } from '#worker/features/appointments/appointments.mail'
import { notificationMail, type NotificationMail } from '#worker/features/notifications/notifications.mail'
import { paymentMail, type PaymentMail } from '#worker/features/payments/payments.mail'
import { esc, layout, type RenderedMail } from './mail.layout'

export interface TemplateData {
  recover: { name: string | null; link: string; minutes: number }
  /** `kit`: a landing's registration (SPEC §2): the kit or plan it promised, by the same link. */
  welcome: { name: string | null; link: string; unsubscribe: string; kit?: 'insomnia' | 'anxiety' }
  /** Security notices (issue 14): a sign-in and a recovery link, never a sign-in token. */
  sign_in_failures: { name: string | null; login: string; recover: string }
  register_attempt: { name: string | null; login: string; recover: string }
  /** A stored form request, for the team's inbox (issue 8 §3). */
  team_request: TeamRequestMail
  /** 'Tell me when such a route is published' (issue 8 §3): sent once per suggestion. */
  route_published: RoutePublishedMail
  /** An appointment booked, confirmed, cancelled or coming up (issue 9 §7), with its calendar file. */
  appointment: AppointmentMail
  /** An admin notification by email (issue 11 §6), with List-Unsubscribe headers. */
  notification: NotificationMail
  /** A payment's notice (issue 20 §2): a second plan refunded. */
  payment: PaymentMail
}
export type TemplateName = keyof TemplateData

export function renderTemplate<N extends TemplateName>(name: N, locale: Locale, data: TemplateData[N]): RenderedMail {
  const t = createTranslator(locale, messagesFor(locale))
  if (name === 'appointment') return appointmentMail(t, data as AppointmentMail)
  if (name === 'notification') return notificationMail(t, data as NotificationMail)
  if (name === 'payment') return paymentMail(t, data as PaymentMail)
  if (name === 'team_request') return teamRequestMail(t, data as TeamRequestMail)
  if (name === 'route_published') return routePublishedMail(t, data as RoutePublishedMail)
  const hello = data.name ? t('accounts.mail.hello_name', { name: data.name }) : t('accounts.mail.hello')
  if (name === 'recover') {
    const d = data as TemplateData['recover']
    const subject = t('accounts.mail.recover_subject')
    const lines = [
      hello,
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
  const d = data as TemplateData['welcome']
  const subject = d.kit ? t(`accounts.mail.kit_${d.kit}_subject`) : t('accounts.mail.welcome_subject')
  const lines = [
    hello,
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

// ── Forms (issue 8 §3): texts under `forms.mail` ─────────────────────────────────────────────

export type FormKind = 'contact' | 'letstalk' | 'feedback' | 'suggestion'

/**
 * One stored request for the team. `fields` are the request's own fields, by their wire names
 * (`reason`, `usage_frequency`...): this template names and words them. `action` is the button:
 * answer by mail, call the phone, or (a suggestion without email) open the search.
 */
export interface TeamRequestMail {
  name: string | null
  kind: FormKind
  id: number
  fields: Record<string, string | number | boolean | null | undefined>
  /** The language the person used, and their account id when signed in. */
  language: Locale
  userId: number | null
  action: { kind: 'reply' | 'call' | 'search'; href: string }
}

export interface RoutePublishedMail {
  name: string | null
  keyword: string
  title: string
  link: string
}

type Field = TeamRequestMail['fields'][string]

/** A field's label and its value as words, in the team mail's language. */
function teamLine(t: Translate, key: string, v: Field): [string, string] {
  const s = String(v)
  switch (key) {
    case 'email':
      return [t('forms.contact.email'), s]
    case 'reason':
      return [t('forms.contact.reason'), `${t(`forms.contact.reasons.${v as 'other'}`)} (${s})`]
    case 'description':
      return [t('forms.contact.description'), s]
    case 'name':
      return [t('forms.letstalk.name'), s]
    case 'phone':
      return [t('accounts.form.phone'), s]
    case 'preferred_time':
      return [
        t('forms.letstalk.preferred_time'),
        `${t(`forms.letstalk.times.${v as 'morning'}`)}, ${t(`forms.letstalk.windows.${v as 'morning'}`)}`,
      ]
    case 'timezone':
      return [t('forms.mail.field_timezone'), s]
    case 'usage_frequency':
      return [t('forms.feedback.step_usage_frequency'), `${t(`forms.feedback.frequencies.${s as '1'}`)} (${s})`]
    case 'problem_solved':
      return [t('forms.feedback.step_problem_solved'), t(`forms.feedback.solved.${v as 'yes'}`)]
    case 'problem_to_solve':
    case 'best_part':
    case 'frustrations':
    case 'improvements':
    case 'recommendation_score':
    case 'recommendation_reason':
    case 'ideas_or_suggestions':
    case 'price_feedback':
      return [t(`forms.feedback.step_${key}`), s]
    case 'keyword':
      return [t('forms.mail.field_keyword'), s]
    case 'text':
      return [t('forms.mail.field_text'), s]
    case 'notify':
      return [t('forms.mail.field_notify'), v ? t('forms.mail.yes') : t('forms.mail.no')]
    default:
      return [key, s]
  }
}

function teamRequestMail(t: Translate, d: TeamRequestMail): RenderedMail {
  const subject = t(`forms.mail.team_subject.${d.kind}`, { id: d.id })
  const lines = Object.entries(d.fields)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => teamLine(t, k, v))
  lines.push(
    [t('forms.mail.field_language'), d.language],
    [t('forms.mail.field_user'), d.userId ? `#${d.userId}` : t('forms.mail.field_user_none')],
  )
  const label =
    d.action.kind === 'reply'
      ? t('forms.mail.team_reply')
      : d.action.kind === 'call'
        ? t('forms.mail.team_call')
        : t('forms.mail.team_search')
  // Every value is the person's own text: escaped by layout(), each line of it a paragraph.
  const paragraphs = [t('forms.mail.team_intro'), ...lines.flatMap(([k, v]) => `${k}: ${v}`.split('\n'))]
  return {
    subject,
    html: layout(t, subject, paragraphs, { href: d.action.href, label }, [esc(t('accounts.mail.signature'))]),
    text: [
      t('forms.mail.team_intro'),
      '',
      ...lines.map(([k, v]) => `${k}: ${v}`),
      '',
      `${label}: ${d.action.href}`,
    ].join('\n'),
  }
}

function routePublishedMail(t: Translate, d: RoutePublishedMail): RenderedMail {
  const hello = d.name ? t('accounts.mail.hello_name', { name: d.name }) : t('accounts.mail.hello')
  const subject = t('forms.mail.route_subject')
  const lines = [hello, t('forms.mail.route_body', { keyword: d.keyword }), d.title]
  return {
    subject,
    html: layout(t, subject, lines, { href: d.link, label: t('forms.mail.route_button') }, [
      esc(t('forms.mail.route_once')),
      esc(t('accounts.mail.signature')),
    ]),
    text: [...lines, '', d.link, '', t('forms.mail.route_once'), '', t('accounts.mail.signature')].join('\n'),
  }
}
