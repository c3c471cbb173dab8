import { usePage, type PageProps } from '#client/app/context.tsx'
import './payments.css'
import { ActionLinks } from '#client/components/ActionLinks.tsx'

/** The upgrade page (SPEC §2, §9): free access is a beginning; unlock everything with a subscription. */
export default function Upgrade(_: PageProps) {
  const { t, href, messages } = usePage()
  return (
    <section className="pay-page" data-testid="upgrade-page">
      <p className="pay-icon" aria-hidden="true">
        ✦
      </p>
      <h1>{t('upgrade_page.title')}</h1>
      <p className="pay-lead">{t('upgrade_page.lead')}</p>
      <div className="pay-card">
        <h2>{t('upgrade_page.benefits_title')}</h2>
        <ul className="pay-benefits">
          {messages.upgrade_page.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
      <ActionLinks
        className="pay-actions"
        actions={[
          { href: href('subscription'), label: t('upgrade_page.see_plans'), testId: 'upgrade-plans' },
          { href: href('contact'), label: t('upgrade_page.contact') },
        ]}
      />
    </section>
  )
}
