import { WEEKDAYS, type Weekday } from '#shared/psychologists'

/**
 * The weekly hours as the agenda's form holds them: each weekday's ranges as rows of two time
 * inputs. The server speaks 'HH:MM-HH:MM,…' per day (SPEC §7); these turn one into the other
 * so that WeeklyHours and its day rows never parse text themselves.
 */
export interface Range {
  from: string
  to: string
}
export type Week = Record<Weekday, Range[]>

/** The week as a person reads it: Monday first. */
export const DISPLAY_ORDER: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]
/** The hours a day gets when it stops being a day off. */
export const FIRST_RANGE: Range = { from: '09:00', to: '13:00' }

/** 'HH:MM-HH:MM,…' as rows of time inputs. */
export function rangesOf(text: string): Range[] {
  return text
    .split(',')
    .filter(Boolean)
    .map((r) => {
      const [from = '', to = ''] = r.split('-')
      return { from, to: to === '24:00' ? '00:00' : to }
    })
}

/** The rows back as the form field; a range ending at 00:00 ends at midnight (24:00). */
export const fieldOf = (ranges: Range[]) =>
  ranges.map((r) => `${r.from}-${r.to === '00:00' ? '24:00' : r.to}`).join(',')

/** A week with every day off: the form's state before the saved agenda arrives. */
export const emptyWeek = (): Week => Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as Week

/** The server's days ('HH:MM-HH:MM,…' per weekday) as the form's week. */
export const weekOf = (days: Record<Weekday, string>): Week =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, rangesOf(days[d])])) as unknown as Week

/** The range after `r`: an hour after it ends, as long as it (within the day). */
export function shifted(r: Range): Range {
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5))
  const start = Math.min(toMin(r.to) + 60, 23 * 60)
  const length = Math.max(60, toMin(r.to) - toMin(r.from))
  const end = Math.min(start + length, 24 * 60)
  const hh = (m: number) =>
    m >= 24 * 60 ? '00:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  return { from: hh(start), to: hh(end) }
}
