import { useEffect, useState, type ReactNode } from 'react'
import type { PlanCategory } from '#shared/enums'
import { DELAYS_MS } from '#shared/limits'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { storeUser } from '#client/stores/session.ts'
import { useCaptcha } from '#client/components/Turnstile.tsx'
import { BusyButton, Check, EmailField, FormAlert, NameField, NewPasswordField } from '#client/components/Field.tsx'
import { stripTags, useForm, withLinks } from '#client/components/forms.tsx'
import '#client/components/forms.css'

const { register } = contract(() => import('#shared/contract/users.phone'))

export interface RegisterFormProps {
  /** Ask for a name (the insomnia landing does not). */
  withName?: boolean
  /** Ask for a password (the landing forms do not: they sign in by the mailed link). */
  withPassword?: boolean
  /** Consent sentence; <terms>…</terms> and <privacy>…</privacy> become links. */
  consentText?: string
  consentVersion?: string
  consentKind?: 'registration' | 'landing_kit'
  submitLabel?: string
  /** Where to go 3 s after success (SPEC §2), a localized path. */
  redirectTo: string
  /** Shown under the button (e.g. 'the kit arrives in under 5 minutes'). */
  note?: ReactNode
  /** Called once registered (the page may hide what surrounds the form). */
  onDone?: () => void
  /** A landing's plan category (its plan is assigned and its kit mailed, issue 7 §4, issue 8 §2). */
  category?: PlanCategory
}

export const REGISTER_CONSENT_VERSION = 'register-2026-01'

/**
 * The register form (SPEC §2, §5): legal age required, captcha, the consent text and its
 * version recorded. On success: 'Welcome to the product!', then `redirectTo` after 3 seconds.
 * The landing pages reuse it without a password (and without a name).
 */
export function RegisterForm({
  withName = true,
  withPassword = true,
  consentText,
  consentVersion = REGISTER_CONSENT_VERSION,
  consentKind = 'registration',
  submitLabel,
  redirectTo,
  note,
  onDone,
  category,
}: RegisterFormProps) {
  const { t, href, locale } = usePage()
  const captcha = useCaptcha()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [legalAge, setLegalAge] = useState(false)
  const form = useForm()
  const { busy, errors, alert } = form
  const [done, setDone] = useState(false)
  const consent = consentText ?? t('accounts.register.legal_age')

  useEffect(() => {
    if (!done) return
    const id = window.setTimeout(() => window.location.assign(redirectTo), DELAYS_MS.redirectAfterRegister)
    return () => window.clearTimeout(id)
  }, [done, redirectTo])

  async function submit() {
    form.setAlert(null)
    if (!captcha.token) {
      form.setErrors({ _captcha: t('accounts.errors.captcha_missing') })
      return
    }
    const token = captcha.token
    // Parsed with the server's own schema first: legal age, email and password are refused
    // here with the same field errors, before anything is sent.
    const res = await form.send(
      () =>
        call(register, {
          silent: true,
          captcha: token,
          input: {
            ...(withName ? { name } : {}),
            email,
            ...(withPassword ? { password } : {}),
            legal_age: legalAge,
            consent_text: stripTags(consent),
            consent_version: consentVersion,
            consent_kind: consentKind,
            ...(category ? { category } : {}),
            language: locale,
            timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
        }),
      { alert: true },
    )
    captcha.reset()
    if (!res) return
    storeUser(res.user)
    setDone(true)
    onDone?.()
  }

  if (done) {
    return (
      <div className="auth-done" role="status" data-testid="register-welcome">
        <div className="auth-done-icon" aria-hidden="true">
          ✓
        </div>
        <h2>{t('accounts.messages.welcome')}</h2>
        <p>{t('accounts.messages.welcome_wait')}</p>
        <div className="progress-bar" aria-hidden="true">
          <span />
        </div>
      </div>
    )
  }

  return (
    <form className="auth-form" onSubmit={form.onSubmit(submit)} noValidate data-testid="register-form">
      <FormAlert message={alert} />
      {withName && <NameField value={name} onValue={setName} error={errors.name} required />}
      <EmailField value={email} onValue={setEmail} error={errors.email} required />
      {withPassword && (
        <NewPasswordField
          label={t('accounts.form.password')}
          value={password}
          onValue={setPassword}
          error={errors.password}
          hint={t('accounts.form.password_rules')}
          required
        />
      )}
      <Check name="legal_age" checked={legalAge} onChecked={setLegalAge} error={errors.legal_age} required>
        {withLinks(consent, { terms: href('terms'), privacy: href('privacy') })}
      </Check>
      {captcha.widget}
      {errors._captcha && <p className="field-error">{errors._captcha}</p>}
      <BusyButton busy={busy} sending={t('accounts.form.sending')} testId="register-submit">
        {submitLabel ?? t('accounts.register.submit')}
      </BusyButton>
      {note}
    </form>
  )
}
