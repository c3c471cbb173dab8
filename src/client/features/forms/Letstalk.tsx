import { useEffect, useState } from 'react'
import { LETSTALK_TIMES } from '#shared/enums'
import { type LetstalkPageData, sendLetstalk } from '#shared/contract/forms.phone'
import type { FORM_STEPS } from '#shared/contract/forms'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { EmailField, NameField } from '#client/components/Field.tsx'
import { CountryPhone } from '#client/features/users/CountryPhone.tsx'
import { Choices } from './inputs'
import { StepFormPage, fieldBinder, useStepForm } from './StepForm'

/** SPEC §9: 4 steps (FORM_STEPS.letstalk). */
const STEPS = [['email'], ['name'], ['phone'], ['preferred_time']] as const satisfies {
  length: typeof FORM_STEPS.letstalk
}

/** SPEC §2: the 'questions left' hint shows when 3, 2 and 1 questions remain after this one. */
const HINT_AT = new Set([3, 2, 1])

/**
 * /letstalk (SPEC §2, §9): a call-back request, a 15-minute call. Four steps: email, name,
 * phone, preferred time (morning 9-12, midday 12-16, evening 16-20, in the person's zone).
 * A signed-in person whose account knows their email, name and phone finds them filled in and
 * the form open on its last step.
 */
export default function Letstalk({ data }: PageProps<LetstalkPageData>) {
  const { t, boot } = usePage()
  const p = data.prefill
  const known = !!(p?.email && p.name && p.phone)
  const empty = { email: '', name: '', phone: '', preferred_time: '' }
  const [values, setValues] = useState({
    email: p?.email ?? '',
    name: p?.name ?? '',
    phone: p?.phone ?? '',
    preferred_time: '',
  })
  const [country, setCountry] = useState(p?.country_code ?? '')
  /** Say where the values came from until the first send. */
  const [fromProfile, setFromProfile] = useState(known)
  // The zone the call window is in: the browser's, once it runs (the server only knows the boot's).
  const [zone, setZone] = useState(boot.timeZone)
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || boot.timeZone), [boot.timeZone])
  const form = useStepForm({
    call: sendLetstalk,
    steps: STEPS,
    start: known ? STEPS.length - 1 : 0,
    values: { ...values, timezone: zone },
    onSent: () => {
      setValues(empty)
      setCountry('')
      setFromProfile(false)
    },
  })
  const bind = fieldBinder(values, setValues, form)
  const phone = bind('phone')

  const steps = [
    {
      title: t('forms.letstalk.step_email'),
      body: <EmailField label={t('forms.letstalk.email')} {...bind('email')} required />,
    },
    {
      title: t('forms.letstalk.step_name'),
      body: <NameField label={t('forms.letstalk.name')} {...bind('name')} required />,
    },
    {
      title: t('forms.letstalk.step_phone'),
      body: (
        <CountryPhone
          countries={data.countries}
          country={country}
          phone={phone.value}
          onCountry={setCountry}
          onPhone={phone.onValue}
          phoneError={phone.error}
        />
      ),
    },
    {
      title: t('forms.letstalk.step_time'),
      hint: t('forms.letstalk.time_note', { zone }),
      body: (
        <Choices
          name="preferred_time"
          legend={t('forms.letstalk.preferred_time')}
          options={LETSTALK_TIMES.map((w) => ({
            value: w,
            label: t(`forms.letstalk.times.${w}`),
            detail: t(`forms.letstalk.windows.${w}`),
          }))}
          {...bind('preferred_time')}
        />
      ),
    },
  ]
  const left = form.total - form.index - 1
  const aside = HINT_AT.has(left)
    ? left === 1
      ? t('forms.questions_left_one')
      : t('forms.questions_left_other', { n: left })
    : null

  return (
    <StepFormPage
      name="letstalk"
      form={form}
      steps={steps}
      aside={aside}
      notice={
        fromProfile && (
          <p className="form-alert form-alert-info" data-testid="letstalk-prefilled">
            {t('forms.letstalk.prefilled')}
          </p>
        )
      }
    />
  )
}
