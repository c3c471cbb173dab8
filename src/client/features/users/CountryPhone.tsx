import { useId, useState } from 'react'
import type { CountryOption } from '#shared/contract/users'
import { useT } from '#client/app/context.tsx'
import '#client/components/forms.css'

interface Props {
  countries: CountryOption[]
  country: string
  phone: string
  onCountry: (code: string) => void
  onPhone: (phone: string) => void
  countryError?: string
  phoneError?: string
  /** The form these fields belong to: its errors show here, and a new phone clears the phone's. */
  form?: { errors: Record<string, string | undefined>; clearError: (field: string) => void }
}

/** A form's country and phone, held together, in the props CountryPhone takes to show and change them. */
export function usePhone(country: string, phone: string) {
  const [c, onCountry] = useState(country)
  const [p, onPhone] = useState(phone)
  return { country: c, phone: p, onCountry, onPhone }
}

/**
 * Country select (~245 countries with dialling codes, from libphonenumber-js and
 * Intl.DisplayNames, built on the server; the chosen one's flag drawn in the field) and the phone.
 * The options carry no flag: a flag is two regional-indicator letters drawn by the colour emoji
 * font, and the browser shapes every option's text each time it lays the list out (the parser
 * lays it out again as the options stream in): ~250 flags made /profile's layout 0.6–2.1 s at a
 * phone's speed against 0.12 s without them (chromium trace, 4x CPU; issue 43 §1). SPEC §5: when the country changes and
 * the phone is empty (or only holds the old dialling code), the phone gets the new country's code.
 */
export function CountryPhone({ countries, country, phone, onCountry, form, ...props }: Props) {
  const t = useT()
  const id = useId()
  const countryError = props.countryError ?? form?.errors.country_code
  const phoneError = props.phoneError ?? form?.errors.phone
  const onPhone = (v: string) => {
    props.onPhone(v)
    form?.clearError('phone')
  }
  const chosen = countries.find((c) => c.country_code === country)
  const change = (code: string) => {
    const prevCode = countries.find((c) => c.country_code === country)?.phone_code
    const next = countries.find((c) => c.country_code === code)
    onCountry(code)
    const trimmed = phone.trim()
    if (next && (!trimmed || trimmed === prevCode)) onPhone(`${next.phone_code} `)
  }
  return (
    <>
      <div className={`field${countryError ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-country`}>{t('accounts.form.country')}</label>
        <div className={chosen ? 'country-select country-select-flagged' : 'country-select'}>
          {chosen && (
            <span className="country-flag" aria-hidden="true" data-testid="country-flag">
              {chosen.flag}
            </span>
          )}
          <select
            id={`${id}-country`}
            name="country_code"
            value={country}
            onChange={(e) => change(e.target.value)}
            aria-invalid={countryError ? true : undefined}
            data-testid="country-select"
          >
            <option value="">{t('accounts.form.choose_country')}</option>
            {countries.map((c) => (
              // One string, not `{name} ({code})`: React's server render separates adjacent text
              // children with `<!-- -->`, 3 comments and 4 text nodes an option, ~1,700 nodes the
              // parser built after /profile's first paint (decision 088).
              <option key={c.country_code} value={c.country_code}>
                {`${c.name} (${c.phone_code})`}
              </option>
            ))}
          </select>
        </div>
        {countryError && (
          <p className="field-error" data-testid="error-country_code">
            {countryError}
          </p>
        )}
      </div>
      <div className={`field${phoneError ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-phone`}>{t('accounts.form.phone')}</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={32}
          value={phone}
          onChange={(e) => onPhone(e.target.value)}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={`${id}-phone-hint${phoneError ? ` ${id}-phone-error` : ''}`}
        />
        <p id={`${id}-phone-hint`} className="field-hint">
          {t('accounts.form.phone_hint')}
        </p>
        {phoneError && (
          <p id={`${id}-phone-error`} className="field-error" data-testid="error-phone">
            {phoneError}
          </p>
        )}
      </div>
    </>
  )
}
