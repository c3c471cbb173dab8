import { useEffect, useRef, useState, type MutableRefObject } from 'react'
import type { CallInput } from '#shared/contract/call'
import { call, contract, type Def } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { BusyButton, Check, CurrentPasswordField, EmailField, FormAlert } from '#client/components/Field.tsx'
import { ProviderButtons } from './ProviderButtons'
import { useCaptcha, type Captcha } from '#client/components/Turnstile.tsx'
import { useForm } from '#client/components/forms.tsx'
import { safeRedirect } from '#shared/redirect'
import { landingPage } from '#shared/pages'
import { readLocal, storeUser, type StoredUser } from '#client/stores/session.ts'
import '#client/components/forms.css'

const { authenticate } = contract(() => import('#shared/contract/users'))

/**
 * Sign in (SPEC §2 /login): email and password, Google or Apple, 'keep me connected', the
 * recover link. Afterwards: the `redirect` or `redirect_to` query parameter (same site only),
 * else /journey. `user_id` + `authorization` (a one-time link from mail) sign in by themselves.
 */
export default function Login({ boot }: PageProps) {
  const { t, href } = usePage()
  const q = boot.query
  // Asked for: that page; else the person's landing, known once signed in (staff: their work).
  const asked = safeRedirect(q.redirect ?? q.redirect_to, '')
  const hasLink = !!(q.user_id && q.authorization)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const form = useForm({
    busy: hasLink,
    alert:
      q.error !== 'provider'
        ? null
        : q.reason === 'email_taken'
          ? t('accounts.errors.provider_email_taken')
          : t('accounts.errors.provider_failed', { provider: q.provider === 'apple' ? 'Apple' : 'Google' }),
  })
  const { busy, errors, alert } = form
  const [info, setInfo] = useState<string | null>(null)
  const linkTried = useRef(false)
  // After many failed sign-ins the server asks for a captcha (issue 14, code captcha_required):
  // only then is the widget shown, and every later attempt carries a fresh token.
  const [needsCaptcha, setNeedsCaptcha] = useState(false)
  const captcha = useRef<Captcha | null>(null)

  useEffect(() => {
    if (readLocal<StoredUser>('user')?.expired) setInfo(t('accounts.login.session_expired'))
  }, [t])

  useEffect(() => {
    if (!hasLink || linkTried.current) return
    linkTried.current = true
    void signIn({ user_id: q.user_id, authorization: q.authorization })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  async function signIn(input: CallInput<Def<typeof authenticate>>) {
    const token = captcha.current?.token ?? undefined
    if (needsCaptcha && !token) {
      form.setAlert(t('accounts.errors.captcha_missing'))
      return
    }
    form.setAlert(null)
    const res = await form.send(() => call(authenticate, { input, silent: true, captcha: token }), {
      alert: true,
      keepBusy: true,
      onRefusal: (refused) => refused.code === 'captcha_required' && setNeedsCaptcha(true),
    })
    captcha.current?.reset()
    if (!res) return
    storeUser(res.user)
    window.location.assign(asked || href(landingPage(res.user.role)))
  }

  function submit() {
    form.setErrors({})
    return signIn({ email, password, remember })
  }

  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{t('accounts.login.title')}</h1>
        <p className="auth-lead">{t('accounts.login.lead')}</p>
        {hasLink && busy ? (
          <p className="form-alert form-alert-info" role="status">
            {t('accounts.login.link_signing_in')}
          </p>
        ) : (
          <>
            <FormAlert message={info} level="info" />
            <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate data-testid="login-form">
              <FormAlert message={alert} />
              <EmailField value={email} onValue={setEmail} error={errors.email} required />
              <CurrentPasswordField
                label={t('accounts.form.password')}
                name="password"
                value={password}
                onValue={setPassword}
                error={errors.password}
                required
              />
              <div className="auth-row">
                <Check name="remember" checked={remember} onChecked={setRemember}>
                  {t('accounts.login.remember')}
                </Check>
                <a href={href('recover')} data-testid="recover-link">
                  {t('accounts.login.forgot')}
                </a>
              </div>
              {needsCaptcha && <CaptchaSlot into={captcha} />}
              <BusyButton busy={busy} sending={t('accounts.form.sending')} testId="login-submit">
                {t('accounts.login.submit')}
              </BusyButton>
            </form>
            <ProviderButtons redirect={asked || undefined} afterForm />
            <p className="auth-switch">
              {t('accounts.login.no_account')} <a href={href('register')}>{t('accounts.login.join')}</a>
            </p>
          </>
        )}
      </div>
    </section>
  )
}

/** Mounts the captcha only once the server asked for it, and hands it to the form. */
function CaptchaSlot({ into }: { into: MutableRefObject<Captcha | null> }) {
  const captcha = useCaptcha()
  into.current = captcha
  return captcha.widget
}
