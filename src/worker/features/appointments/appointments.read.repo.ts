// Appointments read: the caller's list with its people, their next live session, the reminders
// due (CONVENTIONS 3: SQL only here). The writes are appointments.repo.ts, which re-exports these.
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { AppointmentStatus } from '#shared/enums'
import type { Db } from '#worker/db/client'
import { tablePage } from '#worker/db/page'
import { appointments, users } from '#worker/db/schema'
import { rowOf } from '#worker/db/rows'

export const LIVE_STATUSES: AppointmentStatus[] = [AppointmentStatus.pending, AppointmentStatus.confirmed]

/** An appointments row as raw SQL answers it (`RETURNING *`), mapped by db/rows.ts mapRow. */
export const appointmentRow = rowOf(appointments)

/** The caller's appointments (as guest or host; every one for `all`), one page and the total. */
export async function listFor(
  db: Db,
  userId: number | null,
  f: { id?: number; status?: number[] },
  order: { column: 'start_at' | 'id'; dir: 'asc' | 'desc' },
  limit: number,
  offset: number,
  /** Host's side only for appointments that started by then (a former host, appointments.service hostsNow). */
  hostStartedBy: number | null = null,
) {
  const asHost =
    hostStartedBy === null
      ? eq(appointments.hostId, userId ?? 0)
      : and(eq(appointments.hostId, userId ?? 0), lte(appointments.startAt, new Date(hostStartedBy)))
  const conds: (SQL | undefined)[] = [
    userId === null ? undefined : or(eq(appointments.guestId, userId), asHost),
    f.id !== undefined ? eq(appointments.id, f.id) : undefined,
    f.status?.length ? inArray(appointments.status, f.status as AppointmentStatus[]) : undefined,
  ]
  const where = and(...conds)
  const col = order.column === 'id' ? appointments.id : appointments.startAt
  const orderBy = [order.dir === 'asc' ? asc(col) : desc(col), desc(appointments.id)]
  // The people of the page (the relations, and the phone a WhatsApp link needs) read beside the
  // page itself, the page as a subquery: one D1 round, not a second one waiting on the ids (issue
  // 43 §3, decision 079).
  const onPage = db
    .select({ guestId: appointments.guestId, hostId: appointments.hostId })
    .from(appointments)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('on_page')
  const [page, people] = await Promise.all([
    tablePage(db, appointments, where, orderBy, { limit, offset }),
    db
      .select(listedPerson)
      .from(users)
      .where(
        or(
          inArray(users.id, db.select({ id: onPage.guestId }).from(onPage)),
          inArray(users.id, db.select({ id: onPage.hostId }).from(onPage)),
        ),
      )
      .all(),
  ])
  return { ...page, people }
}

/** What a listed appointment shows of its people (appointments.dto toDto). */
const listedPerson = {
  id: users.id,
  name: users.name,
  avatar: users.avatar,
  timezone: users.timezone,
  phone: users.phone,
  language: users.language,
}

/** The caller's next live appointment (as guest, or host too when `asHost`) that has not ended. */
export const nextLive = (db: Db, userId: number, now: number, asHost = true) =>
  db
    .select()
    .from(appointments)
    .where(
      and(
        asHost
          ? or(eq(appointments.guestId, userId), eq(appointments.hostId, userId))
          : eq(appointments.guestId, userId),
        inArray(appointments.status, LIVE_STATUSES),
        gte(appointments.endAt, new Date(now)),
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(1)
    .get()

/**
 * Claim the reminders due now, once: live appointments starting within `withinMs` whose
 * reminder (`column`) has not gone out, and more than `afterMs` ahead (so a booking made an hour
 * before does not get the day-before reminder too). The UPDATE … RETURNING marks and answers
 * them in one statement, so two cron runs never send one reminder twice.
 */
export function claimReminders(
  db: Db,
  column: 'reminder_sent_at' | 'reminder_hour_sent_at',
  now: number,
  withinMs: number,
  afterMs: number,
) {
  const col = column === 'reminder_sent_at' ? appointments.reminderSentAt : appointments.reminderHourSentAt
  return db
    .update(appointments)
    .set({ [column === 'reminder_sent_at' ? 'reminderSentAt' : 'reminderHourSentAt']: new Date(now) })
    .where(
      and(
        inArray(appointments.status, LIVE_STATUSES),
        sql`${col} IS NULL`,
        sql`${appointments.startAt} > ${now + afterMs}`,
        sql`${appointments.startAt} <= ${now + withinMs}`,
      ),
    )
    .returning()
    .all()
}
