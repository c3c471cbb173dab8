// Appointments, availability and the credit movements they cause (CONVENTIONS 3: SQL only here).
import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { AppointmentStatus, Role } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { appointments, users, type Appointment } from '#worker/db/schema'
import { batch, CHANGED_JUST_BEFORE, rowsIn, type RunResult, type Statement } from '#worker/db/query'
import { mapRow } from '#worker/db/rows'
import { alias } from 'drizzle-orm/sqlite-core'
import * as ledger from '#worker/ledger/ledger'
import { appointmentRow, LIVE_STATUSES } from './appointments.read.repo'
import { heldRow } from './appointments.close.repo'
import { z } from 'zod'

const idRow = z.object({ id: z.number() })

/** What booking, its mail and its calendar files need of a person, host or guest. */
const personColumns = {
  id: users.id,
  role: users.role,
  name: users.name,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  timezone: users.timezone,
  language: users.language,
}

/** A psychologist as booking needs them. */
export const findHost = (db: Db, id: number) =>
  db
    .select({ ...personColumns, open: users.psychologistOpenToGetAppointment })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, Role.psychologist)))
    .get()

export const findPerson = (db: Db, id: number) =>
  db
    .select({ ...personColumns, subscriber: users.subscriber })
    .from(users)
    .where(eq(users.id, id))
    .get()

/**
 * The host's live sessions that overlap [from, to), as intervals [start, end): a session keeps
 * the length it was booked with, whatever the host's length is now (issue 41 §4).
 */
export async function liveIntervals(db: Db, hostId: number, from: number, to: number) {
  const rows = await db
    .select({ startAt: appointments.startAt, endAt: appointments.endAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.hostId, hostId),
        inArray(appointments.status, LIVE_STATUSES),
        lt(appointments.startAt, new Date(to)),
        gt(appointments.endAt, new Date(from)),
      ),
    )
    .all()
  return rows.map((r) => ({ start: r.startAt.getTime(), end: r.endAt.getTime() }))
}

/**
 * A live session of `hostId` other than `except` that overlaps [start, end): the condition the
 * booking and the move write under, in the same statement as the write (one D1 transaction: of
 * two overlapping writes at once, the second sees the first). Half-open: 10:00-10:50 and
 * 10:50-11:40 do not overlap.
 */
export const overlapping = (hostId: number, start: number, end: number, except = 0) =>
  sql`SELECT 1 FROM appointments o WHERE o.host_id = ${hostId} AND o.status IN (1, 2)
        AND o.start_at < ${end} AND o.end_at > ${start} AND o.id <> ${except}`

const bookingRow = z.object({ taken: z.number(), hosting: z.number() })

export const findAppointment = (db: Db, id: number): Promise<Appointment | undefined> =>
  db.select().from(appointments).where(eq(appointments.id, id)).get()

export interface NewBooking {
  guestId: number
  hostId: number
  startAt: number
  endAt: number
  channel: number
  priceCents: number
  now: number
}

/**
 * One D1 batch (one transaction): the appointment, only if the guest's ledger covers the price,
 * and its debit, only if the appointment was written. The partial unique index on live
 * (host_id, start_at) refuses a second booking of the slot; the balance is read inside the same
 * transaction, so two bookings by one guest cannot both spend the same credits. Nor is it written
 * when a live session of the host overlaps [startAt, endAt) (issue 41 §4: one psychologist, one
 * session at a time, whatever the lengths); the first statement says whether one did.
 * Answers the new row, or 'slot_taken', or 'no_credits', or throws the unique-index error.
 */
export async function insertBooking(
  db: Db,
  b: NewBooking,
  /** The mails of the booking (decision 084), written in the same batch only if it was: see `bookedHere`. */
  mails: Statement[] = [],
): Promise<
  { appointment: Appointment; balanceCents: number; mails: RunResult[] } | 'no_credits' | 'slot_taken' | 'host_gone'
> {
  // The host still hosts and is open at the moment of the write, not only when the request read
  // them: a psychologist who is leaving (erased, or the role removed) is closed or demoted first,
  // then their sessions to come are cancelled (leaving.service.ts), so a booking either lands
  // before that pass (and is cancelled with its credits back) or is refused here (found from
  // outside, issue 41 §5: bookings racing an erasure were left live with no psychologist).
  const hosting = sql`EXISTS (SELECT 1 FROM users WHERE id = ${b.hostId} AND role = ${Role.psychologist} AND psychologist_open_to_get_appointment = 1)`
  // `sql` templates in db/query.ts's batch: the builder does not say these INSERT … SELECT forms.
  const [taken, inserted, ...rest] = await batch(db, [
    sql`SELECT EXISTS (${overlapping(b.hostId, b.startAt, b.endAt)}) AS taken, ${hosting} AS hosting`,
    // The whole new row answered by the write itself (decision 084: it was a round of its own).
    sql`INSERT INTO appointments (guest_id, host_id, status, meeting_channel, start_at, end_at, price_cents, created_at, updated_at)
        SELECT ${b.guestId}, ${b.hostId}, ${AppointmentStatus.pending}, ${b.channel}, ${b.startAt}, ${b.endAt}, ${b.priceCents}, ${b.now}, ${b.now}
        WHERE ${ledger.balanceOf(b.guestId)} >= ${b.priceCents}
          AND NOT EXISTS (${overlapping(b.hostId, b.startAt, b.endAt)})
          AND ${hosting}
        RETURNING *`,
    // Right after the write they tell of, each under CHANGED_JUST_BEFORE (bookedHere).
    ...mails,
    ledger.debitBookingStmt({
      guestId: b.guestId,
      hostId: b.hostId,
      startAt: b.startAt,
      cents: b.priceCents,
      at: b.now,
    }),
    // The guest's balance after the debit, read in the same batch (decision 079: it was a round
    // of its own after the booking).
    ledger.balanceStmt(b.guestId),
  ])
  const mailed = rest.slice(0, mails.length)
  const balance = rest[mails.length + 1]
  const row = rowsIn(inserted, appointmentRow)[0]
  if (!row) {
    const why = rowsIn(taken, bookingRow)[0]
    return !why?.hosting ? 'host_gone' : why.taken ? 'slot_taken' : 'no_credits'
  }
  return {
    appointment: mapRow(appointments, row),
    balanceCents: rowsIn(balance, ledger.balanceRow)[0]?.n ?? 0,
    mails: mailed,
  }
}

/**
 * SQL, for a mail of insertBooking's batch: the booking `b` was written by this very batch (its
 * INSERT, or the mail before, just changed a row: CHANGED_JUST_BEFORE; a concurrent request that
 * found the slot taken writes none). `bookedId`: the new row's id (the same guest, host, start and
 * creation instant, live; the partial unique index on live (host, start) leaves one such row), for
 * the mails' links, written before the id was known.
 */
export const bookedHere = CHANGED_JUST_BEFORE
export const bookedId = (b: Pick<NewBooking, 'guestId' | 'hostId' | 'startAt' | 'now'>) =>
  sql`(SELECT id FROM appointments WHERE host_id = ${b.hostId} AND start_at = ${b.startAt} AND guest_id = ${b.guestId}
        AND status IN (1, 2) AND created_at = ${b.now})`

/**
 * The appointment with its two people (the host null once they left), in one read: what
 * cancelling needs before it writes (the caller's side, the host's role, whom to mail).
 */
export async function findWithPeople(db: Db, id: number) {
  const guest = alias(users, 'guest')
  const host = alias(users, 'host')
  const personOf = (u: typeof guest | typeof host) => ({
    id: u.id,
    role: u.role,
    name: u.name,
    email: u.email,
    phone: u.phone,
    avatar: u.avatar,
    timezone: u.timezone,
    language: u.language,
  })
  const found = await db
    .select({
      a: appointments,
      guest: personOf(guest),
      // Whether the host takes bookings now: what moving checks of the host (openHostOf).
      host: { ...personOf(host), open: host.psychologistOpenToGetAppointment },
    })
    .from(appointments)
    .leftJoin(guest, eq(guest.id, appointments.guestId))
    .leftJoin(host, eq(host.id, appointments.hostId))
    .where(eq(appointments.id, id))
    .get()
  if (!found) return undefined
  // A left join's person is null when there is none (drizzle types each column nullable instead).
  type Found = Omit<NonNullable<Awaited<ReturnType<typeof findPerson>>>, 'subscriber'>
  const person = (p: typeof found.guest) => (p?.id == null ? null : (p as Found))
  const hostRow = person(found.host)
  return {
    a: found.a,
    guest: person(found.guest),
    host: hostRow && { ...hostRow, open: !!found.host.open },
  }
}

/**
 * A cancellation, once, in one D1 batch (decision 084): the row leaves `from` only if it is still
 * in one of them, answering its whole new row; the refund (when `refund.cents` > 0) only if this
 * batch cancelled it (by `set.cancelledBy` at `set.now`: a cancel that found it cancelled by
 * another pays nothing), keyed by the appointment so it is paid once (ledger refundBookingStmt); then `mails`,
 * each written only under its own condition (see `cancelledHere`). Answers the row, or
 * undefined when this call did not make the change, and the mails' results.
 */
export async function cancelBooking(
  db: Db,
  id: number,
  from: readonly number[],
  set: {
    cancellationReason: number
    cancellationReasonText: string | null
    cancelledBy: number
    now: number
  },
  refund: { userId: number; cents: number },
  mails: Statement[] = [],
) {
  const [changed, ...rest] = await batch(db, [
    sql`UPDATE appointments SET status = ${AppointmentStatus.cancelled}, cancellation_reason = ${set.cancellationReason},
          cancellation_reason_text = ${set.cancellationReasonText}, cancelled_at = ${set.now},
          cancelled_by = ${set.cancelledBy}, updated_at = ${set.now}
        WHERE id = ${id} AND status IN (${sql.raw(from.map(Number).join(', '))}) RETURNING *`,
    // Right after the change they tell of, each under CHANGED_JUST_BEFORE (cancelledHere).
    ...mails,
    ...(refund.cents > 0
      ? [
          ledger.refundBookingStmt({
            appointmentId: id,
            guestId: refund.userId,
            cents: refund.cents,
            at: set.now,
            cancelledStatus: AppointmentStatus.cancelled,
            // Only for the cancellation this batch made (its caller, its instant), never one it lost to.
            cancelledBy: set.cancelledBy,
          }),
        ]
      : []),
  ])
  const row = rowsIn(changed, appointmentRow)[0]
  return { appointment: row ? mapRow(appointments, row) : undefined, mails: rest.slice(0, mails.length) }
}

/**
 * A transition, once: the row changes only if it is still in one of `from`. A refund comes only
 * with a cancellation (`set` holds its status, reason, text and who), in the same batch, only for
 * the cancellation this batch wrote (who, when) and keyed by (reason, reference), so it is never
 * paid twice nor by a call that lost the row to another. Answers whether this call made the change.
 */
export async function transition(
  db: Db,
  id: number,
  from: readonly number[],
  set: Partial<typeof appointments.$inferInsert>,
  refund?: { userId: number; cents: number; now: number },
) {
  const update = db
    .update(appointments)
    .set(set)
    .where(and(eq(appointments.id, id), inArray(appointments.status, from as AppointmentStatus[])))
    .returning({ id: appointments.id })
  if (!refund || refund.cents <= 0) return (await update.all()).length > 0
  // The cancellation and its refund in one batch: the refund row is written only if the
  // appointment is cancelled, and (reason, reference) is unique, so it is paid once.
  const [changed] = await batch(db, [
    sql`UPDATE appointments SET status = ${set.status ?? null}, cancellation_reason = ${set.cancellationReason ?? null},
          cancellation_reason_text = ${set.cancellationReasonText ?? null}, cancelled_at = ${refund.now},
          cancelled_by = ${set.cancelledBy ?? null}, updated_at = ${refund.now}
        WHERE id = ${id} AND status IN (${sql.raw(from.map(Number).join(', '))}) RETURNING id`,
    ledger.refundBookingStmt({
      appointmentId: id,
      guestId: refund.userId,
      cents: refund.cents,
      at: refund.now,
      cancelledStatus: AppointmentStatus.cancelled,
      // Only for the cancellation this batch made (as cancelBooking's): the leaving job's cancel
      // racing a guest's own within 24 hours pays nothing when the guest's landed first.
      cancelledBy: set.cancelledBy ?? null,
    }),
  ])
  return rowsIn(changed, idRow).length > 0
}

/**
 * One side's confirmation, in one D1 batch (a transaction): (1) the side's mark, while live,
 * RETURNING the row; (2) the conditional write pending → confirmed once both marks are there,
 * RETURNING the row; then `mails`, right after (2) and each under CHANGED_JUST_BEFORE
 * (decision 084: only the batch whose statement (2) changed the row writes them). Only the call
 * whose statement (2) changed the row gets it back as `completed`, so of any number of concurrent
 * confirmations exactly one learns that it completed the appointment (and mails).
 * `marked`: the row after (1), undefined when it was no longer pending or confirmed.
 */
export async function confirmBy(
  db: Db,
  id: number,
  side: 'guest' | 'host',
  at: Date,
  mails: Statement[] = [],
): Promise<{ marked: Appointment | undefined; completed: Appointment | null; mails: RunResult[] }> {
  const col = side === 'guest' ? appointments.confirmedByGuestAt : appointments.confirmedByHostAt
  const [marked, completed, ...mailed] = await batch(db, [
    db
      .update(appointments)
      .set({
        [side === 'guest' ? 'confirmedByGuestAt' : 'confirmedByHostAt']: sql`COALESCE(${col}, ${at.getTime()})`,
        updatedAt: at,
      })
      .where(and(eq(appointments.id, id), inArray(appointments.status, LIVE_STATUSES)))
      .returning(),
    db
      .update(appointments)
      .set({ status: AppointmentStatus.confirmed, updatedAt: at })
      .where(
        and(
          eq(appointments.id, id),
          eq(appointments.status, AppointmentStatus.pending),
          sql`${appointments.confirmedByGuestAt} IS NOT NULL`,
          sql`${appointments.confirmedByHostAt} IS NOT NULL`,
        ),
      )
      .returning(),
    ...mails,
  ])
  const row = (r: RunResult | undefined) => {
    const raw = rowsIn(r, appointmentRow)[0]
    return raw ? mapRow(appointments, raw) : undefined
  }
  return { marked: row(marked), completed: row(completed) ?? null, mails: mailed }
}

/**
 * SQL, for a mail a write's batch sends about appointment `a` as read before it: that batch's
 * write (or the mail before) just changed it (CHANGED_JUST_BEFORE), and what the mail shows is
 * still as read: the start, the moves, the meeting link and indications, and the status when the
 * write keeps it (a change between the
 * read and the write: the mails are then written after, from the row the batch answered).
 */
export const toldAsRead = (
  a: Pick<Appointment, 'id' | 'startAt' | 'moves' | 'meetingLink' | 'meetingIndications'>,
  /** What the write itself sets (a move's new start and count) and, when it keeps it, the status. */
  o: { startAt?: number; moves?: number; status?: number } = {},
) =>
  sql`${CHANGED_JUST_BEFORE} AND EXISTS (SELECT 1 FROM appointments WHERE id = ${a.id} AND start_at = ${o.startAt ?? a.startAt.getTime()}
        AND moves = ${o.moves ?? a.moves} AND meeting_link IS ${a.meetingLink} AND meeting_indications IS ${a.meetingIndications}
        ${o.status === undefined ? sql`` : sql`AND status = ${o.status}`})`

/**
 * The meeting link or indications of session `id`, in one D1 batch (decision 089): whether
 * `caller` held (sessionHolds, answered apart), the row as found (to say why a refusal was
 * refused), and the change (`patch`; null: none, only the reads) only where `who` may make it,
 * RETURNING the new row.
 */
export async function setMeeting(
  db: Db,
  id: number,
  patch: { meetingLink?: string | null; meetingIndications?: string | null } | null,
  at: Date,
  who: SQL,
  caller: SQL = sql`1`,
) {
  const [held, found, changed] = await batch(db, [
    sql`SELECT ${caller} AS held`,
    sql`SELECT * FROM appointments WHERE id = ${id}`,
    ...(patch
      ? [
          db
            .update(appointments)
            .set({ ...patch, updatedAt: at })
            .where(and(eq(appointments.id, id), who))
            .returning(),
        ]
      : []),
  ])
  const row = (r: RunResult | undefined) => {
    const raw = rowsIn(r, appointmentRow)[0]
    return raw ? mapRow(appointments, raw) : undefined
  }
  return { held: rowsIn(held, heldRow)[0]?.held === 1, found: row(found), set: row(changed) }
}

// Reading: the caller's list, their next session, the reminders due (appointments.read.repo.ts).
export { claimReminders, listFor, LIVE_STATUSES, nextLive } from './appointments.read.repo'
export { closableBy, closeSession } from './appointments.close.repo'
