// The one list screen every admin area uses (issue 12 §2): search (debounced, SPEC §9 700 ms),
// sort by a column header, pagination with a page-size selector and 'page x of y', create and
// edit in a form checked with the call's own schema, delete after 'Sure?' (SPEC §5). Success
// texts are the server's messages (SPEC §8), shown as notifications by the call helper.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { WireRecord } from '#shared/contract/call'
import { DELAYS_MS } from '#shared/limits'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import type { ListScreenProps, Row } from './list.types'
import { ListToolbar } from './ListToolbar'
import { ListTable } from './ListTable'
import { ListPager } from './ListPager'
import { EditForm } from './EditForm'

export function ListScreen(p: ListScreenProps) {
  const { t } = usePage()
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
      <ListToolbar
        searchable={p.search !== false}
        search={search}
        setSearch={setSearch}
        filterSpecs={p.filters ?? []}
        filters={filters}
        setFilter={(name, value) => (setFilters({ ...filters, [name]: value }), setPage(1))}
      >
        {p.toolbar?.(input, () => void load())}
        {p.form && p.form.create !== false ? (
          <button type="button" className="adm-btn adm-primary" onClick={() => setEditing('new')} data-testid="adm-new">
            {t('admin.list.new')}
          </button>
        ) : null}
      </ListToolbar>

      {editing ? (
        <EditForm
          spec={p.form!}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => (setEditing(null), void load())}
        />
      ) : null}

      <ListTable
        p={p}
        rows={rows}
        loading={loading}
        order={order}
        sortBy={sortBy}
        open={open}
        setOpen={setOpen}
        confirming={confirming}
        setConfirming={setConfirming}
        setEditing={setEditing}
        remove={(row) => void remove(row)}
        load={load}
      />

      <ListPager
        page={page}
        last={last}
        total={total}
        perPage={perPage}
        setPage={setPage}
        setPerPage={(n) => (setPerPage(n), setPage(1))}
      />
    </section>
  )
}
