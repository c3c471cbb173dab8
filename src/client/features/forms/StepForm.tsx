// The one multi-step form of the public forms (SPEC §4 "Multi-step forms"): one step back or
// forward; Prev disabled on the first step, Next on the last; sending only on the last; after
// a successful send the form returns to the first step and its values are cleared.
//
// Each step is checked with the call's own request schema before moving on (the words the
// server would answer with), and a refusal from the server opens the first step holding a
// field it refused. Focus moves to the step's heading on every step change, the progress is
// 'Step x of y' (and a bar), and the captcha widget stays mounted throughout (a token is
// obtained once the form is shown; the widget shows on the last step).
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { z } from 'zod'
import type { Call, CallInput, WireValue } from '#shared/contract/call'
import { fieldErrors, normalizeInput } from '#shared/contract/validation'
import { call, encodeValue } from '#client/api.ts'
import { usePage } from '#client/app/context.tsx'
import { FormAlert } from '#client/components/Field.tsx'
import { useCaptcha, type Captcha } from '#client/components/Turnstile.tsx'
import { firstErrors, useForm, useHydrated } from '#client/components/forms.tsx'
import { notify } from '#client/stores/toasts.ts'
import '#client/components/forms.css'
import './forms.css'

export type FormValues = Record<string, WireValue>

interface Options<C extends Call> {
  call: C
  /** The fields of each step, by their wire names, in order. */
  steps: readonly (readonly string[])[]
  /** The step to open on (0-based): the feedback with an email, a known caller's call-back. */
  start?: number
  values: FormValues
  /** After a successful send: clear the values (the form is back on its first step). */
  onSent: () => void
}

export interface StepFormState {
  index: number
  total: number
  isFirst: boolean
  isLast: boolean
  errors: Record<string, string>
  /** Forget a field's error (as soon as the person changes it). */
  clearError: (field: string) => void
  alert: { level: 'danger' | 'success'; message: string } | null
  busy: boolean
  ready: boolean
  captcha: Captcha
  prev: () => void
  next: () => void
  submit: (e: FormEvent) => void
  headingRef: React.RefObject<HTMLHeadingElement | null>
  alertRef: React.RefObject<HTMLDivElement | null>
  formRef: React.RefObject<HTMLFormElement | null>
}

/** The values as they travel (SPEC §7: empty values omitted), as the server's validator reads them. */
function wire(values: FormValues): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(values)) {
    const s = encodeValue(v)
    if (s !== null) out[k] = s
  }
  return out
}

export function useStepForm<C extends Call>({
  call: def,
  steps,
  start = 0,
  values,
  onSent,
}: Options<C>): StepFormState {
  const { t } = usePage()
  const ready = useHydrated()
  const captcha = useCaptcha()
  const total = steps.length
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), total - 1))
  // Busy and the fields' errors are the form hook's; the message has a level (a thanks, too) and takes focus.
  const form = useForm()
  const { busy, errors, setErrors, clearError } = form
  const [alert, setAlert] = useState<StepFormState['alert']>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  /** What to focus after the next render: the step's heading, the first invalid field, or the message. */
  const focusNext = useRef<'heading' | 'invalid' | 'alert' | null>(null)

  useEffect(() => {
    const what = focusNext.current
    focusNext.current = null
    if (what === 'heading') headingRef.current?.focus()
    else if (what === 'alert') alertRef.current?.focus()
    else if (what === 'invalid') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })

  /** The schema's field errors for `fields` (every field when omitted), one message each. */
  function check(fields?: readonly string[]): Record<string, string> {
    const parsed = (def.request as z.ZodType).safeParse(normalizeInput(wire(values)))
    if (parsed.success) return {}
    const all = firstErrors(fieldErrors(parsed.error, t))
    return Object.fromEntries(Object.entries(all).filter(([k]) => !fields || fields.includes(k)))
  }

  const stepOf = (fields: string[]) => {
    const i = steps.findIndex((s) => s.some((f) => fields.includes(f)))
    return i < 0 ? null : i
  }

  function go(to: number) {
    setAlert(null)
    focusNext.current = 'heading'
    setIndex(Math.min(Math.max(to, 0), total - 1))
  }

  function next() {
    if (index >= total - 1) return
    const found = check(steps[index])
    if (Object.keys(found).length) {
      setErrors((prev) => ({ ...prev, ...found }))
      focusNext.current = 'invalid'
      return
    }
    go(index + 1)
  }

  const prev = () => {
    if (index > 0) go(index - 1)
  }

  async function send() {
    setAlert(null)
    const found = check()
    if (Object.keys(found).length) {
      // A value changed on an earlier step no longer holds: open that step.
      setErrors(found)
      const at = stepOf(Object.keys(found))
      if (at !== null && at !== index) {
        focusNext.current = 'heading'
        setIndex(at)
      } else focusNext.current = 'invalid'
      return
    }
    if (!captcha.token) {
      setAlert({ level: 'danger', message: t('accounts.errors.captcha_missing') })
      focusNext.current = 'alert'
      return
    }
    const token = captcha.token
    const res = await form.send(() => call(def, { input: values as CallInput<C>, captcha: token, silent: true }), {
      onRefusal: (refused) => {
        const message = refused.message ?? t('errors.generic')
        setAlert({ level: 'danger', message })
        notify(message, 'danger')
        const at = stepOf(Object.keys(firstErrors(refused.errors)))
        if (at !== null) setIndex(at)
        focusNext.current = 'alert'
      },
    })
    captcha.reset()
    if (!res) return
    if (res.message) {
      setAlert({ level: 'success', message: res.message })
      notify(res.message, 'success')
    }
    setIndex(0)
    focusNext.current = 'alert'
    onSent()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    // Enter in a field moves on; only the last step sends.
    if (index < total - 1) next()
    else void send()
  }

  return {
    index,
    total,
    isFirst: index === 0,
    isLast: index === total - 1,
    errors,
    clearError,
    alert,
    busy,
    ready,
    captcha,
    prev,
    next,
    submit,
    headingRef,
    alertRef,
    formRef,
  }
}

interface StepFormProps {
  form: StepFormState
  /** For the tests: `<name>-form`, `<name>-next`, `<name>-send`... */
  name: string
  /** The step's question: its heading, focused on every step change. */
  title: string
  hint?: ReactNode
  /** A word beside the progress ('3 questions left'). */
  aside?: ReactNode
  sendLabel?: string
  /** The current step's fields. */
  children: ReactNode
}

/** A step form's field `k` as its input takes it: its value, its change handler (which also clears its error), its error. */
export const fieldBinder =
  <V extends Record<string, string>>(
    values: V,
    setValues: (update: (prev: V) => V) => void,
    form: Pick<StepFormState, 'clearError' | 'errors'>,
  ) =>
  (k: keyof V & string) => ({
    value: values[k],
    onValue: (v: string) => {
      setValues((prev) => ({ ...prev, [k]: v }))
      form.clearError(k)
    },
    error: form.errors[k],
  })

export function StepForm({ form, name, title, hint, aside, sendLabel, children }: StepFormProps) {
  const { t } = usePage()
  const id = useId()
  const n = form.index + 1
  const percent = Math.round((n / form.total) * 100)
  return (
    <form
      ref={form.formRef}
      className="step-form"
      onSubmit={form.submit}
      noValidate
      data-testid={`${name}-form`}
      data-step={n}
    >
      <div ref={form.alertRef} tabIndex={-1} className="step-alert">
        {form.alert && <FormAlert message={form.alert.message} level={form.alert.level} />}
      </div>
      <div className="step-progress">
        <p className="step-count" data-testid={`${name}-step`}>
          {t('forms.step_of', { n, total: form.total })}
        </p>
        {aside && (
          <p className="step-aside" data-testid={`${name}-aside`}>
            {aside}
          </p>
        )}
        <div
          className="step-bar"
          role="progressbar"
          aria-label={t('forms.progress')}
          aria-valuemin={1}
          aria-valuemax={form.total}
          aria-valuenow={n}
          aria-valuetext={t('forms.step_of', { n, total: form.total })}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div className="step" key={form.index} role="group" aria-labelledby={`${id}-q`}>
        <h2 id={`${id}-q`} className="step-title" ref={form.headingRef} tabIndex={-1} data-testid={`${name}-question`}>
          {title}
        </h2>
        {hint && <p className="step-hint">{hint}</p>}
        <div className="step-fields">{children}</div>
      </div>
      {/* The captcha stays mounted on every step (its token is asked for once), but shows only on the last. */}
      <div className={form.isLast ? 'step-captcha' : 'step-captcha visually-hidden'}>{form.captcha.widget}</div>
      {form.isLast && (
        <button
          className="button button-primary button-block"
          type="submit"
          disabled={!form.ready || form.busy}
          data-testid={`${name}-send`}
        >
          {form.busy ? t('forms.sending') : (sendLabel ?? t('forms.send'))}
        </button>
      )}
      <div className="step-nav">
        <button
          type="button"
          className="button step-prev"
          onClick={form.prev}
          disabled={!form.ready || form.isFirst || form.busy}
          data-testid={`${name}-prev`}
        >
          <span aria-hidden="true">←</span> {t('forms.prev')}
        </button>
        <button
          type={form.isLast ? 'button' : 'submit'}
          className={`button step-next${form.isLast ? '' : ' button-primary'}`}
          disabled={!form.ready || form.isLast || form.busy}
          data-testid={`${name}-next`}
        >
          {t('forms.next')} <span aria-hidden="true">→</span>
        </button>
      </div>
    </form>
  )
}

/** The frame of a form page: its title and a short lead above the card. */
export function FormPage({
  title,
  lead,
  children,
  testId,
}: {
  title: string
  lead: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <section className="form-page" data-testid={testId}>
      <div className="form-card">
        <h1>{title}</h1>
        <p className="form-lead">{lead}</p>
        {children}
      </div>
    </section>
  )
}

/** One step of a step form: its question, a hint under it, its fields. */
export interface Step {
  title: string
  hint?: ReactNode
  body: ReactNode
}

/** A public step form's page (/contact, /feedback, /letstalk): its title and lead, then the current step. */
export function StepFormPage(props: {
  name: 'contact' | 'feedback' | 'letstalk'
  form: StepFormState
  steps: Step[]
  /** Shown above the form (the call-back's 'filled in from your profile'). */
  notice?: ReactNode
  aside?: ReactNode
}) {
  const { name, form, steps, notice, aside } = props
  const { t } = usePage()
  const step = steps[form.index]!
  return (
    <FormPage title={t(`forms.${name}.title`)} lead={t(`forms.${name}.lead`)} testId={`${name}-page`}>
      {notice}
      <StepForm form={form} name={name} title={step.title} hint={step.hint} aside={aside}>
        {step.body}
      </StepForm>
    </FormPage>
  )
}
