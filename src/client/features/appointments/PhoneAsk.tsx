import { useMemo } from 'react'
import { getCountries, getCountryCallingCode } from 'libphonenumber-js'
import type { CountryOption, UserDto } from '#shared/contract/users'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { FormAlert } from '#client/components/Field.tsx'
import { firstErrors, useForm } from '#client/components/forms.tsx'
import { CountryPhone, usePhone } from '#client/features/users/CountryPhone.tsx'

const { updateProfile } = contract(() => import('#shared/contract/users.phone'))

/** Regional-indicator flag of an ISO 3166-1 alpha-2 code ('ES' → 🇪🇸), as the profile's list has. */
const flagOf = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1a5 + ch.charCodeAt(0)))

/**
 * The countries of the select, named in the reader's language. The profile gets them from its
 * loader; this form appears only in the browser (after the person's data is read), so it
 * builds the same list here.
 */
function countryOptions(locale: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
  } catch {
    names = null
  }
  const collator = new Intl.Collator(locale)
  return getCountries()
    .map((code) => ({
      country_code: code,
      name: names?.of(code) ?? code,
      flag: flagOf(code),
      phone_code: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

interface Props {
  /** The person's country, to start the phone with its dialling code. */
  country: string | null
  disabled: boolean
  busy: boolean
  /** The phone is saved (the user as it is now): book next. */
  onSaved: (user: UserDto) => void
}

/**
 * SPEC §5: "A phone is required to create an appointment". Asked inline, right before booking:
 * saved with POST /v1/user/update, then the booking goes on by itself.
 */
export default function PhoneAsk({ country: initial, disabled, busy, onSaved }: Props) {
  const { t, boot } = usePage()
  const countries = useMemo(() => countryOptions(boot.locale), [boot.locale])
  const start = countries.find((c) => c.country_code === initial) ?? null
  const phoneState = usePhone(start?.country_code ?? '', start ? `${start.phone_code} ` : '')
  const { country, phone } = phoneState
  const form = useForm()
  const { busy: saving, alert } = form

  async function submit() {
    form.setAlert(null)
    const res = await form.send(
      () => call(updateProfile, { input: { country_code: country || undefined, phone: phone.trim() }, silent: true }),
      // A field's error says it under the field; anything else above the form.
      {
        onRefusal: (refused) =>
          form.setAlert(Object.keys(firstErrors(refused.errors)).length ? null : (refused.message ?? null)),
      },
    )
    if (res) onSaved(res.user as UserDto)
  }

  return (
    <form className="phone-ask" onSubmit={form.onSubmit(submit)} noValidate data-testid="phone-ask">
      <p className="appt-panel-title">{t('appointment_pages.phone_title')}</p>
      <p className="field-hint">{t('appointment_pages.phone_lead')}</p>
      <FormAlert message={alert} />
      <CountryPhone countries={countries} {...phoneState} form={form} />
      <button
        type="submit"
        className="button button-primary button-block book-submit"
        disabled={disabled || saving}
        data-testid="book"
      >
        {busy || saving ? t('appointment_pages.booking') : t('appointment_pages.save_and_book')}
      </button>
    </form>
  )
}
