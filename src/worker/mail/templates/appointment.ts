// The appointment mails (issue 9 §7; the appointments feature gives the data, appointments.notify.ts): booked (with confirm and cancel links), confirmed, moved (issue 34 §3),
// cancelled (with the reason), and the reminders 24 h and 1 h before; each with an .ics in the
// recipient's zone, in the recipient's language.
import type { Translate } from '#shared/i18n/index'
import { esc, layout, type RenderedMail } from '../layout'

export interface AppointmentMail {
  kind:
    | 'booked'
    | 'confirmed'
    | 'cancelled'
    | 'reminder_day'
    | 'reminder_hour'
    | 'moved'
    // Cancelled because someone left or the session was never held (docs/decisions/058).
    | 'host_left'
    | 'guest_left'
    | 'not_held'
  name: string | null
  /** The other person's name. */
  other: string
  /** The start, written in the recipient's zone and language. */
  when: string
  channel: string
  /** The appointment page, signed in by a one-time link when the mail is the booking. */
  link: string
  reason: string | null
  /** Where a moved session was, written like `when` (the 'moved' mail). */
  before?: string | null
  /** The cancellation policy with its amount (the guest's booked and confirmed mails). */
  policy?: string | null
  /** The credits given back, said with their amount (the guest's host_left and not_held mails). */
  refund?: string | null
  ics: string
}

/** The kinds whose calendar file removes the event. */
const CANCELS = new Set<AppointmentMail['kind']>(['cancelled', 'host_left', 'guest_left', 'not_held'])

export function appointmentMail(t: Translate, d: AppointmentMail): RenderedMail {
  const hello = d.name ? t('accounts.mail.hello_name', { name: d.name }) : t('accounts.mail.hello')
  const subject = t(`appointment_mail.${d.kind}_subject`, { when: d.when })
  const lines = [
    hello,
    t(`appointment_mail.${d.kind}_body`, { other: d.other, when: d.when, channel: d.channel, before: d.before ?? '' }),
    ...(d.reason ? [t('appointment_mail.reason', { reason: d.reason })] : []),
    ...(d.policy ? [d.policy] : []),
    ...(d.refund ? [d.refund] : []),
    // A cancellation's file is a CANCEL: it takes the event out of the calendar (found from outside).
    t(CANCELS.has(d.kind) ? 'appointment_mail.calendar_cancel' : 'appointment_mail.calendar'),
  ]
  const button = t(d.kind === 'booked' ? 'appointment_mail.open_booked' : 'appointment_mail.open')
  return {
    subject,
    html: layout(t, subject, lines, { href: d.link, label: button }, [esc(t('accounts.mail.signature'))]),
    text: [...lines, '', `${button}: ${d.link}`, '', t('accounts.mail.signature')].join('\n'),
    attachments: [
      {
        filename: 'calma-appointment.ics',
        contentType: `text/calendar; charset=utf-8; method=${CANCELS.has(d.kind) ? 'CANCEL' : 'REQUEST'}`,
        content: d.ics,
      },
    ],
  }
}
