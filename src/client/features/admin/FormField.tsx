// One field of a list screen's form (EditForm): its label, its input by kind, its error.
import { usePage } from '#client/app/context.tsx'
import type { FieldSpec } from './list.types'
import { Upload } from './Upload'
import { PeoplePicker } from './PeoplePicker'

export function FormField({
  field: f,
  value,
  error: err,
  set,
}: {
  field: FieldSpec
  value: string
  error: string | undefined
  set: (v: string) => void
}) {
  const { t, boot } = usePage()
  const id = `adm-f-${f.name}`
  const invalid = err ? true : undefined
  return (
    <div
      className={`adm-field${f.type === 'textarea' || f.type === 'people' ? ' adm-wide' : ''}${err ? ' adm-invalid' : ''}`}
    >
      {f.type === 'checkbox' ? (
        <label htmlFor={id} className="adm-check">
          <input
            id={id}
            name={f.name}
            type="checkbox"
            checked={value === '1'}
            onChange={(e) => set(e.target.checked ? '1' : '0')}
          />
          {t(f.label)}
        </label>
      ) : (
        <label htmlFor={id}>{t(f.label)}</label>
      )}
      {f.type === 'text' || f.type === 'number' ? (
        <input
          id={id}
          name={f.name}
          type={f.type}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={invalid}
        />
      ) : null}
      {f.type === 'datetime' ? (
        <>
          <input
            id={id}
            name={f.name}
            type="datetime-local"
            value={value}
            onChange={(e) => set(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={`${id}-zone`}
          />
          <small id={`${id}-zone`} className="adm-hint">
            {t('admin.staff.zone', { zone: boot.timeZone })}
          </small>
        </>
      ) : null}
      {f.type === 'textarea' ? (
        <textarea
          id={id}
          name={f.name}
          rows={8}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={invalid}
        />
      ) : null}
      {f.type === 'select' ? (
        <select id={id} name={f.name} value={value} onChange={(e) => set(e.target.value)}>
          <option value="">—</option>
          {/* A stored value outside the list (older free text) stays shown and kept, never blanked by a save. */}
          {value && !f.options!.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
          {f.options!.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : null}
      {f.type === 'people' ? <PeoplePicker id={id} value={value} set={set} invalid={invalid} /> : null}
      {f.type === 'upload' ? (
        <>
          <input id={id} name={f.name} type="text" value={value} onChange={(e) => set(e.target.value)} />
          <Upload tag={f.tag!} onDone={(file) => set(String(file.r2_key))} />
        </>
      ) : null}
      {err ? <p className="adm-error">{err}</p> : null}
    </div>
  )
}
