// Usage events: filtered by event, page and dates, and their CSV.
import { listEvents } from '#shared/contract/admin'
import { ListScreen } from './ListScreen'
import { ExportCsv } from './AdminTools'
import { cols } from './columns'

export function EventsScreen() {
  return (
    <ListScreen
      id="events"
      list={listEvents}
      rowsKey="rows"
      filters={[
        { name: 'event', label: 'admin.fields.event', type: 'text' },
        { name: 'page', label: 'admin.fields.page', type: 'text' },
        { name: 'from', label: 'admin.fields.from', type: 'date' },
        { name: 'to', label: 'admin.fields.to', type: 'date' },
      ]}
      columns={[
        ...cols('id', 'created_at', 'event', 'page', 'session_id'),
        { key: 'params', label: 'admin.fields.params' },
      ]}
      toolbar={(input) => <ExportCsv input={input} />}
    />
  )
}
