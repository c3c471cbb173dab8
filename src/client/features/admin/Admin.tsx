// The /admin page (issue 12): one tab per screen the person's role has (SPEC §2 Admin screens,
// §6), each the generic ListScreen set up for its calls. The screen is kept in the URL
// (?screen=routes). The server refused this page to anyone else; its calls refuse them too.
import { useState } from 'react'
import type { AdminPageData } from '#shared/contract/admin'
import {
  deleteProperty,
  saveProperty,
  listAdminFiles,
  listAdminPlans,
  listAdminPosts,
  listAdminRoutes,
  listAdminSymptoms,
  listAudit,
  listEvents,
  restoreDeleted,
  saveAdminUser,
} from '#shared/contract/admin'
import { deleteFile } from '#shared/contract/admin.files'
import type { AdminScreen } from '#shared/contract/admin.screens'
import { listAppointments } from '#shared/contract/appointments'
import {
  deleteRoute,
  deleteRouteCategory,
  deleteSymptom,
  listRouteCategories,
  listRouteProperties,
  saveRoute,
  saveRouteCategory,
  saveSymptom,
} from '#shared/contract/content.manage'
import { deletePlan, savePlan } from '#shared/contract/plans'
import {
  deletePost,
  deletePostCategory,
  listPostCategories,
  savePost,
  savePostCategory,
} from '#shared/contract/posts.manage'
import { listUsers } from '#shared/contract/users'
import { cancelNotification, createNotification, listNotifications } from '#shared/contract/notifications'
import { approveRefund, listRefunds, rejectRefund } from '#shared/contract/payments'
import type { Translate } from '#shared/i18n/index'
import { AppointmentStatus } from '#shared/enums'
import { call } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { ListScreen, type Column, type FieldSpec } from './ListScreen'
import { RoutePanel } from './RoutePanel'
import { DeadMail } from './DeadMail'
import {
  yes,
  CancelAppointment,
  ExportCsv,
  FileUploads,
  PlanPanel,
  PostHelpers,
  RelatedPosts,
  Sitemap,
  Sure,
  UserTools,
} from './AdminTools'
import './admin.css'

/** The search-engine fields of routes and symptoms. */
const SEO_FIELDS: FieldSpec[] = [
  { name: 'seo_title', label: 'admin.fields.seo_title', type: 'text' },
  { name: 'seo_description', label: 'admin.fields.seo_description', type: 'text' },
]

const langOptions = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'English' },
]
const statusOptions = (t: Translate) => [
  { value: '1', label: t('admin.status.visible') },
  { value: '2', label: t('admin.status.hidden') },
]
const ROLES = [1, 2, 4, 8, 9, 16, 32] as const
const roleName = (t: Translate, r: unknown) => t(`admin.roles.r${r}` as 'admin.roles.r1')
/** Notification and refund states in the admin's language (stored as English words). */
const STATES = ['pending', 'sent', 'cancelled', 'approved', 'rejected'] as const
const stateName = (t: Translate, v: unknown) =>
  STATES.includes(v as never) ? t(`admin.state.${v as (typeof STATES)[number]}`) : String(v ?? '')
const stateOptions = (t: Translate, values: readonly (typeof STATES)[number][]) =>
  values.map((v) => ({ value: v, label: stateName(t, v) }))
const stateColumn = (t: Translate): Column => ({
  key: 'status',
  label: 'admin.fields.status',
  render: (r) => stateName(t, r.status),
})
const channelName = (t: Translate, v: unknown) =>
  v === 'in_app' || v === 'email' ? t(`admin.channel.${v}`) : String(v ?? '')
/** Appointment statuses by number, in the admin's language. */
const appointmentStatusName = (t: Translate, v: unknown) => {
  const key = Object.entries(AppointmentStatus).find(([, n]) => n === Number(v))?.[0] as
    keyof typeof AppointmentStatus | undefined
  return key ? t(`appointments.status.${key}`) : String(v ?? '')
}

function screenFromUrl(screens: string[]): string {
  if (typeof window === 'undefined') return screens[0]!
  const s = new URLSearchParams(window.location.search).get('screen')
  return s && screens.includes(s) ? s : screens[0]!
}

export default function Admin({ data, boot }: PageProps<AdminPageData>) {
  const { t } = usePage()
  const [screen, setScreen] = useState(() =>
    boot.query.screen && data.screens.includes(boot.query.screen) ? boot.query.screen : screenFromUrl(data.screens),
  )

  function go(s: string) {
    setScreen(s)
    const url = new URL(window.location.href)
    url.searchParams.set('screen', s)
    window.history.replaceState(null, '', url)
  }

  return (
    <div className="adm">
      <h1 className="adm-title">{t('admin.title')}</h1>
      <nav className="adm-tabs" aria-label={t('admin.title')}>
        {data.screens.map((s) => (
          <button
            key={s}
            type="button"
            className={`adm-tab${s === screen ? ' adm-tab-on' : ''}`}
            aria-current={s === screen ? 'page' : undefined}
            onClick={() => go(s)}
            data-testid={`tab-${s}`}
          >
            {t(`admin.screens.${s as AdminScreen}`)}
          </button>
        ))}
      </nav>
      <Screen key={screen} name={screen as AdminScreen} />
    </div>
  )
}

function Screen({ name }: { name: AdminScreen }) {
  const { t } = usePage()
  const status: Column = {
    key: 'status',
    label: 'admin.fields.status',
    render: (r) => (r.status === 2 ? t('admin.status.hidden') : t('admin.status.visible')),
  }
  const contentFields = (extra: FieldSpec[] = []): FieldSpec[] => [
    { name: 'language', label: 'admin.fields.language', type: 'select', options: langOptions, only: 'create' },
    { name: 'slug', label: 'admin.fields.slug', type: 'text' },
    { name: 'title', label: 'admin.fields.title', type: 'text' },
    { name: 'status', label: 'admin.fields.status', type: 'select', options: statusOptions(t) },
    ...extra,
  ]
  const filters = [
    { name: 'language', label: 'admin.fields.language' as const, type: 'select' as const, options: langOptions },
    { name: 'status', label: 'admin.fields.status' as const, type: 'select' as const, options: statusOptions(t) },
  ]
  const cols = (...keys: string[]): Column[] =>
    keys.map((k) => ({
      key: k,
      label: `admin.fields.${k}` as 'admin.fields.id',
      sortable: [
        'id',
        'title',
        'slug',
        'order',
        'updated_at',
        'published_at',
        'name',
        'email',
        'created_at',
        'start_at',
        'size',
        'event',
      ].includes(k),
    }))

  switch (name) {
    case 'routes':
      return (
        <ListScreen
          id="routes"
          list={listAdminRoutes}
          rowsKey="rows"
          filters={filters}
          columns={[
            ...cols('id', 'title', 'slug', 'language'),
            status,
            { key: 'is_active', label: 'admin.fields.is_active', render: (r) => (yes(r.is_active) ? '✓' : '—') },
            ...cols('units_count', 'order'),
          ]}
          form={{
            save: saveRoute,
            defaults: { language: 'es', status: '2', is_public: '1', is_active: '1' },
            fields: contentFields([
              { name: 'description', label: 'admin.fields.description', type: 'textarea' },
              { name: 'is_public', label: 'admin.fields.is_public', type: 'checkbox' },
              { name: 'is_active', label: 'admin.fields.is_active', type: 'checkbox' },
              { name: 'needs_appointment', label: 'admin.fields.needs_appointment', type: 'checkbox' },
              { name: 'tag', label: 'admin.fields.tag', type: 'text' },
              { name: 'category_id', label: 'admin.fields.category_id', type: 'number' },
              { name: 'order', label: 'admin.fields.order', type: 'number' },
              ...SEO_FIELDS,
              { name: 'image_cover', label: 'admin.fields.image_cover', type: 'upload', tag: 'route_cover' },
              { name: 'image_square', label: 'admin.fields.image_square', type: 'upload', tag: 'route_cover' },
            ]),
          }}
          remove={deleteRoute}
          actions={(r, reload) => (
            <button
              type="button"
              className="adm-btn"
              data-testid={r.status === 2 ? 'route-publish' : 'route-hide'}
              onClick={async () =>
                (await call(saveRoute, { input: { id: r.id as number, status: r.status === 2 ? 1 : 2 } })).success &&
                reload()
              }
            >
              {r.status === 2 ? t('admin.route.publish') : t('admin.route.hide')}
            </button>
          )}
          panel={(r) => <RoutePanel route={r} />}
        />
      )
    case 'route_categories':
    case 'post_categories': {
      const route = name === 'route_categories'
      return (
        <ListScreen
          id={name}
          list={route ? listRouteCategories : listPostCategories}
          rowsKey="categories"
          search={false}
          filters={[filters[0]!]}
          columns={cols('id', 'title', 'slug', 'language')}
          form={{
            save: route ? saveRouteCategory : savePostCategory,
            defaults: { language: 'es' },
            fields: contentFields().filter((f) => f.name !== 'status'),
          }}
          remove={route ? deleteRouteCategory : deletePostCategory}
        />
      )
    }
    case 'symptoms':
      return (
        <ListScreen
          id="symptoms"
          list={listAdminSymptoms}
          rowsKey="rows"
          filters={filters}
          columns={[...cols('id', 'title', 'slug', 'language'), status]}
          form={{ save: saveSymptom, defaults: { language: 'es', status: '1' }, fields: contentFields(SEO_FIELDS) }}
          remove={deleteSymptom}
        />
      )
    case 'posts':
      return (
        <ListScreen
          id="posts"
          list={listAdminPosts}
          rowsKey="rows"
          filters={filters}
          columns={[...cols('id', 'title', 'slug', 'language'), status, ...cols('author', 'published_at')]}
          form={{
            save: savePost,
            defaults: { language: 'es', status: '1' },
            fields: contentFields([
              { name: 'description', label: 'admin.fields.description', type: 'textarea' },
              { name: 'content', label: 'admin.fields.content', type: 'textarea' },
              { name: 'author', label: 'admin.fields.author', type: 'text' },
              { name: 'tag', label: 'admin.fields.tag', type: 'text' },
              { name: 'tags', label: 'admin.fields.tags', type: 'text' },
              { name: 'category_id', label: 'admin.fields.category_id', type: 'number' },
              { name: 'index', label: 'admin.fields.is_public', type: 'checkbox' },
              { name: 'image_cover', label: 'admin.fields.image_cover', type: 'upload', tag: 'post_cover' },
            ]),
          }}
          remove={deletePost}
          actions={(r, reload) => <PostHelpers id={r.id as number} reload={reload} />}
          panel={(r) => <RelatedPosts postId={r.id as number} />}
        />
      )
    case 'files':
      return (
        <ListScreen
          id="files"
          list={listAdminFiles}
          rowsKey="rows"
          filters={[
            {
              name: 'type',
              label: 'admin.fields.type',
              type: 'select',
              options: ['cover', 'audio', 'video'].map((v) => ({ value: v, label: v })),
            },
          ]}
          columns={[
            ...cols('id', 'title', 'type'),
            { key: 'tag', label: 'admin.fields.tag' },
            {
              key: 'size',
              label: 'admin.fields.size',
              sortable: true,
              render: (r) => `${Math.ceil(Number(r.size) / 1024)} KB`,
            },
            {
              key: 'r2_key',
              label: 'admin.fields.r2_key',
              render: (r) => <a href={`/media/${String(r.r2_key)}`}>{String(r.r2_key)}</a>,
            },
          ]}
          remove={deleteFile}
          toolbar={(_, reload) => <FileUploads reload={reload} />}
        />
      )
    case 'plans':
      return (
        <ListScreen
          id="plans"
          list={listAdminPlans}
          rowsKey="rows"
          filters={filters}
          columns={[
            ...cols('id', 'title', 'slug', 'language'),
            status,
            {
              key: 'visibility',
              label: 'admin.fields.visibility',
              render: (r) => (r.visibility === 2 ? t('admin.status.private') : t('admin.status.public')),
            },
            { key: 'routes_count', label: 'admin.screens.routes' },
            { key: 'users_count', label: 'admin.screens.users' },
          ]}
          form={{
            save: savePlan,
            defaults: { language: 'es', status: '1', visibility: '1' },
            fields: contentFields([
              { name: 'description', label: 'admin.fields.description', type: 'textarea' },
              {
                name: 'visibility',
                label: 'admin.fields.visibility',
                type: 'select',
                options: [
                  { value: '1', label: t('admin.status.public') },
                  { value: '2', label: t('admin.status.private') },
                ],
              },
              { name: 'category', label: 'admin.fields.category', type: 'text' },
              { name: 'next_plan_id', label: 'admin.fields.plan', type: 'number' },
            ]),
          }}
          remove={deletePlan}
          panel={(r) => <PlanPanel planId={r.id as number} />}
        />
      )
    case 'users':
      return (
        <ListScreen
          id="users"
          list={listUsers}
          rowsKey="users"
          filters={[
            {
              name: 'role',
              label: 'admin.fields.role',
              type: 'select',
              options: ROLES.map((r) => ({ value: String(r), label: roleName(t, r) })),
            },
            {
              name: 'subscriber',
              label: 'admin.fields.subscriber',
              type: 'select',
              options: [
                { value: '1', label: t('admin.list.yes') },
                { value: '0', label: t('admin.list.no') },
              ],
            },
          ]}
          columns={[
            ...cols('id', 'name', 'email'),
            { key: 'role', label: 'admin.fields.role', render: (r) => roleName(t, r.role) },
            { key: 'subscriber', label: 'admin.fields.subscriber', render: (r) => (yes(r.subscriber) ? '✓' : '—') },
            ...cols('created_at'),
          ]}
          form={{
            save: saveAdminUser,
            create: false,
            fields: [
              { name: 'name', label: 'admin.fields.name', type: 'text' },
              {
                name: 'role',
                label: 'admin.fields.role',
                type: 'select',
                options: ROLES.map((r) => ({ value: String(r), label: roleName(t, r) })),
              },
              { name: 'subscriber', label: 'admin.fields.subscriber', type: 'checkbox' },
              // Psychologist fields (SPEC §3 User, psychologist extras).
              {
                name: 'psychologist_open_to_get_appointment',
                label: 'admin.fields.open_to_appointments',
                type: 'checkbox',
              },
              { name: 'degree', label: 'admin.fields.degree', type: 'text' },
              { name: 'nationality', label: 'admin.fields.nationality', type: 'text' },
              { name: 'located_at', label: 'admin.fields.located_at', type: 'text' },
            ],
          }}
          panel={(r, reload) => <UserTools userId={r.id as number} reload={reload} />}
        />
      )
    case 'appointments':
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
              render: (r) => (r.host as { name?: string } | undefined)?.name ?? String(r.host_id),
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
    case 'events':
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
    case 'notifications':
      return (
        <>
          <ListScreen
            id="notifications"
            list={listNotifications}
            rowsKey="notifications"
            search={false}
            filters={[
              {
                name: 'status',
                label: 'admin.fields.status',
                type: 'select',
                options: stateOptions(t, ['pending', 'sent', 'cancelled']),
              },
            ]}
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
                  ],
                },
                { name: 'language', label: 'admin.fields.language', type: 'select', options: langOptions },
                {
                  name: 'role_recipients',
                  label: 'admin.fields.role_recipients',
                  type: 'select',
                  options: ROLES.map((r) => ({ value: String(r), label: roleName(t, r) })),
                },
                { name: 'receivers', label: 'admin.fields.receivers', type: 'text' },
                { name: 'readers_only', label: 'admin.fields.readers_only', type: 'checkbox' },
                { name: 'send_at', label: 'admin.fields.send_at', type: 'text' },
                { name: 'delay_amount', label: 'admin.fields.delay_amount', type: 'number' },
                {
                  name: 'delay_unit',
                  label: 'admin.fields.delay_unit',
                  type: 'select',
                  options: ['hours', 'days', 'months'].map((v) => ({ value: v, label: v })),
                },
                { name: 'at_best_moment', label: 'admin.fields.at_best_moment', type: 'checkbox' },
                {
                  name: 'level',
                  label: 'admin.fields.level',
                  type: 'select',
                  options: ['info', 'success', 'warning', 'danger'].map((v) => ({ value: v, label: v })),
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
                  run={async () =>
                    (await call(cancelNotification, { input: { id: r.id as number } })).success && reload()
                  }
                />
              ) : null
            }
          />
          <DeadMail />
        </>
      )
    case 'refunds':
      return (
        <ListScreen
          id="refunds"
          list={listRefunds}
          rowsKey="refund_requests"
          search={false}
          filters={[
            {
              name: 'status',
              label: 'admin.fields.status',
              type: 'select',
              options: stateOptions(t, ['pending', 'approved', 'rejected']),
            },
          ]}
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
    case 'audit':
      return (
        <ListScreen
          id="audit"
          list={listAudit}
          rowsKey="rows"
          columns={[
            ...cols('id', 'created_at', 'actor', 'action', 'entity', 'entity_id'),
            {
              key: 'before',
              label: 'admin.fields.before',
              render: (r) => <code className="adm-json">{String(r.before ?? '')}</code>,
            },
            {
              key: 'after',
              label: 'admin.fields.after',
              render: (r) => <code className="adm-json">{String(r.after ?? '')}</code>,
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
    case 'sitemap':
      return <Sitemap />
    case 'properties':
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
}
