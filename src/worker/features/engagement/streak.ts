// Kind streaks (issue 11 §1): which day of a person's own calendar an activity counts for, and
// what it does to their streak. Pure: no I/O, no clock. docs/API.md "Engagement" states the
// rules; test/engagement/streak.test.ts holds the edges (23:59 / 00:01, grace, freezes, a zone change).
import { addDays, isZone, wallClock } from '#worker/lib/zones'

/** Until 03:00 on their clock a person's activity may still count for the day before. */
export const GRACE_HOURS = 3
/** One freeze is earned for every 7 streak days, and at most 2 are held. */
export const FREEZE_EVERY_DAYS = 7
export const MAX_FREEZES = 2
/** A day's ranking points: the same for one unit or twenty (consistency, not minutes). */
export const POINTS_PER_DAY = 10
/** Listening this long in one unit counts a day even if the unit is not finished. */
export const MIN_LISTEN_SECONDS = 300

export interface StreakState {
  lastDay: string | null
  currentStreak: number
  longestStreak: number
  freezes: number
}

export interface StreakStep {
  /** The day the activity counts for; null when that day already counts (nothing changes). */
  day: string | null
  /** Missed days a freeze covered, oldest first. */
  frozenDays: string[]
  next: StreakState
  /** A new streak started after a gap that the freezes could not cover. */
  restarted: boolean
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000)
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from)

/** The zone a person's days are counted in: their profile's, else UTC. */
export const zoneOf = (timezone: string | null | undefined) => (timezone && isZone(timezone) ? timezone : 'UTC')

/** Today on the person's clock (no grace: for showing "the last 7 days"). */
export const localToday = (ms: number, zone: string) => wallClock(ms, zone).date

/**
 * The day an activity at `ms` counts for. Usually today on the person's clock. Before 03:00
 * it counts for yesterday when yesterday is not counted yet but the streak was alive the day
 * before (finishing a unit just after midnight keeps the streak). Never before the last
 * counted day: a person who moves west does not go back in time.
 */
export function dayOfActivity(ms: number, zone: string, lastDay: string | null): string {
  const w = wallClock(ms, zone)
  let day = w.date
  const yesterday = addDays(day, -1)
  if (w.hour < GRACE_HOURS && lastDay !== null && lastDay < yesterday) day = yesterday
  if (lastDay !== null && day < lastDay) day = lastDay
  return day
}

/** What one activity at `ms` does to the streak `s`. */
export function step(s: StreakState, ms: number, zone: string): StreakStep {
  const day = dayOfActivity(ms, zone, s.lastDay)
  if (s.lastDay === day) return { day: null, frozenDays: [], next: s, restarted: false }
  const missed = s.lastDay === null ? 0 : daysBetween(s.lastDay, day) - 1
  let freezes = s.freezes
  let current: number
  const frozenDays: string[] = []
  let restarted = false
  if (s.lastDay === null) current = 1
  else if (missed === 0) current = s.currentStreak + 1
  else if (missed <= freezes) {
    // Freezes cover the missed days on their own: nobody has to ask.
    for (let i = 1; i <= missed; i++) frozenDays.push(addDays(s.lastDay, i))
    freezes -= missed
    current = s.currentStreak + missed + 1
  } else {
    current = 1
    restarted = true
  }
  // A freeze for every 7 streak days reached (frozen days included), held up to 2.
  const earned =
    Math.floor(current / FREEZE_EVERY_DAYS) - Math.floor((restarted ? 0 : s.currentStreak) / FREEZE_EVERY_DAYS)
  freezes = Math.min(MAX_FREEZES, freezes + Math.max(0, earned))
  return {
    day,
    frozenDays,
    next: { lastDay: day, currentStreak: current, longestStreak: Math.max(s.longestStreak, current), freezes },
    restarted,
  }
}

/**
 * The streak as shown on `today` (the person's clock): alive when its last day is today or
 * yesterday, or when the freezes held would cover the days missed since; otherwise 0 (the
 * page then leads with "N of the last 7 days", never with the reset).
 */
export function shownStreak(s: StreakState, today: string): number {
  if (!s.lastDay) return 0
  const missed = daysBetween(s.lastDay, today) - 1
  return missed <= 0 || missed <= s.freezes ? s.currentStreak : 0
}
