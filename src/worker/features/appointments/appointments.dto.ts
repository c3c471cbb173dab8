// An appointment as the API answers it (the contract's AppointmentDto), as the viewer may see it.
import type { AppointmentDto } from '#shared/contract/appointments'
import { AppointmentStatus, MeetingChannel } from '#shared/enums'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import type { Appointment } from '#worker/db/schema'
import * as repo from './appointments.repo'
import { MAX_MOVES } from '#shared/limits'

const channelName = (c: number | null) =>
  c === null ? null : (Object.entries(MeetingChannel).find(([, v]) => v === c)?.[0] ?? null)
const statusName = (s: number) => Object.entries(AppointmentStatus).find(([, v]) => v === s)?.[0] ?? String(s)

/**
 * The meeting link as the viewer sees it (issue 9 §6): the host always sees what they set; the
 * guest only once confirmed. WhatsApp: a wa.me link to the other side's number, once confirmed.
 */
async function meetingLinkOf(ctx: Ctx, a: Appointment, people?: Map<number, { phone: string | null }>) {
  const viewerIsHost = ctx.user?.id === a.hostId
  if (a.meetingChannel === MeetingChannel.whatsapp) {
    if (a.status !== AppointmentStatus.confirmed) return null
    const otherId = viewerIsHost ? a.guestId : a.hostId
    if (otherId === null) return null
    const phone = people?.get(otherId)?.phone ?? (await repo.findPerson(ctx.db, otherId))?.phone
    return phone ? `https://wa.me/${phone.replace(/\D/g, '')}` : null
  }
  if (viewerIsHost) return a.meetingLink ?? null
  return a.status === AppointmentStatus.confirmed ? (a.meetingLink ?? null) : null
}

export async function toDto(
  ctx: Ctx,
  a: Appointment,
  o: {
    people?: Map<
      number,
      {
        id: number
        name: string | null
        avatar: string | null
        timezone: string | null
        phone: string | null
        language?: string | null
      }
    >
    relations?: string[]
    properties?: string[]
  },
): Promise<AppointmentDto> {
  const t = createTranslator(ctx.locale, messagesFor(ctx.locale))
  // An erased psychologist (host_id null, docs/decisions/058) is `host: null`: the history still shows the session.
  const person = (id: number | null) => {
    if (id === null) return null
    const p = o.people?.get(id)
    return p
      ? {
          id: p.id,
          name: p.name,
          avatar: p.avatar,
          timezone: p.timezone,
          // The person's language: a psychologist recommends routes in it (issue 44 §3).
          ...(p.language === 'es' || p.language === 'en' ? { language: p.language as 'es' | 'en' } : {}),
        }
      : { id, name: null, avatar: null, timezone: null }
  }
  const channel = channelName(a.meetingChannel)
  return {
    id: a.id,
    guest_id: a.guestId,
    host_id: a.hostId,
    status: a.status,
    meeting_channel: a.meetingChannel ?? null,
    meeting_link: await meetingLinkOf(ctx, a, o.people),
    meeting_indications: a.meetingIndications ?? null,
    start_at: a.startAt.toISOString(),
    end: a.endAt.toISOString(),
    confirmed_by_guest: !!a.confirmedByGuestAt,
    confirmed_by_host: !!a.confirmedByHostAt,
    reason_for_cancellation: a.cancellationReason ?? null,
    reason_for_cancellation_text: a.cancellationReasonText ?? null,
    cancellation_date: a.cancelledAt ? a.cancelledAt.toISOString() : null,
    price_credits: a.priceCents / 100,
    moves_left: Math.max(0, MAX_MOVES - a.moves),
    ...(o.relations?.includes('host') ? { host: person(a.hostId) } : {}),
    ...(o.relations?.includes('guest') ? { guest: person(a.guestId)! } : {}),
    ...(o.properties?.length
      ? {
          properties: {
            ...(o.properties.includes('status')
              ? { status: t(`appointments.status.${statusName(a.status)}` as never) }
              : {}),
            ...(o.properties.includes('meeting_channel')
              ? { meeting_channel: channel ? t(`appointments.channel.${channel}` as never) : null }
              : {}),
          },
        }
      : {}),
  }
}
