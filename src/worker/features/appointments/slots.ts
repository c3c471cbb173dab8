// The free slots of a psychologist on a guest's day (issue 9 §2), as one pure function over
// the host's weekly hours (in the host's zone), their days off, what is taken, and now.
import { addDays, instantOf, wallClock } from '#worker/lib/zones'

export interface WeeklyHours {
  /** 0 Sunday … 6 Saturday, in the host's zone. */
  weekday: number
  /** Minutes since the host's local midnight, [start, end). */
  startMinute: number
  endMinute: number
  slotMinutes: number
}

export type Period = 'morning' | 'afternoon' | 'evening'

export interface Slot {
  startMs: number
  endMs: number
  /** The guest's wall clock, 'HH:MM'. */
  time: string
  period: Period
}

/** How long before its start a slot can still be booked (docs/API.md "Appointments"). */
export const MIN_NOTICE_MS = 2 * 60 * 60 * 1000

/** Morning before 12:00, afternoon before 18:00, evening after, on the guest's clock. */
export const periodOf = (hour: number): Period => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening')

export interface SlotQuery {
  hours: readonly WeeklyHours[]
  hostZone: string
  /** Host-local dates (YYYY-MM-DD) with no appointments. */
  daysOff: ReadonlySet<string>
  /** The guest's day (YYYY-MM-DD) and zone. */
  date: string
  guestZone: string
  /** Starts (ms) already live or held. */
  taken: ReadonlySet<number>
  /**
   * Intervals [start, end) (ms) already live or held: a slot that overlaps one is not offered,
   * whatever the lengths (a host who changed the session length, issue 41 §4).
   */
  busy?: readonly Interval[]
  now: number
}

/** [start, end) in ms. */
export interface Interval {
  start: number
  end: number
}

/** Whether [start, end) overlaps one of `busy` (half-open: back to back is free). */
export const overlapsAny = (start: number, end: number, busy: readonly Interval[]) =>
  busy.some((b) => b.start < end && b.end > start)

/**
 * Every start of the host's weekly hours that falls on the guest's `date` in the guest's zone,
 * not on a host day off, not taken, and at least MIN_NOTICE_MS ahead. Hours that do not exist
 * on the host's clock (the skipped hour of a daylight-saving change) have no slot; a repeated
 * hour has one (its first occurrence).
 */
export function freeSlots(q: SlotQuery): Slot[] {
  const dayStart = instantOf(q.date, 0, q.guestZone) ?? instantOf(q.date, 60, q.guestZone)!
  const dayEnd = instantOf(addDays(q.date, 1), 0, q.guestZone) ?? instantOf(addDays(q.date, 1), 60, q.guestZone)!
  const out: Slot[] = []
  const seen = new Set<number>()
  // The host's dates that can overlap the guest's day: zones differ by at most a day.
  for (const hostDate of [addDays(q.date, -1), q.date, addDays(q.date, 1)]) {
    if (q.daysOff.has(hostDate)) continue
    const noon = instantOf(hostDate, 720, q.hostZone)
    if (noon === null) continue
    const weekday = wallClock(noon, q.hostZone).weekday
    for (const h of q.hours) {
      if (h.weekday !== weekday) continue
      for (let m = h.startMinute; m + h.slotMinutes <= h.endMinute; m += h.slotMinutes) {
        const start = instantOf(hostDate, m, q.hostZone)
        if (start === null || seen.has(start)) continue
        if (start < dayStart || start >= dayEnd || start < q.now + MIN_NOTICE_MS || q.taken.has(start)) continue
        if (q.busy && overlapsAny(start, start + h.slotMinutes * 60_000, q.busy)) continue
        seen.add(start)
        const w = wallClock(start, q.guestZone)
        out.push({
          startMs: start,
          endMs: start + h.slotMinutes * 60_000,
          time: `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`,
          period: periodOf(w.hour),
        })
      }
    }
  }
  return out.sort((a, b) => a.startMs - b.startMs)
}

/** Whether `startMs` is one of the host's slots at all (on the grid, a working day), taken or not. */
export function onGrid(startMs: number, hours: readonly WeeklyHours[], hostZone: string, daysOff: ReadonlySet<string>) {
  const w = wallClock(startMs, hostZone)
  if (daysOff.has(w.date)) return null
  const minute = w.hour * 60 + w.minute
  for (const h of hours) {
    if (h.weekday !== w.weekday || minute < h.startMinute || minute + h.slotMinutes > h.endMinute) continue
    if ((minute - h.startMinute) % h.slotMinutes !== 0) continue
    // The wall time must map back to this very instant (not the repeated hour's second pass).
    if (instantOf(w.date, minute, hostZone) !== startMs) continue
    return h
  }
  return null
}
