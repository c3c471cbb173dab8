import { usePage, type PageProps } from './context'

/** Not found (SPEC §8 'We did not find what you are looking for.'): the way back, and help. */
export default function NotFound(_: PageProps) {
  const { t, href, boot } = usePage()
  return (
    <section className="placeholder" data-testid="not-found">
      <h1>{t('notfound.title')}</h1>
      <p>{t('notfound.body')}</p>
      <p>
        {boot.user ? (
          <a className="button button-primary" href={href('journey')}>
            {t('fallback.go_journey')}
          </a>
        ) : (
          <a className="button button-primary" href={href('home')}>
            {t('notfound.home')}
          </a>
        )}
      </p>
      <p className="fallback-help">
        {t('fallback.need_help')} <a href={href('help')}>{t('help.link')}</a>
      </p>
    </section>
  )
}
