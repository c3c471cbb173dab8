// Appointments with psychologists (issue 9; SPEC §3 "Appointment", §4 statuses, cancellation
// reasons, meeting channels, §7 Appointments). docs/API.md "Appointments" has the rules.
import { z } from './zod'
import { AppointmentStatus, CancellationReason, MeetingChannel } from '#shared/enums'
import { get, post } from './call'
import { envelope } from './common'
import { dateField, idField, instantField, int, line, paragraph, timezoneField } from './fields'

export { dateField, instantField } from './fields'
import { listSchema, pageOf, paginationSchema } from './list'

const oneOf = <T extends Record<string, number>>(values: T) => {
  const allowed = new Set<number>(Object.values(values))
  return int({ min: 1, max: 1_000 }).refine((v) => allowed.has(v), { error: 'validation.choice' })
}
export const meetingChannelField = oneOf(MeetingChannel)
export const cancellationReasonField = oneOf(CancellationReason)
// ── Slots ────────────────────────────────────────────────────────────────────────────────────

export const slotSchema = z.object({
  start_at: z.string(),
  end_at: z.string(),
  time: z.string(),
  period: z.enum(['morning', 'afternoon', 'evening']),
})
export type SlotDto = z.infer<typeof slotSchema>

export const slotsQuery = z.object({ host_id: idField, date: dateField, timezone: timezoneField.optional() })
/** GET /v1/appointment/slots: a psychologist's free slots on the guest's date, in the guest's zone. */
export const listSlots = get(
  '/appointment/slots',
  slotsQuery,
  envelope({ date: z.string(), timezone: z.string(), slots: z.array(slotSchema) }),
)

// ── Appointments ─────────────────────────────────────────────────────────────────────────────

const personSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  timezone: z.string().nullable(),
  /** The person's language (es|en), when known: the routes a psychologist recommends are in it. */
  language: z.enum(['es', 'en']).optional(),
})

export const appointmentSchema = z.object({
  id: z.number().int(),
  guest_id: z.number().int(),
  /** null: the psychologist erased their account (docs/decisions/058); the session stays in the guest's history. */
  host_id: z.number().int().nullable(),
  status: z.number().int(),
  meeting_channel: z.number().int().nullable(),
  /** Only once confirmed (a wa.me link for WhatsApp). */
  meeting_link: z.string().nullable(),
  meeting_indications: z.string().nullable(),
  start_at: z.string(),
  end: z.string(),
  confirmed_by_guest: z.boolean(),
  confirmed_by_host: z.boolean(),
  reason_for_cancellation: z.number().int().nullable(),
  reason_for_cancellation_text: z.string().nullable(),
  cancellation_date: z.string().nullable(),
  price_credits: z.number(),
  /** How many more times the guest may move it (MAX_MOVES in all, issue 41 §4). */
  moves_left: z.number().int(),
  /** with_relations=host|guest */
  host: personSchema.nullable().optional(),
  guest: personSchema.optional(),
  /** with_properties=status|meeting_channel: the translated names. */
  properties: z.object({ status: z.string().optional(), meeting_channel: z.string().nullable().optional() }).optional(),
})
export type AppointmentDto = z.infer<typeof appointmentSchema>

const statusFilter = z
  .union([z.number(), z.string().max(40)])
  .transform((v) => String(v).split(/[|,]/).map(Number))
  .refine((list) => list.every((n) => (Object.values(AppointmentStatus) as number[]).includes(n)), {
    error: 'validation.choice',
  })

export const appointmentsQuery = listSchema({
  filters: { id: idField.optional(), status: statusFilter.optional() },
  orderBy: ['start_at', 'id'],
  defaultOrder: 'start_at desc',
  properties: ['status', 'meeting_channel'],
  relations: ['host', 'guest'],
})
export type AppointmentsQuery = z.output<typeof appointmentsQuery>

export const listAppointments = get('/appointments', appointmentsQuery, pageOf('appointments', appointmentSchema))

export const bookForm = z.object({ host_id: idField, start_at: instantField, meeting_channel: meetingChannelField })
export type BookForm = z.output<typeof bookForm>
export const book = post('/appointment', bookForm, envelope({ appointment: appointmentSchema, credits: z.number() }), {
  status: 201,
  message: 'appointments.booked',
})

export const confirm = post(
  '/appointment/confirm',
  z.object({ id: idField }),
  envelope({ appointment: appointmentSchema }),
  { message: 'appointments.confirmed' },
)

export const cancelForm = z
  .object({ id: idField, reason: cancellationReasonField, reason_text: paragraph(1000).optional() })
  .refine((f) => f.reason !== CancellationReason.other || !!f.reason_text, {
    path: ['reason_text'],
    error: 'validation.required',
  })
export type CancelForm = z.output<typeof cancelForm>
export const cancel = post(
  '/appointment/cancel',
  cancelForm,
  envelope({ appointment: appointmentSchema, refunded_credits: z.number() }),
  { message: 'appointments.cancelled' },
)

export const closeForm = z.object({
  id: idField,
  status: int({ min: 1, max: 16 })
    .refine((v) => v === AppointmentStatus.attended || v === AppointmentStatus.finished_by_overtime, {
      error: 'validation.choice',
    })
    .default(AppointmentStatus.attended),
})
export const close = post('/appointment/close', closeForm, envelope({ appointment: appointmentSchema }), {
  message: 'appointments.closed',
})

/** POST /v1/appointment/meeting: the host sets the link or the indications. */
export const meetingForm = z.object({
  id: idField,
  meeting_link: line(500).optional(),
  meeting_indications: paragraph(1000).optional(),
})
export const setMeeting = post('/appointment/meeting', meetingForm, envelope({ appointment: appointmentSchema }), {
  message: 'appointments.meeting_saved',
})

/** GET /v1/appointment/notification: the caller's next live appointment and what it needs from them. */
export const nextAppointment = get(
  '/appointment/notification',
  z.object({}),
  envelope({
    appointment: appointmentSchema.nullable(),
    /** 'confirm' (the caller has not confirmed), 'wait' (the other side has not), 'join' (confirmed, starting within 15 minutes), 'ready' (confirmed). */
    needs: z.enum(['confirm', 'wait', 'join', 'ready']).nullable(),
  }),
)

/**
 * POST /v1/appointment/move (issue 34 §3): the guest moves a live session to another free slot
 * (`start_at`) of the same psychologist, until 24 hours before it starts; its credits stay with
 * it. `current_start_at` is the start the person saw: a session moved since then is not moved
 * again by the same tap (409), so any number of moves sent at once move it once.
 */
export const moveForm = z.object({ id: idField, start_at: instantField, current_start_at: instantField })
export type MoveForm = z.output<typeof moveForm>
export const move = post('/appointment/move', moveForm, envelope({ appointment: appointmentSchema }), {
  message: 'appointments.moved',
})

/**
 * /appointments' page data (decision 081): the first page of the list its tab shows, read by the
 * page's loader with the same call and query as the browser's (shared/appointments-list.ts), so
 * the server paints it and the page waits for the first touch to start React. `at`: when it was
 * read; the cards decide "has it started?" by it until the browser reads the list again, so the
 * browser's first render is the server's. null: the booking tab (its psychologists are the
 * browser's to read).
 */
export const appointmentsPageData = z.object({
  list: z
    .object({
      kind: z.enum(['ongoing', 'history']),
      appointments: z.array(appointmentSchema),
      pagination: paginationSchema,
      at: z.string(),
    })
    .nullable(),
})
export type AppointmentsPageData = z.infer<typeof appointmentsPageData>

export const appointmentsCalls = [
  listSlots,
  listAppointments,
  book,
  confirm,
  cancel,
  close,
  setMeeting,
  nextAppointment,
  move,
] as const
