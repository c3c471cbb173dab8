// Calendar files (issue 20 §6): written by ical-generator, times in UTC, pending = TENTATIVE with
// no meeting details, confirmed = CONFIRMED with them, cancelled = CANCEL; no host email; names
// with commas, colons and quotes; lines folded at 75 octets. Zones whose clocks change at
// midnight (America/Santiago, America/Havana) or by half hours (America/St_Johns).
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { appointments } from '#worker/db/schema'
import { buildIcs } from '#worker/features/appointments/ics'
import { when } from '#worker/features/appointments/appointments.notify'
import { api } from '../helpers'
import { makeAppointment, patch, patchUser } from '../factories'
import { bearer, register, setRole } from '../users/support'

/** The content lines of a file: each physical line ≤ 75 octets and CRLF-ended, then unfolded. */
function linesOf(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true)
  for (const physical of ics.slice(0, -2).split('\r\n'))
    expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75)
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/) // no bare CR or LF
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1)
}
const prop = (lines: string[], name: string) =>
  lines.filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

async function pair(guestZone: string, hostName = 'Dra. Pérez, Ana: "MD"') {
  const h = await register({ name: hostName })
  await setRole(h.id, Role.psychologist)
  await patchUser(h.id, { timezone: 'Europe/Madrid', language: 'es' })
  const g = await register({ name: 'Emma; O\\Brien' })
  await patchUser(g.id, { timezone: guestZone, language: 'en', phone: '+56912345678' })
  return { h, g }
}

async function appointment(guestId: number, hostId: number, startMs: number) {
  return makeAppointment(guestId, hostId, startMs, {
    meetingLink: 'https://meet.example/secret-room',
    meetingIndications: 'Room 4, second floor; ring twice',
  })
}
const file = async (id: number, token: string, locale = 'en') => {
  const res = await api(`/appointment/${id}/calendar.ics`, { headers: bearer(token), locale })
  expect(res.status).toBe(200)
  return res.text()
}

describe('calendar files', () => {
  // Instants at the edges of the clock changes (what the wall clock reads there, in the comment).
  const EDGES: [zone: string, iso: string, wall: string][] = [
    ['America/Santiago', '2027-04-04T02:30:00.000Z', '23:30'], // Sat 3 Apr 23:30 −03, the first of the two 23:30s
    ['America/Santiago', '2027-04-04T03:30:00.000Z', '23:30'], // the second 23:30 (−04)
    ['America/Santiago', '2027-04-04T04:00:00.000Z', '00:00'], // midnight after the change
    ['America/Santiago', '2027-09-05T04:00:00.000Z', '01:00'], // Sun 5 Sep: 00:00 is skipped, 01:00 −03
    ['America/Havana', '2027-03-14T05:00:00.000Z', '01:00'], // Sun 14 Mar: 00:00 is skipped, 01:00 −04
    ['America/Havana', '2027-11-07T05:00:00.000Z', '00:00'], // Sun 7 Nov: back to −05 at 01:00
    ['America/St_Johns', '2027-03-14T11:30:00.000Z', '09:00'], // −02:30 after the spring change
    ['America/St_Johns', '2027-11-07T12:30:00.000Z', '09:00'], // −03:30 after the autumn change
  ]

  it('times in UTC at the clock changes of Santiago, Havana and St. John’s; the mail reads the local time with the year', async () => {
    const thisYear = Date.UTC(2026, 10, 25)
    for (const [zone, iso, wall] of EDGES) {
      const { h, g } = await pair(zone)
      const start = Date.parse(iso)
      const id = await appointment(g.id, h.id, start)
      const lines = linesOf(await file(id, g.token))
      expect(prop(lines, 'DTSTART'), `${zone} ${iso}`).toEqual([`DTSTART:${stamp(start)}`])
      expect(prop(lines, 'DTEND')).toEqual([`DTEND:${stamp(start + 3_600_000)}`])
      expect(lines.join('\n')).not.toMatch(/T24\d{4}|TZID|VTIMEZONE/)
      // The same instant in the mail, through Intl in the person's zone and language, with the year.
      expect(when(start, 'en', zone, thisYear)).toContain(wall)
      expect(when(start, 'en', zone, thisYear)).toContain('2027')
      expect(when(start, 'es', zone, thisYear)).toMatch(/de 2027/)
      expect(when(start, 'en', zone, start)).not.toContain('2027')
    }
    // Sixteen people signed up (each a password hash: CPU) for the eight clock changes: 1.7 s
    // alone, over the default 20 s once in a full run on the loaded 2-core machine.
  }, 60_000)

  it('pending: TENTATIVE with no meeting details; confirmed: CONFIRMED with them; cancelled: CANCEL; never the host’s email', async () => {
    const { h, g } = await pair('America/Santiago')
    const start = Date.parse('2027-04-04T04:00:00.000Z')
    const id = await appointment(g.id, h.id, start)
    /** The guest's calendar file once the appointment is in `status`. */
    const fileWhen = async (status: AppointmentStatus) => {
      await patch(appointments, id, { status })
      return linesOf(await file(id, g.token))
    }

    const pending = linesOf(await file(id, g.token))
    expect(prop(pending, 'METHOD')).toEqual(['METHOD:REQUEST'])
    expect(prop(pending, 'STATUS')).toEqual(['STATUS:TENTATIVE'])
    expect(prop(pending, 'SEQUENCE')).toEqual(['SEQUENCE:0'])
    expect(prop(pending, 'UID')).toEqual([`UID:appointment-${id}@calma.app`])
    expect(pending.join('\n')).not.toContain('meet.example')
    expect(pending.join('\n')).not.toContain('second floor')
    expect(pending.join('\n').toLowerCase()).not.toContain(h.email.toLowerCase())
    // The organizer is the service's no-reply address; the only person in it is the reader.
    expect(prop(pending, 'ORGANIZER')).toEqual(['ORGANIZER;CN="Calma":mailto:no-reply@calma.app'])
    expect(prop(pending, 'ATTENDEE')).toHaveLength(1)
    expect(prop(pending, 'ATTENDEE')[0]).toMatch(
      new RegExp(`;CN="Emma; O\\\\Brien":MAILTO:${g.email.replace(/[.+]/g, '\\$&')}$`, 'i'),
    )
    // The other side's name, escaped as TEXT (RFC 5545 §3.3.11).
    expect(prop(pending, 'SUMMARY')).toEqual(['SUMMARY:Calma session with Dra. Pérez\\, Ana: "MD"'])

    // The host's own file: their own address as the attendee, the name with comma, colon and
    // quotes in a quoted CN (RFC 6868 ^' for the quotes), and the guest's name in the summary.
    const forHost = linesOf(await file(id, h.token, 'es'))
    expect(prop(forHost, 'ATTENDEE')[0]).toContain(`CN="Dra. Pérez, Ana: ^'MD^'"`)
    expect(prop(forHost, 'SUMMARY')).toEqual(['SUMMARY:Sesión de Calma con Emma\\; O\\\\Brien'])
    expect(forHost.join('\n').toLowerCase()).not.toContain(g.email.toLowerCase())

    const confirmed = await fileWhen(AppointmentStatus.confirmed)
    expect(prop(confirmed, 'STATUS')).toEqual(['STATUS:CONFIRMED'])
    expect(prop(confirmed, 'SEQUENCE')).toEqual(['SEQUENCE:1'])
    expect(prop(confirmed, 'LOCATION')).toEqual(['LOCATION:https://meet.example/secret-room'])
    expect(prop(confirmed, 'DESCRIPTION')).toEqual([
      'DESCRIPTION:Google Meet\\nhttps://meet.example/secret-room\\nRoom 4\\, second floor\\; ring twice',
    ])
    expect(confirmed.join('\n').toLowerCase()).not.toContain(h.email.toLowerCase())

    const cancelled = await fileWhen(AppointmentStatus.cancelled)
    expect(prop(cancelled, 'METHOD')).toEqual(['METHOD:CANCEL'])
    expect(prop(cancelled, 'STATUS')).toEqual(['STATUS:CANCELLED'])
    expect(prop(cancelled, 'SEQUENCE')).toEqual(['SEQUENCE:2'])
    expect(cancelled.join('\n')).not.toContain('meet.example')
  })

  it('escapes TEXT, quotes CN and folds long lines at 75 octets without splitting a character', () => {
    const start = Date.UTC(2027, 0, 15, 9, 0)
    const ics = buildIcs({
      uid: 'appointment-1@calma.app',
      sequence: 1,
      status: 'CONFIRMED',
      startMs: start,
      endMs: start + 3_600_000,
      summary: 'Sesión, con; barra \\ y\nsalto',
      description: 'ñ'.repeat(120),
      location: null,
      organizer: { name: 'Calma', email: 'no-reply@calma.app' },
      attendee: { name: 'Ana: "la de Valparaíso", Chile', email: 'ana@example.com' },
      stampMs: Date.UTC(2026, 10, 25),
    })
    const lines = linesOf(ics) // checks every physical line ≤ 75 octets
    expect(prop(lines, 'SUMMARY')).toEqual(['SUMMARY:Sesión\\, con\\; barra \\\\ y\\nsalto'])
    expect(prop(lines, 'DESCRIPTION')).toEqual([`DESCRIPTION:${'ñ'.repeat(120)}`])
    expect(prop(lines, 'ATTENDEE')[0]).toContain(`CN="Ana: ^'la de Valparaíso^', Chile"`)
    expect(prop(lines, 'DTSTAMP')).toEqual(['DTSTAMP:20261125T000000Z'])
    expect(prop(lines, 'DTSTART')).toEqual(['DTSTART:20270115T090000Z'])
    // Folding never cuts a UTF-8 sequence: every physical line decodes on its own.
    for (const physical of ics.split('\r\n')) expect(physical).not.toContain('\uFFFD')
  })
})
