import { usePage, type PageProps } from './context'

export default function NotFound(_: PageProps) {
  const { t, href } = usePage()
  return (
    <section className="placeholder" data-testid="not-found">
      <h1>{t('notfound.title')}</h1>
      <p>{t('notfound.body')}</p>
      <a className="button button-primary" href={href('home')}>{t('notfound.home')}</a>
    </section>
  )
}
