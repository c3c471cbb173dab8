import { useEffect, useRef, useState } from 'react'
import type { ProfilePageData, UserDto } from '#shared/contract/users'
import { localizePath, type Locale } from '#shared/i18n/index'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { BusyButton, CurrentPasswordField, FormAlert, NameField, NewPasswordField } from '#client/components/Field.tsx'
import { CountryPhone, usePhone } from './CountryPhone'
import { useForm } from '#client/components/forms.tsx'
import { storeUser } from '#client/stores/session.ts'

const { updateProfile } = contract(() => import('#shared/contract/users.phone'))

type Data = NonNullable<ProfilePageData>

/**
 * The profile's personal form (SPEC §2, §5): name, country, phone, language (with its warning; the
 * page reloads at the matching /en path), new password. A first-touch part (Profile.tsx, decision
 * 076): painted by the server, its code comes at the person's first touch. What they typed before
 * it came is in the inputs but not in React's state (hydration leaves an input's value as the
 * person left it), so:
 * - the save reads the form's own values (FormData), never the state: what is on screen is sent;
 * - once hydrated, the inputs' values become the state, so the next render (the busy button, an
 *   error) does not set the server's values back into the fields.
 */
export default function ProfilePersonal({
  data,
  boot,
  user,
  onSaved,
}: {
  data: Data
  boot: PageProps<ProfilePageData>['boot']
  user: UserDto
  onSaved: (u: UserDto) => void
}) {
  const { t } = usePage()
  const [name, setName] = useState(user.name ?? '')
  const phoneState = usePhone(user.country_code ?? '', user.phone ?? '')
  const { onCountry, onPhone } = phoneState
  const [language, setLanguage] = useState<Locale>(user.language)
  const [password, setPassword] = useState('')
  const [current, setCurrent] = useState('')
  const form = useForm()
  const { busy, errors, alert } = form
  const needsCurrent = user.has_password && !data.recovery
  const box = useRef<HTMLFormElement>(null)

  useEffect(() => {
    const f = box.current
    if (!f) return
    const typed = fieldsOf(f)
    setName(typed.name)
    onCountry(typed.country_code)
    // SPEC §5 for a country chosen before the code came: an empty phone (or one holding only the
    // old country's code) gets the new country's dialling code, as CountryPhone does on a change.
    const dial = (code: string) => data.countries.find((c) => c.country_code === code)?.phone_code
    const next = typed.country_code !== (user.country_code ?? '') ? dial(typed.country_code) : undefined
    const p = typed.phone.trim()
    onPhone(next && (!p || p === dial(user.country_code ?? '')) ? `${next} ` : typed.phone)
    if (typed.language === 'es' || typed.language === 'en') setLanguage(typed.language)
    setPassword(typed.password)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the part hydrates
  }, [])

  async function save() {
    const f = box.current
    if (!f) return
    form.setAlert(null)
    const typed = fieldsOf(f)
    const lang: Locale = typed.language === 'en' ? 'en' : 'es'
    const dialCode = data.countries.find((c) => c.country_code === typed.country_code)?.phone_code
    const p = typed.phone.trim()
    const phoneToSend = p && p !== dialCode ? p : ''
    // The same schema as the server's: a wrong phone is refused here, in the same words.
    const res = await form.send(
      () =>
        call(updateProfile, {
          input: {
            name: typed.name.trim(),
            country_code: typed.country_code,
            phone: phoneToSend,
            language: lang,
            password: typed.password,
            ...(typed.password && needsCurrent ? { current_password: typed.current_password } : {}),
          },
          // A new password ends this session and answers with a new one (api.ts exchange).
          replacesSession: !!typed.password,
        }),
      { alert: 'fields' },
    )
    if (!res) return
    setPassword('')
    setCurrent('')
    onSaved(res.user)
    storeUser(res.user)
    if (lang !== data.user.language && lang !== boot.locale) {
      // SPEC §4: reload at the matching path, adding or removing /en.
      window.location.assign(localizePath(boot.path, lang) + boot.search)
    }
  }

  return (
    <form className="auth-form" ref={box} onSubmit={form.onSubmit(save)} noValidate data-testid="profile-form">
      <FormAlert message={alert} />
      <NameField value={name} onValue={setName} error={errors.name} />
      <CountryPhone countries={data.countries} {...phoneState} form={form} />
      <div className="field">
        <label htmlFor="profile-language">{t('accounts.form.language')}</label>
        <select
          id="profile-language"
          name="language"
          value={language}
          onChange={(e) => setLanguage(e.target.value as Locale)}
          data-testid="language-select"
        >
          <option value="es">Español</option>
          <option value="en">English</option>
        </select>
        <p
          className={`field-hint${language !== data.user.language ? ' field-warning' : ''}`}
          data-testid="language-warning"
        >
          {t('accounts.profile.language_warning')}
        </p>
      </div>
      <fieldset className="profile-password">
        <legend>{t('accounts.profile.password_section')}</legend>
        <NewPasswordField
          label={t('accounts.form.new_password')}
          value={password}
          onValue={setPassword}
          error={errors.password}
          hint={t('accounts.form.password_hint')}
        />
        {needsCurrent && password && (
          <CurrentPasswordField
            label={t('accounts.form.current_password')}
            name="current_password"
            value={current}
            onValue={setCurrent}
            error={errors.current_password}
          />
        )}
      </fieldset>
      <BusyButton busy={busy} sending={t('accounts.form.sending')} testId="profile-save">
        {t('accounts.profile.save')}
      </BusyButton>
    </form>
  )
}

/** The form's values as the person left them (typed before or after the code came). */
function fieldsOf(form: HTMLFormElement) {
  const f = new FormData(form)
  const text = (k: string) => {
    const v = f.get(k)
    return typeof v === 'string' ? v : ''
  }
  return {
    name: text('name'),
    country_code: text('country_code'),
    phone: text('phone'),
    language: text('language'),
    password: text('password'),
    current_password: text('current_password'),
  }
}
