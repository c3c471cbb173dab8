// The audit trail: who changed what (field: before → after, AuditDiff), and a deleted route, post or plan restored within 30 days.
import { listAudit, restoreDeleted } from '#shared/contract/admin'
import { usePage } from '#client/app/context.tsx'
import { call } from '#client/api.ts'
import { ListScreen } from './ListScreen'
import { cols } from './columns'
import { AuditDiff } from './AuditDiff'

export function AuditScreen() {
  const { t } = usePage()
  return (
    <ListScreen
      id="audit"
      list={listAudit}
      rowsKey="rows"
      columns={[
        ...cols('id', 'created_at', 'actor', 'action', 'entity', 'entity_id'),
        {
          key: 'after',
          label: 'admin.staff.diff.changes',
          render: (r) => <AuditDiff before={r.before} after={r.after} />,
        },
      ]}
      actions={(r, reload) =>
        String(r.action).startsWith('DELETE ') &&
        ['route', 'post', 'plan'].includes(String(r.entity)) &&
        !r.restored_at ? (
          <button
            type="button"
            className="adm-btn"
            data-testid="audit-restore"
            onClick={async () =>
              (await call(restoreDeleted, { input: { audit_id: r.id as number } })).success && reload()
            }
          >
            {t('admin.audit.restore')}
          </button>
        ) : null
      }
    />
  )
}
