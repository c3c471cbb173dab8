import type { UserDto } from '#shared/contract/users'
import { PsychologistExtras } from './PsychologistExtras.tsx'
import { WeeklyHours } from './WeeklyHours.tsx'
import '#client/components/forms.css'
import './agenda.css'

/**
 * 'My agenda' on the profile of a psychologist (issue 9 §1): open to appointments, the zone
 * and session length, the weekly hours (ranges per weekday, a day off), and the professional
 * extras (degree, languages, specialities, area, nationality, location). Loaded only for
 * psychologists (Profile.tsx imports it lazily, so its parts stay out of everyone else's
 * bundle); each part saves with its own call, checked first with the same contract the server
 * uses.
 */
export default function PsychologistAgenda({ user }: { user: UserDto }) {
  return (
    <>
      <WeeklyHours />
      <PsychologistExtras user={user} />
    </>
  )
}
