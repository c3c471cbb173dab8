// The sessions a life event or the clock ends (docs/decisions/058): what a person who leaves
// hosted or booked, what the closing job takes, and the agenda closed before an erasure
// (CONVENTIONS 3: SQL only here). Beside appointments.repo.ts, which books, moves and lists.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { AppointmentStatus } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { appointments, users } from '#worker/db/schema'

const LIVE: AppointmentStatus[] = [AppointmentStatus.pending, AppointmentStatus.confirmed]

/**
 * The live sessions a person hosts (`side` 'host') or booked ('guest') that start after `now`:
 * what is cancelled when they leave (leaving.service.ts). Those that have started are left to the
 * closing job.
 */
export const liveAfter = (db: Db, side: 'host' | 'guest', userId: number, now: number) =>
  db
    .select()
    .from(appointments)
    .where(
      and(
        eq(side === 'host' ? appointments.hostId : appointments.guestId, userId),
        inArray(appointments.status, LIVE),
        sql`${appointments.startAt} > ${now}`,
      ),
    )
    .orderBy(asc(appointments.startAt))
    .all()

/**
 * Live sessions that ended at or before `endedBy`, oldest first, at most `limit`: what the closing
 * job takes in one run (the partial index appointments_live_end_idx answers it).
 */
export const liveEndedBy = (db: Db, endedBy: number, limit: number) =>
  db
    .select()
    .from(appointments)
    .where(and(inArray(appointments.status, LIVE), sql`${appointments.endAt} <= ${endedBy}`))
    .orderBy(asc(appointments.endAt))
    .limit(limit)
    .all()

/** A psychologist's agenda closed for new bookings (insertBooking reads it at the write). */
export const closeAgenda = (db: Db, hostId: number) =>
  db.update(users).set({ psychologistOpenToGetAppointment: false }).where(eq(users.id, hostId)).run()
