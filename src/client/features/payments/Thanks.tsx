import { usePage, type PageProps } from '#client/app/context.tsx'
import './payments.css'
import { ActionLinks } from '#client/components/ActionLinks.tsx'

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
      <ActionLinks
        className="pay-actions"
        actions={[
          { href: href('journey'), label: t('thanks_page.continue'), testId: 'thanks-continue' },
          { href: href('subscription'), label: t('thanks_page.subscription') },
        ]}
      />
    </section>
  )
}
