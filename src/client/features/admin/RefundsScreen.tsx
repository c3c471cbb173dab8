// Refund requests: approve or reject a pending one.
import { approveRefund, listRefunds, rejectRefund } from '#shared/contract/payments'
import { usePage } from '#client/app/context.tsx'
import { call } from '#client/api.ts'
import { ListScreen } from './ListScreen'
import { Sure } from './AdminTools'
import { cols, select, stateColumn, stateOptions } from './columns'

export function RefundsScreen() {
  const { t } = usePage()
  return (
    <ListScreen
      id="refunds"
      list={listRefunds}
      rowsKey="refund_requests"
      search={false}
      filters={[select('status', stateOptions(t, ['pending', 'approved', 'rejected']))]}
      columns={[...cols('id', 'created_at', 'user_email', 'amount', 'reason'), stateColumn(t)]}
      actions={(r, reload) =>
        r.status === 'pending' ? (
          <>
            <Sure
              label={t('admin.refunds.approve')}
              run={async () => (await call(approveRefund, { input: { id: r.id as number } })).success && reload()}
            />
            <Sure
              label={t('admin.refunds.reject')}
              run={async () => (await call(rejectRefund, { input: { id: r.id as number } })).success && reload()}
            />
          </>
        ) : null
      }
    />
  )
}
