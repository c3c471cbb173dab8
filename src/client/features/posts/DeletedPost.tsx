import { usePage, type PageProps } from '#client/app/context.tsx'

/**
 * The deleted-article page (SPEC §2): what the URL of a post that was taken down answers (410,
 * worker/features/posts/posts.pages.ts), and /post-deleted itself. It points to what is left to read.
 */
export default function DeletedPost(_: PageProps) {
  const { t, href } = usePage()
  return (
    <section className="placeholder" data-testid="post-deleted">
      <h1>{t('post_deleted.title')}</h1>
      <p>{t('post_deleted.body')}</p>
      <p>
        <a className="button button-primary" href={href('blog')} data-testid="post-deleted-blog">
          {t('post_deleted.blog')}
        </a>{' '}
        <a className="button" href={href('routes')} data-testid="post-deleted-routes">
          {t('post_deleted.routes')}
        </a>
      </p>
    </section>
  )
}
