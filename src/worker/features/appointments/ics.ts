// An appointment as an iCalendar file (RFC 5545 / RFC 5546; issue 9 §7, issue 20 §6), written by
// ical-generator (a maintained, dependency-free library that runs in Workers: no Node built-ins).
// The library escapes TEXT (`\` `;` `,` newlines), quotes parameter values such as CN (with
// RFC 6868 caret escapes) and folds lines at 75 octets. Our policy (docs/API.md "Calendar files"):
// - times in UTC (`…Z`): every calendar shows them in its own zone, with no VTIMEZONE to get
//   wrong across clock changes (Santiago and Havana change at midnight, St. John's is −3:30);
// - a stable UID and a SEQUENCE that grows with the state (pending 0, confirmed 1, cancelled 2);
// - pending → STATUS:TENTATIVE with no meeting link or indications; confirmed → CONFIRMED with
//   them; cancelled → METHOD:CANCEL, STATUS:CANCELLED, no details;
// - the organizer is the service's no-reply address, never a person's: the only address in the
//   file is the recipient's own (as the attendee).
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

export type IcsStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'

export interface IcsEvent {
  uid: string
  sequence: number
  status: IcsStatus
  startMs: number
  endMs: number
  summary: string
  /** Plain text; may hold newlines. Meeting details only when CONFIRMED (the caller decides). */
  description?: string | null
  location?: string | null
  /** The no-reply organizer (RFC 5546 needs one for REQUEST and CANCEL). */
  organizer: { name: string; email: string }
  /** The recipient of the file, when they have an email. */
  attendee?: { name: string; email: string } | null
  stampMs: number
}

export function buildIcs(e: IcsEvent): string {
  const cancelled = e.status === 'CANCELLED'
  const cal = ical({
    prodId: { company: 'Calma', product: 'Appointments', language: 'ES' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  cal.createEvent({
    id: e.uid,
    sequence: e.sequence,
    start: new Date(e.startMs),
    end: new Date(e.endMs),
    stamp: new Date(e.stampMs),
    summary: e.summary,
    description: e.description || null,
    location: e.location || null,
    status: cancelled
      ? ICalEventStatus.CANCELLED
      : e.status === 'CONFIRMED'
        ? ICalEventStatus.CONFIRMED
        : ICalEventStatus.TENTATIVE,
    organizer: { name: e.organizer.name, email: e.organizer.email },
    attendees: e.attendee?.email
      ? [
          {
            name: e.attendee.name || e.attendee.email,
            email: e.attendee.email,
            role: ICalAttendeeRole.REQ,
            status: cancelled
              ? ICalAttendeeStatus.DECLINED
              : e.status === 'CONFIRMED'
                ? ICalAttendeeStatus.ACCEPTED
                : ICalAttendeeStatus.NEEDSACTION,
            rsvp: false,
          },
        ]
      : [],
  })
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too (the library leaves it off).
  const text = cal.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}
