// A list screen's search, filters and buttons (ListScreen).
import type { ReactNode } from 'react'
import { usePage } from '#client/app/context.tsx'
import type { FilterSpec } from './list.types'

export function ListToolbar(p: {
  searchable: boolean
  search: string
  setSearch: (v: string) => void
  filterSpecs: FilterSpec[]
  filters: Record<string, string>
  setFilter: (name: string, value: string) => void
  children?: ReactNode
}) {
  const { t } = usePage()
  const { search, setSearch, filters } = p
  return (
    <div className="adm-toolbar">
      {p.searchable ? (
        <input
          className="adm-search"
          type="search"
          aria-label={t('admin.list.search')}
          placeholder={t('admin.list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="adm-search"
        />
      ) : null}
      {p.filterSpecs.map((f) =>
        f.type === 'select' ? (
          <label key={f.name} className="adm-filter">
            <span>{t(f.label)}</span>
            <select
              value={filters[f.name] ?? ''}
              onChange={(e) => p.setFilter(f.name, e.target.value)}
              data-testid={`filter-${f.name}`}
            >
              <option value="">{t('admin.list.all')}</option>
              {f.options!.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label key={f.name} className="adm-filter">
            <span>{t(f.label)}</span>
            <input
              type={f.type === 'date' ? 'date' : 'text'}
              value={filters[f.name] ?? ''}
              onChange={(e) => p.setFilter(f.name, e.target.value)}
              data-testid={`filter-${f.name}`}
            />
          </label>
        ),
      )}
      {p.children}
    </div>
  )
}
