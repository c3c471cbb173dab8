import { useState } from 'react'
import { call, contract } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { BusyButton, EmailField, FormAlert } from '#client/components/Field.tsx'
import { captchaToken, useCaptcha } from '#client/components/Turnstile.tsx'
import { useForm } from '#client/components/forms.tsx'
import '#client/components/forms.css'

const { recoverPassword } = contract(() => import('#shared/contract/users'))

/**
 * Recover password (SPEC §2). The mail carries a one-time link to /login with `user_id` and
 * `authorization`; the answer is the same whether or not the email has an account.
 */
export default function Recover(_: PageProps) {
  const { t, href } = usePage()
  const captcha = useCaptcha()
  const [email, setEmail] = useState('')
  const form = useForm()
  const { busy, errors, alert } = form
  const [sent, setSent] = useState<string | null>(null)

  async function submit() {
    const token = captchaToken(captcha, form, t)
    if (!token) return
    const res = await form.send(() => call(recoverPassword, { input: { email }, captcha: token, silent: true }), {
      alert: true,
    })
    captcha.reset()
    if (res) setSent(res.message ?? t('accounts.messages.recover_sent'))
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
            <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate data-testid="recover-form">
              <FormAlert message={alert} />
              <EmailField value={email} onValue={setEmail} error={errors.email} required />
              {captcha.widget}
              <BusyButton busy={busy} sending={t('accounts.form.sending')} testId="recover-submit">
                {t('accounts.recover.submit')}
              </BusyButton>
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
