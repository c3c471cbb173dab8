import type { Boot } from '#shared/page-data'

/**
 * A date as the person reads it: in their language and their time zone (Boot.timeZone: their
 * profile's zone, else their browser's, else UTC), the same on the server and after hydration.
 */
export function formatDate(
  iso: string,
  boot: Pick<Boot, 'locale' | 'timeZone'>,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleDateString(boot.locale === 'es' ? 'es-ES' : 'en-GB', { ...opts, timeZone: boot.timeZone })
}
