// The one list screen every admin area uses (issue 12 §2): search (debounced, SPEC §9 700 ms),
// sort by a column header, pagination with a page-size selector and 'page x of y', create and
// edit in a form checked with the call's own schema, delete after 'Sure?' (SPEC §5). Success
// texts are the server's messages (SPEC §8), shown as notifications by the call helper.
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Call, WireRecord } from '#shared/contract/call'
import { DELAYS_MS } from '#shared/limits'
import { textOf } from '#shared/text'
import type { MessageKey } from '#shared/i18n/index'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { formatDateTime, isIsoTime } from '#client/components/words.ts'
import type { Locale } from '#shared/i18n/locale'
import { Upload } from './Upload'

type Row = Record<string, unknown>

export interface Column {
  key: string
  label: MessageKey
  sortable?: boolean
  render?: (row: Row) => ReactNode
}

export interface FieldSpec {
  name: string
  label: MessageKey
  type: 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'upload'
  options?: { value: string; label: string }[]
  /** Upload fields: the file tag (SPEC §9) and what to put in the form (the R2 key). */
  tag?: 'route_cover' | 'unit_cover' | 'post_cover' | 'audio' | 'video' | 'user_avatar'
  /** Only when creating (e.g. language) or only when editing. */
  only?: 'create' | 'edit'
}

export interface FilterSpec {
  name: string
  label: MessageKey
  type: 'text' | 'select' | 'date'
  options?: { value: string; label: string }[]
}

export interface ListScreenProps {
  id: string
  list: Call
  /** The answer's list: 'rows', 'users', 'categories', 'appointments'. */
  rowsKey: string
  columns: Column[]
  /** Fixed list input (e.g. with_relations, a route's id). */
  base?: WireRecord
  filters?: FilterSpec[]
  search?: boolean
  /** `extra`: fields every save of a row sends besides its id (a plan route's plan_id and route_id). */
  form?: {
    fields: FieldSpec[]
    save: Call
    create?: boolean
    defaults?: Record<string, string>
    extra?: (row: Row) => WireRecord
  }
  remove?: Call
  /** What the delete call takes for a row (default `{ id }`). */
  removeInput?: (row: Row) => WireRecord
  /** Extra actions on a row, and a panel under an opened row. */
  actions?: (row: Row, reload: () => void) => ReactNode
  panel?: (row: Row, reload: () => void) => ReactNode
  /** Buttons above the list. */
  toolbar?: (input: WireRecord, reload: () => void) => ReactNode
}

const PAGE_SIZES = [10, 25, 50, 100]

/** A value as the form holds it (text), from a row. */
const asText = (v: unknown) => (typeof v === 'boolean' ? (v ? '1' : '0') : textOf(v))
/** A cell as the admin reads it: ISO times in their language and zone (issue 20 §8), the rest as text. */
const cellText = (v: unknown, boot: { locale: Locale; timeZone: string }) =>
  isIsoTime(v) ? <time dateTime={v}>{formatDateTime(v, boot)}</time> : asText(v)

export function ListScreen(p: ListScreenProps) {
  const { t, boot } = usePage()
  const [rows, setRows] = useState<Row[]>([])
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState(10)
  const [last, setLast] = useState(1)
  const [total, setTotal] = useState(0)
  const [order, setOrder] = useState<{ column: string; dir: 'asc' | 'desc' } | null>(null)
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [loading, setLoading] = useState(true)
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const [confirming, setConfirming] = useState<unknown>(null)
  const [open, setOpen] = useState<unknown>(null)
  const latest = useRef(0)

  // The search applies 700 ms after typing stops (SPEC §5).
  useEffect(() => {
    const h = setTimeout(() => {
      setQuery(search.trim())
      setPage(1)
    }, DELAYS_MS.searchDebounce)
    return () => clearTimeout(h)
  }, [search])

  const input: WireRecord = {
    ...p.base,
    page,
    per_page: perPage,
    ...(order ? { order_by: `${order.column} ${order.dir}` } : {}),
    ...(p.search !== false && query ? { 'filters[search]': query } : {}),
    ...Object.fromEntries(
      Object.entries(filters)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => [`filters[${k}]`, v]),
    ),
  }
  const key = JSON.stringify(input)

  const load = useCallback(async () => {
    const mine = ++latest.current
    setLoading(true)
    const res = await call(p.list, { input: JSON.parse(key) as WireRecord })
    if (mine !== latest.current) return
    setLoading(false)
    if (!res.success) return
    const r = res as unknown as Record<string, unknown> & { pagination?: { last_page: number; total: number } }
    setRows((r[p.rowsKey] as Row[]) ?? [])
    setLast(r.pagination?.last_page ?? 1)
    setTotal(r.pagination?.total ?? 0)
  }, [key, p.list, p.rowsKey])

  useEffect(() => {
    void load()
  }, [load])

  function sortBy(column: string) {
    setOrder((o) => (o?.column === column ? { column, dir: o.dir === 'asc' ? 'desc' : 'asc' } : { column, dir: 'asc' }))
  }

  async function remove(row: Row) {
    if (!p.remove) return
    const res = await call(p.remove, { input: p.removeInput ? p.removeInput(row) : { id: row.id as number } })
    setConfirming(null)
    if (res.success) void load()
  }

  return (
    <section className="adm-screen" data-testid={`screen-${p.id}`}>
      <div className="adm-toolbar">
        {p.search !== false ? (
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
        {(p.filters ?? []).map((f) =>
          f.type === 'select' ? (
            <label key={f.name} className="adm-filter">
              <span>{t(f.label)}</span>
              <select
                value={filters[f.name] ?? ''}
                onChange={(e) => (setFilters({ ...filters, [f.name]: e.target.value }), setPage(1))}
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
                onChange={(e) => (setFilters({ ...filters, [f.name]: e.target.value }), setPage(1))}
                data-testid={`filter-${f.name}`}
              />
            </label>
          ),
        )}
        {p.toolbar?.(input, () => void load())}
        {p.form && p.form.create !== false ? (
          <button type="button" className="adm-btn adm-primary" onClick={() => setEditing('new')} data-testid="adm-new">
            {t('admin.list.new')}
          </button>
        ) : null}
      </div>

      {editing ? (
        <EditForm
          spec={p.form!}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), void load())}
        />
      ) : null}

      {/* A wide table scrolls sideways on a phone: the region takes the keyboard's focus (axe). */}
      <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={t('admin.list.table')}>
        <table className="adm-table">
          <thead>
            <tr>
              {p.columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.sortable ? (
                    <button
                      type="button"
                      className="adm-sort"
                      onClick={() => sortBy(c.key)}
                      aria-label={t('admin.list.sort_by', { column: t(c.label) })}
                    >
                      {t(c.label)} {order?.column === c.key ? (order.dir === 'asc' ? '▲' : '▼') : ''}
                    </button>
                  ) : (
                    t(c.label)
                  )}
                </th>
              ))}
              <th scope="col">{t('admin.list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Fragment key={String(row.id)}>
                <tr data-testid="adm-row" data-id={String(row.id)}>
                  {p.columns.map((c) => (
                    <td key={c.key} data-label={t(c.label)}>
                      {c.render ? c.render(row) : cellText(row[c.key], boot)}
                    </td>
                  ))}
                  <td className="adm-actions">
                    {p.form ? (
                      <button type="button" className="adm-btn" onClick={() => setEditing(row)} data-testid="adm-edit">
                        {t('admin.list.edit')}
                      </button>
                    ) : null}
                    {p.panel ? (
                      <button
                        type="button"
                        className="adm-btn"
                        aria-expanded={open === row.id}
                        onClick={() => setOpen(open === row.id ? null : row.id)}
                        data-testid="adm-open"
                      >
                        {open === row.id ? t('admin.list.close') : '…'}
                      </button>
                    ) : null}
                    {p.actions?.(row, () => void load())}
                    {p.remove ? (
                      confirming === row.id ? (
                        <span className="adm-sure" role="group">
                          {t('admin.list.sure')}{' '}
                          <button
                            type="button"
                            className="adm-btn adm-danger"
                            onClick={() => void remove(row)}
                            data-testid="adm-sure-yes"
                          >
                            {t('admin.list.yes')}
                          </button>
                          <button type="button" className="adm-btn" onClick={() => setConfirming(null)}>
                            {t('admin.list.no')}
                          </button>
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="adm-btn adm-danger"
                          onClick={() => setConfirming(row.id)}
                          data-testid="adm-delete"
                        >
                          {t('admin.list.delete')}
                        </button>
                      )
                    ) : null}
                  </td>
                </tr>
                {p.panel && open === row.id ? (
                  <tr className="adm-panel-row">
                    <td colSpan={p.columns.length + 1}>{p.panel(row, () => void load())}</td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
        {!loading && !rows.length ? <p className="adm-empty">{t('admin.list.empty')}</p> : null}
        {loading ? (
          <p className="adm-empty" aria-live="polite">
            {t('admin.list.loading')}
          </p>
        ) : null}
      </div>

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
          <select
            value={perPage}
            onChange={(e) => (setPerPage(Number(e.target.value)), setPage(1))}
            data-testid="adm-per-page"
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="adm-total">{t('admin.list.total', { n: total })}</span>
      </nav>
    </section>
  )
}

/** Create or edit one row with the call's form; the server's field errors show under each field. */
function EditForm({
  spec,
  row,
  onClose,
  onSaved,
}: {
  spec: NonNullable<ListScreenProps['form']>
  row: Row | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = usePage()
  const fields = spec.fields.filter((f) => !f.only || f.only === (row ? 'edit' : 'create'))
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...spec.defaults,
    ...Object.fromEntries(fields.map((f) => [f.name, row ? asText(row[f.name]) : (spec.defaults?.[f.name] ?? '')])),
  }))
  const form = useForm()
  const { busy, errors } = form

  async function submit() {
    const input: WireRecord = { ...(row ? (spec.extra ? spec.extra(row) : { id: row.id as number }) : {}) }
    for (const f of fields) {
      const v = values[f.name] ?? ''
      // An unchanged field is not sent on an edit; an emptied checkbox is sent as 0.
      if (row && v === asText(row[f.name])) continue
      input[f.name] = f.type === 'checkbox' ? (v === '1' ? 1 : 0) : v
    }
    if (await form.send(() => call(spec.save, { input }))) onSaved()
  }

  return (
    <form className="adm-form" onSubmit={form.onSubmit(submit)} noValidate data-testid="adm-form">
      {fields.map((f) => {
        const id = `adm-f-${f.name}`
        const err = errors[f.name]
        const set = (v: string) => setValues((s) => ({ ...s, [f.name]: v }))
        return (
          <div
            key={f.name}
            className={`adm-field${f.type === 'textarea' ? ' adm-wide' : ''}${err ? ' adm-invalid' : ''}`}
          >
            {f.type === 'checkbox' ? (
              <label htmlFor={id} className="adm-check">
                <input
                  id={id}
                  name={f.name}
                  type="checkbox"
                  checked={values[f.name] === '1'}
                  onChange={(e) => set(e.target.checked ? '1' : '0')}
                />
                {t(f.label)}
              </label>
            ) : (
              <label htmlFor={id}>{t(f.label)}</label>
            )}
            {f.type === 'text' || f.type === 'number' ? (
              <input
                id={id}
                name={f.name}
                type={f.type}
                value={values[f.name] ?? ''}
                onChange={(e) => set(e.target.value)}
                aria-invalid={err ? true : undefined}
              />
            ) : null}
            {f.type === 'textarea' ? (
              <textarea
                id={id}
                name={f.name}
                rows={8}
                value={values[f.name] ?? ''}
                onChange={(e) => set(e.target.value)}
                aria-invalid={err ? true : undefined}
              />
            ) : null}
            {f.type === 'select' ? (
              <select id={id} name={f.name} value={values[f.name] ?? ''} onChange={(e) => set(e.target.value)}>
                <option value="">—</option>
                {f.options!.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : null}
            {f.type === 'upload' ? (
              <>
                <input
                  id={id}
                  name={f.name}
                  type="text"
                  value={values[f.name] ?? ''}
                  onChange={(e) => set(e.target.value)}
                />
                <Upload tag={f.tag!} onDone={(file) => set(String(file.r2_key))} />
              </>
            ) : null}
            {err ? <p className="adm-error">{err}</p> : null}
          </div>
        )
      })}
      <div className="adm-form-actions">
        <button type="submit" className="adm-btn adm-primary" disabled={busy} data-testid="adm-save">
          {t('admin.list.save')}
        </button>
        <button type="button" className="adm-btn" onClick={onClose}>
          {t('admin.list.cancel')}
        </button>
      </div>
    </form>
  )
}
