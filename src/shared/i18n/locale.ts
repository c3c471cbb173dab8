// SPEC §1: Spanish by default, English under the /en path prefix; fallback locale English.
export const LOCALES = ['es', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'es'
export const FALLBACK_LOCALE: Locale = 'en'

export function isLocale(v: unknown): v is Locale {
  return v === 'es' || v === 'en'
}

/** The locale a page path is in: English when its first segment is `en`, else Spanish. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'es'
}

/** The path without its locale prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  if (pathname === '/en') return '/'
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname
}

/** A locale-free path as it is written in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === 'es') return path
  return path === '/' ? '/en/' : `/en${path}`
}

/**
 * The locale an API caller asked for: the `locale` header SPEC §7 sends, else Accept-Language.
 * Spanish wherever Spanish is asked for (Latin American variants included), English for any
 * other stated language (the fallback), Spanish when nothing is stated (the default).
 */
export function negotiateLocale(
  explicit: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  const pick = (tag: string): Locale => (tag.toLowerCase().startsWith('es') ? 'es' : FALLBACK_LOCALE)
  if (explicit && explicit.trim()) return pick(explicit.trim())
  if (acceptLanguage && acceptLanguage.trim()) {
    const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim()
    if (first && first !== '*') return pick(first)
  }
  return DEFAULT_LOCALE
}
