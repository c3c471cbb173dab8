import { usePage, type PageProps } from './context'

export default function ErrorPage(_: PageProps) {
  const { t, href } = usePage()
  return (
    <section className="placeholder" data-testid="error-page">
      <h1>{t('error_page.title')}</h1>
      <p>{t('error_page.body')}</p>
      <p>
        <a className="button" href="">{t('error_page.retry')}</a> <a className="button button-primary" href={href('contact')}>{t('frame.footer_contact')}</a>
      </p>
    </section>
  )
}
