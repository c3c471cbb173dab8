// Slots on a guest's day (issue 9 §2): the host's weekly hours in the host's zone, seen from the
// guest's zone, across daylight-saving changes in either zone.
import { describe, expect, it } from 'vitest'
import { freeSlots, MIN_NOTICE_MS, onGrid, type WeeklyHours } from '#worker/features/appointments/slots'
import { instantOf, wallClock } from '#worker/lib/zones'

const LONG_AGO = Date.UTC(2020, 0, 1)
const every = (weekday: number, from: number, to: number, slot = 60): WeeklyHours => ({
  weekday,
  startMinute: from * 60,
  endMinute: to * 60,
  slotMinutes: slot,
})
const week = (from: number, to: number) => [0, 1, 2, 3, 4, 5, 6].map((d) => every(d, from, to))
const slots = (o: Partial<Parameters<typeof freeSlots>[0]> & { date: string }) =>
  freeSlots({
    hours: week(9, 13),
    hostZone: 'Europe/Madrid',
    daysOff: new Set(),
    guestZone: 'Europe/Madrid',
    taken: new Set(),
    now: LONG_AGO,
    ...o,
  })

describe('zones', () => {
  it('maps wall times to instants across the changes; the skipped hour does not exist, the repeated one is the first', () => {
    expect(new Date(instantOf('2026-03-29', 10 * 60, 'Europe/Madrid')!).toISOString()).toBe('2026-03-29T08:00:00.000Z') // CEST
    expect(new Date(instantOf('2026-03-28', 10 * 60, 'Europe/Madrid')!).toISOString()).toBe('2026-03-28T09:00:00.000Z') // CET
    expect(instantOf('2026-03-29', 2 * 60 + 30, 'Europe/Madrid')).toBeNull()
    expect(new Date(instantOf('2026-10-25', 2 * 60 + 30, 'Europe/Madrid')!).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    )
    expect(new Date(instantOf('2026-11-01', 9 * 60, 'America/New_York')!).toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    )
    expect(new Date(instantOf('2026-06-01', 9 * 60, 'Asia/Kolkata')!).toISOString()).toBe('2026-06-01T03:30:00.000Z')
    expect(new Date(instantOf('2026-06-01', 9 * 60, 'America/Bogota')!).toISOString()).toBe('2026-06-01T14:00:00.000Z')
    expect(new Date(instantOf('2026-06-01', 9 * 60, 'America/Mexico_City')!).toISOString()).toBe(
      '2026-06-01T15:00:00.000Z',
    ) // no DST since 2022
  })
})

describe('freeSlots', () => {
  it('a host in Madrid, a guest in Madrid: 9:00 to 12:00 every hour, on both sides of the spring and autumn changes', () => {
    for (const date of ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25']) {
      expect(slots({ date }).map((s) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00'])
    }
    const spring = slots({ date: '2026-03-29' })[1]!
    expect(new Date(spring.startMs).toISOString()).toBe('2026-03-29T08:00:00.000Z')
    expect(spring.period).toBe('morning')
    expect(slots({ date: '2026-03-29' })[3]!.period).toBe('afternoon')
  })

  it('seen from Mexico City, Bogota and Kolkata the same hours move, and the Madrid change moves them by an hour', () => {
    expect(slots({ date: '2026-03-27', guestZone: 'America/Mexico_City' }).map((s) => s.time)).toEqual([
      '02:00',
      '03:00',
      '04:00',
      '05:00',
    ])
    expect(slots({ date: '2026-03-30', guestZone: 'America/Mexico_City' }).map((s) => s.time)).toEqual([
      '01:00',
      '02:00',
      '03:00',
      '04:00',
    ])
    expect(slots({ date: '2026-03-30', guestZone: 'America/Bogota' }).map((s) => s.time)).toEqual([
      '02:00',
      '03:00',
      '04:00',
      '05:00',
    ])
    expect(slots({ date: '2026-03-30', guestZone: 'Asia/Kolkata' }).map((s) => [s.time, s.period])).toEqual([
      ['12:30', 'afternoon'],
      ['13:30', 'afternoon'],
      ['14:30', 'afternoon'],
      ['15:30', 'afternoon'],
    ])
  })

  it('a host whose hours cross the guest’s midnight: the guest’s day holds the slots of two host days', () => {
    // Host in Kolkata, 6:00-8:00 every day; a guest in Bogota (10.5 h behind) sees 19:30 and 20:30 of the day before.
    const got = freeSlots({
      hours: week(6, 8),
      hostZone: 'Asia/Kolkata',
      daysOff: new Set(),
      date: '2026-06-01',
      guestZone: 'America/Bogota',
      taken: new Set(),
      now: LONG_AGO,
    })
    expect(got.map((s) => [s.time, s.period, wallClock(s.startMs, 'Asia/Kolkata').date])).toEqual([
      ['19:30', 'evening', '2026-06-02'],
      ['20:30', 'evening', '2026-06-02'],
    ])
  })

  it('taken starts, days off, other weekdays and the minimum notice are left out', () => {
    const ten = instantOf('2026-06-03', 600, 'Europe/Madrid')!
    expect(slots({ date: '2026-06-03', taken: new Set([ten]) }).map((s) => s.time)).toEqual(['09:00', '11:00', '12:00'])
    expect(slots({ date: '2026-06-03', daysOff: new Set(['2026-06-03']) })).toEqual([])
    expect(slots({ date: '2026-06-03', hours: [every(1, 9, 12)] })).toEqual([]) // a Wednesday; hours only on Mondays
    const now = ten - MIN_NOTICE_MS + 1
    expect(slots({ date: '2026-06-03', now }).map((s) => s.time)).toEqual(['11:00', '12:00'])
  })

  it('onGrid accepts a slot start and refuses one off the grid, off hours or on a day off', () => {
    const hours = week(9, 13)
    const ten = instantOf('2026-06-03', 600, 'Europe/Madrid')!
    expect(onGrid(ten, hours, 'Europe/Madrid', new Set())).not.toBeNull()
    expect(onGrid(ten + 30 * 60_000, hours, 'Europe/Madrid', new Set())).toBeNull()
    expect(onGrid(instantOf('2026-06-03', 14 * 60, 'Europe/Madrid')!, hours, 'Europe/Madrid', new Set())).toBeNull()
    expect(onGrid(ten, hours, 'Europe/Madrid', new Set(['2026-06-03']))).toBeNull()
  })
})
