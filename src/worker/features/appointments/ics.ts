// An appointment as an iCalendar file (RFC 5545; issue 9 §7): METHOD REQUEST or CANCEL, a stable
// UID, a SEQUENCE that grows with each change, and the times in the attendee's own zone with
// its VTIMEZONE, so calendars show the wall-clock time that was booked.
import { offsetAt, wallClock } from './zones'

export interface IcsEvent {
  uid: string
  sequence: number
  method: 'REQUEST' | 'CANCEL'
  startMs: number
  endMs: number
  zone: string
  summary: string
  description: string
  location?: string | null
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
  stampMs: number
}

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
const two = (n: number) => String(n).padStart(2, '0')
const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
function localStamp(ms: number, zone: string) {
  const w = wallClock(ms, zone)
  return `${w.year}${two(w.month)}${two(w.day)}T${two(w.hour)}${two(w.minute)}00`
}
function offsetText(ms: number) {
  const m = Math.round(ms / 60_000)
  const sign = m < 0 ? '-' : '+'
  return `${sign}${two(Math.floor(Math.abs(m) / 60))}${two(Math.abs(m) % 60)}`
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
function fold(line: string) {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const out: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += n
  }
  out.push(current)
  return out.join('\r\n ')
}

/**
 * The zone's rules around the event: the offset in force at the event and, when the zone
 * changes its clocks that year, the other offset too (STANDARD and DAYLIGHT with their
 * transition instants), found by scanning the year month by month with Intl.
 */
function vtimezone(zone: string, atMs: number): string[] {
  const at = offsetAt(atMs, zone)
  const year = new Date(atMs).getUTCFullYear()
  const offsets: { ms: number; off: number }[] = []
  for (let d = 0; d <= 365; d += 1) {
    const t = Date.UTC(year, 0, 1) + d * 86_400_000
    offsets.push({ ms: t, off: offsetAt(t, zone) })
  }
  const changes: { fromOff: number; toOff: number; ms: number }[] = []
  for (let i = 1; i < offsets.length; i++) {
    if (offsets[i]!.off !== offsets[i - 1]!.off) {
      // Narrow the change to the hour.
      let lo = offsets[i - 1]!.ms
      let hi = offsets[i]!.ms
      while (hi - lo > 3_600_000) {
        const mid = lo + Math.floor((hi - lo) / 2 / 3_600_000) * 3_600_000
        if (offsetAt(mid, zone) === offsets[i - 1]!.off) lo = mid
        else hi = mid
      }
      changes.push({ fromOff: offsets[i - 1]!.off, toOff: offsets[i]!.off, ms: hi })
    }
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`]
  if (!changes.length) {
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offsetText(at)}`, `TZOFFSETTO:${offsetText(at)}`, 'END:STANDARD')
  } else {
    for (const c of changes) {
      const kind = c.toOff > c.fromOff ? 'DAYLIGHT' : 'STANDARD'
      lines.push(`BEGIN:${kind}`, `DTSTART:${localStamp(c.ms - 1, zone).slice(0, 9)}${two(wallClock(c.ms - 1, zone).hour + 1)}0000`, `TZOFFSETFROM:${offsetText(c.fromOff)}`, `TZOFFSETTO:${offsetText(c.toOff)}`, `END:${kind}`)
    }
  }
  lines.push('END:VTIMEZONE')
  return lines
}

export function buildIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Calma//Appointments//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    ...vtimezone(e.zone, e.startMs),
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utcStamp(e.stampMs)}`,
    `DTSTART;TZID=${e.zone}:${localStamp(e.startMs, e.zone)}`,
    `DTEND;TZID=${e.zone}:${localStamp(e.endMs, e.zone)}`,
    `SUMMARY:${esc(e.summary)}`,
    `DESCRIPTION:${esc(e.description)}`,
    ...(e.location ? [`LOCATION:${esc(e.location)}`] : []),
    `ORGANIZER;CN=${esc(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${esc(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${e.method === 'CANCEL' ? 'DECLINED' : 'NEEDS-ACTION'}:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(fold).join('\r\n') + '\r\n'
}
