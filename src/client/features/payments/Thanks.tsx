import { usePage, type PageProps } from '#client/app/context.tsx'
import './payments.css'

/** After a purchase (SPEC §2 thanks page): thank you, and on to the plan. */
export default function Thanks(_: PageProps) {
  const { t, href } = usePage()
  return (
    <section className="pay-page" data-testid="thanks-page">
      <p className="pay-icon pay-icon-ok" aria-hidden="true">
        ✓
      </p>
      <h1>{t('thanks_page.title')}</h1>
      <p className="pay-lead">{t('thanks_page.lead')}</p>
      <div className="pay-actions">
        <a className="button button-primary" href={href('journey')} data-testid="thanks-continue">
          {t('thanks_page.continue')}
        </a>
        <a className="button" href={href('subscription')}>
          {t('thanks_page.subscription')}
        </a>
      </div>
    </section>
  )
}
