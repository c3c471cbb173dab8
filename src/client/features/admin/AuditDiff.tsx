// One audit row's change, readable (issue 34 §5): a line per changed field, never raw JSON.
import { usePage } from '#client/app/context.tsx'
import { en as adminWords } from '#shared/i18n/admin'
import type { MessageKey } from '#shared/i18n/index'
import { diffSnapshots, parseSnapshot, shortValue } from './diff'
import { readValue } from './audit-words'

const FIELDS = adminWords.admin.fields

export function AuditDiff({
  before,
  after,
  people = {},
  entity,
}: {
  before: unknown
  after: unknown
  /** Names of the people the snapshots name by id (the audit list's `people`). */
  people?: Record<string, string>
  entity?: string
}) {
  const { t, boot } = usePage()
  const b = parseSnapshot(before)
  const a = parseSnapshot(after)
  if (b.cut || a.cut) return <span className="adm-diff-note">{t('admin.staff.diff.too_long')}</span>
  const changes = diffSnapshots(b.value, a.value)
  if (!changes.length) return <span className="adm-diff-note">{t('admin.staff.diff.none')}</span>
  const words = { yes: t('admin.list.yes'), no: t('admin.list.no') }
  const reading = { t, boot, people, entity }
  const shown = (field: string, v: unknown) => readValue(field, v, reading) ?? shortValue(v, words)
  const label = (field: string) => {
    const last = field.split(/ · |\./).pop()!
    const name = last in FIELDS ? t(`admin.fields.${last}` as MessageKey) : last.replace(/_/g, ' ')
    return field === last ? name : `${field.slice(0, field.length - last.length)}${name}`
  }
  return (
    <ul className="adm-diff" data-testid="audit-diff">
      {changes.slice(0, 12).map((c) => (
        <li key={c.field}>
          <span className="adm-diff-field">{label(c.field)}</span>: <del>{shown(c.field, c.before)}</del> →{' '}
          <ins>{shown(c.field, c.after)}</ins>
        </li>
      ))}
      {changes.length > 12 ? <li>{t('admin.staff.diff.more', { n: changes.length - 12 })}</li> : null}
    </ul>
  )
}
