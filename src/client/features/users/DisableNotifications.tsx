import { useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { BusyButton, FormAlert } from '#client/components/Field.tsx'
import { useForm } from '#client/components/forms.tsx'
import '#client/components/forms.css'
import { LineIcon } from '#client/components/LineIcon.tsx'

const { disableNotifications } = contract(() => import('#shared/contract/users'))

/**
 * SPEC §2: a button 'Stop receiving notifications' for a given user id. The id comes with the
 * signature of the mail link (so nobody can turn off someone else's notifications); a
 * signed-in user without a link turns off their own.
 */
export default function DisableNotifications({ boot }: PageProps) {
  const { t, href } = usePage()
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
          <LineIcon size={28} weight={1.8}>
            <path d="M18 8a6 6 0 0 0-9.3-5" />
            <path d="M6.3 6.3A6 6 0 0 0 6 8c0 7-3 9-3 9h14" />
            <path d="M18 13.5V8" />
            <path d="M13.7 21a2 2 0 0 1-3.4 0" />
            <path d="M3 3l18 18" />
          </LineIcon>
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
            <BusyButton busy={busy} sending={t('accounts.form.sending')} testId="disable-notifications" onClick={stop}>
              {t('accounts.disable.button')}
            </BusyButton>
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
