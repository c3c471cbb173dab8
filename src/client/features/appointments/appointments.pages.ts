// Appointments with psychologists (SPEC §2, issue 9 §8). Both pages read their data in the
// browser through the contract's calls (the lists are the signed-in person's own, never shared).
// (The need-appointment page is a plan lock's: features/plans.)
import { page } from '#shared/pages'

export const appointmentsPages = {
  appointments: page('/appointments', 'user', 'pages.appointments', () => import('./Appointments')),
  // The page a mail link opens; a step of a flow, never indexed.
  appointment: page('/appointment', 'public', 'pages.appointment', () => import('./AppointmentLink'), {
    noindex: true,
  }),
}
