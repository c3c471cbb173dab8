// Plans: visibility, the next plan, and each plan's routes and people (PlanPanel).
import { listAdminPlans } from '#shared/contract/admin'
import { deletePlan, savePlan } from '#shared/contract/plans'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { PlanPanel } from './AdminTools'
import { useChoices } from './choices'
import { contentColumns, contentFields, contentFilters, select } from './columns'

export function PlansScreen() {
  const { t } = usePage()
  const plans = useChoices('plans')
  return (
    <ListScreen
      id="plans"
      list={listAdminPlans}
      rowsKey="rows"
      filters={contentFilters(t)}
      columns={contentColumns(
        t,
        {
          key: 'visibility',
          label: 'admin.fields.visibility',
          render: (r) => (r.visibility === 2 ? t('admin.status.private') : t('admin.status.public')),
        },
        { key: 'routes_count', label: 'admin.screens.routes' },
        { key: 'users_count', label: 'admin.screens.users' },
      )}
      form={{
        save: savePlan,
        defaults: { language: 'es', status: '1', visibility: '1' },
        fields: contentFields(t, [
          { name: 'description', label: 'admin.fields.description', type: 'textarea' },
          select('visibility', [
            { value: '1', label: t('admin.status.public') },
            { value: '2', label: t('admin.status.private') },
          ]),
          { name: 'category', label: 'admin.fields.category', type: 'text' },
          // The next plan by its name (issue 42 §9), not its number.
          { ...select('next_plan_id', plans ?? []), label: 'admin.fields.next_plan' },
        ]),
      }}
      remove={deletePlan}
      panel={(r) => <PlanPanel planId={r.id as number} language={r.language as string} />}
    />
  )
}
