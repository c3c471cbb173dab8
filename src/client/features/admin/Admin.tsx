// The /admin page (issue 12): one tab per screen the person's role has (SPEC §2 Admin screens,
// §6), each the generic ListScreen set up for its calls. The screen is kept in the URL
// (?screen=routes). The server refused this page to anyone else; its calls refuse them too.
import { useEffect, useState } from 'react'
import type { AdminPageData } from '#shared/contract/admin'
import { adjustCredits, listPlanRoutes, listPlanUsers, deleteProperty, saveProperty, exportEvents, listAdminFiles, listAdminPlans, listAdminPosts, listAdminRoutes, listAdminSymptoms, listAudit, listEvents, regenerateSitemap, restoreDeleted, saveAdminUser, updateImageUsingUnsplash, aiForPost } from '#shared/contract/admin'
import { deleteFile } from '#shared/contract/admin.files'
import type { AdminScreen } from '#shared/contract/admin.screens'
import { cancel, listAppointments } from '#shared/contract/appointments'
import { deleteRoute, deleteRouteCategory, deleteSymptom, listRouteCategories, listRouteProperties, saveRoute, saveRouteCategory, saveSymptom } from '#shared/contract/content.manage'
import { assignPlan, deletePlan, savePlan, addPlanRoute, removePlanRoute, savePlanSetting, unassignPlan } from '#shared/contract/plans'
import { addCorrelation, deletePost, deletePostCategory, listCorrelations, listPostCategories, removeCorrelation, savePost, savePostCategory } from '#shared/contract/posts.manage'
import { listUsers } from '#shared/contract/users'
import { cancelNotification, createNotification, listNotifications } from '#shared/contract/notifications'
import { approveRefund, listRefunds, rejectRefund } from '#shared/contract/payments'
import { CancellationReason } from '#shared/enums'
import type { Translate } from '#shared/i18n/index'
import { call } from '#client/api.ts'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { ListScreen, type Column, type FieldSpec } from './ListScreen'
import { RoutePanel } from './RoutePanel'
import { Upload } from './Upload'
import './admin.css'

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
const yes = (v: unknown) => v === true || v === 1 || v === '1'

function screenFromUrl(screens: string[]): string {
  if (typeof window === 'undefined') return screens[0]!
  const s = new URLSearchParams(window.location.search).get('screen')
  return s && screens.includes(s) ? s : screens[0]!
}

export default function Admin({ data, boot }: PageProps<AdminPageData>) {
  const { t } = usePage()
  const [screen, setScreen] = useState(() => (boot.query.screen && data.screens.includes(boot.query.screen) ? boot.query.screen : screenFromUrl(data.screens)))

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
          <button key={s} type="button" className={`adm-tab${s === screen ? ' adm-tab-on' : ''}`} aria-current={s === screen ? 'page' : undefined} onClick={() => go(s)} data-testid={`tab-${s}`}>
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
  const status: Column = { key: 'status', label: 'admin.fields.status', render: (r) => (r.status === 2 ? t('admin.status.hidden') : t('admin.status.visible')) }
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
  const cols = (...keys: string[]): Column[] => keys.map((k) => ({ key: k, label: `admin.fields.${k}` as 'admin.fields.id', sortable: ['id', 'title', 'slug', 'order', 'updated_at', 'published_at', 'name', 'email', 'created_at', 'start_at', 'size', 'event'].includes(k) }))

  switch (name) {
    case 'routes':
      return (
        <ListScreen
          id="routes"
          list={listAdminRoutes}
          rowsKey="rows"
          filters={filters}
          columns={[...cols('id', 'title', 'slug', 'language'), status, { key: 'is_active', label: 'admin.fields.is_active', render: (r) => (yes(r.is_active) ? '✓' : '—') }, ...cols('units_count', 'order')]}
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
              { name: 'seo_title', label: 'admin.fields.seo_title', type: 'text' },
              { name: 'seo_description', label: 'admin.fields.seo_description', type: 'text' },
              { name: 'image_cover', label: 'admin.fields.image_cover', type: 'upload', tag: 'route_cover' },
              { name: 'image_square', label: 'admin.fields.image_square', type: 'upload', tag: 'route_cover' },
            ]),
          }}
          remove={deleteRoute}
          actions={(r, reload) => (
            <button type="button" className="adm-btn" data-testid={r.status === 2 ? 'route-publish' : 'route-hide'} onClick={async () => (await call(saveRoute, { input: { id: r.id as number, status: r.status === 2 ? 1 : 2 } })).success && reload()}>
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
          form={{ save: route ? saveRouteCategory : savePostCategory, defaults: { language: 'es' }, fields: contentFields().filter((f) => f.name !== 'status') }}
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
          form={{ save: saveSymptom, defaults: { language: 'es', status: '1' }, fields: contentFields([{ name: 'seo_title', label: 'admin.fields.seo_title', type: 'text' }, { name: 'seo_description', label: 'admin.fields.seo_description', type: 'text' }]) }}
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
          filters={[{ name: 'type', label: 'admin.fields.type', type: 'select', options: ['cover', 'audio', 'video'].map((v) => ({ value: v, label: v })) }]}
          columns={[...cols('id', 'title', 'type'), { key: 'tag', label: 'admin.fields.tag' }, { key: 'size', label: 'admin.fields.size', sortable: true, render: (r) => `${Math.ceil(Number(r.size) / 1024)} KB` }, { key: 'r2_key', label: 'admin.fields.r2_key', render: (r) => <a href={`/media/${String(r.r2_key)}`}>{String(r.r2_key)}</a> }]}
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
          columns={[...cols('id', 'title', 'slug', 'language'), status, { key: 'visibility', label: 'admin.fields.visibility', render: (r) => (r.visibility === 2 ? t('admin.status.private') : t('admin.status.public')) }, { key: 'routes_count', label: 'admin.screens.routes' }, { key: 'users_count', label: 'admin.screens.users' }]}
          form={{
            save: savePlan,
            defaults: { language: 'es', status: '1', visibility: '1' },
            fields: contentFields([
              { name: 'description', label: 'admin.fields.description', type: 'textarea' },
              { name: 'visibility', label: 'admin.fields.visibility', type: 'select', options: [{ value: '1', label: t('admin.status.public') }, { value: '2', label: t('admin.status.private') }] },
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
          filters={[{ name: 'role', label: 'admin.fields.role', type: 'select', options: ROLES.map((r) => ({ value: String(r), label: roleName(t, r) })) }, { name: 'subscriber', label: 'admin.fields.subscriber', type: 'select', options: [{ value: '1', label: t('admin.list.yes') }, { value: '0', label: t('admin.list.no') }] }]}
          columns={[...cols('id', 'name', 'email'), { key: 'role', label: 'admin.fields.role', render: (r) => roleName(t, r.role) }, { key: 'subscriber', label: 'admin.fields.subscriber', render: (r) => (yes(r.subscriber) ? '✓' : '—') }, ...cols('created_at')]}
          form={{
            save: saveAdminUser,
            create: false,
            fields: [
              { name: 'name', label: 'admin.fields.name', type: 'text' },
              { name: 'role', label: 'admin.fields.role', type: 'select', options: ROLES.map((r) => ({ value: String(r), label: roleName(t, r) })) },
              { name: 'subscriber', label: 'admin.fields.subscriber', type: 'checkbox' },
              // Psychologist fields (SPEC §3 User, psychologist extras).
              { name: 'psychologist_open_to_get_appointment', label: 'admin.fields.open_to_appointments', type: 'checkbox' },
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
          filters={[{ name: 'status', label: 'admin.fields.status', type: 'select', options: [1, 2, 4, 8, 16].map((s) => ({ value: String(s), label: String(s) })) }]}
          columns={[
            ...cols('id', 'start_at'),
            { key: 'host', label: 'admin.fields.host', render: (r) => (r.host as { name?: string } | undefined)?.name ?? String(r.host_id) },
            { key: 'guest', label: 'admin.fields.guest', render: (r) => (r.guest as { name?: string } | undefined)?.name ?? String(r.guest_id) },
            { key: 'status', label: 'admin.fields.status', render: (r) => (r.properties as { status?: string } | undefined)?.status ?? String(r.status) },
          ]}
          actions={(r, reload) => (r.status === 1 || r.status === 2 ? <CancelAppointment id={r.id as number} reload={reload} /> : null)}
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
          columns={[...cols('id', 'created_at', 'event', 'page', 'session_id'), { key: 'params', label: 'admin.fields.params' }]}
          toolbar={(input) => <ExportCsv input={input} />}
        />
      )
    case 'notifications':
      return (
        <ListScreen
          id="notifications"
          list={listNotifications}
          rowsKey="notifications"
          search={false}
          filters={[{ name: 'status', label: 'admin.fields.status', type: 'select', options: ['pending', 'sent', 'cancelled'].map((v) => ({ value: v, label: v })) }]}
          columns={[
            ...cols('id', 'status', 'channel', 'language'),
            { key: 'copy', label: 'admin.fields.title', render: (r) => { const c = r.copy as { es?: { title: string }; en?: { title: string } }; return c.es?.title ?? c.en?.title ?? '' } },
            { key: 'send_at', label: 'admin.fields.send_at', sortable: true },
            ...cols('deliveries'),
          ]}
          form={{
            save: createNotification,
            defaults: { channel: 'in_app' },
            fields: [
              { name: 'channel', label: 'admin.fields.channel', type: 'select', options: [{ value: 'in_app', label: 'in app' }, { value: 'email', label: 'email' }] },
              { name: 'language', label: 'admin.fields.language', type: 'select', options: langOptions },
              { name: 'role_recipients', label: 'admin.fields.role_recipients', type: 'select', options: ROLES.map((r) => ({ value: String(r), label: roleName(t, r) })) },
              { name: 'receivers', label: 'admin.fields.receivers', type: 'text' },
              { name: 'readers_only', label: 'admin.fields.readers_only', type: 'checkbox' },
              { name: 'send_at', label: 'admin.fields.send_at', type: 'text' },
              { name: 'delay_amount', label: 'admin.fields.delay_amount', type: 'number' },
              { name: 'delay_unit', label: 'admin.fields.delay_unit', type: 'select', options: ['hours', 'days', 'months'].map((v) => ({ value: v, label: v })) },
              { name: 'at_best_moment', label: 'admin.fields.at_best_moment', type: 'checkbox' },
              { name: 'level', label: 'admin.fields.level', type: 'select', options: ['info', 'success', 'warning', 'danger'].map((v) => ({ value: v, label: v })) },
              { name: 'title_es', label: 'admin.fields.title_es', type: 'text' },
              { name: 'description_es', label: 'admin.fields.description_es', type: 'textarea' },
              { name: 'title_en', label: 'admin.fields.title_en', type: 'text' },
              { name: 'description_en', label: 'admin.fields.description_en', type: 'textarea' },
            ],
          }}
          actions={(r, reload) => (r.status === 'pending' ? <Sure label={t('admin.notifications.cancel')} run={async () => (await call(cancelNotification, { input: { id: r.id as number } })).success && reload()} /> : null)}
        />
      )
    case 'refunds':
      return (
        <ListScreen
          id="refunds"
          list={listRefunds}
          rowsKey="refund_requests"
          search={false}
          filters={[{ name: 'status', label: 'admin.fields.status', type: 'select', options: ['pending', 'approved', 'rejected'].map((v) => ({ value: v, label: v })) }]}
          columns={[...cols('id', 'created_at', 'user_email', 'amount', 'reason', 'status')]}
          actions={(r, reload) =>
            r.status === 'pending' ? (
              <>
                <Sure label={t('admin.refunds.approve')} run={async () => (await call(approveRefund, { input: { id: r.id as number } })).success && reload()} />
                <Sure label={t('admin.refunds.reject')} run={async () => (await call(rejectRefund, { input: { id: r.id as number } })).success && reload()} />
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
          columns={[...cols('id', 'created_at', 'actor', 'action', 'entity', 'entity_id'), { key: 'before', label: 'admin.fields.before', render: (r) => <code className="adm-json">{String(r.before ?? '')}</code> }, { key: 'after', label: 'admin.fields.after', render: (r) => <code className="adm-json">{String(r.after ?? '')}</code> }]}
          actions={(r, reload) =>
            String(r.action).startsWith('DELETE ') && ['route', 'post', 'plan'].includes(String(r.entity)) && !r.restored_at ? (
              <button type="button" className="adm-btn" data-testid="audit-restore" onClick={async () => (await call(restoreDeleted, { input: { audit_id: r.id as number } })).success && reload()}>
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
          form={{ save: saveProperty, fields: [{ name: 'key', label: 'admin.fields.key', type: 'text', only: 'create' }, { name: 'value', label: 'admin.fields.value', type: 'textarea' }, { name: 'description', label: 'admin.fields.description', type: 'text' }] }}
          remove={deleteProperty}
        />
      )
  }
}

/** A button that asks 'Sure?' before it runs (SPEC §5: destructive actions). */
function Sure({ label, run }: { label: string; run: () => unknown }) {
  const { t } = usePage()
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <button type="button" className="adm-btn adm-danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    )
  return (
    <span className="adm-sure">
      {t('admin.list.sure')}{' '}
      <button type="button" className="adm-btn adm-danger" onClick={() => (setAsking(false), void run())}>
        {t('admin.list.yes')}
      </button>
      <button type="button" className="adm-btn" onClick={() => setAsking(false)}>
        {t('admin.list.no')}
      </button>
    </span>
  )
}

/** A post's related posts (SPEC §3 post correlation; §5 never itself), both directions. */
function RelatedPosts({ postId }: { postId: number }) {
  const { t } = usePage()
  const [list, setList] = useState<{ id: number; title: string; language: string }[] | null>(null)
  const [other, setOther] = useState('')
  useEffect(() => {
    void call(listCorrelations, { input: { post_id: postId } }).then((r) => setList(r.success ? r.correlations : []))
  }, [postId])
  if (list === null) return <p>{t('admin.list.loading')}</p>
  const change = async (kind: 'add' | 'remove', id: number) => {
    const res = await call(kind === 'add' ? addCorrelation : removeCorrelation, { input: { post_id: postId, related_post_id: id } })
    if (res.success) (setList(res.correlations), setOther(''))
  }
  return (
    <div className="adm-inline" data-testid="related-posts">
      <strong>{t('admin.posts.related')}</strong>
      <ul className="adm-symptoms">
        {list.map((p) => (
          <li key={p.id}>
            {p.title} ({p.language}){' '}
            <button type="button" className="adm-btn adm-danger" onClick={() => void change('remove', p.id)}>
              {t('admin.list.delete')}
            </button>
          </li>
        ))}
      </ul>
      <label>
        {t('admin.screens.posts')} (id) <input type="number" value={other} onChange={(e) => setOther(e.target.value)} />
      </label>
      <button type="button" className="adm-btn" disabled={!other} onClick={() => void change('add', Number(other))}>
        {t('admin.list.new')}
      </button>
    </div>
  )
}

function PostHelpers({ id, reload }: { id: number; reload: () => void }) {
  const { t } = usePage()
  const [answer, setAnswer] = useState<string | null>(null)
  return (
    <>
      <button type="button" className="adm-btn" onClick={async () => (await call(updateImageUsingUnsplash, { input: { id } })).success && reload()}>
        {t('admin.posts.unsplash')}
      </button>
      <button type="button" className="adm-btn" onClick={async () => {
        const res = await call(aiForPost, { params: { target: 'description' }, input: { post_id: id } })
        if (res.success) setAnswer(res.response)
      }}>
        {t('admin.posts.ai')}
      </button>
      {answer ? <p className="adm-ai">{answer}</p> : null}
    </>
  )
}

function FileUploads({ reload }: { reload: () => void }) {
  const [tag, setTag] = useState<'route_cover' | 'unit_cover' | 'post_cover' | 'audio' | 'video' | 'user_avatar'>('audio')
  const { t } = usePage()
  return (
    <div className="adm-file-upload">
      <label className="adm-filter">
        <span>{t('admin.fields.tag')}</span>
        <select value={tag} onChange={(e) => setTag(e.target.value as typeof tag)} data-testid="file-tag">
          {(['audio', 'video', 'route_cover', 'unit_cover', 'post_cover', 'user_avatar'] as const).map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
      </label>
      <Upload key={tag} tag={tag} onDone={() => reload()} />
    </div>
  )
}

/** Under a plan: its routes in order with their lock settings, and the people it is assigned to. */
function PlanPanel({ planId }: { planId: number }) {
  const { t } = usePage()
  const [routeId, setRouteId] = useState('')
  const [version, setVersion] = useState(0)
  return (
    <div className="adm-plan-panel" data-testid="plan-panel">
      <div className="adm-inline">
        <label>
          {t('admin.screens.routes')} (id) <input type="number" value={routeId} onChange={(e) => setRouteId(e.target.value)} data-testid="plan-route-id" />
        </label>
        <button type="button" className="adm-btn" disabled={!routeId} onClick={async () => (await call(addPlanRoute, { input: { plan_id: planId, route_id: Number(routeId) } })).success && (setRouteId(''), setVersion((v) => v + 1))}>
          {t('admin.list.new')}
        </button>
      </div>
      <ListScreen
        key={version}
        id="plan-routes"
        list={listPlanRoutes}
        rowsKey="rows"
        search={false}
        base={{ 'filters[plan_id]': planId }}
        columns={[
          { key: 'order', label: 'admin.fields.order', sortable: true },
          { key: 'title', label: 'admin.fields.title' },
          { key: 'waiting_time_hours', label: 'admin.fields.waiting_time_hours' },
          { key: 'need_appointment', label: 'admin.fields.needs_appointment', render: (r) => (yes(r.need_appointment) ? '✓' : '—') },
          { key: 'need_finished_appointment', label: 'admin.fields.need_finished_appointment', render: (r) => (yes(r.need_finished_appointment) ? '✓' : '—') },
        ]}
        form={{
          save: savePlanSetting,
          create: false,
          extra: (r) => ({ plan_id: planId, route_id: r.route_id as number }),
          fields: [
            { name: 'order', label: 'admin.fields.order', type: 'number' },
            { name: 'waiting_time_hours', label: 'admin.fields.waiting_time_hours', type: 'number' },
            { name: 'need_appointment', label: 'admin.fields.needs_appointment', type: 'checkbox' },
            { name: 'need_finished_appointment', label: 'admin.fields.need_finished_appointment', type: 'checkbox' },
          ],
        }}
        remove={removePlanRoute}
        removeInput={(r) => ({ plan_id: planId, route_id: r.route_id as number })}
      />
      <ListScreen
        id="plan-users"
        list={listPlanUsers}
        rowsKey="rows"
        base={{ 'filters[plan_id]': planId }}
        columns={[
          { key: 'name', label: 'admin.fields.name' },
          { key: 'email', label: 'admin.fields.email' },
          { key: 'assigned_at', label: 'admin.fields.created_at', sortable: true },
          { key: 'finished_at', label: 'admin.fields.finished_at' },
        ]}
        remove={unassignPlan}
        removeInput={(r) => ({ plan_id: planId, user_id: r.user_id as number })}
      />
    </div>
  )
}

function UserTools({ userId, reload }: { userId: number; reload: () => void }) {
  const { t } = usePage()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [planId, setPlanId] = useState('')
  const [balance, setBalance] = useState<number | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  return (
    <div className="adm-inline" data-testid="user-tools">
      <fieldset>
        <legend>{t('admin.users.adjust')}</legend>
        <label>
          {t('admin.fields.amount')} <input type="number" step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="credits-amount" />
        </label>
        <label>
          {t('admin.fields.reason')} <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="credits-reason" />
        </label>
        <button type="button" className="adm-btn" data-testid="credits-save" onClick={async () => {
          const res = await call(adjustCredits, { input: { user_id: userId, amount_cents: Math.round(Number(amount) * 100), reason } })
          if (!res.success) return setErrors(res.errors ?? {})
          setErrors({})
          setBalance(res.credits_cents)
          reload()
        }}>
          {t('admin.list.save')}
        </button>
        {Object.values(errors)[0]?.[0] ? <p className="adm-error">{Object.values(errors)[0]![0]}</p> : null}
        {balance !== null ? <p>{t('admin.users.balance', { n: (balance / 100).toFixed(2) })}</p> : null}
      </fieldset>
      <fieldset>
        <legend>{t('admin.users.assign_plan')}</legend>
        <label>
          {t('admin.fields.plan')} (id) <input type="number" value={planId} onChange={(e) => setPlanId(e.target.value)} />
        </label>
        <button type="button" className="adm-btn" disabled={!planId} onClick={() => void call(assignPlan, { input: { plan_id: Number(planId), user_id: userId } })}>
          {t('admin.users.assign_plan')}
        </button>
      </fieldset>
    </div>
  )
}

function CancelAppointment({ id, reload }: { id: number; reload: () => void }) {
  const { t } = usePage()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  if (!open)
    return (
      <button type="button" className="adm-btn adm-danger" onClick={() => setOpen(true)}>
        {t('admin.appointments.cancel')}
      </button>
    )
  return (
    <span className="adm-sure">
      <input aria-label={t('admin.appointments.reason_text')} placeholder={t('admin.appointments.reason_text')} value={text} onChange={(e) => setText(e.target.value)} />
      {t('admin.list.sure')}{' '}
      <button type="button" className="adm-btn adm-danger" disabled={!text.trim()} onClick={async () => (await call(cancel, { input: { id, reason: CancellationReason.other, reason_text: text } })).success && (setOpen(false), reload())}>
        {t('admin.list.yes')}
      </button>
      <button type="button" className="adm-btn" onClick={() => setOpen(false)}>
        {t('admin.list.no')}
      </button>
    </span>
  )
}

function ExportCsv({ input }: { input: Record<string, unknown> }) {
  const { t } = usePage()
  async function run() {
    const filters = Object.fromEntries(Object.entries(input).filter(([k]) => k.startsWith('filters[')).map(([k, v]) => [k.slice(8, -1), v]))
    const res = await call(exportEvents, { input: filters as never })
    if (!res.success) return
    const a = document.createElement('a')
    a.href = URL.createObjectURL(new Blob([res.csv], { type: 'text/csv;charset=utf-8' }))
    a.download = 'usage-events.csv'
    a.click()
    setTimeout(() => URL.revokeObjectURL(a.href), 1000)
  }
  return (
    <button type="button" className="adm-btn" onClick={() => void run()} data-testid="events-export">
      {t('admin.events.export')}
    </button>
  )
}

function Sitemap() {
  const { t } = usePage()
  const [said, setSaid] = useState<string | null>(null)
  return (
    <section className="adm-screen" data-testid="screen-sitemap">
      <button type="button" className="adm-btn adm-primary" onClick={async () => {
        const res = await call(regenerateSitemap, {})
        setSaid(res.message ?? null)
      }} data-testid="sitemap-regenerate">
        {t('admin.sitemap.regenerate')}
      </button>
      {said ? <p aria-live="polite">{said}</p> : null}
      <p>
        <a href="/sitemap.xml">/sitemap.xml</a>
      </p>
    </section>
  )
}
