// Sessions you can move (issue 34 §3; docs/decisions/047, docs/API.md "Moving a session").
import type { MoveForm } from '#shared/contract/appointments'
import { FREE_CANCEL_BEFORE_MS, MAX_MOVES } from '#shared/limits'
import type { Ctx } from '#worker/context'
import { AppError } from '#worker/http/errors'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import * as moveRepo from './appointments.move.repo'
import { toDto } from './appointments.dto'
import { LIVE, mailsOf, notFound, sideOf } from './appointments.service'
import { findWithPeople, toldAsRead } from './appointments.repo'
import { confirmedBeside, me } from '#worker/identity/caller'
import { queueWritten } from '#worker/mail/send'
import type { Appointment } from '#worker/db/schema'
import { checkStart, inHeldSlot, openHost, openHostOf, slotTaken } from './appointments.slots.service'
import { appointmentHostHours } from '#worker/features/psychologists/psychologists.service'
import { Role } from '#shared/enums'
import { notifyAppointment } from './appointments.notify'

const changed = () => new AppError('conflict', { message: 'appointments.move_changed' })
/** 409 with the field: the session was moved MAX_MOVES times; it can still be cancelled (decision 061). */
function moveLimit(ctx: Ctx) {
  const params = { count: MAX_MOVES }
  const text = createTranslator(ctx.locale, messagesFor(ctx.locale))('appointments.move_limit', params)
  return new AppError('conflict', { message: 'appointments.move_limit', params, fields: { start_at: [text] } })
}

/**
 * POST /v1/appointment/move: the guest moves their live session to another free slot of the same
 * psychologist, while a cancellation would still be free (FREE_CANCEL_BEFORE_MS, 24 h before the
 * current start). The new slot is held in the host's schedule object, as a booking holds it, and
 * one conditional write (moveRepo.moveBooking) moves the row from its old start to the new one:
 * concurrent moves of one session give one success and 409s; the ledger is not touched. Both
 * sides get the new time by mail with the calendar file (same UID, SEQUENCE + 1).
 */
export async function move(ctx: Ctx, f: MoveForm, now = Date.now()) {
  me(ctx)
  // The caller as D1's primary has them (requireAuthorityAtWrite) beside the session with its
  // people and its host's hours (by the session's id): one D1 round (decisions 084, 087).
  const [caller, [found, hostRows]] = await confirmedBeside(
    ctx,
    Promise.all([findWithPeople(ctx.db, f.id), appointmentHostHours(ctx, f.id)]),
  )
  if (!found) throw notFound()
  const { a } = found
  const side = sideOf(caller, a)
  // Only the guest moves (their credits, their time); an admin who is neither side sees nothing.
  if (side === 'admin') throw notFound()
  if (side === 'host') throw new AppError('unauthorized')
  // A session whose psychologist left was cancelled then (docs/decisions/058); null is never live.
  if (!LIVE.includes(a.status) || a.hostId === null)
    throw new AppError('conflict', { message: 'appointments.cannot_move' })
  if (a.moves >= MAX_MOVES) throw moveLimit(ctx)
  const from = a.startAt.getTime()
  if (from - now < FREE_CANCEL_BEFORE_MS) throw new AppError('conflict', { message: 'appointments.move_too_late' })
  // Moved since the person looked: this tap was about a time the session no longer has.
  if (f.current_start_at !== from) throw changed()
  if (f.start_at === from)
    throw new AppError('validation', {
      message: 'appointments.move_same',
      fields: { start_at: ['appointments.move_same'] },
    })
  // The new time keeps the policy too: a session moved into its last 24 hours could then neither
  // be moved nor cancelled for free (found from outside; booking's own 2 h notice is for new ones).
  if (f.start_at - now < FREE_CANCEL_BEFORE_MS)
    throw new AppError('validation', {
      message: 'appointments.move_too_soon',
      fields: { start_at: ['appointments.move_too_soon'] },
    })
  // The host as the first round read them, the hours theirs (each row names its host: a row of
  // another host would mean the session changed hands between the two reads; then read again by
  // the host's id, a round of its own only then).
  const { host, hours, zone } = hostRows.every((r) => r.hostId === a.hostId)
    ? openHostOf(found.host?.role === Role.psychologist ? found.host : undefined, hostRows)
    : await openHost(ctx, a.hostId)
  const grid = checkStart(ctx, f.start_at, hours, zone, now)

  // The new time takes the host's session length now (their current offer), checked as an interval.
  const m = {
    id: a.id,
    hostId: host.id,
    from: f.current_start_at,
    to: f.start_at,
    end: f.start_at + grid.slotMinutes * 60_000,
    maxMoves: MAX_MOVES,
  }
  // The row as the move leaves it, and both mails of it, written by the move's own batch only if
  // it moved it and the rest is as read (decision 084).
  const at = new Date(now)
  const after: Appointment = {
    ...a,
    startAt: new Date(m.to),
    endAt: new Date(m.end),
    moves: a.moves + 1,
    reminderSentAt: null,
    reminderHourSentAt: null,
    updatedAt: at,
  }
  const people = found.guest && found.host ? { guest: found.guest, host: found.host } : undefined
  const mails = people
    ? mailsOf(
        ctx,
        after,
        'moved',
        people,
        toldAsRead(a, { startAt: m.to, moves: a.moves + 1, status: a.status }),
        a.startAt,
      )
    : []
  const {
    moved,
    mails: written,
    why,
  } = await inHeldSlot(ctx, host.id, { start: m.to, end: m.end }, a.guestId, () =>
    moveRepo.moveBooking(ctx.db, { ...m, notBefore: now + FREE_CANCEL_BEFORE_MS, at: now }, mails),
  )
  if (!moved) {
    // Which condition of the one statement failed (read in its batch, just before it): another
    // session there, the limit reached, or moved, cancelled or closed by another request since.
    throw why === 'slot_taken' ? slotTaken() : why === 'move_limit' ? moveLimit(ctx) : changed()
  }
  const queued = queueWritten(ctx.env, written, ctx.waitUntil)
  // Changed between the read and the write (a confirmation, a meeting link): told from the row
  // the batch answered, a round of its own only then.
  if (!(mails.length && queued.length)) await notifyAppointment(ctx, moved, 'moved', undefined, a.startAt, people)
  const known = new Map([found.guest, found.host].filter((p) => !!p).map((p) => [p.id, p]))
  return toDto(ctx, moved, { people: known })
}
