import { lazy, Suspense, useState } from 'react'
import type { ProfilePageData } from '#shared/contract/users'
import { formatDate } from '#client/components/dates.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { untilTouched } from '#client/components/TouchPart.tsx'
import { useHydrated } from '#client/components/forms.tsx'
import '#client/components/forms.css'
import { Role } from '#shared/role'
import { formatDollars } from '#shared/money'
import { isStaff } from '#shared/pages'

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
// The personal form (name, phone, language, password): painted by the server, its code at the first
// touch (decision 076); its save reads the form itself, so what was typed before the code came is sent.
const ProfilePersonal = untilTouched(() => import('./ProfilePersonal').then((m) => m.default))

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
        <ProfilePersonal data={data} boot={boot} user={user} onSaved={setUser} />
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
