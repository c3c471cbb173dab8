import { usePage, type PageProps } from '../app/context'

export default function NotFound(_: PageProps<unknown>) {
  const { t, href } = usePage()
  return (
    <section className="placeholder" data-testid="not-found">
      <h1>{t('notfound.title')}</h1>
      <p>{t('notfound.body')}</p>
      <a className="button button-primary" href={href('/')}>{t('notfound.home')}</a>
    </section>
  )
}
