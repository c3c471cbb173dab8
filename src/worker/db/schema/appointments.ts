// Appointments and psychologist availability.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { AppointmentStatus, CancellationReason, MeetingChannel } from '#shared/enums'
import { ts, createdAt, id, belongsTo, linksTo, timestamps } from './columns'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Appointments (SPEC §3 "Appointment", §4; DESIGN §5 slot booking)
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const appointments = sqliteTable(
  'appointments',
  {
    id: id(),
    /** Calendar/meeting provider event id (SPEC §3 "event id"). */
    eventId: text('event_id'),
    guestId: belongsTo('guest_id', () => users.id),
    /**
     * The psychologist; null once they erased their account (docs/decisions/058): the session stays
     * in the guest's history, which is the guest's, while the person who left is gone.
     */
    hostId: linksTo('host_id', () => users.id),
    status: integer('status').$type<AppointmentStatus>().notNull().default(1),
    meetingChannel: integer('meeting_channel').$type<MeetingChannel>(),
    meetingLink: text('meeting_link'),
    meetingIndications: text('meeting_indications'),
    startAt: integer('start_at', { mode: 'timestamp_ms' }).notNull(),
    endAt: integer('end_at', { mode: 'timestamp_ms' }).notNull(),
    /** Credits charged at booking (cents), refunded from this on cancel. */
    priceCents: integer('price_cents').notNull().default(0),
    confirmedByGuestAt: ts('confirmed_by_guest_at'),
    confirmedByHostAt: ts('confirmed_by_host_at'),
    cancellationReason: integer('cancellation_reason').$type<CancellationReason>(),
    cancellationReasonText: text('cancellation_reason_text'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: linksTo('cancelled_by', () => users.id),
    closedAt: ts('closed_at'),
    /** The reminder a day before went out (issue 9 §7). */
    reminderSentAt: ts('reminder_sent_at'),
    /** The reminder an hour before went out. */
    reminderHourSentAt: ts('reminder_hour_sent_at'),
    /** How many times the guest moved it (issue 34 §3): the calendar file's SEQUENCE grows with it. */
    moves: integer('moves').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('appointments_guest_start_idx').on(t.guestId, t.startAt),
    index('appointments_host_start_idx').on(t.hostId, t.startAt),
    // One live (pending 1 / confirmed 2) appointment per host and start: backs HostSchedule (DESIGN §5).
    uniqueIndex('appointments_host_live_slot_uq')
      .on(t.hostId, t.startAt)
      .where(sql`status IN (1, 2)`),
    check('appointments_end_after_start', sql`end_at > start_at`),
    // The closing job's question (docs/decisions/058): live sessions by their end, nothing else.
    index('appointments_live_end_idx')
      .on(t.endAt)
      .where(sql`status IN (1, 2)`),
  ],
)

/** Weekly opening hours of a psychologist, in their own timezone (DESIGN §5). */
export const psychologistAvailability = sqliteTable(
  'psychologist_availability',
  {
    id: id(),
    hostId: belongsTo('host_id', () => users.id),
    /** 0 = Sunday ... 6 = Saturday (JS getDay). */
    weekday: integer('weekday').notNull(),
    /** Minutes since local midnight, [start, end). */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(60),
    timezone: text('timezone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('psychologist_availability_host_idx').on(t.hostId, t.weekday),
    check('psychologist_availability_weekday', sql`weekday BETWEEN 0 AND 6`),
    check(
      'psychologist_availability_range',
      sql`start_minute >= 0 AND end_minute <= 1440 AND start_minute < end_minute AND slot_minutes > 0`,
    ),
  ],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type Appointment = typeof appointments.$inferSelect
export type NewAppointment = typeof appointments.$inferInsert
export type PsychologistAvailability = typeof psychologistAvailability.$inferSelect
