import { useState } from 'react'
import { FORM_LIMITS, PROBLEM_SOLVED, USAGE_FREQUENCIES, sendFeedback, type FORM_STEPS } from '#shared/contract/forms'
import { emailField } from '#shared/contract/fields'
import { usePage, type PageProps } from '#client/app/context.tsx'
import { EmailField } from '#client/components/Field.tsx'
import { Choices, Scale, TextArea, type ChoiceOption } from './inputs'
import { StepFormPage, fieldBinder, useStepForm } from './StepForm'

/** The free-text questions, in the order they are asked. */
const TEXTS = [
  'problem_to_solve',
  'best_part',
  'frustrations',
  'improvements',
  'recommendation_reason',
  'ideas_or_suggestions',
  'price_feedback',
] as const
type TextField = (typeof TEXTS)[number]

/** SPEC §2, §9: 11 steps, one question each (FORM_STEPS.feedback). */
const STEPS = [
  ['email'],
  ['usage_frequency'],
  ['problem_to_solve'],
  ['problem_solved'],
  ['best_part'],
  ['frustrations'],
  ['improvements'],
  ['recommendation_score'],
  ['recommendation_reason'],
  ['ideas_or_suggestions'],
  ['price_feedback'],
] as const satisfies { length: typeof FORM_STEPS.feedback }

const EMPTY = {
  email: '',
  usage_frequency: '',
  problem_to_solve: '',
  problem_solved: '',
  best_part: '',
  frustrations: '',
  improvements: '',
  recommendation_score: '',
  recommendation_reason: '',
  ideas_or_suggestions: '',
  price_feedback: '',
}

/**
 * /feedback (SPEC §2): one question at a time, 11 steps, a progress bar, Prev and Next, sent
 * only on the last step. With `?email=` in the address (a valid one) the email is filled in and
 * the form opens on step 2.
 */
export default function Feedback(_: PageProps) {
  const { t, boot } = usePage()
  const fromQuery = (boot.query.email ?? '').trim()
  const queryEmailOk = !!fromQuery && emailField.safeParse(fromQuery).success
  const [values, setValues] = useState({ ...EMPTY, email: fromQuery || boot.user?.email || '' })
  const form = useStepForm({
    call: sendFeedback,
    steps: STEPS,
    start: queryEmailOk ? 1 : 0,
    values,
    onSent: () => setValues(EMPTY),
  })
  const bind = fieldBinder(values, setValues, form)
  const text = (k: TextField) => ({
    title: t(`forms.feedback.step_${k}`),
    hint: t('forms.feedback.skip_hint'),
    body: (
      <TextArea
        label={t(`forms.feedback.${k}`)}
        tag={t('forms.optional')}
        name={k}
        {...bind(k)}
        maxLength={FORM_LIMITS.answerMax}
      />
    ),
  })

  const choice = (
    k: 'usage_frequency' | 'problem_solved',
    options: ChoiceOption[],
    hint?: string,
    columns?: 1 | 2,
  ) => ({
    title: t(`forms.feedback.step_${k}`),
    hint,
    body: <Choices name={k} legend={t(`forms.feedback.${k}`)} columns={columns} options={options} {...bind(k)} />,
  })

  const steps = [
    {
      title: t('forms.feedback.step_email'),
      hint: undefined,
      body: <EmailField label={t('forms.feedback.email')} {...bind('email')} required />,
    },
    choice(
      'usage_frequency',
      USAGE_FREQUENCIES.map((f) => ({ value: String(f), label: t(`forms.feedback.frequencies.${f}`) })),
      undefined,
      2,
    ),
    text('problem_to_solve'),
    choice(
      'problem_solved',
      PROBLEM_SOLVED.map((v) => ({ value: v, label: t(`forms.feedback.solved.${v}`) })),
      t('forms.feedback.skip_hint'),
    ),
    text('best_part'),
    text('frustrations'),
    text('improvements'),
    {
      title: t('forms.feedback.step_recommendation_score'),
      hint: undefined,
      body: (
        <Scale
          name="recommendation_score"
          legend={t('forms.feedback.recommendation_score')}
          min={1}
          max={10}
          {...bind('recommendation_score')}
          low={t('forms.feedback.score_low')}
          high={t('forms.feedback.score_high')}
        />
      ),
    },
    text('recommendation_reason'),
    text('ideas_or_suggestions'),
    text('price_feedback'),
  ]

  return <StepFormPage name="feedback" form={form} steps={steps} />
}
