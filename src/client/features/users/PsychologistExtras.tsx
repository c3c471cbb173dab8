import { useId, useState } from 'react'
import type { UserDto } from '#shared/contract/users'
import { LANGUAGES, type Language } from '#shared/enums'
import {
  DEGREES,
  PSYCHOLOGIST_CATEGORIES,
  PSYCHOLOGIST_COUNTRIES,
  PSYCHOLOGIST_SYMPTOMS,
  degreeKeyOf,
  type PsychologistSymptom,
} from '#shared/psychologists'
import { call, contract } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { BusyButton, FormAlert } from '#client/components/Field.tsx'
import { useForm } from '#client/components/forms.tsx'
import { ChoiceChips } from './ChoiceChips.tsx'
import { ExtrasSelect } from './ExtrasSelect.tsx'

const { saveMyPsychologistProfile } = contract(() => import('#shared/contract/psychologists'))

/**
 * The professional extras of a psychologist (issue 9 §1): degree, languages, specialities,
 * area, nationality and location, saved with their own call apart from the weekly hours.
 */
export function PsychologistExtras({ user }: { user: UserDto }) {
  const { t } = usePage()
  const ids = useId()
  const [degree, setDegree] = useState(user.degree ?? '')
  const [languages, setLanguages] = useState<string[]>(user.speaks_in)
  const [symptoms, setSymptoms] = useState<string[]>(user.specialist_in_symptoms)
  const [category, setCategory] = useState(user.specialized_in_the_category ?? '')
  const [nationality, setNationality] = useState(user.nationality ?? '')
  const [located, setLocated] = useState(user.located_at ?? '')
  const form = useForm()
  const { busy, errors, alert } = form

  async function save() {
    form.setAlert(null)
    if (!languages.length) {
      form.setErrors({ speaks_in: t('validation.required') })
      return
    }
    // 'none' clears a field (an empty value is never sent, SPEC §7).
    const res = await form.send(
      () =>
        call(saveMyPsychologistProfile, {
          input: {
            degree: degree || 'none',
            speaks_in: LANGUAGES.filter((l) => languages.includes(l)).join('|'),
            specialist_in_symptoms: symptoms.length
              ? PSYCHOLOGIST_SYMPTOMS.filter((s) => symptoms.includes(s)).join('|')
              : 'none',
            specialized_in_the_category: category || 'none',
            nationality: nationality || 'none',
            located_at: located || 'none',
          },
        }),
      { alert: 'fields' },
    )
    if (!res) return
    const p = res.psychologist
    setDegree(p.degree ?? '')
    setLanguages(p.speaks_in)
    setSymptoms(p.specialist_in_symptoms)
    setCategory(p.specialized_in_the_category ?? '')
    setNationality(p.nationality ?? '')
    setLocated(p.located_at ?? '')
  }

  const degreeLabel = (value: string) => {
    const key = degreeKeyOf(value)
    return key ? t(`psychologist_profile.degrees.${key}`) : value
  }
  const notSet = <option value="">{t('psychologist_profile.not_set')}</option>
  const countryOptions = PSYCHOLOGIST_COUNTRIES.map((c) => (
    <option key={c} value={c}>
      {t(`psychologist_profile.countries.${c}`)}
    </option>
  ))
  const select = (name: string, label: string, value: string, onValue: (v: string) => void) => ({
    id: `${ids}-${name}`,
    name,
    label,
    value,
    onValue,
    error: errors[name],
  })

  return (
    <section className="profile-card agenda" aria-labelledby="extras-title" data-testid="extras">
      <h2 id="extras-title">{t('psychologist_profile.extras')}</h2>
      <p className="agenda-intro">{t('psychologist_profile.extras_intro')}</p>
      <form className="auth-form" onSubmit={form.onSubmit(save)} noValidate data-testid="extras-form">
        <FormAlert message={alert} />
        <ExtrasSelect {...select('degree', t('psychologist_profile.degree'), degree, setDegree)}>
          {notSet}
          {degree && !degreeKeyOf(degree) && <option value={degree}>{degree}</option>}
          {Object.values(DEGREES).map((d) => (
            <option key={d} value={d}>
              {degreeLabel(d)}
            </option>
          ))}
        </ExtrasSelect>
        <ChoiceChips
          name="speaks_in"
          legend={t('psychologist_profile.languages')}
          options={LANGUAGES}
          chosen={languages}
          labelOf={(l: Language) => t(`psychologist_profile.language_names.${l}`)}
          testId="extras-language"
          error={errors.speaks_in}
          onChosen={setLanguages}
        />
        <ChoiceChips
          name="specialist_in_symptoms"
          legend={t('psychologist_profile.specialities')}
          options={PSYCHOLOGIST_SYMPTOMS}
          chosen={symptoms}
          labelOf={(s: PsychologistSymptom) => t(`psychologist_profile.symptoms.${s}`)}
          testId="extras-symptom"
          error={errors.specialist_in_symptoms}
          onChosen={setSymptoms}
        />
        <ExtrasSelect
          {...select('specialized_in_the_category', t('psychologist_profile.category'), category, setCategory)}
        >
          {notSet}
          {PSYCHOLOGIST_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`psychologist_profile.categories.${c}`)}
            </option>
          ))}
        </ExtrasSelect>
        <div className="agenda-pair">
          <ExtrasSelect {...select('nationality', t('psychologist_profile.nationality'), nationality, setNationality)}>
            {notSet}
            {countryOptions}
          </ExtrasSelect>
          <ExtrasSelect {...select('located_at', t('psychologist_profile.located_at'), located, setLocated)}>
            {notSet}
            {countryOptions}
          </ExtrasSelect>
        </div>
        <BusyButton busy={busy} sending={t('psychologist_profile.saving')} testId="extras-save">
          {t('psychologist_profile.save_extras')}
        </BusyButton>
      </form>
    </section>
  )
}
