import { useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { FormAlert } from '#client/components/Field.tsx'
import { useForm, useHydrated } from '#client/components/forms.tsx'
import '#client/components/forms.css'

const { disableNotifications } = contract(() => import('#shared/contract/users'))

/**
 * SPEC §2: a button 'Stop receiving notifications' for a given user id. The id comes with the
 * signature of the mail link (so nobody can turn off someone else's notifications); a
 * signed-in user without a link turns off their own.
 */
export default function DisableNotifications({ boot }: PageProps) {
  const { t, href } = usePage()
  const hydrated = useHydrated()
  const { user_id, signature } = boot.query
  const canAct = !!(user_id && signature) || !!boot.user
  const form = useForm()
  const { busy, alert } = form
  const [done, setDone] = useState(false)

  async function stop() {
    form.setAlert(null)
    const res = await form.send(
      () => call(disableNotifications, { input: user_id && signature ? { user_id, signature } : {}, silent: true }),
      { alert: true },
    )
    if (res) setDone(true)
  }

  return (
    <section className="auth-page">
      <div className="auth-card auth-center">
        <div className="auth-done-icon auth-done-icon-soft" aria-hidden="true">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M18 8a6 6 0 0 0-9.3-5" />
            <path d="M6.3 6.3A6 6 0 0 0 6 8c0 7-3 9-3 9h14" />
            <path d="M18 13.5V8" />
            <path d="M13.7 21a2 2 0 0 1-3.4 0" />
            <path d="M3 3l18 18" />
          </svg>
        </div>
        <h1>{t('accounts.disable.title')}</h1>
        {done ? (
          <p className="form-alert form-alert-success" role="status" data-testid="notifications-disabled">
            {t('accounts.disable.done')}
          </p>
        ) : canAct ? (
          <>
            <p className="auth-lead">{t('accounts.disable.lead')}</p>
            <FormAlert message={alert} />
            <button
              className="button button-primary button-block"
              type="button"
              onClick={stop}
              disabled={!hydrated || busy}
              data-testid="disable-notifications"
            >
              {busy ? t('accounts.form.sending') : t('accounts.disable.button')}
            </button>
          </>
        ) : (
          <>
            <p className="auth-lead">{t('accounts.disable.invalid')}</p>
            <a className="button button-primary" href={href('login', { query: { redirect: href('profile') } })}>
              {t('frame.sign_in')}
            </a>
          </>
        )}
      </div>
    </section>
  )
}
