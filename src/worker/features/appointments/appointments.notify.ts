// Who is told what about an appointment (issue 9 §7): both sides, each in their own language
// and zone, with the calendar file. A mail that fails is logged, never fails the booking.
import { AppointmentStatus, CancellationReason, MeetingChannel, Role } from '#shared/enums'
import { createTranslator, type Locale, type Translate } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import type { Appointment } from '#worker/db/schema'
import { sendMail, type MailRequest } from '#worker/mail/send'
import { createTemporaryToken } from '#worker/identity/temporary'
import * as repo from './appointments.repo'
import type { AppointmentMail } from '#worker/mail/templates/appointment'
import { buildIcs } from './ics'
import { isZone, wallClock } from '#worker/lib/zones'
import { formatMoney } from '#shared/catalogue'
import { localizedHref } from '#client/app/pages.ts'

/** What a mail needs of a person (the subscriber flag is not one of them: a host read for booking has none). */
export type Person = Omit<NonNullable<Awaited<ReturnType<typeof repo.findPerson>>>, 'subscriber'>

/**
 * The start as the recipient reads it, through Intl in their language and zone; the year is
 * written when it is not the recipient's current year (a booking in late December for January).
 */
export function when(ms: number, locale: Locale, zone: string, now = Date.now()) {
  const year = wallClock(ms, zone).year !== wallClock(now, zone).year
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year ? { year: 'numeric' as const } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(ms)
}

/**
 * The calendar file's SEQUENCE grows with the state and with each move, whichever mail carries
 * it: state (pending 0, confirmed 1, cancelled 2) + moves. Both only grow, so every change
 * carries a higher number than the files sent before it.
 */
const sequenceOf = (a: Appointment) =>
  (a.status === AppointmentStatus.pending ? 0 : a.status === AppointmentStatus.cancelled ? 2 : 1) + a.moves

/** The organizer of every calendar file: the service's no-reply address (never a person's). */
export function organizerOf(env: { EMAIL_FROM?: string }) {
  const domain = /@([^>\s]+)/.exec(env.EMAIL_FROM ?? '')?.[1] ?? 'calma.app'
  return { name: 'Calma', email: `no-reply@${domain}` }
}

/** Tell both sides (`only`: one of them) about `a`; `before`: where a moved session was. */
export async function notifyAppointment(
  ctx: Ctx,
  a: Appointment,
  kind: AppointmentMail['kind'],
  only?: 'guest' | 'host',
  before?: Date,
  /** The two people when the caller has just read them, so they are not read again. */
  known?: { guest: Person; host: Person },
) {
  try {
    if (a.hostId === null) return // the psychologist left (docs/decisions/058): nothing is mailed about it any more
    const [guest, host] =
      known && known.guest.id === a.guestId && known.host.id === a.hostId
        ? [known.guest, known.host]
        : await Promise.all([repo.findPerson(ctx.db, a.guestId), repo.findPerson(ctx.db, a.hostId)])
    if (!guest || !host) return
    const told = tellWhom({ guest, host }, only)
    // The booking mail signs its reader in by itself (booking itself mints these beside its batch).
    const signIn = new Map<number, string>()
    if (kind === 'booked')
      for (const me of told) signIn.set(me.id, await createTemporaryToken(ctx.env, me.id, 'appointment'))
    const mails = told.map((me) =>
      appointmentMail(ctx, a, kind, me, me.id === guest.id ? host : guest, { before, signIn }),
    )
    await Promise.all(mails.map((m) => sendMail(ctx.env, m, ctx.waitUntil)))
  } catch (err) {
    console.warn(
      `[appointments] ${kind} mail for appointment ${a.id} not sent:`,
      err instanceof Error ? err.message : err,
    )
  }
}

/**
 * Who hears of an appointment (`only`: one side): each side with an address; a host who lost the
 * role no longer does (appointments.service hostsNow). The guest first.
 */
export function tellWhom(people: { guest: Person; host: Person }, only?: 'guest' | 'host'): Person[] {
  const { guest, host } = people
  const out: Person[] = []
  if (only !== 'host' && guest.email) out.push(guest)
  if (only !== 'guest' && host.email && (host.role === Role.psychologist || host.role === Role.admin)) out.push(host)
  return out
}

/**
 * The mail `me` gets about `a`, rendered in their language and zone with the calendar file (not
 * yet written: sendMail, or a batch's mailStatement, writes it). `signIn`: the booking mail's
 * sign-in tokens by person.
 */
export function appointmentMail(
  ctx: Ctx,
  a: Appointment,
  kind: AppointmentMail['kind'],
  me: Person,
  other: Person,
  o: { before?: Date; signIn?: Map<number, string> } = {},
): MailRequest<'appointment'> {
  const before = o.before
  const locale: Locale = me.language === 'en' ? 'en' : 'es'
  const zone = me.timezone && isZone(me.timezone) ? me.timezone : 'UTC'
  const t = createTranslator(locale, messagesFor(locale))
  const channel = channelLabel(t, a.meetingChannel)
  const reasonKey = a.cancellationReason
    ? Object.entries(CancellationReason).find(([, v]) => v === a.cancellationReason)?.[0]
    : undefined
  const reason =
    kind === 'cancelled' && reasonKey
      ? `${t(`appointments.reason.${reasonKey}` as never)}${a.cancellationReasonText ? `: ${a.cancellationReasonText}` : ''}`
      : null
  // The guest who left is erased with their sessions: the host's mail opens their list instead.
  const page =
    kind === 'guest_left'
      ? `${ctx.linkBase}${localizedHref(locale, 'appointments')}`
      : `${ctx.linkBase}${localizedHref(locale, 'appointment')}/`
  const query = new URLSearchParams({ appointment_id: String(a.id) })
  // The booking mail signs its reader in by itself (SPEC §2 /appointment/?…&user_id=&authorization=).
  if (kind === 'booked') {
    const token = o.signIn?.get(me.id)
    if (!token) throw new Error(`no sign-in link for user ${me.id}`)
    query.set('user_id', String(me.id))
    query.set('authorization', token)
  }
  const ics = appointmentIcs(a, { me, other, t, channel, organizer: organizerOf(ctx.env) })
  // The cancellation policy with its amount, for the guest (whose credits it is) when booked and confirmed.
  const policy =
    me.id === a.guestId && a.priceCents > 0 && (kind === 'booked' || kind === 'confirmed')
      ? t('appointment_mail.policy', { amount: formatMoney(a.priceCents, locale) })
      : null
  // A session cancelled because its host left or never held it gives every credit back: said with the amount.
  const refund =
    me.id === a.guestId && a.priceCents > 0 && (kind === 'host_left' || kind === 'not_held')
      ? t('appointment_mail.refund_back', { amount: formatMoney(a.priceCents, locale) })
      : null
  return {
    to: me.email!,
    template: 'appointment',
    locale,
    data: {
      kind,
      name: me.name,
      other: other.name ?? '',
      when: when(a.startAt.getTime(), locale, zone),
      channel,
      link: `${page}?${query}`,
      reason,
      before: before ? when(before.getTime(), locale, zone) : null,
      policy,
      refund,
      ics,
    },
  }
}

/**
 * The calendar file of `a` for `me` (the mail's attachment and the page's download); the policy
 * is in ics.ts. Meeting link and indications only once confirmed; the only address in it is
 * `me`'s own.
 */
export function appointmentIcs(
  a: Appointment,
  v: {
    me: Person
    other: Person | undefined
    t: Translate
    channel: string
    organizer: { name: string; email: string }
  },
  now = Date.now(),
) {
  const status =
    a.status === AppointmentStatus.cancelled
      ? 'CANCELLED'
      : a.status === AppointmentStatus.pending
        ? 'TENTATIVE'
        : 'CONFIRMED'
  const details = status === 'CONFIRMED' ? [a.meetingLink, a.meetingIndications].filter((x): x is string => !!x) : []
  return buildIcs({
    uid: `appointment-${a.id}@calma.app`,
    sequence: sequenceOf(a),
    status,
    startMs: a.startAt.getTime(),
    endMs: a.endAt.getTime(),
    summary: v.t('appointment_mail.ics_summary', { other: v.other?.name ?? '' }),
    description: [v.channel, ...details].filter(Boolean).join('\n') || null,
    location: status === 'CONFIRMED' ? (a.meetingLink ?? (v.channel || null)) : v.channel || null,
    organizer: v.organizer,
    attendee: v.me.email ? { name: v.me.name ?? v.me.email, email: v.me.email } : null,
    stampMs: now,
  })
}

/** The channel's name in the reader's language ('' when none). */
export function channelLabel(t: Translate, channel: number | null) {
  const key = Object.entries(MeetingChannel).find(([, v]) => v === channel)?.[0]
  return key ? t(`appointments.channel.${key}` as never) : ''
}
