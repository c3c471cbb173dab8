// lib/zones.ts keeps wallClock's answers per zone and UTC minute (issue 21): the kept answer
// must be what Intl says for every instant of that minute, in zones with half- and
// quarter-hour offsets and across daylight-saving changes; before 1980 nothing is kept.
import { describe, expect, it } from 'vitest'
import { wallClock } from '#worker/lib/zones'

/** The wall clock as Intl gives it, without wallClock's copy (the reference). */
function fromIntl(ms: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}
const shown = (w: ReturnType<typeof wallClock>) =>
  `${w.date} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`

const ZONES = [
  'Europe/Madrid',
  'America/Mexico_City',
  'America/St_Johns', // -3:30 / -2:30
  'Asia/Kolkata', // +5:30
  'Asia/Kathmandu', // +5:45
  'Australia/Eucla', // +8:45
  'Australia/Lord_Howe', // a half-hour daylight-saving change
  'UTC',
]

describe('wallClock', () => {
  it('answers from its copy what Intl says, for every second of a minute, in zones with odd offsets and around changes', () => {
    const instants = [
      Date.UTC(2026, 2, 29, 0, 59, 0), // the minute before Madrid's clocks go forward
      Date.UTC(2026, 2, 29, 1, 0, 0), // and the one after
      Date.UTC(2026, 9, 25, 0, 59, 0), // Madrid's clocks go back
      Date.UTC(2026, 10, 1, 5, 30, 0),
      Date.UTC(2026, 3, 4, 14, 59, 0), // Lord Howe's change
      Date.UTC(2026, 11, 31, 23, 59, 0), // a year ends somewhere
    ]
    for (const zone of ZONES) {
      for (const start of instants) {
        for (let s = 0; s < 60; s += 7) {
          const ms = start + s * 1000 + 123
          // The first call of the minute computes it; the others (and the second call here) are the copy.
          expect(shown(wallClock(ms, zone)), `${zone} ${new Date(ms).toISOString()}`).toBe(fromIntl(ms, zone))
          expect(shown(wallClock(ms, zone)), `${zone} ${new Date(ms).toISOString()} again`).toBe(fromIntl(ms, zone))
        }
      }
    }
  })

  it('hands out copies: changing an answer does not change the next one', () => {
    const ms = Date.UTC(2026, 5, 15, 12, 0, 0)
    const first = wallClock(ms, 'Europe/Madrid')
    first.date = 'changed'
    first.hour = 99
    expect(wallClock(ms, 'Europe/Madrid')).toMatchObject({ date: '2026-06-15', hour: 14 })
  })

  it('keeps nothing before 1980, when a zone could be seconds off the minute', () => {
    // Liberia kept -0:44:30 until 1972: 10:00:00 and 10:00:45 UTC are in one UTC minute but
    // two local minutes (09:15 and 09:16).
    const a = Date.UTC(1970, 0, 1, 10, 0, 0)
    const b = a + 45_000
    expect(shown(wallClock(a, 'Africa/Monrovia'))).toBe(fromIntl(a, 'Africa/Monrovia'))
    expect(shown(wallClock(b, 'Africa/Monrovia'))).toBe(fromIntl(b, 'Africa/Monrovia'))
    expect(fromIntl(a, 'Africa/Monrovia')).not.toBe(fromIntl(b, 'Africa/Monrovia'))
  })
})
