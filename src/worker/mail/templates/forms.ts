// The forms' mails (issue 8 §3): texts under `forms.mail`. The data is the feature's to give.
import type { Translate } from '#shared/i18n/index'
import type { Locale } from '#shared/i18n/index'
import { esc, layout, type RenderedMail } from '../layout'

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

export function teamRequestMail(t: Translate, d: TeamRequestMail): RenderedMail {
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

export function routePublishedMail(t: Translate, d: RoutePublishedMail): RenderedMail {
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
