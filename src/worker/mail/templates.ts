// Every mail, by its name (the outbox's `template`), in both languages (issue 3 §7). Like the page
// loaders (ssr/loaders.ts), the table's type requires a renderer for each name and gives each its
// data's type, so `sendMail(env, { template, data })` is checked end to end. The mail layer
// imports no feature: a feature gives a template its data (docs/decisions/043). Texts live in the
// i18n catalogue; every template gives a subject, an HTML body and a plain-text body that carries
// the same links (the local outbox page shows the text).
import { createTranslator, type Locale, type Translate } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { RenderedMail } from './layout'
import {
  recoverMail,
  signInNoticeMail,
  welcomeMail,
  type RecoverMail,
  type SignInNoticeMail,
  type WelcomeMail,
} from './templates/accounts'
import { appointmentMail, type AppointmentMail } from './templates/appointment'
import { routePublishedMail, teamRequestMail, type RoutePublishedMail, type TeamRequestMail } from './templates/forms'
import { notificationMail, type NotificationMail } from './templates/notification'
import { paymentMail, type PaymentMail } from './templates/payment'

export interface TemplateData {
  recover: RecoverMail
  welcome: WelcomeMail
  sign_in_failures: SignInNoticeMail
  register_attempt: SignInNoticeMail
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

type Render<D> = (t: Translate, data: D) => RenderedMail

const TEMPLATES: { [N in TemplateName]: Render<TemplateData[N]> } = {
  recover: recoverMail,
  welcome: welcomeMail,
  sign_in_failures: signInNoticeMail('sign_in_failures'),
  register_attempt: signInNoticeMail('register_attempt'),
  team_request: teamRequestMail,
  route_published: routePublishedMail,
  appointment: appointmentMail,
  notification: notificationMail,
  payment: paymentMail,
}

export function renderTemplate<N extends TemplateName>(name: N, locale: Locale, data: TemplateData[N]): RenderedMail {
  const render: Render<TemplateData[N]> = TEMPLATES[name]
  return render(createTranslator(locale, messagesFor(locale)), data)
}
