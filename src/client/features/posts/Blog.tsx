import type { BlogPageData } from '#shared/contract/posts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { Cover } from '#client/components/Cover.tsx'

/** Page sizes the selector offers (SPEC §9: the blog shows 5 by default, and a page-size selector exists). */
const PAGE_SIZES = [5, 10, 20] as const

/** The blog (SPEC §2 "/blog"): search by keyword, 5 per page, 'page x of y', a page-size selector. */
export default function Blog({ data }: PageProps<BlogPageData>) {
  const { t, href, boot } = usePage()
  const pg = data.pagination
  const perPage = pg.per_page !== PAGE_SIZES[0] ? pg.per_page : undefined
  const pageHref = (n: number) =>
    href('blog', { query: { keyword: data.keyword || undefined, page: n > 1 ? n : undefined, per_page: perPage } })
  return (
    <div className="blog-page">
      <h1>{boot.title}</h1>
      <form method="get" action={href('blog')} className="search-box">
        <input
          type="search"
          name="keyword"
          defaultValue={data.keyword}
          placeholder={t('blog_page.search')}
          aria-label={t('blog_page.search')}
          maxLength={200}
        />
      </form>
      {data.posts.length === 0 ? (
        <p className="empty">
          {t('blog_page.empty')} <a href={href('suggestions')}>{t('routes_page.let_us_know')}</a>
        </p>
      ) : (
        <ul className="post-list">
          {data.posts.map((p) => (
            <li key={p.id} className={p.images?.cover ? 'post-item-with-cover' : undefined}>
              {p.images?.cover && (
                <Cover className="post-item-cover" src={p.images.cover} on="card" testId="card-cover" />
              )}
              <a href={href('post', { slug: p.slug })}>{p.title}</a>
              {p.description && <p>{p.description}</p>}
              {p.time_for_reading ? (
                <span className="chip">{t('blog_page.reading_time', { n: p.time_for_reading })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <nav className="pager" aria-label="pagination">
        {pg.current_page > 1 && <a href={pageHref(pg.current_page - 1)}>{t('blog_page.prev')}</a>}
        <span>{t('blog_page.page_of', { x: pg.current_page, y: pg.last_page })}</span>
        {pg.current_page < pg.last_page && <a href={pageHref(pg.current_page + 1)}>{t('blog_page.next')}</a>}
      </nav>
      <form method="get" action={href('blog')} className="per-page">
        {data.keyword && <input type="hidden" name="keyword" value={data.keyword} />}
        <label htmlFor="per-page">{t('blog_page.per_page')}</label>
        <select
          id="per-page"
          name="per_page"
          defaultValue={String(pg.per_page)}
          onChange={(e) => e.currentTarget.form?.submit()}
          data-testid="per-page"
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit">OK</button>
        </noscript>
      </form>
    </div>
  )
}
