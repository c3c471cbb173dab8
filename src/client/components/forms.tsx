// The form hook every form uses, and small helpers of the account pages (issue 3 §10).
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
} from 'react'
import { notify } from '#client/stores/toasts.ts'

/** False on the server and in the first client render, true after hydration: forms wait for it. */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  return ready
}

/** A message with inline links written as <name>text</name> (e.g. the legal-age sentence). */
export function withLinks(text: string, links: Record<string, string>): ReactNode {
  const parts: ReactNode[] = []
  const re = /<(\w+)>(.*?)<\/\1>/g
  let last = 0
  let m: RegExpExecArray | null
  let i = 0
  while ((m = re.exec(text))) {
    if (m.index > last) parts.push(<Fragment key={i++}>{text.slice(last, m.index)}</Fragment>)
    const href = links[m[1]!]
    parts.push(
      href ? (
        <a key={i++} href={href} target="_blank" rel="noopener">
          {m[2]}
        </a>
      ) : (
        <Fragment key={i++}>{m[2]}</Fragment>
      ),
    )
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(<Fragment key={i++}>{text.slice(last)}</Fragment>)
  return parts
}

/** The same message as plain text (what is recorded as the consent text). */
export const stripTags = (text: string) => text.replace(/<\/?\w+>/g, '')

/** The first message of each field of a 422, for the form. */
export function firstErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(errors ?? {})) if (v[0]) out[k] = v[0]
  return out
}

/** What a refused call leaves on a form: each field's first error, and the message when the form shows it. */
export function refusal(
  res: { message?: string; errors?: Record<string, string[]> },
  withAlert: boolean,
): { errors: Record<string, string>; alert: string | null } {
  return { errors: firstErrors(res.errors), alert: withAlert ? (res.message ?? null) : null }
}

type Answer = { success: boolean; message?: string; errors?: Record<string, string[]> }
/** A refused call, as `call` answers it (ApiResult's failure). */
export type Refusal = {
  success: false
  status: number
  code?: string | number
  message?: string
  errors?: Record<string, string[]>
}

export interface SendOptions {
  /**
   * true: a refusal's message above the form and as a danger notification (the form made its call
   * `silent`, so `call` showed nothing). 'fields': above the form only when the refusal names
   * fields (`call` has shown it). Without it the message is only `call`'s own notification.
   */
  alert?: boolean | 'fields'
  /** Stay busy after a success: the page is being left (a sign-in, a checkout). */
  keepBusy?: boolean
  /** A refusal's code or status decides something more (a captcha asked for, a slot taken). */
  onRefusal?: (res: Refusal) => void
}

/** The one form hook (issue 24 §2): busy while a call is out, the fields' errors, the message above the form. */
export interface FormState {
  busy: boolean
  /** Each field's first error, already in the page's language (the /v1 envelope's, or the schema's). */
  errors: Record<string, string>
  alert: string | null
  setErrors: Dispatch<SetStateAction<Record<string, string>>>
  setAlert: (message: string | null) => void
  /** Forget one field's error (the person is correcting it). */
  clearError: (field: string) => void
  /**
   * Makes the request while busy (a second send while one is out is ignored: null). A refusal
   * sets the fields' errors (and the message, with `alert`) and resolves null; a success clears
   * them and resolves the answer.
   */
  send: <R extends Answer>(
    request: () => Promise<R>,
    options?: SendOptions,
  ) => Promise<Extract<R, { success: true }> | null>
  /** An onSubmit handler: the browser's own submit is stopped, then `run`. */
  onSubmit: (run: () => unknown) => (e: FormEvent) => void
}

/** `initial`: busy from the start (a form that sends by itself), a message already above the form. */
export function useForm(initial: { busy?: boolean; alert?: string | null } = {}): FormState {
  const [busy, setBusy] = useState(initial.busy ?? false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(initial.alert ?? null)
  // The state is a render late; the ref stops a double tap from sending twice.
  const out = useRef(false)
  return {
    busy,
    errors,
    alert,
    setErrors,
    setAlert,
    clearError: (field) => setErrors((all) => (field in all ? omit(all, field) : all)),
    send: sender({ out, setBusy, setErrors, setAlert }),
    onSubmit: (run) => (e) => {
      e.preventDefault()
      void run()
    },
  }
}

/** The form's `send`, apart from React so that it is tested as it is (test/client/forms.test.ts). */
export function sender(state: {
  out: { current: boolean }
  setBusy: (busy: boolean) => void
  setErrors: (errors: Record<string, string>) => void
  setAlert: (message: string | null) => void
}): FormState['send'] {
  return async (request, options = {}) => {
    if (state.out.current) return null
    state.out.current = true
    state.setBusy(true)
    const res = await request().finally(() => {
      state.out.current = false
    })
    if (!res.success || !options.keepBusy) state.setBusy(false)
    if (!res.success) {
      const shown = options.alert === 'fields' ? !!res.errors : !!options.alert
      const left = refusal(res, shown)
      state.setErrors(left.errors)
      if (options.alert) state.setAlert(left.alert)
      if (options.alert === true && left.alert) notify(left.alert, 'danger')
      options.onRefusal?.(res as unknown as Refusal)
      return null
    }
    state.setErrors({})
    state.setAlert(null)
    return res as Extract<typeof res, { success: true }>
  }
}

function omit(all: Record<string, string>, field: string): Record<string, string> {
  const { [field]: _gone, ...rest } = all
  return rest
}
