// SPEC §4 "Appointment": its states, the reasons to cancel and the meeting channels. Numeric
// values are the wire/database values: never renumber them. On their own so the appointments page
// loads them without every other enum (decision 072); enums.ts re-exports them.

type ValueOf<T> = T[keyof T]

export const AppointmentStatus = {
  pending: 1,
  confirmed: 2,
  cancelled: 4,
  attended: 8,
  finished_by_overtime: 16,
} as const
export type AppointmentStatus = ValueOf<typeof AppointmentStatus>

/** Listed under the "Ongoing" tab; also the "live" statuses that hold a host's slot (DESIGN §5). */
export const ONGOING_APPOINTMENT_STATUSES = [AppointmentStatus.pending, AppointmentStatus.confirmed] as const
/** Listed under the "History" tab (SPEC §4). */
export const HISTORY_APPOINTMENT_STATUSES = [
  AppointmentStatus.cancelled,
  AppointmentStatus.attended,
  AppointmentStatus.finished_by_overtime,
] as const

export const CancellationReason = {
  schedule_conflict: 1,
  emergency: 2,
  technical_issue: 4,
  lack_of_energy: 8,
  session_anxiety: 16,
  not_prepared: 32,
  personal_situation: 64,
  prefer_to_reschedule: 128,
  other: 256,
} as const
export type CancellationReason = ValueOf<typeof CancellationReason>

export const MeetingChannel = {
  google_meet: 1,
  zoom: 2,
  phone_call: 4,
  whatsapp: 8,
  on_place: 16,
} as const
export type MeetingChannel = ValueOf<typeof MeetingChannel>
