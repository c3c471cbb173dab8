// The admin's tools beside the lists (issue 12): the 'Sure?' button, a post's related posts and
// helpers, uploads, a plan's routes and people, cancelling an appointment, the CSV export and the sitemap. Admin.tsx sets the screens up with them.
import { useEffect, useState } from 'react'
import {
  listPlanRoutes,
  listPlanUsers,
  exportEvents,
  regenerateSitemap,
  updateImageUsingUnsplash,
  aiForPost,
} from '#shared/contract/admin'
import { cancel } from '#shared/contract/appointments'
import { addPlanRoute, removePlanRoute, savePlanSetting, unassignPlan } from '#shared/contract/plans'
import { addCorrelation, listCorrelations, removeCorrelation } from '#shared/contract/posts.manage'
import { CancellationReason } from '#shared/enums'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { yesColumn } from './columns'
import { Upload } from './Upload'
import { useChoices, type Choice } from './choices'

/** A plan or a route chosen by name (issue 42 §9): a select of the admin's list, loading first. */
export function ChoiceSelect({
  label,
  choices,
  value,
  set,
  testId,
}: {
  label: string
  choices: Choice[] | null
  value: string
  set: (v: string) => void
  testId: string
}) {
  const { t } = usePage()
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => set(e.target.value)} disabled={!choices} data-testid={testId}>
        <option value="">{choices ? '—' : t('admin.list.loading')}</option>
        {choices?.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A button that asks 'Sure?' before it runs (SPEC §5: destructive actions). */
export function Sure({ label, run }: { label: string; run: () => unknown }) {
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
export function RelatedPosts({ postId }: { postId: number }) {
  const { t } = usePage()
  const [list, setList] = useState<{ id: number; title: string; language: string }[] | null>(null)
  const [other, setOther] = useState('')
  const posts = useChoices('posts')
  useEffect(() => {
    void call(listCorrelations, { input: { post_id: postId } }).then((r) => setList(r.success ? r.correlations : []))
  }, [postId])
  if (list === null) return <p>{t('admin.list.loading')}</p>
  const change = async (kind: 'add' | 'remove', id: number) => {
    const res = await call(kind === 'add' ? addCorrelation : removeCorrelation, {
      input: { post_id: postId, related_post_id: id },
    })
    if (res.success) {
      setList(res.correlations)
      setOther('')
    }
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
      <ChoiceSelect
        label={t('admin.fields.post')}
        choices={posts?.filter((p) => p.value !== String(postId)) ?? null}
        value={other}
        set={setOther}
        testId="related-post"
      />
      <button type="button" className="adm-btn" disabled={!other} onClick={() => void change('add', Number(other))}>
        {t('admin.list.new')}
      </button>
    </div>
  )
}

export function PostHelpers({ id, reload }: { id: number; reload: () => void }) {
  const { t } = usePage()
  const [answer, setAnswer] = useState<string | null>(null)
  return (
    <>
      <button
        type="button"
        className="adm-btn"
        onClick={async () => (await call(updateImageUsingUnsplash, { input: { id } })).success && reload()}
      >
        {t('admin.posts.unsplash')}
      </button>
      <button
        type="button"
        className="adm-btn"
        onClick={async () => {
          const res = await call(aiForPost, { params: { target: 'description' }, input: { post_id: id } })
          if (res.success) setAnswer(res.response)
        }}
      >
        {t('admin.posts.ai')}
      </button>
      {answer ? <p className="adm-ai">{answer}</p> : null}
    </>
  )
}

export function FileUploads({ reload }: { reload: () => void }) {
  const [tag, setTag] = useState<'route_cover' | 'unit_cover' | 'post_cover' | 'audio' | 'video' | 'user_avatar'>(
    'audio',
  )
  const { t } = usePage()
  return (
    <div className="adm-file-upload">
      <label className="adm-filter">
        <span>{t('admin.fields.tag')}</span>
        <select value={tag} onChange={(e) => setTag(e.target.value as typeof tag)} data-testid="file-tag">
          {(['audio', 'video', 'route_cover', 'unit_cover', 'post_cover', 'user_avatar'] as const).map((x) => (
            <option key={x} value={x}>
              {t(`admin.staff.file_tag.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <Upload key={tag} tag={tag} onDone={() => reload()} />
    </div>
  )
}

/** Under a plan: its routes in order with their lock settings, and the people it is assigned to. */
export function PlanPanel({ planId, language }: { planId: number; language?: string }) {
  const { t } = usePage()
  const [routeId, setRouteId] = useState('')
  const [version, setVersion] = useState(0)
  // A plan's routes are in its own language.
  const routes = useChoices('routes', language)
  return (
    <div className="adm-plan-panel" data-testid="plan-panel">
      <div className="adm-inline">
        <ChoiceSelect
          label={t('admin.fields.route')}
          choices={routes}
          value={routeId}
          set={setRouteId}
          testId="plan-route-id"
        />
        <button
          type="button"
          className="adm-btn"
          disabled={!routeId}
          onClick={async () =>
            (await call(addPlanRoute, { input: { plan_id: planId, route_id: Number(routeId) } })).success &&
            (setRouteId(''), setVersion((v) => v + 1))
          }
        >
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
          yesColumn('need_appointment', 'admin.fields.needs_appointment'),
          yesColumn('need_finished_appointment'),
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

export function CancelAppointment({ id, reload }: { id: number; reload: () => void }) {
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
      <input
        aria-label={t('admin.appointments.reason_text')}
        placeholder={t('admin.appointments.reason_text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {t('admin.list.sure')}{' '}
      <button
        type="button"
        className="adm-btn adm-danger"
        disabled={!text.trim()}
        onClick={async () =>
          (await call(cancel, { input: { id, reason: CancellationReason.other, reason_text: text } })).success &&
          (setOpen(false), reload())
        }
      >
        {t('admin.list.yes')}
      </button>
      <button type="button" className="adm-btn" onClick={() => setOpen(false)}>
        {t('admin.list.no')}
      </button>
    </span>
  )
}

export function ExportCsv({ input }: { input: Record<string, unknown> }) {
  const { t } = usePage()
  async function run() {
    const filters = Object.fromEntries(
      Object.entries(input)
        .filter(([k]) => k.startsWith('filters['))
        .map(([k, v]) => [k.slice(8, -1), v]),
    )
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

export function Sitemap() {
  const { t, href } = usePage()
  const [said, setSaid] = useState<string | null>(null)
  return (
    <section className="adm-screen" data-testid="screen-sitemap">
      <button
        type="button"
        className="adm-btn adm-primary"
        onClick={async () => {
          const res = await call(regenerateSitemap, {})
          setSaid(res.message ?? null)
        }}
        data-testid="sitemap-regenerate"
      >
        {t('admin.sitemap.regenerate')}
      </button>
      {said ? <p aria-live="polite">{said}</p> : null}
      <p>
        <a href={href('sitemap')}>{href('sitemap')}</a>
      </p>
    </section>
  )
}
