// Notifications the admin sends (issue 11), and mail that could not be delivered (DeadMail).
import { cancelNotification, createNotification, listNotifications } from '#shared/contract/notifications'
import { NOTIFICATION_DELAY_UNITS, NOTIFICATION_LEVELS } from '#shared/enums'
import { usePage } from '#client/app/context.tsx'
import { call } from '#client/api.ts'
import { ListScreen } from './ListScreen'
import { DeadMail } from './DeadMail'
import { Sure } from './AdminTools'
import { channelName, cols, langOptions, roleOptions, select, stateColumn, stateOptions } from './columns'

export function NotificationsScreen() {
  const { t } = usePage()
  return (
    <>
      <ListScreen
        id="notifications"
        list={listNotifications}
        rowsKey="notifications"
        search={false}
        filters={[select('status', stateOptions(t, ['pending', 'sent', 'cancelled']))]}
        columns={[
          ...cols('id'),
          stateColumn(t),
          { key: 'channel', label: 'admin.fields.channel', render: (r) => channelName(t, r.channel) },
          ...cols('language'),
          {
            key: 'copy',
            label: 'admin.fields.title',
            render: (r) => {
              const c = r.copy as { es?: { title: string }; en?: { title: string } }
              return c.es?.title ?? c.en?.title ?? ''
            },
          },
          { key: 'send_at', label: 'admin.fields.send_at', sortable: true },
          ...cols('deliveries'),
        ]}
        form={{
          save: createNotification,
          defaults: { channel: 'in_app' },
          fields: [
            {
              name: 'channel',
              label: 'admin.fields.channel',
              type: 'select',
              options: [
                { value: 'in_app', label: channelName(t, 'in_app') },
                { value: 'email', label: channelName(t, 'email') },
                { value: 'push', label: channelName(t, 'push') },
              ],
            },
            { name: 'language', label: 'admin.fields.language', type: 'select', options: langOptions },
            {
              name: 'role_recipients',
              label: 'admin.fields.role_recipients',
              type: 'select',
              options: roleOptions(t),
            },
            { name: 'receivers', label: 'admin.fields.receivers', type: 'people' },
            { name: 'readers_only', label: 'admin.fields.readers_only', type: 'checkbox' },
            { name: 'send_at', label: 'admin.fields.send_at', type: 'datetime' },
            { name: 'delay_amount', label: 'admin.fields.delay_amount', type: 'number' },
            {
              name: 'delay_unit',
              label: 'admin.fields.delay_unit',
              type: 'select',
              options: NOTIFICATION_DELAY_UNITS.map((v) => ({ value: v, label: t(`admin.staff.delay_unit.${v}`) })),
            },
            { name: 'at_best_moment', label: 'admin.fields.at_best_moment', type: 'checkbox' },
            {
              name: 'level',
              label: 'admin.fields.level',
              type: 'select',
              options: NOTIFICATION_LEVELS.map((v) => ({ value: v, label: t(`admin.staff.level.${v}`) })),
            },
            { name: 'title_es', label: 'admin.fields.title_es', type: 'text' },
            { name: 'description_es', label: 'admin.fields.description_es', type: 'textarea' },
            { name: 'title_en', label: 'admin.fields.title_en', type: 'text' },
            { name: 'description_en', label: 'admin.fields.description_en', type: 'textarea' },
          ],
        }}
        actions={(r, reload) =>
          r.status === 'pending' ? (
            <Sure
              label={t('admin.notifications.cancel')}
              run={async () => (await call(cancelNotification, { input: { id: r.id as number } })).success && reload()}
            />
          ) : null
        }
      />
      <DeadMail />
    </>
  )
}
