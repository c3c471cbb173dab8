// A list screen's pages: previous, 'page x of y', next, the page size and the total (ListScreen).
import { usePage } from '#client/app/context.tsx'

const PAGE_SIZES = [10, 25, 50, 100]

export function ListPager(p: {
  page: number
  last: number
  total: number
  perPage: number
  setPage: (n: number) => void
  setPerPage: (n: number) => void
}) {
  const { t } = usePage()
  const { page, last, total, perPage, setPage } = p
  return (
    <nav className="adm-pager" aria-label={t('admin.list.page_of', { page, last })}>
      <button type="button" className="adm-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('admin.list.prev')}
      </button>
      <span data-testid="adm-page-of">{t('admin.list.page_of', { page, last })}</span>
      <button type="button" className="adm-btn" disabled={page >= last} onClick={() => setPage(page + 1)}>
        {t('admin.list.next')}
      </button>
      <label className="adm-filter">
        <span>{t('admin.list.per_page')}</span>
        <select value={perPage} onChange={(e) => p.setPerPage(Number(e.target.value))} data-testid="adm-per-page">
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <span className="adm-total">{t('admin.list.total', { n: total })}</span>
    </nav>
  )
}
