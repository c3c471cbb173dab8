import { useState } from 'react'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { ProviderButtons } from './ProviderButtons'
import { RegisterForm } from './RegisterForm'
import '#client/components/forms.css'

/** 'Join the community' (SPEC §2): register, legal age required; then /journey after 3 s. */
export default function Register(_: PageProps) {
  const { t, href } = usePage()
  const [done, setDone] = useState(false)
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1>{t('accounts.register.title')}</h1>
        {!done && <p className="auth-lead">{t('accounts.register.lead')}</p>}
        <RegisterForm redirectTo={href('journey')} onDone={() => setDone(true)} />
        {!done && (
          <>
            {/* No target: the server lands the person by role (an existing psychologist on the agenda). */}
            <ProviderButtons afterForm />
            <p className="auth-switch">
              {t('accounts.register.have_account')} <a href={href('login')}>{t('accounts.register.sign_in')}</a>
            </p>
          </>
        )}
      </div>
    </section>
  )
}
