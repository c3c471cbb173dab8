// Booking a session (POST /v1/appointment, issue 9): the checks, the slot held, one D1 batch
// with the debit and both people's mails (decision 084). Cancelling, confirming and reading are
// appointments.service.ts; the slots appointments.slots.service.ts.
import type { BookForm } from '#shared/contract/appointments'
import { SESSION_PRICE_CENTS } from '#shared/limits'
import { AppointmentStatus, MeetingChannel } from '#shared/enums'
import type { Ctx } from '#worker/context'
import type { Appointment, User } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import * as repo from './appointments.repo'
import { toDto } from './appointments.dto'
import { appointmentMail, notifyAppointment, tellWhom, type Person } from './appointments.notify'
import { checkStart, inHeldSlot, openHost, slotTaken } from './appointments.slots.service'
import { confirmedMe, me } from '#worker/identity/caller'
import { findSessionUser } from '#worker/identity/records'
import { mintTemporaryToken } from '#worker/identity/temporary'
import { mailStatement, queueWritten } from '#worker/mail/send'

/**
 * POST /v1/appointment. Order of the checks: the caller's phone (SPEC §5), the host open to
 * appointments, the start on the host's grid and far enough ahead, the slot held in the host's
 * schedule object (one booking at a time per slot), then one D1 batch writes the row and its
 * debit only if the ledger covers the price; the unique index on live (host, start) is the last
 * word.
 */
export async function book(ctx: Ctx, f: BookForm, now = Date.now()) {
  me(ctx)
  // One D1 round before the write (decision 084): the caller as D1's primary has them (money is
  // staff-grade authority, decision 038; their row is the guest: phone, name, zone, password for
  // the mail's sign-in link), the host with the host's hours, and the host's row for their link.
  const [caller, open, hostRow] = await Promise.all([
    confirmedMe(ctx).then(
      (found) => ({ found }),
      (refused: unknown) => ({ refused }),
    ),
    openHost(ctx, f.host_id).then(
      (found) => ({ found }),
      (refused: unknown) => ({ refused }),
    ),
    findSessionUser(ctx.db, f.host_id).catch(() => undefined),
  ])
  // The guest's refusals still come first, as when they were read one after the other.
  if ('refused' in caller) throw caller.refused
  const guest = caller.found.row
  if (!guest.phone)
    throw new AppError('validation', {
      message: 'appointments.phone_required',
      fields: { phone: ['appointments.phone_required'] },
    })
  if ('refused' in open) throw open.refused
  const { host, hours, zone } = open.found
  if (host.id === guest.id) throw new AppError('validation', { fields: { host_id: ['appointments.own_agenda'] } })
  const grid = checkStart(ctx, f.start_at, hours, zone, now)

  // Every session costs its price in credits; a plan's 4 sessions a month arrive as ledger
  // grants when it is paid (features/payments), so a subscriber pays with those.
  const price = SESSION_PRICE_CENTS

  const b = {
    guestId: guest.id,
    hostId: host.id,
    startAt: f.start_at,
    endAt: f.start_at + grid.slotMinutes * 60_000,
    channel: f.meeting_channel,
    priceCents: price,
    now,
  }
  // Both people's mails, written by the booking's own batch only if it booked (decision 084),
  // the new id filled in by that batch. A mail that cannot be made is logged, never fails the
  // booking (appointments.notify.ts): the booking then mails after its batch, as before 084.
  const links = await bookingLinks(ctx, guest, host, hostRow)
  const marker = idMarker()
  const mails = bookingMails(ctx, b, { guest, host }, links, marker)
  // The links are kept only for mails the batch may write.
  const kept = mails.length ? links : []
  // What the batch answered, once it has: an error after it (the slot's release) is not a refusal.
  let answered: Awaited<ReturnType<typeof repo.insertBooking>> | undefined
  const dropLinks = () => ctx.waitUntil(Promise.all(kept.map((l) => l.drop())))
  const booked = await inHeldSlot(ctx, host.id, { start: b.startAt, end: b.endAt }, guest.id, async () => {
    // The batch and the links kept in KV side by side, each settled apart: a link that cannot be
    // kept never fails a booking that was written (found by the outside review of decision 084:
    // it answered 500 with the session booked and paid). Its mail then goes with a link that signs
    // nobody in, as a used or lapsed one; before 084 that mail was not sent at all.
    const [wrote, keeping] = await Promise.allSettled([
      repo.insertBooking(ctx.db, b, mails),
      Promise.allSettled(kept.map((l) => l.keep())),
    ])
    if (keeping.status === 'fulfilled')
      for (const k of keeping.value)
        if (k.status === 'rejected')
          console.warn(`[appointments] a booked mail's sign-in link not kept: ${errorText(k.reason)}`)
    if (wrote.status === 'rejected') throw wrote.reason
    answered = wrote.value
    return wrote.value
  }).catch((err: unknown) => {
    // Only a batch that did not book (it threw: a batch is one transaction) forgets the links;
    // after one that booked, its mails are in the outbox with them.
    if (answered === undefined) dropLinks()
    throw err
  })
  if (typeof booked === 'string') dropLinks()
  // Another live session of the host overlaps this time (a length changed since it was booked).
  if (booked === 'slot_taken') throw slotTaken()
  // The psychologist closed their agenda, left or lost the role while this request ran.
  if (booked === 'host_gone')
    throw new AppError('not_found', {
      message: 'appointments.no_psychologists',
      fields: { host_id: ['appointments.no_psychologists'] },
    })
  if (booked === 'no_credits')
    throw new AppError('payment_problem', {
      message: 'appointments.no_credits',
      fields: { credits: ['appointments.no_credits'] },
    })
  const written = queueWritten(ctx.env, booked.mails, ctx.waitUntil)
  // The mails could not be made before the batch (a person's row not read, a link not minted):
  // told from the row the batch answered, as before 084, a round of its own only then.
  if (!written.length) await notifyAppointment(ctx, booked.appointment, 'booked', undefined, undefined, { guest, host })
  return { appointment: await toDto(ctx, booked.appointment, {}), credits: booked.balanceCents / 100 }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Where a mail written before its row's id is known carries that id (replaced by the batch):
 * letters and digits, so no escaping touches it, and random per booking, so no text a person
 * wrote (a name) can hold it (found by the outside review of decision 084: a fixed marker in a
 * name was replaced by the id too).
 */
const idMarker = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return `CalmaId${Array.from(bytes, (x) => x.toString(16).padStart(2, '0')).join('')}`
}

/** The booking mails' sign-in links (one per person told), minted now and kept beside the batch. */
async function bookingLinks(ctx: Ctx, guest: User, host: Person, hostRow: User | undefined) {
  try {
    const rows = tellWhom({ guest, host }).map((p) => (p.id === guest.id ? guest : hostRow))
    return await Promise.all(
      rows.map(async (row) => {
        if (!row) throw new Error(`no row for host ${host.id}'s sign-in link`)
        return { id: row.id, ...(await mintTemporaryToken(ctx.env, row, 'appointment')) }
      }),
    )
  } catch (err) {
    // The booking then mails after its batch, as before decision 084 (book: the old path).
    console.warn(`[appointments] booked mail not made before the batch: ${errorText(err)}`)
    return []
  }
}

/** The booking mails as statements of its batch, each written only if this batch booked `b`. */
function bookingMails(
  ctx: Ctx,
  b: repo.NewBooking,
  people: { guest: Person; host: Person },
  links: { id: number; token: string }[],
  marker: string,
) {
  if (!links.length) return []
  try {
    // The row as the batch writes it, its id a marker the batch replaces with the real one.
    const row: Appointment = {
      ...PENDING,
      id: marker as unknown as number,
      guestId: b.guestId,
      hostId: b.hostId,
      meetingChannel: b.channel as MeetingChannel,
      startAt: new Date(b.startAt),
      endAt: new Date(b.endAt),
      priceCents: b.priceCents,
      createdAt: new Date(b.now),
      updatedAt: new Date(b.now),
    }
    const signIn = new Map(links.map((l) => [l.id, l.token]))
    return tellWhom(people).map((p) =>
      mailStatement(
        ctx.env,
        appointmentMail(ctx, row, 'booked', p, p.id === people.guest.id ? people.host : people.guest, { signIn }),
        repo.bookedHere,
        { now: b.now, fill: { marker, value: repo.bookedId(b) } },
      ),
    )
  } catch (err) {
    console.warn(`[appointments] booked mail not made: ${err instanceof Error ? err.message : String(err)}`)
    return []
  }
}

/** A new appointment's columns before its write gives them (the rest: bookingMails). */
const PENDING: Omit<
  Appointment,
  'id' | 'guestId' | 'hostId' | 'meetingChannel' | 'startAt' | 'endAt' | 'priceCents' | 'createdAt' | 'updatedAt'
> = {
  eventId: null,
  status: AppointmentStatus.pending,
  meetingLink: null,
  meetingIndications: null,
  confirmedByGuestAt: null,
  confirmedByHostAt: null,
  cancellationReason: null,
  cancellationReasonText: null,
  cancelledAt: null,
  cancelledBy: null,
  closedAt: null,
  reminderSentAt: null,
  reminderHourSentAt: null,
  moves: 0,
}
