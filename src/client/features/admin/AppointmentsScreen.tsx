// Appointments: host, guest and status; a pending or confirmed one can be cancelled with a reason.
import { listAppointments } from '#shared/contract/appointments'
import { AppointmentStatus } from '#shared/enums'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { CancelAppointment } from './AdminTools'
import { appointmentStatusName, cols } from './columns'

export function AppointmentsScreen() {
  const { t } = usePage()
  return (
    <ListScreen
      id="appointments"
      list={listAppointments}
      rowsKey="appointments"
      search={false}
      base={{ with_relations: 'host|guest', with_properties: 'status|meeting_channel' }}
      filters={[
        {
          name: 'status',
          label: 'admin.fields.status',
          type: 'select',
          options: Object.values(AppointmentStatus).map((s) => ({
            value: String(s),
            label: appointmentStatusName(t, s),
          })),
        },
      ]}
      columns={[
        ...cols('id', 'start_at'),
        {
          key: 'host',
          label: 'admin.fields.host',
          // host_id null: the psychologist erased their account (docs/decisions/058).
          render: (r) =>
            (r.host as { name?: string } | null | undefined)?.name ??
            (typeof r.host_id === 'number' ? String(r.host_id) : '—'),
        },
        {
          key: 'guest',
          label: 'admin.fields.guest',
          render: (r) => (r.guest as { name?: string } | undefined)?.name ?? String(r.guest_id),
        },
        { key: 'status', label: 'admin.fields.status', render: (r) => appointmentStatusName(t, r.status) },
      ]}
      actions={(r, reload) =>
        r.status === 1 || r.status === 2 ? <CancelAppointment id={r.id as number} reload={reload} /> : null
      }
    />
  )
}
