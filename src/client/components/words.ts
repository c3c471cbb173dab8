// Words the server stores in one form and pages show in the reader's language: language codes,
// degrees (stored as their English name, shared/psychologists.ts), ISO times.
import type { Translate } from '#shared/i18n/index'
import type { Locale } from '#shared/i18n/locale'
import { degreeKeyOf } from '#shared/psychologists'

const tag = (locale: Locale) => (locale === 'es' ? 'es-ES' : 'en-GB')

/** Language codes in the reader's language: ['es', 'en'] → 'español e inglés' / 'Spanish and English'. */
export function languageNames(codes: string[], locale: Locale) {
  let names: Intl.DisplayNames | null = null
  try {
    names = new Intl.DisplayNames([tag(locale)], { type: 'language' })
  } catch {
    names = null
  }
  const list = codes.map((c) => names?.of(c) ?? c)
  try {
    return new Intl.ListFormat(tag(locale), { style: 'long', type: 'conjunction' }).format(list)
  } catch {
    return list.join(', ')
  }
}

/** A psychologist's degree in the reader's language (a value outside the list as it is). */
export function degreeName(t: Translate, value: string) {
  const key = degreeKeyOf(value)
  return key ? t(`psychologist_profile.degrees.${key}`) : value
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** Whether a value is an ISO date-time as the API writes them. */
export const isIsoTime = (v: unknown): v is string => typeof v === 'string' && ISO_TIME.test(v)

/** An ISO date-time as the person reads it: their language, their zone, date and time. */
export function formatDateTime(iso: string, boot: { locale: Locale; timeZone: string }) {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return new Intl.DateTimeFormat(tag(boot.locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: boot.timeZone,
  }).format(d)
}

/** A size in bytes as people say it, in their language: '820 kB', '3,4 MB' (Intl's units, decimal like the disks). */
export function formatBytes(bytes: number, locale: Locale) {
  const [unit, n] =
    bytes >= 1e9 ? ['gigabyte', bytes / 1e9] : bytes >= 1e6 ? ['megabyte', bytes / 1e6] : ['kilobyte', bytes / 1e3]
  return new Intl.NumberFormat(tag(locale), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: n < 10 ? 1 : 0,
  }).format(Math.max(n, 0.1))
}
