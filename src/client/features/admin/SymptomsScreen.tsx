// Symptoms, with their search-engine fields.
import { listAdminSymptoms } from '#shared/contract/admin'
import { deleteSymptom, saveSymptom } from '#shared/contract/content.manage'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { contentColumns, contentFields, contentFilters, SEO_FIELDS } from './columns'

export function SymptomsScreen() {
  const { t } = usePage()
  return (
    <ListScreen
      id="symptoms"
      list={listAdminSymptoms}
      rowsKey="rows"
      filters={contentFilters(t)}
      columns={contentColumns(t)}
      form={{ save: saveSymptom, defaults: { language: 'es', status: '1' }, fields: contentFields(t, SEO_FIELDS) }}
      remove={deleteSymptom}
    />
  )
}
