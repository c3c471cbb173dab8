import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useT } from '#client/app/context.tsx'
import './forms.css'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string
  name: string
  error?: string
  hint?: ReactNode
  onValue?: (value: string) => void
}

/** A labelled input with its hint and its error, wired for screen readers (aria-describedby). */
export function Field({ label, name, error, hint, onValue, type = 'text', ...rest }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errId = error ? `${id}-error` : undefined
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errId].filter(Boolean).join(' ') || undefined}
        onChange={onValue ? (e) => onValue(e.target.value) : undefined}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errId} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}

/** A password field with a show/hide switch. */
/**
 * The account's email address (sign in, sign up, recovery): the label, the phone's email keyboard
 * and autofill, and the 254 characters an address may have, in one place.
 */
export function EmailField(props: Omit<FieldProps, 'label' | 'name' | 'type'>) {
  const t = useT()
  return (
    <Field
      label={t('accounts.form.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      {...props}
    />
  )
}

export function PasswordField(props: FieldProps) {
  const t = useT()
  const [shown, setShown] = useState(false)
  const id = useId()
  const hintId = props.hint ? `${id}-hint` : undefined
  const errId = props.error ? `${id}-error` : undefined
  const { label, name, error, hint, onValue, ...rest } = props
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="password-wrap">
        <input
          {...rest}
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errId].filter(Boolean).join(' ') || undefined}
          onChange={onValue ? (e) => onValue(e.target.value) : undefined}
        />
        <button
          type="button"
          className="password-toggle"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? t('accounts.form.hide_password') : t('accounts.form.show_password')}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errId} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}

/** A checkbox with a label that may hold links. */
export function Check({
  name,
  checked,
  onChecked,
  children,
  error,
  required,
}: {
  name: string
  checked: boolean
  onChecked: (v: boolean) => void
  children: ReactNode
  error?: string
  required?: boolean
}) {
  const id = useId()
  return (
    <div className={`check${error ? ' field-invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        required={required}
        onChange={(e) => onChecked(e.target.checked)}
        aria-invalid={error ? true : undefined}
      />
      <label htmlFor={id}>{children}</label>
      {error && (
        <p className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The message of a refused form, announced to screen readers. */
export function FormAlert({
  message,
  level = 'danger',
}: {
  message?: string | null
  level?: 'danger' | 'info' | 'success'
}) {
  if (!message) return null
  return (
    <p
      className={`form-alert form-alert-${level}`}
      role={level === 'danger' ? 'alert' : 'status'}
      data-testid="form-alert"
    >
      {message}
    </p>
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  )
}
