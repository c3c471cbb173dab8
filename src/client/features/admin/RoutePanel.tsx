// Under an opened route (issue 12 §2): its units in order (arrows move one up or down), a new
// unit with its audio or video uploaded to R2, and its symptoms with the primary one.
import { useCallback, useEffect, useState } from 'react'
import { deleteUnit, listAdminUnits, moveUnit, saveUnit, type AdminUnitRow } from '#shared/contract/admin'
import { applyPrimarySymptom, assignSymptom, listRouteSymptoms, unassignSymptom } from '#shared/contract/content.manage'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { Upload } from './Upload'

interface SymptomRef {
  id: number
  title: string
  is_primary?: boolean
}

export function RoutePanel({ route }: { route: Record<string, unknown> }) {
  const { t } = usePage()
  const routeId = route.id as number
  const language = route.language as 'es' | 'en'
  const [units, setUnits] = useState<AdminUnitRow[]>([])
  const [mine, setMine] = useState<SymptomRef[]>([])
  const [all, setAll] = useState<SymptomRef[]>([])
  const [pick, setPick] = useState('')
  const [title, setTitle] = useState('')
  const [media, setMedia] = useState<{ key: string; kind: 'audio' | 'video' } | null>(null)
  const [sure, setSure] = useState<number | null>(null)
  const [editing, setEditing] = useState<number | null>(null)

  const load = useCallback(async () => {
    const [u, s, a] = await Promise.all([
      call(listAdminUnits, { input: { 'filters[route_id]': routeId, per_page: 100 } as never }),
      call(listRouteSymptoms, { input: { route_id: routeId } }),
      call(listRouteSymptoms, { input: { language } }),
    ])
    if (u.success) setUnits(u.rows)
    if (s.success) setMine(s.symptoms as SymptomRef[])
    if (a.success) setAll(a.symptoms as SymptomRef[])
  }, [routeId, language])
  useEffect(() => void load(), [load])

  async function addUnit() {
    const res = await call(saveUnit, {
      input: { route_id: routeId, title, kind: media?.kind ?? 'audio', media_key: media?.key, status: 1 },
    })
    if (res.success) {
      setTitle('')
      setMedia(null)
      void load()
    }
  }
  async function move(id: number, direction: 'up' | 'down') {
    const res = await call(moveUnit, { input: { id, direction }, silent: true })
    if (res.success) setUnits(res.rows)
  }
  async function remove(id: number) {
    setSure(null)
    if ((await call(deleteUnit, { input: { id } })).success) void load()
  }
  async function symptom(kind: 'assign' | 'unassign' | 'primary', symptomId: number) {
    const def = kind === 'assign' ? assignSymptom : kind === 'unassign' ? unassignSymptom : applyPrimarySymptom
    const res = await call(def, { input: { route_id: routeId, symptom_id: symptomId } })
    if (res.success) setMine(res.symptoms as SymptomRef[])
  }

  /** A unit's arrow: swaps it with its neighbour (none past either end). */
  const arrow = (id: number, direction: 'up' | 'down', atEnd: boolean) => (
    <button
      type="button"
      className="adm-btn"
      disabled={atEnd}
      onClick={() => void move(id, direction)}
      aria-label={t(`admin.route.${direction}`)}
      data-testid={`unit-${direction}`}
    >
      {direction === 'up' ? '↑' : '↓'}
    </button>
  )
  return (
    <div className="adm-route-panel" data-testid="route-panel">
      <h3>{t('admin.route.units')}</h3>
      <ol className="adm-units">
        {units.map((u, i) => (
          <li key={String(u.id)} data-testid="unit-row">
            <span className="adm-unit-title">{String(u.title)}</span>{' '}
            <small>
              {String(u.kind)} · {u.media_key ? String(u.media_key) : '—'}
            </small>
            {arrow(u.id, 'up', i === 0)}
            {arrow(u.id, 'down', i === units.length - 1)}
            <button
              type="button"
              className="adm-btn"
              onClick={() => setEditing(editing === u.id ? null : u.id)}
              aria-expanded={editing === u.id}
              data-testid="unit-edit"
            >
              {t('admin.list.edit')}
            </button>
            {sure === u.id ? (
              <>
                {t('admin.list.sure')}{' '}
                <button type="button" className="adm-btn adm-danger" onClick={() => void remove(u.id)}>
                  {t('admin.list.yes')}
                </button>
                <button type="button" className="adm-btn" onClick={() => setSure(null)}>
                  {t('admin.list.no')}
                </button>
              </>
            ) : (
              <button type="button" className="adm-btn adm-danger" onClick={() => setSure(u.id)}>
                {t('admin.list.delete')}
              </button>
            )}
            {editing === u.id ? <UnitForm unit={u} onSaved={() => (setEditing(null), void load())} /> : null}
          </li>
        ))}
      </ol>
      <div className="adm-add-unit">
        <label>
          {t('admin.fields.title')}{' '}
          <input value={title} onChange={(e) => setTitle(e.target.value)} data-testid="unit-title" />
        </label>
        <Upload
          tag="audio"
          onDone={(f) => setMedia({ key: String(f.r2_key), kind: String(f.type) === 'video' ? 'video' : 'audio' })}
        />
        {media ? <small data-testid="unit-media">{media.key}</small> : null}
        <button
          type="button"
          className="adm-btn adm-primary"
          disabled={!title.trim()}
          onClick={() => void addUnit()}
          data-testid="unit-add"
        >
          {t('admin.route.add_unit')}
        </button>
      </div>

      <h3>{t('admin.route.symptoms')}</h3>
      <ul className="adm-symptoms">
        {mine.map((s) => (
          <li key={s.id} data-testid="route-symptom">
            {s.title}{' '}
            {s.is_primary ? (
              <strong className="adm-badge">{t('admin.route.primary')}</strong>
            ) : (
              <button
                type="button"
                className="adm-btn"
                onClick={() => void symptom('primary', s.id)}
                data-testid="symptom-primary"
              >
                {t('admin.route.make_primary')}
              </button>
            )}
            <button type="button" className="adm-btn adm-danger" onClick={() => void symptom('unassign', s.id)}>
              {t('admin.list.delete')}
            </button>
          </li>
        ))}
      </ul>
      <label>
        {t('admin.route.add_symptom')}{' '}
        <select value={pick} onChange={(e) => setPick(e.target.value)} data-testid="symptom-pick">
          <option value="">—</option>
          {all
            .filter((s) => !mine.some((m) => m.id === s.id))
            .map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
        </select>
      </label>
      <button
        type="button"
        className="adm-btn"
        disabled={!pick}
        onClick={() => (void symptom('assign', Number(pick)), setPick(''))}
        data-testid="symptom-assign"
      >
        {t('admin.route.add_symptom')}
      </button>
    </div>
  )
}

const UNIT_TEXT_FIELDS = [
  'title',
  'description',
  'duration_seconds',
  'credits_creator',
  'credits_dubbing',
  'credits_interpretation',
  'credits_author',
  'media_key',
  'cover_key',
] as const
type UnitField = (typeof UNIT_TEXT_FIELDS)[number] | 'kind' | 'status'

/** A unit's fields (SPEC §3 Unit: status, order, credits creator, dubbing, interpretation, author); only what changed is sent. */
function UnitForm({ unit, onSaved }: { unit: AdminUnitRow; onSaved: () => void }) {
  const { t } = usePage()
  const text = (v: string | number | null) => (v === null ? '' : String(v))
  const fields: UnitField[] = [...UNIT_TEXT_FIELDS, 'kind', 'status']
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((k) => [k, text(unit[k])])) as Record<UnitField, string>,
  )
  const { busy, errors, send } = useForm()
  const set = (k: UnitField, v: string) => setValues((s) => ({ ...s, [k]: v }))
  async function save() {
    const input: Record<string, string | number> = { id: unit.id }
    for (const k of fields) if (values[k] !== text(unit[k]) && values[k] !== '') input[k] = values[k]
    if (await send(() => call(saveUnit, { input }))) onSaved()
  }
  return (
    <div className="adm-form adm-unit-form" data-testid="unit-form">
      {UNIT_TEXT_FIELDS.map((k) => (
        <label key={k} className="adm-field">
          {t(`admin.fields.${k}`)}
          <input name={k} value={values[k]} onChange={(e) => set(k, e.target.value)} />
          {errors[k] ? <span className="adm-error">{errors[k]}</span> : null}
        </label>
      ))}
      <label className="adm-field">
        {t('admin.fields.kind')}
        <select name="kind" value={values.kind} onChange={(e) => set('kind', e.target.value)}>
          <option value="audio">audio</option>
          <option value="video">video</option>
        </select>
      </label>
      <label className="adm-field">
        {t('admin.fields.status')}
        <select name="status" value={values.status} onChange={(e) => set('status', e.target.value)}>
          <option value="1">{t('admin.status.visible')}</option>
          <option value="2">{t('admin.status.hidden')}</option>
        </select>
      </label>
      <div className="adm-field">
        {t('admin.fields.cover_key')}
        <Upload tag="unit_cover" onDone={(f) => set('cover_key', String(f.r2_key))} />
      </div>
      <div className="adm-form-actions">
        <button
          type="button"
          className="adm-btn adm-primary"
          onClick={() => void save()}
          disabled={busy}
          data-testid="unit-save"
        >
          {t('admin.list.save')}
        </button>
      </div>
    </div>
  )
}
