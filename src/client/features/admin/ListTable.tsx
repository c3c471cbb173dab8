// A list screen's table (ListScreen): sortable headers, each row's cells and actions (edit,
// open a panel, the screen's own, delete after 'Sure?'), and the opened row's panel.
import { Fragment } from 'react'
import { usePage } from '#client/app/context.tsx'
import { formatDateTime, isIsoTime } from '#client/components/words.ts'
import type { Locale } from '#shared/i18n/locale'
import { asText, type ListScreenProps, type Row } from './list.types'

/** A cell as the admin reads it: ISO times in their language and zone (issue 20 §8), the rest as text. */
const cellText = (v: unknown, boot: { locale: Locale; timeZone: string }) =>
  isIsoTime(v) ? <time dateTime={v}>{formatDateTime(v, boot)}</time> : asText(v)

export function ListTable({
  p,
  rows,
  loading,
  order,
  sortBy,
  open,
  setOpen,
  confirming,
  setConfirming,
  setEditing,
  remove,
  load,
}: {
  p: ListScreenProps
  rows: Row[]
  loading: boolean
  order: { column: string; dir: 'asc' | 'desc' } | null
  sortBy: (column: string) => void
  open: unknown
  setOpen: (id: unknown) => void
  confirming: unknown
  setConfirming: (id: unknown) => void
  setEditing: (row: Row) => void
  remove: (row: Row) => void
  load: () => Promise<void>
}) {
  const { t, boot } = usePage()
  return (
    <>
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
                            onClick={() => remove(row)}
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
    </>
  )
}
