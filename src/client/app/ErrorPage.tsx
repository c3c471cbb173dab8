import { usePage, type PageProps } from './context'

/** Something went wrong (SPEC §8): try again or contact us; the way back, and help. */
export default function ErrorPage(_: PageProps) {
  const { t, href, boot } = usePage()
  return (
    <section className="placeholder" data-testid="error-page">
      <h1>{t('error_page.title')}</h1>
      {/* A page refused to this person (403, e.g. /admin to a patient) says so (SPEC §8 'Unauthorized'). */}
      <p>{boot.status === 403 ? t('errors.unauthorized') : t('errors.generic')}</p>
      <p>
        <a className="button" href="">
          {t('error_page.retry')}
        </a>{' '}
        <a className="button button-primary" href={href('contact')}>
          {t('frame.footer_contact')}
        </a>
      </p>
      <p>
        <a href={href(boot.user ? 'journey' : 'home')}>{boot.user ? t('fallback.go_journey') : t('notfound.home')}</a>
      </p>
      <p className="fallback-help">
        {t('fallback.need_help')} <a href={href('help')}>{t('help.link')}</a>
      </p>
    </section>
  )
}
