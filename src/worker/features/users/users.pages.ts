// Server data for the account pages (issue 3 §10), read by calling the services directly.
// pages.routes.ts looks here after the shared LOADERS table.
import type { OutboxMail } from '#shared/page-data'
import { getCountries, getCountryCallingCode } from 'libphonenumber-js'
import type { CountryOption, UserDto } from '#shared/contract/users'
import { localizePath, type Locale } from '#shared/i18n/index'
import type { PageDef } from '#shared/pages'
import type { LoaderArgs } from '../../ssr/loaders'
import { isLocalEnv, type SessionUser } from '../../env'
import { AppError } from '../../http/errors'
import { toUserDto } from './users.dto'
import { creditBalanceCents, findUserById, latestOutbox } from './users.repo'

/** Regional-indicator flag of an ISO 3166-1 alpha-2 code ('ES' → 🇪🇸). */
export const flagOf = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1a5 + ch.charCodeAt(0)))

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
    .map((code) => ({ country_code: code, name: names.of(code) ?? code, flag: flagOf(code), phone_code: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name))
  countriesCache.set(locale, list)
  return list
}

export interface ProfileData {
  user: UserDto
  countries: CountryOption[]
  /** Signed in by a recovery link moments ago: the page asks for the new password first. */
  recovery: boolean
}


/** Pages whose data comes from the accounts feature. */
export const ACCOUNT_LOADERS: Record<string, (a: LoaderArgs) => Promise<unknown>> = {
  async profile({ c }): Promise<ProfileData | null> {
    const me = c.var.user
    if (!me) return null
    const user = await findUserById(c.var.db, me.id)
    if (!user) return null
    return {
      user: toUserDto(user, await creditBalanceCents(c.var.db, me.id)),
      countries: countryOptions(c.var.locale),
      recovery: !!me.session?.recovery,
    }
  },

  async outbox({ c }): Promise<{ mails: OutboxMail[] }> {
    if (!isLocalEnv(c.env)) throw new AppError('not_found')
    const rows = await latestOutbox(c.var.db)
    return {
      mails: rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        template: r.template,
        locale: r.locale,
        created_at: r.createdAt.toISOString(),
      })),
    }
  },
}

/** 'user' pages an expired patient may still open: to pay, or to manage or delete the account. */
const OPEN_WHEN_EXPIRED = new Set(['profile', 'subscription', 'subscribe', 'upgrade', 'thanks'])

/** Where a signed-in patient whose free access ended goes instead of `page` (SPEC §2 expired page). */
export function expiredRedirect(page: PageDef, user: SessionUser | null, locale: Locale): string | null {
  if (page.access !== 'user' || !user?.accessExpired || OPEN_WHEN_EXPIRED.has(page.id)) return null
  return localizePath('/expired', locale)
}
