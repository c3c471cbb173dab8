// The staff's date-time fields (issue 34 §5): an <input type="datetime-local"> holds a wall-clock
// time with no zone; the contract wants an ISO instant. The wall clock is read in the staff
// member's own zone (boot.timeZone), not the browser's, so a form says the same thing wherever
// it is opened. The zone is read as the worker reads it (shared/wall-clock.ts).

import { offsetAt } from '#shared/wall-clock'

/** Minutes `timeZone` is ahead of UTC at instant `ms`. */
const offsetMinutes = (ms: number, timeZone: string) => offsetAt(ms, timeZone) / 60000

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
