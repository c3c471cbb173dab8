import { usePage, type PageProps } from '#client/app/context.tsx'
import '#client/components/forms.css'
import { ActionLinks } from '#client/components/ActionLinks.tsx'

/** The expired-user page (SPEC §2): free access is over; subscribe, top up or talk to us. */
export default function Expired({ boot }: PageProps) {
  const { t, href } = usePage()
  return (
    <section className="auth-page">
      <div className="auth-card auth-center" data-testid="expired-page">
        <div className="auth-done-icon auth-done-icon-soft" aria-hidden="true">
          ☾
        </div>
        <h1>{t('accounts.expired.title')}</h1>
        <p className="auth-lead">{t('accounts.expired.lead')}</p>
        <ActionLinks
          className="auth-actions"
          actions={[
            { href: href(boot.user ? 'subscription' : 'login'), label: t('accounts.expired.subscribe') },
            { href: href('contact'), label: t('accounts.expired.contact') },
          ]}
        />
        {boot.user && (
          <p className="auth-switch">
            <a href={href('profile')}>{t('accounts.expired.profile')}</a>
          </p>
        )}
      </div>
    </section>
  )
}
