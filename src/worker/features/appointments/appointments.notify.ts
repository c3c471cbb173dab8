// Who is told what about an appointment (issue 9 §7): both sides, each in their own language
// and zone, with the calendar file. A mail that fails is logged, never fails the booking.
import { AppointmentStatus, CancellationReason, MeetingChannel } from '#shared/enums'
import { createTranslator, localizePath, type Locale, type Translate } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import type { Appointment } from '#worker/db/schema'
import { sendMail } from '#worker/features/mail/mail.service'
import { createTemporaryToken } from '#worker/features/users/session'
import * as repo from './appointments.repo'
import type { AppointmentMail } from './appointments.mail'
import { buildIcs } from './ics'
import { isZone } from './zones'

const SEQUENCE: Record<AppointmentMail['kind'], number> = { booked: 0, confirmed: 1, reminder_day: 1, reminder_hour: 1, cancelled: 2 }

export type Person = NonNullable<Awaited<ReturnType<typeof repo.findPerson>>>

function when(ms: number, locale: Locale, zone: string) {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(ms)
}

/** Tell both sides (`only`: one of them) about `a`. */
export async function notifyAppointment(ctx: Ctx, a: Appointment, kind: AppointmentMail['kind'], only?: 'guest' | 'host') {
  try {
    const [guest, host] = await Promise.all([repo.findPerson(ctx.db, a.guestId), repo.findPerson(ctx.db, a.hostId)])
    if (!guest || !host) return
    const sends: Promise<unknown>[] = []
    for (const [me, other] of [
      [guest, host],
      [host, guest],
    ] as [Person, Person][]) {
      if (only && (only === 'guest') !== (me.id === guest.id)) continue
      if (!me.email) continue
      sends.push(mailOne(ctx, a, kind, me, other, host))
    }
    await Promise.all(sends)
  } catch (err) {
    console.warn(`[appointments] ${kind} mail for appointment ${a.id} not sent:`, err instanceof Error ? err.message : err)
  }
}

async function mailOne(ctx: Ctx, a: Appointment, kind: AppointmentMail['kind'], me: Person, other: Person, host: Person) {
  const locale: Locale = me.language === 'en' ? 'en' : 'es'
  const zone = me.timezone && isZone(me.timezone) ? me.timezone : 'UTC'
  const t = createTranslator(locale, messagesFor(locale))
  const channel = channelLabel(t, a.meetingChannel)
  const reasonKey = a.cancellationReason ? Object.entries(CancellationReason).find(([, v]) => v === a.cancellationReason)?.[0] : undefined
  const reason = kind === 'cancelled' && reasonKey ? `${t(`appointments.reason.${reasonKey}` as never)}${a.cancellationReasonText ? `: ${a.cancellationReasonText}` : ''}` : null
  const page = `${ctx.linkBase}${localizePath('/appointment/', locale)}`
  const query = new URLSearchParams({ appointment_id: String(a.id) })
  // The booking mail signs its reader in by itself (SPEC §2 /appointment/?…&user_id=&authorization=).
  if (kind === 'booked') {
    query.set('user_id', String(me.id))
    query.set('authorization', await createTemporaryToken(ctx.env, me.id, 'appointment'))
  }
  const ics = appointmentIcs(a, SEQUENCE[kind], { me, other, host, zone, t, channel })
  await sendMail(
    ctx.env,
    { to: me.email!, template: 'appointment', locale, data: { kind, name: me.name, other: other.name ?? '', when: when(a.startAt.getTime(), locale, zone), channel, link: `${page}?${query}`, reason, ics } },
    ctx.waitUntil,
  )
}

/**
 * The calendar file of `a` for `me` (the mail's attachment and the page's download): stable UID,
 * `sequence` by how far it has gone, CANCEL once cancelled, in `zone`.
 */
export function appointmentIcs(a: Appointment, sequence: number, v: { me: Person; other: Person | undefined; host: Person | undefined; zone: string; t: Translate; channel: string }) {
  const cancelled = a.status === AppointmentStatus.cancelled
  return buildIcs({
    uid: `appointment-${a.id}@calma.app`,
    sequence,
    method: cancelled ? 'CANCEL' : 'REQUEST',
    startMs: a.startAt.getTime(),
    endMs: a.endAt.getTime(),
    zone: v.zone,
    summary: v.t('appointment_mail.ics_summary', { other: v.other?.name ?? '' }),
    description: `${v.channel}${a.meetingLink ? ` · ${a.meetingLink}` : ''}`,
    location: a.meetingLink ?? (v.channel || null),
    organizer: { name: v.host?.name ?? 'Calma', email: v.host?.email ?? 'hola@calma.app' },
    attendee: { name: v.me.name ?? v.me.email ?? '', email: v.me.email ?? '' },
    stampMs: Date.now(),
  })
}

/** The channel's name in the reader's language ('' when none). */
export function channelLabel(t: Translate, channel: number | null) {
  const key = Object.entries(MeetingChannel).find(([, v]) => v === channel)?.[0]
  return key ? t(`appointments.channel.${key}` as never) : ''
}
