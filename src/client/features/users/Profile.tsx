import { lazy, Suspense, useState } from 'react'
import type { ProfilePageData } from '#shared/contract/users'
import { formatDate } from '#client/components/dates.ts'
import { localizePath, type Locale } from '#shared/i18n/index'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { BusyButton, CurrentPasswordField, FormAlert, NameField, NewPasswordField } from '#client/components/Field.tsx'
import { CountryPhone, usePhone } from './CountryPhone'
import { untilTouched } from '#client/components/TouchPart.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import { storeUser } from '#client/stores/session.ts'
import '#client/components/forms.css'
import { Role } from '#shared/role'
import { formatDollars } from '#shared/money'
import { isStaff } from '#shared/pages'

const { updateProfile } = contract(() => import('#shared/contract/users.phone'))

// The parts below that the server paints (privacy, notification settings, ranking): one chunk.
const later = () => import('./ProfileParts')
// Only psychologists download their agenda (issue 9 §1).
const PsychologistAgenda = lazy(() => import('./PsychologistAgenda'))
// The units downloaded on this device (issue 23 §4): IndexedDB and the cache, only in the browser.
// These and the settings below hydrated at the first touch (decision 069), below the fold.
const ProfileDownloads = untilTouched(() => import('./ProfileDownloads').then((m) => m.default))
// The person's devices and sign-out everywhere (issue 41): the person's own list, fetched then.
const ProfileDevices = untilTouched(() => import('./ProfileDevices').then((m) => m.default))
// What the person shares with each psychologist, and who looked (issue 44 §1): their own lists,
// read at the first touch with its code (decision 072), as the devices are.
const WhatIShare = untilTouched(() => import('#client/features/shares/WhatIShare.tsx').then((m) => m.default))
// The data download and the account's deletion: painted by the server, hydrated at the first
// touch (decision 072); a press on either before its code is there is held and done then.
const ProfilePrivacy = untilTouched(() => later().then((m) => m.ProfilePrivacy))

// The notification settings (with quiet hours and the push switch) and the ranking switch: painted
// by the server, hydrated at the first touch (decision 072). Decision 069 had to keep them with the
// page: a time typed before the part's code came was lost (see NotificationSettings).
const NotificationSettings = untilTouched(() => later().then((m) => m.NotificationSettings))
const RankingSettings = untilTouched(() => later().then((m) => m.RankingSettings))

type Data = NonNullable<ProfilePageData>

/**
 * 'My Profile' (SPEC §2, §5): name, country, phone, language (with its warning; the page
 * reloads at the matching /en path), new password, notification settings, a download of
 * all the user's data, and account deletion behind 'Sure?'.
 */
export default function Profile({ data, boot }: PageProps<ProfilePageData>) {
  const { t } = usePage()
  // SPEC §8 on the profile: 'We could not find your information'.
  if (!data?.user)
    return (
      <p className="empty" role="alert">
        {t('errors.info_not_found')}
      </p>
    )
  return <ProfileForms data={data} boot={boot} />
}

function ProfileForms({ data, boot }: { data: Data; boot: PageProps<ProfilePageData>['boot'] }) {
  const { t, href, locale } = usePage()
  const hydrated = useHydrated()
  const [user, setUser] = useState(data.user)
  const [name, setName] = useState(user.name ?? '')
  const phoneState = usePhone(user.country_code ?? '', user.phone ?? '')
  const { country, phone } = phoneState
  const [language, setLanguage] = useState<Locale>(user.language)
  const [password, setPassword] = useState('')
  const [current, setCurrent] = useState('')
  const form = useForm()
  const { busy, errors, alert } = form
  const needsCurrent = user.has_password && !data.recovery
  const dialCode = data.countries.find((c) => c.country_code === country)?.phone_code

  async function save() {
    form.setAlert(null)
    const p = phone.trim()
    const phoneToSend = p && p !== dialCode ? p : ''
    // The same schema as the server's: a wrong phone is refused here, in the same words.
    const res = await form.send(
      () =>
        call(updateProfile, {
          input: {
            name: name.trim(),
            country_code: country,
            phone: phoneToSend,
            language,
            password,
            ...(password && needsCurrent ? { current_password: current } : {}),
          },
          // A new password ends this session and answers with a new one (api.ts exchange).
          replacesSession: !!password,
        }),
      { alert: 'fields' },
    )
    if (!res) return
    setPassword('')
    setCurrent('')
    setUser(res.user)
    storeUser(res.user)
    if (language !== data.user.language && language !== boot.locale) {
      // SPEC §4: reload at the matching path, adding or removing /en.
      window.location.assign(localizePath(boot.path, language) + boot.search)
    }
  }

  return (
    <div className="profile">
      <header className="profile-head">
        <div className="avatar" aria-hidden="true">
          {(user.name ?? user.email ?? '?').slice(0, 1).toUpperCase()}
        </div>
        <div>
          <h1>{t('accounts.profile.title')}</h1>
          <p className="profile-email">{user.email}</p>
          {/* Credits and free access are a patient's (issue 42 §8): staff do not book or pay for sessions. */}
          {!isStaff(user.role) && (
            <p className="profile-chips" data-testid="profile-chips">
              {user.subscriber && <span className="chip">{t('accounts.profile.subscriber')}</span>}
              <span className="chip">
                {t('accounts.profile.credits')}: {formatDollars(user.credits, locale)}
              </span>
              {!user.subscriber && user.free_access_until && (
                <span className="chip">
                  {t('accounts.profile.free_until', {
                    date: formatDate(user.free_access_until, boot, { day: 'numeric', month: 'long' }),
                  })}
                </span>
              )}
            </p>
          )}
        </div>
      </header>

      <section className="profile-card" aria-labelledby="profile-personal">
        <h2 id="profile-personal">{t('accounts.profile.personal')}</h2>
        {data.recovery && (
          <p className="form-alert form-alert-info" role="status">
            {t('accounts.profile.password_recovery_note')}
          </p>
        )}
        <form className="auth-form" onSubmit={form.onSubmit(save)} noValidate data-testid="profile-form">
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
      </section>

      {hydrated && boot.user?.role === Role.psychologist && (
        <Suspense fallback={null}>
          <PsychologistAgenda user={user} />
        </Suspense>
      )}

      {hydrated && <WhatIShare />}

      <NotificationSettings user={user} onSaved={setUser} />
      {hydrated && (
        <Suspense fallback={null}>
          <ProfileDevices />
        </Suspense>
      )}
      <RankingSettings />

      {hydrated && boot.user && typeof indexedDB !== 'undefined' && (
        <Suspense fallback={null}>
          <ProfileDownloads user={boot.user.id} />
        </Suspense>
      )}

      <ProfilePrivacy />
      <p className="profile-foot">
        <a href={href('logout')} data-action="logout">
          {t('frame.logout')}
        </a>
      </p>
    </div>
  )
}
