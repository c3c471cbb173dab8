// Properties (SPEC §2 "property editing").
import { deleteProperty, saveProperty } from '#shared/contract/admin'
import { listRouteProperties } from '#shared/contract/content.manage'
import { ListScreen } from './ListScreen'
import { cols } from './columns'

export function PropertiesScreen() {
  return (
    <ListScreen
      id="properties"
      list={listRouteProperties}
      rowsKey="properties"
      search={false}
      columns={cols('id', 'key', 'value', 'description')}
      form={{
        save: saveProperty,
        fields: [
          { name: 'key', label: 'admin.fields.key', type: 'text', only: 'create' },
          { name: 'value', label: 'admin.fields.value', type: 'textarea' },
          { name: 'description', label: 'admin.fields.description', type: 'text' },
        ],
      }}
      remove={deleteProperty}
    />
  )
}
