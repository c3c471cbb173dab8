// Create or edit one row of a list screen with the call's form; the server's field errors show
// under each field (FormField).
import { useState } from 'react'
import type { WireRecord } from '#shared/contract/call'
import { call } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { useForm } from '#client/components/forms.tsx'
import { asText, type FieldSpec, type ListScreenProps, type Row } from './list.types'
import { FormField } from './FormField'
import { instantToLocal, localToInstant } from './when'

export function EditForm({
  spec,
  row,
  onClose,
  onSaved,
}: {
  spec: NonNullable<ListScreenProps['form']>
  row: Row | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t, boot } = usePage()
  const fields = spec.fields.filter((f) => !f.only || f.only === (row ? 'edit' : 'create'))
  // A date-time field holds the wall clock in the staff member's zone; the row and the call an instant.
  const fromRow = (f: FieldSpec) =>
    f.type === 'datetime' ? instantToLocal(asText(row?.[f.name]), boot.timeZone) : asText(row?.[f.name])
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...spec.defaults,
    ...Object.fromEntries(fields.map((f) => [f.name, row ? fromRow(f) : (spec.defaults?.[f.name] ?? '')])),
  }))
  const form = useForm()
  const { busy, errors } = form

  async function submit() {
    const input: WireRecord = { ...(row ? (spec.extra ? spec.extra(row) : { id: row.id as number }) : {}) }
    for (const f of fields) {
      const v = values[f.name] ?? ''
      // An unchanged field is not sent on an edit; an emptied checkbox is sent as 0.
      if (row && v === fromRow(f)) continue
      // An empty date-time is no date (the call's default: now), not an empty text to refuse.
      if (f.type === 'datetime') {
        if (v) input[f.name] = localToInstant(v, boot.timeZone)
        continue
      }
      input[f.name] = f.type === 'checkbox' ? (v === '1' ? 1 : 0) : v
    }
    if (await form.send(() => call(spec.save, { input }))) onSaved()
  }

  return (
    <form className="adm-form" onSubmit={form.onSubmit(submit)} noValidate data-testid="adm-form">
      {fields.map((f) => (
        <FormField
          key={f.name}
          field={f}
          value={values[f.name] ?? ''}
          error={errors[f.name]}
          set={(v) => setValues((s) => ({ ...s, [f.name]: v }))}
        />
      ))}
      <div className="adm-form-actions">
        <button type="submit" className="adm-btn adm-primary" disabled={busy} data-testid="adm-save">
          {t('admin.list.save')}
        </button>
        <button type="button" className="adm-btn" onClick={onClose}>
          {t('admin.list.cancel')}
        </button>
      </div>
    </form>
  )
}
