// The days of the slot picker (booking and moving a session): on their own, so the list of
// appointments does not load them; the picker's code comes with its tab or panel (decision 072).
import type { Locale } from '#shared/i18n/locale'

/** How many days ahead a session can be booked (issue 9 §8: the next 14 days). */
export const BOOKING_DAYS = 14

const tag = (locale: Locale) => (locale === 'es' ? 'es-ES' : 'en-GB')

/** The calendar date (YYYY-MM-DD) of `ms` in `zone`. */
export function dateIn(ms: number, zone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  )
}

/** The next `n` calendar dates in `zone`, today first. */
export function nextDays(n: number, zone: string, now = Date.now()): string[] {
  const first = dateIn(now, zone)
  const out: string[] = []
  const base = Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1, Number(first.slice(8, 10)))
  for (let i = 0; i < n; i++) out.push(new Date(base + i * 86_400_000).toISOString().slice(0, 10))
  return out
}

/** Parts of a calendar date for a day chip: 'jue', '12', 'mar'. */
export function dayParts(date: string, locale: Locale) {
  const d = new Date(`${date}T12:00:00Z`)
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(tag(locale), { timeZone: 'UTC', ...o }).format(d).replace('.', '')
  return {
    weekday: f({ weekday: 'short' }),
    day: f({ day: 'numeric' }),
    month: f({ month: 'short' }),
    long: f({ weekday: 'long', day: 'numeric', month: 'long' }),
  }
}
