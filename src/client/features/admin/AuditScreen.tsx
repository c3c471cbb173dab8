// The audit trail: who changed what (field: before → after, AuditDiff), and a deleted route, post or plan restored within 30 days.
import { listAudit, restoreDeleted } from '#shared/contract/admin'
import { textOf } from '#shared/text'
import { usePage } from '#client/app/context.tsx'
import { call } from '#client/api.ts'
import { ListScreen } from './ListScreen'
import { cols } from './columns'
import { AuditDiff } from './AuditDiff'
import { actionKey, entityKey } from './actions'

export function AuditScreen() {
  const { t } = usePage()
  return (
    <ListScreen
      id="audit"
      list={listAudit}
      rowsKey="rows"
      columns={[
        ...cols('id', 'created_at'),
        // Who by name, with the email that tells two people of one name apart (issue 42 §9).
        {
          key: 'actor',
          label: 'admin.fields.actor',
          render: (r) => (r.actor_name ? `${textOf(r.actor_name)} · ${textOf(r.actor)}` : textOf(r.actor)),
        },
        // The action's name; the call it was stays in the title for whoever needs it.
        {
          key: 'action',
          label: 'admin.fields.action',
          render: (r) => {
            const key = actionKey(r.action)
            return key ? (
              <span title={textOf(r.action)} data-testid="audit-action">
                {t(key)}
              </span>
            ) : (
              textOf(r.action)
            )
          },
        },
        {
          key: 'entity',
          label: 'admin.fields.entity',
          render: (r) => {
            const key = entityKey(r.entity)
            return key ? t(key) : textOf(r.entity)
          },
        },
        ...cols('entity_id'),
        {
          key: 'after',
          label: 'admin.staff.diff.changes',
          render: (r) => (
            <AuditDiff
              before={r.before}
              after={r.after}
              people={(r.people as Record<string, string> | undefined) ?? {}}
              entity={textOf(r.entity)}
            />
          ),
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
