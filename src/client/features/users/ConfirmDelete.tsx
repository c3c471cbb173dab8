import { useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { clearOnLogout } from '#client/app/logout.ts'
import { useCaptcha } from '#client/components/Turnstile.tsx'
import { useForm } from '#client/components/forms.tsx'
import { $user } from '#client/stores/session.ts'
import { forgetDevicePlan } from '#client/stores/safety-plan.ts'
import { notify } from '#client/stores/toasts.ts'

const { deleteUser } = contract(() => import('#shared/contract/users'))

// Its own chunk (decision 069): the captcha's code comes when the person asks to delete, not with
// the profile.
/** 'Sure?' (SPEC §5: destructive actions ask first), with the captcha DELETE /v1/user needs. */
export default function ConfirmDelete({ onCancel }: { onCancel: () => void }) {
  const { t, href } = usePage()
  const captcha = useCaptcha()
  const { busy, send } = useForm()
  const [done, setDone] = useState<string | null>(null)
  async function confirm() {
    const token = captcha.token
    if (!token) return
    const res = await send(() => call(deleteUser, { captcha: token, silent: true, endsSession: true }), {
      onRefusal: (refused) => refused.message && notify(refused.message, 'danger'),
    })
    captcha.reset()
    if (!res) return
    // Signed out from here on, as the menu's logout does (Frame.tsx): the bell's socket, closed by
    // the server as the session ends, must not ask for the unread list, whose 401 would send the
    // person to sign in instead of reading this confirmation and going home.
    $user.set(null)
    void clearOnLogout()
    // Their safety plan goes with the account, this device's copy too (issue 44 §5).
    forgetDevicePlan()
    void import('#client/pwa/push.ts').then((m) => m.unsubscribeHere()).catch(() => {})
    setDone(res.message ?? t('accounts.messages.deleted'))
    window.setTimeout(() => window.location.assign(href('home')), 2000)
  }
  if (done)
    return (
      <p className="form-alert form-alert-success" role="status" data-testid="account-deleted">
        {done}
      </p>
    )
  return (
    <div className="confirm" role="alertdialog" aria-labelledby="confirm-delete-title" data-testid="confirm-delete">
      <p id="confirm-delete-title" className="confirm-title">
        {t('accounts.profile.sure')}
      </p>
      {captcha.widget}
      <div className="auth-actions">
        <button
          className="button button-danger"
          type="button"
          onClick={confirm}
          disabled={busy || !captcha.token}
          data-testid="confirm-delete-yes"
        >
          {busy ? t('accounts.form.sending') : t('accounts.profile.sure_yes')}
        </button>
        <button className="button" type="button" onClick={onCancel} disabled={busy}>
          {t('accounts.profile.cancel')}
        </button>
      </div>
    </div>
  )
}
