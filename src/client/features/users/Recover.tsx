import { useState, type FormEvent } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { Field, FormAlert } from '#client/components/Field.tsx'
import { useCaptcha } from '#client/components/Turnstile.tsx'
import { useHydrated, showFailure } from '#client/components/forms.tsx'
import '#client/components/forms.css'

const { recoverPassword } = contract(() => import('#shared/contract/users'))

/**
 * Recover password (SPEC §2). The mail carries a one-time link to /login with `user_id` and
 * `authorization`; the answer is the same whether or not the email has an account.
 */
export default function Recover(_: PageProps) {
  const { t, href } = usePage()
  const hydrated = useHydrated()
  const captcha = useCaptcha()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    if (!captcha.token) {
      setAlert(t('accounts.errors.captcha_missing'))
      return
    }
    setBusy(true)
    const res = await call(recoverPassword, { input: { email }, captcha: captcha.token, silent: true })
    captcha.reset()
    setBusy(false)
    if (!res.success) {
      showFailure(res, setErrors, setAlert)
      return
    }
    setErrors({})
    setSent(res.message ?? t('accounts.messages.recover_sent'))
  }

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{t('accounts.recover.title')}</h1>
        {sent ? (
          <div className="auth-done" role="status" data-testid="recover-sent">
            <div className="auth-done-icon" aria-hidden="true">
              ✉
            </div>
            <h2>{t('accounts.recover.sent_title')}</h2>
            <p>{sent}</p>
          </div>
        ) : (
          <>
            <p className="auth-lead">{t('accounts.recover.lead')}</p>
            <form className="auth-form" onSubmit={submit} noValidate data-testid="recover-form">
              <FormAlert message={alert} />
              <Field
                label={t('accounts.form.email')}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                value={email}
                onValue={setEmail}
                error={errors.email}
                required
              />
              {captcha.widget}
              <button
                className="button button-primary button-block"
                type="submit"
                disabled={!hydrated || busy}
                data-testid="recover-submit"
              >
                {busy ? t('accounts.form.sending') : t('accounts.recover.submit')}
              </button>
            </form>
          </>
        )}
        <p className="auth-switch">
          <a href={href('login')}>{t('accounts.recover.back')}</a>
        </p>
      </div>
    </section>
  )
}
