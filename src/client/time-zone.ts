/**
 * The browser's time zone (an IANA name), asked once a page. `Temporal.Now.timeZoneId()` reads the
 * zone the engine already holds; `Intl.DateTimeFormat()` first builds a whole formatter with its
 * locale's data: ~20–30 ms the first time on this machine, >100 ms at a phone's speed, which was
 * the largest task of a visitor's page before any touch (Lighthouse's blocking time, issue 43 §1).
 * Browsers without Temporal yet (Safari, older Firefox) use Intl, as before.
 */
let zone: string | undefined
export function browserTimeZone(): string {
  if (zone === undefined) {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal
    try {
      zone = temporal?.Now?.timeZoneId?.() || Intl.DateTimeFormat().resolvedOptions().timeZone || ''
    } catch {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ''
    }
  }
  return zone
}
