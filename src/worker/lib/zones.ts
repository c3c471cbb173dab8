// Wall-clock time in IANA zones, with nothing but Intl (issue 9 §2): daylight-saving changes
// are the zone database's, so a slot at 10:00 in Madrid is 10:00 in Madrid on both sides of a
// change. No I/O, no clock: test/appointments/slots.test.ts covers the changes.
// Shared by appointments, engagement, notifications and payments, so it lives under lib/; the
// reading of a zone's wall clock is shared/wall-clock.ts's (the staff's forms read it too).

import { offsetAt, wallClock } from '#shared/wall-clock'

export { isZone, wallClock } from '#shared/wall-clock'

/**
 * The instant of wall time `date` (YYYY-MM-DD) + `minute` in `zone`; null when that wall time
 * does not exist there (the hour skipped when clocks go forward). When it exists twice (clocks
 * go back), the first.
 */
export function instantOf(date: string, minute: number, zone: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const naive = Date.UTC(y, m - 1, d, 0, minute)
  // Try both offsets around the naive time; keep the earliest candidate whose wall clock matches.
  const candidates = [
    ...new Set([offsetAt(naive - 86_400_000 / 2, zone), offsetAt(naive, zone), offsetAt(naive + 86_400_000 / 2, zone)]),
  ]
    .map((off) => naive - off)
    .filter((t) => {
      const w = wallClock(t, zone)
      return w.date === date && w.hour * 60 + w.minute === ((minute % 1440) + 1440) % 1440
    })
    .sort((a, b) => a - b)
  return candidates[0] ?? null
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}
