// The staff's date-time fields (issue 34 §5): an <input type="datetime-local"> holds a wall-clock
// time with no zone; the contract wants an ISO instant. The wall clock is read in the staff
// member's own zone (boot.timeZone), not the browser's, so a form says the same thing wherever
// it is opened.

/** Minutes `timeZone` is ahead of UTC at instant `ms`. */
function offsetMinutes(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60000)
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** '2026-12-01T09:30' in `timeZone` → '2026-12-01T08:30:00.000Z'; '' stays '', anything else is sent as typed (the server says why it is wrong). */
export function localToInstant(local: string, timeZone: string) {
  const m = LOCAL.exec(local)
  if (!m) return local
  const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)
  let at = guess - offsetMinutes(guess, timeZone) * 60000
  // Across a change of clocks the first guess's offset may be the other one: take the offset at the answer.
  at = guess - offsetMinutes(at, timeZone) * 60000
  return new Date(at).toISOString()
}

/** An ISO instant → the wall clock a datetime-local input shows in `timeZone`; '' when it is no instant. */
export function instantToLocal(iso: string, timeZone: string) {
  const ms = Date.parse(iso)
  if (!iso || Number.isNaN(ms)) return ''
  return new Date(ms + offsetMinutes(ms, timeZone) * 60000).toISOString().slice(0, 16)
}
