// The lock codes that send a person to book a session (SPEC §4), on their own so /journey's
// routes do not bring every enum to the browser (decision 071); enums.ts re-exports them.

/** These lock codes show the appointment alert; the others show the lock message (SPEC §4). */
export const APPOINTMENT_ALERT_LOCK_CODES = ['need_appointment', 'need_finished_appointment'] as const
