// Wall-clock time in IANA zones, with nothing but Intl (issue 9 §2): daylight-saving changes
// are the zone database's. Read by the worker (worker/lib/zones.ts: slots, reminders, streaks)
// and by the staff's date-time fields (client/features/admin/when.ts), so it lives in shared/.
// No I/O, no clock: test/appointments/slots.test.ts and test/platform/zones.test.ts cover it.

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(zone: string) {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
    formatters.set(zone, f)
  }
  return f
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  weekday: number
  date: string
}

/**
 * Answers of the last minutes, per zone and UTC minute. `formatToParts` costs tens of µs (a
 * profile of a warm `/v1/rewards` found one call a tenth of the answer, issue 21), and a day's
 * "today" is asked by every request. Exact: since 1980 every zone's offset is a whole number of
 * minutes, so the wall clock is the same through a UTC minute; earlier instants (offsets such
 * as Monrovia's -0:44:30 until 1972) are not kept.
 */
const clocks = new Map<string, Readonly<WallClock>>()
const CLOCKS_MAX = 1000
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1)

/** The wall clock of instant `ms` in `zone`. */
export function wallClock(ms: number, zone: string): WallClock {
  const key = ms >= WHOLE_MINUTE_OFFSETS_SINCE ? `${zone}|${Math.floor(ms / 60_000)}` : null
  const kept = key ? clocks.get(key) : undefined
  if (kept) return { ...kept }
  const parts: Record<string, string> = {}
  for (const p of formatter(zone).formatToParts(new Date(ms))) parts[p.type] = p.value
  const w = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  }
  if (key) {
    if (clocks.size >= CLOCKS_MAX) clocks.clear()
    clocks.set(key, { ...w })
  }
  return w
}

/** How far `zone` is ahead of UTC at instant `ms`, in ms. */
export function offsetAt(ms: number, zone: string) {
  const w = wallClock(ms, zone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
  return asUtc - Math.floor(ms / 60_000) * 60_000
}

/** Whether `zone` is a zone this runtime knows. */
export function isZone(zone: string) {
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}
