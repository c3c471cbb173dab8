import { useEffect, useState } from 'react'
import type { ListedDevice } from '#shared/contract/push'
import { READS } from '#shared/contract/reads.wire'
import { call, contract, read } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { clearOnLogout } from '#client/app/logout.ts'
import { formatDate } from '#client/components/dates.ts'
import { useForm } from '#client/components/forms.tsx'
import { $user } from '#client/stores/session.ts'
import { notify } from '#client/stores/toasts.ts'

const { deletePushDevice } = contract(() => import('#shared/contract/push'))
const { logoutEverywhere } = contract(() => import('#shared/contract/users'))

/**
 * "Your devices" (issue 41; docs/decisions/060): the browsers that get the person's reminders,
 * each by name ("Chrome on Android"), when it was added and its last reminder, with a button to
 * remove it; and "Sign out everywhere", which ends every session and removes every device. Its
 * own chunk, loaded after hydration (the list is the person's, fetched by the page).
 */
export default function ProfileDevices() {
  const { t, boot } = usePage()
  const [devices, setDevices] = useState<ListedDevice[] | null>(null)
  const [here, setHere] = useState<string | null>(null)
  const [busy, setBusy] = useState<number | null>(null)

  useEffect(() => {
    void read(READS.pushDevices, { silent: true }).then((res) => setDevices(res.success ? res.devices : []))
    // "This device": the browser's own subscription, when it has one (never asks for permission).
    void import('#client/pwa/push.ts')
      .then((m) => m.currentSubscription())
      .then((sub) => setHere(sub?.endpoint ?? null))
      .catch(() => {})
  }, [])

  const nameOf = (d: ListedDevice) =>
    t('push.devices.label', {
      browser: d.browser ?? t('push.devices.unknown_browser'),
      system: d.system ?? t('push.devices.unknown_system'),
    })
  const day = (iso: string) => formatDate(iso, boot, { day: 'numeric', month: 'long', year: 'numeric' })

  async function remove(d: ListedDevice) {
    setBusy(d.id)
    try {
      // This browser: it forgets its subscription too, or opening the profile would save it again.
      if (d.endpoint === here) {
        const m = await import('#client/pwa/push.ts')
        if (await m.turnOff()) setHere(null)
        else return
      } else {
        const res = await call(deletePushDevice, { input: { id: d.id } })
        if (!res.success && res.status !== 404) return
      }
      setDevices((list) => (list ?? []).filter((x) => x.id !== d.id))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="profile-card" aria-labelledby="profile-devices" data-testid="profile-devices">
      <h2 id="profile-devices">{t('push.devices.title')}</h2>
      <p className="field-hint">{t('push.devices.hint')}</p>
      {devices === null ? null : devices.length === 0 ? (
        <p className="empty" data-testid="profile-devices-empty">
          {t('push.devices.empty')}
        </p>
      ) : (
        <ul className="device-list" aria-labelledby="profile-devices">
          {devices.map((d) => {
            const name = nameOf(d)
            return (
              <li key={d.id} className="profile-row" data-testid="profile-device">
                <div>
                  <strong>{name}</strong>
                  {d.endpoint === here && <span className="chip">{t('push.devices.this_device')}</span>}
                  <p className="field-hint">
                    {t('push.devices.saved', { date: day(d.created_at) })} ·{' '}
                    {d.last_used_at
                      ? t('push.devices.last_used', { date: day(d.last_used_at) })
                      : t('push.devices.never_used')}
                  </p>
                </div>
                <button
                  className="button"
                  type="button"
                  onClick={() => void remove(d)}
                  disabled={busy !== null}
                  aria-label={t('push.devices.remove_named', { name })}
                >
                  {t('push.devices.remove')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <SignOutEverywhere />
    </section>
  )
}

/** Sign-out everywhere (POST /v1/user/logout/all), behind 'Sure?' (SPEC §5: destructive actions ask first). */
function SignOutEverywhere() {
  const { t, href } = usePage()
  const [asking, setAsking] = useState(false)
  const { busy, send } = useForm()
  async function confirm() {
    const res = await send(() => call(logoutEverywhere, { silent: true, endsSession: true }), {
      onRefusal: (refused) => refused.message && notify(refused.message, 'danger'),
    })
    if (!res) return
    // Signed out here as well: the same clean-up as the menu's logout (Frame.tsx), and this
    // browser forgets its subscription (the server already removed every device).
    $user.set(null)
    await clearOnLogout()
    await import('#client/pwa/push.ts').then((m) => m.unsubscribeHere()).catch(() => {})
    if (res.message) notify(res.message, 'success')
    window.location.assign(href('home'))
  }
  return (
    <div className="profile-danger">
      <div className="profile-row">
        <div>
          <strong>{t('push.devices.everywhere')}</strong>
          <p className="field-hint">{t('push.devices.everywhere_hint')}</p>
        </div>
        {!asking && (
          <button className="button" type="button" onClick={() => setAsking(true)} data-testid="logout-everywhere">
            {t('push.devices.everywhere')}
          </button>
        )}
      </div>
      {asking && (
        <div className="confirm" role="alertdialog" aria-labelledby="confirm-everywhere-title">
          <p id="confirm-everywhere-title" className="confirm-title">
            {t('push.devices.everywhere_sure')}
          </p>
          <div className="auth-actions">
            <button
              className="button button-danger"
              type="button"
              onClick={() => void confirm()}
              disabled={busy}
              data-testid="logout-everywhere-yes"
            >
              {busy ? t('accounts.form.sending') : t('push.devices.everywhere_yes')}
            </button>
            <button className="button" type="button" onClick={() => setAsking(false)} disabled={busy}>
              {t('accounts.profile.cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
