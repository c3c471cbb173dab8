// Server data of the account pages (SPEC §2 "Account"), and the expired-access rule for pages.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js'
import { profilePageData, type CountryOption } from '#shared/contract/users'
import { localizePath, type Locale } from '#shared/i18n/index'
import type { Access } from '#shared/pages'
import type { SessionUser } from '#worker/env'
import { loader, type PageLoaders } from '#worker/ssr/page'
import { getMe } from './profile.service'

/** Regional-indicator flag of an ISO 3166-1 alpha-2 code ('ES' → 🇪🇸). */
export const flagOf = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1a5 + ch.charCodeAt(0)))

const countriesCache = new Map<Locale, CountryOption[]>()

/**
 * The ~245 countries of libphonenumber-js with their dialling codes, named in `locale` by
 * Intl.DisplayNames and sorted in that language. Built on the server and sent with the page,
 * so the browser shows exactly what was rendered (no ICU difference can break hydration).
 */
export function countryOptions(locale: Locale): CountryOption[] {
  const cached = countriesCache.get(locale)
  if (cached) return cached
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(locale)
  const list = getCountries()
    .map((code) => ({
      country_code: code,
      name: names.of(code) ?? code,
      flag: flagOf(code),
      phone_code: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
  countriesCache.set(locale, list)
  return list
}

export const usersLoaders: PageLoaders<'profile'> = {
  profile: loader(profilePageData, async ({ ctx }) => {
    if (!ctx.user) return null
    return { user: await getMe(ctx), countries: countryOptions(ctx.locale), recovery: !!ctx.user.session?.recovery }
  }),
}

/** 'user' pages an expired patient may still open: to pay, or to manage or delete the account. */
const OPEN_WHEN_EXPIRED = new Set(['profile', 'subscription', 'subscribe', 'upgrade', 'thanks'])

/** Where a signed-in patient whose free access ended goes instead of page `id` (SPEC §2 expired page). */
export function expiredRedirect(id: string, access: Access, user: SessionUser | null, locale: Locale): string | null {
  if (access !== 'user' || !user?.accessExpired || OPEN_WHEN_EXPIRED.has(id)) return null
  return localizePath('/expired', locale)
}
