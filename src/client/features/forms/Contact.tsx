import { useState } from 'react'
import { CONTACT_REASONS } from '#shared/enums'
import { FORM_LIMITS, FORM_STEPS, sendContact } from '#shared/contract/forms'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { EmailField } from '#client/components/Field.tsx'
import { Choices, TextArea } from './inputs'
import { StepFormPage, fieldBinder, useStepForm } from './StepForm'

/** SPEC §9: 3 steps (FORM_STEPS.contact). */
const STEPS = [['email'], ['reason'], ['description']] as const satisfies { length: typeof FORM_STEPS.contact }

/**
 * /contact (SPEC §2): three steps, email, reason and message (sent as `description`). Once an
 * hour per email (SPEC §5); the server's refusal shows as the form's message.
 */
export default function Contact(_: PageProps) {
  const { t, boot } = usePage()
  const empty = { email: '', reason: '', description: '' }
  // A signed-in person's email is offered; they may change it.
  const [values, setValues] = useState({ ...empty, email: boot.user?.email ?? '' })
  const form = useStepForm({ call: sendContact, steps: STEPS, values, onSent: () => setValues(empty) })
  const bind = fieldBinder(values, setValues, form)

  const steps = [
    {
      title: t('forms.contact.step_email'),
      body: (
        <EmailField label={t('forms.contact.email')} {...bind('email')} hint={t('forms.contact.email_hint')} required />
      ),
    },
    {
      title: t('forms.contact.step_reason'),
      body: (
        <Choices
          name="reason"
          legend={t('forms.contact.reason')}
          columns={2}
          options={CONTACT_REASONS.map((r) => ({ value: r, label: t(`forms.contact.reasons.${r}`) }))}
          {...bind('reason')}
        />
      ),
    },
    {
      title: t('forms.contact.step_message'),
      hint: t('forms.contact.once_an_hour'),
      body: (
        <TextArea
          label={t('forms.contact.description')}
          name="description"
          {...bind('description')}
          minLength={FORM_LIMITS.descriptionMin}
          maxLength={FORM_LIMITS.descriptionMax}
          hint={t('forms.contact.description_hint')}
          required
        />
      ),
    },
  ]

  return <StepFormPage name="contact" form={form} steps={steps} />
}
