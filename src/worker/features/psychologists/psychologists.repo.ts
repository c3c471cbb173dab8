// A psychologist's weekly hours and profile extras (CONVENTIONS 3: SQL only here).
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { psychologistAvailability, users, type NewUser, type User } from '#worker/db/schema'

/** What a row of weekly hours is read as. */
const hourColumns = {
  weekday: psychologistAvailability.weekday,
  startMinute: psychologistAvailability.startMinute,
  endMinute: psychologistAvailability.endMinute,
  slotMinutes: psychologistAvailability.slotMinutes,
  timezone: psychologistAvailability.timezone,
}

/** The host's weekly hours, by weekday and start. */
export const hoursOf = (db: Db, hostId: number) =>
  db
    .select(hourColumns)
    .from(psychologistAvailability)
    .where(eq(psychologistAvailability.hostId, hostId))
    .orderBy(asc(psychologistAvailability.weekday), asc(psychologistAvailability.startMinute))
    .all()

/**
 * The weekly hours of the host of appointment `appointmentId`, by the appointment's id alone (a
 * subquery), with whose they are: read in the same D1 round as the appointment itself (moving a
 * session, decision 087), before the Worker knows the host.
 */
export const hoursOfHostOf = (db: Db, appointmentId: number) =>
  db
    .select({ hostId: psychologistAvailability.hostId, ...hourColumns })
    .from(psychologistAvailability)
    .where(eq(psychologistAvailability.hostId, sql`(SELECT host_id FROM appointments WHERE id = ${appointmentId})`))
    .orderBy(asc(psychologistAvailability.weekday), asc(psychologistAvailability.startMinute))
    .all()

export interface HourRow {
  weekday: number
  startMinute: number
  endMinute: number
}

/**
 * The host's whole week at once, in one D1 batch (one transaction): the open flag, then every
 * old row deleted and the new ones inserted. If any statement fails, nothing changes: the old
 * hours stay.
 */
export async function replaceWeek(
  db: Db,
  hostId: number,
  week: { open: boolean; timezone: string; slotMinutes: number; rows: readonly HourRow[] },
) {
  const setOpen = db.update(users).set({ psychologistOpenToGetAppointment: week.open }).where(eq(users.id, hostId))
  const clear = db.delete(psychologistAvailability).where(eq(psychologistAvailability.hostId, hostId))
  if (!week.rows.length) {
    await db.batch([setOpen, clear])
    return
  }
  const insert = db.insert(psychologistAvailability).values(
    week.rows.map((r) => ({
      hostId,
      weekday: r.weekday,
      startMinute: r.startMinute,
      endMinute: r.endMinute,
      slotMinutes: week.slotMinutes,
      timezone: week.timezone,
    })),
  )
  await db.batch([setOpen, clear, insert])
}

/** Write the extras sent (the others stay) and answer the whole row. */
export const updateExtras = (db: Db, id: number, patch: Partial<NewUser>): Promise<User | undefined> =>
  db.update(users).set(patch).where(eq(users.id, id)).returning().get()
