// Appointments with psychologists (SPEC §2). Issue 9 replaces the placeholders. (The
// need-appointment page is a plan lock's: features/plans.)
import { page } from '#shared/pages'

export const appointmentsPages = {
  appointments: page('/appointments', 'user', 'pages.appointments', () => import('#client/app/Placeholder.tsx')),
  appointment: page('/appointment', 'public', 'pages.appointment', () => import('#client/app/Placeholder.tsx')),
}
