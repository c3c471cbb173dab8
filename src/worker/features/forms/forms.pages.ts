// Server data of the public forms' pages (SPEC §2): only /letstalk needs any, the country list
// of its phone field and what a signed-in caller's account already knows.
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { letstalkPageData } from '#shared/contract/forms.phone'
import { countryOptions } from '#worker/features/users/users.pages'
import { loader, type PageLoaders } from '#worker/ssr/page'

export const formsLoaders: PageLoaders<'letstalk'> = {
  letstalk: loader(letstalkPageData, async ({ ctx }) => {
    const row = ctx.user?.row
    const country = row?.countryCode ?? (row?.phone ? (parsePhoneNumberFromString(row.phone)?.country ?? null) : null)
    return {
      countries: countryOptions(ctx.locale),
      prefill: row ? { email: row.email, name: row.name, phone: row.phone, country_code: country } : null,
    }
  }),
}
