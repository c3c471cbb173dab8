// Appointments (issue 9): confirm, cancel, close, reading; booking exactly once is
// appointments.book.ts, the slots appointments.slots.service.ts.
// docs/API.md "Appointments" states the rules and the refund policy.
import type { AppointmentsQuery, CancelForm } from '#shared/contract/appointments'
import { pagination } from '#shared/contract/list'
import { FREE_CANCEL_BEFORE_MS } from '#shared/limits'
import { AppointmentStatus, CancellationReason, Role } from '#shared/enums'
import { createTranslator } from '#shared/i18n/index'
import { messagesFor } from '#shared/i18n/messages'
import type { Ctx } from '#worker/context'
import type { Appointment } from '#worker/db/schema'
import { AppError } from '#worker/http/errors'
import * as repo from './appointments.repo'
import { toDto } from './appointments.dto'
import {
  appointmentIcs,
  appointmentMail,
  channelLabel,
  notifyAppointment,
  organizerOf,
  tellWhom,
  type Person,
} from './appointments.notify'
import {
  afterRewards,
  catalogSeeded,
  catalogStatements,
  rewardStatementsOf,
} from '#worker/features/engagement/engagement.service'
import { patchOf } from '#worker/db/patch'
import { confirmedBeside, confirmedMe, me } from '#worker/identity/caller'
import { sessionHolds } from '#worker/identity/records'
import { mailStatement, queueWritten } from '#worker/mail/send'
import { and, type SQL } from 'drizzle-orm'

export const LIVE: number[] = [AppointmentStatus.pending, AppointmentStatus.confirmed]
export const notFound = () => new AppError('not_found', { message: 'appointments.not_found' })

/** POST /v1/appointment: appointments.book.ts (the routes call every action from here). */
export { book } from './appointments.book'

/**
 * Whether a person with `role` acts as the host of their appointments now: a psychologist (or an
 * admin). The role is D1's (a staff copy is confirmed before anything runs, features/users/
 * session.ts): a psychologist whose role was removed no longer confirms, sets the meeting link,
 * closes or cancels as host, nor sees the guests of their appointments to come; they still see,
 * read-only, those that have started (docs/API.md "Appointments", docs/decisions/038).
 */
export const hostsNow = (role: number) => role === Role.psychologist || role === Role.admin

/**
 * The caller's appointment (as guest or host; admins any), or 'We could not find your
 * appointment'. A former host (hostsNow) is refused (403) any change as host (`use` 'act'), and
 * reads (`use` 'read') only an appointment that has started.
 */
export async function mine(ctx: Ctx, id: number, use: 'act' | 'read' = 'act', now = Date.now()) {
  const caller = me(ctx)
  const a = await repo.findAppointment(ctx.db, id)
  if (!a) throw notFound()
  return { a, side: sideOf(caller, a, use, now) }
}

/**
 * POST /v1/appointment/confirm: by the guest or the host; confirmed once both have. Again: nothing
 * changes. The mail goes only from the call whose conditional write moved it pending → confirmed
 * (repo.confirmBy), so any number of concurrent confirmations send it once to each side. Two D1
 * rounds, either side (decisions 084, 087): the caller confirmed beside the appointment with its
 * people, then one batch with the marks and the mails.
 */
export async function confirm(ctx: Ctx, id: number, now = new Date()) {
  me(ctx)
  // The caller as D1's primary has them (requireAuthorityAtWrite; a host's too: decision 087)
  // beside the session with its people: one D1 round, nothing decided before it answered.
  const [caller, found] = await confirmedBeside(ctx, repo.findWithPeople(ctx.db, id))
  if (!found) throw notFound()
  const { a } = found
  const side = sideOf(caller, a)
  if (side === 'admin') throw notFound()
  if (!LIVE.includes(a.status)) throw new AppError('conflict', { message: 'appointments.cannot_confirm' })
  const people = found.guest && found.host && a.hostId !== null ? { guest: found.guest, host: found.host } : undefined
  // The row as it is once confirmed, and its mails: written by the batch only if it completed it.
  const completedAs: Appointment = { ...a, status: AppointmentStatus.confirmed, updatedAt: now }
  const mails =
    people && a.status === AppointmentStatus.pending
      ? mailsOf(ctx, completedAs, 'confirmed', people, repo.toldAsRead(a))
      : []
  const { marked, completed, mails: written } = await repo.confirmBy(ctx.db, id, side, now, mails)
  if (!marked) throw new AppError('conflict', { message: 'appointments.cannot_confirm' })
  const queued = queueWritten(ctx.env, written, ctx.waitUntil)
  if (completed && !(mails.length && queued.length))
    await notifyAppointment(ctx, completed, 'confirmed', undefined, undefined, people)
  const known = new Map([found.guest, found.host].filter((p) => !!p).map((p) => [p.id, p]))
  return toDto(ctx, completed ?? marked, { people: known })
}

/** What a cancellation gives back: all of it when the host cancels or the guest does early enough. */
export function refundFor(a: Pick<Appointment, 'priceCents' | 'startAt'>, by: 'guest' | 'host' | 'admin', now: number) {
  if (a.priceCents <= 0) return 0
  if (by !== 'guest') return a.priceCents
  return a.startAt.getTime() - now >= FREE_CANCEL_BEFORE_MS ? a.priceCents : 0
}

/**
 * POST /v1/appointment/cancel: either side, while live; credits back by refundFor, once. Two D1
 * rounds (decision 084): the caller confirmed beside the appointment with its people, then one
 * batch with the change, its refund and both mails.
 */
export async function cancel(ctx: Ctx, f: CancelForm, now = new Date()) {
  me(ctx)
  const [caller, found] = await confirmedBeside(ctx, repo.findWithPeople(ctx.db, f.id))
  const a = found?.a
  if (!a) throw notFound()
  const side = sideOf(caller, a)
  if (!LIVE.includes(a.status)) throw new AppError('conflict', { message: 'appointments.cancel_failed' })
  // A session whose start has passed may have taken place: the guest can no longer cancel it (the
  // refund policy gives nothing back within 24 hours anyway; docs/decisions/058). The host or an
  // admin still may until it is closed (a host who did not come gives it all back).
  if (side === 'guest' && a.startAt.getTime() <= now.getTime())
    throw new AppError('conflict', { message: 'appointments.cancel_started' })
  const guest = found.guest ?? undefined
  const host = a.hostId === null ? undefined : (found.host ?? undefined)
  // A host who lost the role cannot hold the session: the guest cancelling it is refunded in
  // full, as when a host cancels.
  const hostGone = side === 'guest' && (a.hostId === null || !hostsNow(host?.role ?? Role.patient))
  const refund = refundFor(a, hostGone ? 'host' : side, now.getTime())
  const set = {
    cancellationReason: f.reason,
    cancellationReasonText: f.reason_text ?? null,
    cancelledBy: caller.id,
    now: now.getTime(),
  }
  // The row as the batch leaves it, and both mails of it, written by that batch only if it
  // cancelled it and the row still is as read (decision 084).
  const after: Appointment = {
    ...a,
    status: AppointmentStatus.cancelled,
    cancellationReason: f.reason as CancellationReason,
    cancellationReasonText: set.cancellationReasonText,
    cancelledAt: now,
    cancelledBy: set.cancelledBy,
    updatedAt: now,
  }
  const here = repo.toldAsRead(a)
  const people = guest && host ? { guest, host } : undefined
  const mails = people ? mailsOf(ctx, after, 'cancelled', people, here) : []
  const changed = await repo.cancelBooking(ctx.db, a.id, LIVE, set, { userId: a.guestId, cents: refund }, mails)
  if (!changed.appointment) throw new AppError('conflict', { message: 'appointments.cancel_failed' })
  const written = queueWritten(ctx.env, changed.mails, ctx.waitUntil)
  // Moved between the read and the write (or the mails could not be made): told from the row
  // the batch answered, as before, a round of its own only then.
  if (mails.length && !written.length)
    await notifyAppointment(ctx, changed.appointment, 'cancelled', undefined, undefined, people)
  return { appointment: await toDto(ctx, changed.appointment, {}), refunded_credits: refund / 100 }
}

/** The caller's side of `a`, or 'We could not find your appointment' (as `mine`, on a row read already). */
export function sideOf(
  caller: { id: number; role: number },
  a: Appointment,
  use: 'act' | 'read' = 'act',
  now = Date.now(),
) {
  const side: 'guest' | 'host' | 'admin' | null =
    a.guestId === caller.id ? 'guest' : a.hostId === caller.id ? 'host' : caller.role === Role.admin ? 'admin' : null
  if (!side) throw notFound()
  if (side === 'host' && !hostsNow(caller.role)) {
    if (use === 'act') throw new AppError('unauthorized')
    if (a.startAt.getTime() > now) throw notFound()
  }
  return side
}

/** `kind`'s mails of `after` as statements of a write's batch, under `onlyIf` (a mail that cannot be made is logged). */
export function mailsOf(
  ctx: Ctx,
  after: Appointment,
  kind: 'cancelled' | 'confirmed' | 'moved',
  people: { guest: Person; host: Person },
  onlyIf: SQL,
  before?: Date,
) {
  try {
    return tellWhom(people).map((p) =>
      mailStatement(
        ctx.env,
        appointmentMail(ctx, after, kind, p, p.id === people.guest.id ? people.host : people.guest, { before }),
        onlyIf,
        { now: after.updatedAt.getTime() },
      ),
    )
  } catch (err) {
    console.warn(
      `[appointments] ${kind} mail for ${after.id} not made: ${err instanceof Error ? err.message : String(err)}`,
    )
    return []
  }
}

/**
 * POST /v1/appointment/close: the host (or an admin), once the session has started, from confirmed.
 * One D1 batch after the caller's confirmation (decision 087; it was 10 rounds): the close under
 * every rule as SQL, the guest's first-session reward and its notice right after it under
 * `changes() > 0`, and the row as the batch found it to say why a refused one was refused.
 */
export async function close(ctx: Ctx, id: number, status: number, now = new Date()) {
  // One D1 round in all (decision 089): the caller held in the close's own SQL (heldWrite).
  const done = await heldWrite(ctx, (caller, held) => closeAs(ctx, caller, held, id, status, now))
  if (!done.closed) {
    // Why, from the row as the same transaction found it, in the order `mine` and the rules say.
    if (!done.found) throw notFound()
    if (sideOf(done.by, done.found, 'act', now.getTime()) === 'guest') throw new AppError('unauthorized')
    throw new AppError('conflict', { message: 'appointments.cannot_close' })
  }
  catalogSeeded(done.catalog)
  if (done.rewarding && done.followers[0])
    await afterRewards(ctx, done.followers[0]).catch((err) =>
      console.warn(`reward notices of user ${done.closed?.guestId} not delivered: ${String(err)}`),
    )
  return toDto(ctx, done.closed, {})
}

/**
 * A host's write that holds its caller in its own SQL (decision 089; routes: staffHeldInWrite).
 * A staff caller reaches here as KV's copy, unconfirmed: `write(caller, held)` runs its batch as
 * them with `held` (sessionHolds: their row, that role, that password, at the write) among its
 * conditions and answers whether it held apart. A write refused with the session held was refused
 * for its own reason (the caller is exactly KV's copy then); one where it did not hold confirms
 * the caller at D1's primary (an ended session 401, D1 unable 503) and is made again as them. A
 * caller already confirmed, or a patient (whose KV copy is taken as it is: issue 21), writes once
 * without the condition.
 */
async function heldWrite<R extends { held: boolean }>(
  ctx: Ctx,
  write: (caller: { id: number; role: number }, held: SQL | null) => Promise<R>,
): Promise<R & { by: { id: number; role: number } }> {
  const caller = me(ctx)
  const held = !caller.confirmed && caller.role !== Role.patient ? sessionHolds(caller) : null
  const first = await write(caller, held)
  if (!held) return { ...first, by: caller }
  if (first.held) {
    ctx.sessionHeld?.()
    return { ...first, by: caller }
  }
  const confirmed = await confirmedMe(ctx)
  return { ...(await write(confirmed, null)), by: confirmed }
}

/** close's batch as `caller` (`held`: their session as a condition of the write, or null). */
async function closeAs(
  ctx: Ctx,
  caller: { id: number; role: number },
  held: SQL | null,
  id: number,
  status: number,
  now: Date,
) {
  const as = caller.role === Role.admin ? 'any' : hostsNow(caller.role) ? 'host' : 'none'
  const who = held ? and(repo.closableBy(caller, as), held)! : repo.closableBy(caller, as)
  const rewarding = status === AppointmentStatus.attended
  const at = now.getTime()
  const closeWith = (rewards: boolean) => {
    const catalog = rewards ? catalogStatements() : []
    return repo
      .closeSession(
        ctx.db,
        id,
        who,
        status,
        at,
        catalog,
        (gate, guest) =>
          // Issue 11: the guest's first session attended is a reward, given now (its notice in the guest's language).
          rewards ? rewardStatementsOf(guest, at, gate) : [],
        held ?? undefined,
      )
      .then((r) => ({ ...r, catalog, rewarding: rewards }))
  }
  return closeWith(rewarding).catch(async (err: unknown) => {
    if (!rewarding) throw err
    // A reward that cannot be given never fails the close (as before): the close alone.
    console.warn(`[appointments] close of ${id} with its rewards failed, closing without: ${String(err)}`)
    return closeWith(false)
  })
}

/**
 * POST /v1/appointment/meeting: the host (or an admin) sets the meeting link or indications. One D1
 * batch (issue 43 §3: it was 4 rounds): the row as found, the change under who may make it as SQL
 * (closableBy: the host who still hosts, or an admin, never the guest) and the caller held
 * (heldWrite), RETURNING the row. Refusals in the order they had: the session (404), the side
 * (403), then the link (422).
 */
export async function setMeeting(
  ctx: Ctx,
  f: { id: number; meeting_link?: string; meeting_indications?: string },
  now = new Date(),
) {
  const linkOk = f.meeting_link === undefined || /^https:\/\/\S+$/.test(f.meeting_link)
  const patch = patchOf(f, ['meeting_link', 'meeting_indications'])
  const done = await heldWrite(ctx, async (caller, held) => {
    const as = caller.role === Role.admin ? 'any' : hostsNow(caller.role) ? 'host' : 'none'
    const who = held ? and(repo.closableBy(caller, as), held)! : repo.closableBy(caller, as)
    return repo.setMeeting(ctx.db, f.id, linkOk ? patch : null, now, who, held ?? undefined)
  })
  if (!done.set) {
    if (!done.found) throw notFound()
    if (sideOf(done.by, done.found, 'act', now.getTime()) === 'guest') throw new AppError('unauthorized')
    if (!linkOk) throw new AppError('validation', { fields: { meeting_link: ['validation.invalid'] } })
    throw notFound() // not reached: a caller the row lets act, with a good link, has written
  }
  return toDto(ctx, done.set, {})
}

/** GET /v1/appointments: the caller's own (as guest or host); admins every one. */
export async function list(ctx: Ctx, q: AppointmentsQuery, now = Date.now()) {
  const caller = me(ctx)
  const {
    rows,
    total,
    people: ofPage,
  } = await repo.listFor(
    ctx.db,
    caller.role === Role.admin ? null : caller.id,
    q.filters,
    { column: q.order.column as 'start_at' | 'id', dir: q.order.dir },
    q.perPage,
    q.offset,
    // A former host sees, as host, only the appointments that have started (see mine).
    hostsNow(caller.role) ? null : now,
  )
  const people = new Map(ofPage.map((p) => [p.id, p]))
  const appointments = await Promise.all(
    rows.map((r) => toDto(ctx, r, { people, relations: q.relations, properties: q.properties })),
  )
  return { appointments, pagination: pagination(q, total, rows.length) }
}

/** GET /v1/appointment/notification: the next live appointment and what it needs from the caller. */
export async function next(ctx: Ctx, now = Date.now()) {
  const caller = me(ctx)
  const a = await repo.nextLive(ctx.db, caller.id, now, hostsNow(caller.role))
  if (!a) return { appointment: null, needs: null }
  const mineConfirmed = a.guestId === caller.id ? a.confirmedByGuestAt : a.confirmedByHostAt
  const needs =
    a.status === AppointmentStatus.confirmed
      ? a.startAt.getTime() - now <= 15 * 60_000
        ? 'join'
        : 'ready'
      : !mineConfirmed
        ? 'confirm'
        : 'wait'
  return { appointment: await toDto(ctx, a, {}), needs: needs as 'confirm' | 'wait' | 'join' | 'ready' }
}

/** The minute cron (issue 9 §7): the reminders a day and an hour before, each sent once. */
export async function sendReminders(ctx: Ctx, now = Date.now()) {
  const HOUR = 3_600_000
  const day = await repo.claimReminders(ctx.db, 'reminder_sent_at', now, 24 * HOUR, HOUR)
  const hour = await repo.claimReminders(ctx.db, 'reminder_hour_sent_at', now, HOUR, 0)
  for (const a of day) await notifyAppointment(ctx, a, 'reminder_day')
  for (const a of hour) await notifyAppointment(ctx, a, 'reminder_hour')
  return { day: day.length, hour: hour.length }
}

/** GET /appointment/{id}/calendar.ics: the caller's appointment as a calendar file (times in UTC; policy in ics.ts). */
export async function calendarFile(ctx: Ctx, id: number) {
  const { a, side } = await mine(ctx, id, 'read')
  const [guest, host] = await Promise.all([
    repo.findPerson(ctx.db, a.guestId),
    a.hostId === null ? undefined : repo.findPerson(ctx.db, a.hostId),
  ])
  const me = side === 'host' ? host : guest
  if (!me) throw notFound()
  // In the reader's own language, like the mail that carries the same file.
  const locale = me.language === 'en' ? 'en' : 'es'
  const t = createTranslator(locale, messagesFor(locale))
  return appointmentIcs(a, {
    me,
    other: side === 'host' ? guest : host,
    t,
    channel: channelLabel(t, a.meetingChannel),
    organizer: organizerOf(ctx.env),
  })
}
