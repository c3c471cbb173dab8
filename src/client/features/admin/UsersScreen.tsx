// Users (admins only): role, subscriber, psychologist fields, credits and plans (UserTools).
import { saveAdminUser } from '#shared/contract/admin'
import { DEGREES, PSYCHOLOGIST_COUNTRIES } from '#shared/psychologists'
import { listUsers } from '#shared/contract/users'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { UserTools } from './UserTools'
import { cols, roleName, roleOptions, select, yesColumn } from './columns'

export function UsersScreen() {
  const { t } = usePage()
  const countries = PSYCHOLOGIST_COUNTRIES.map((c) => ({ value: c, label: t(`psychologist_profile.countries.${c}`) }))
  return (
    <ListScreen
      id="users"
      list={listUsers}
      rowsKey="users"
      filters={[
        select('role', roleOptions(t)),
        select('subscriber', [
          { value: '1', label: t('admin.list.yes') },
          { value: '0', label: t('admin.list.no') },
        ]),
      ]}
      columns={[
        ...cols('id', 'name', 'email'),
        { key: 'role', label: 'admin.fields.role', render: (r) => roleName(t, r.role) },
        yesColumn('subscriber'),
        ...cols('created_at'),
      ]}
      form={{
        save: saveAdminUser,
        create: false,
        fields: [
          { name: 'name', label: 'admin.fields.name', type: 'text' },
          select('role', roleOptions(t)),
          { name: 'subscriber', label: 'admin.fields.subscriber', type: 'checkbox' },
          // Psychologist fields (SPEC §3 User, psychologist extras).
          {
            name: 'psychologist_open_to_get_appointment',
            label: 'admin.fields.open_to_appointments',
            type: 'checkbox',
          },
          // The lists of the psychologist's own profile (PsychologistExtras), in the admin's language.
          select(
            'degree',
            Object.entries(DEGREES).map(([key, value]) => ({
              value,
              label: t(`psychologist_profile.degrees.${key as keyof typeof DEGREES}`),
            })),
          ),
          select('nationality', countries),
          select('located_at', countries),
        ],
      }}
      panel={(r, reload) => <UserTools userId={r.id as number} reload={reload} />}
    />
  )
}
