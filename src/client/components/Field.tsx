import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useT } from '#client/app/context.tsx'
import { useHydrated } from './forms.tsx'
import './forms.css'
import { LineIcon } from './LineIcon'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string
  name: string
  error?: string
  hint?: ReactNode
  onValue?: (value: string) => void
}

/**
 * What every labelled input shares: the label, the hint and the error, and the ids that tie them
 * to the control for screen readers (aria-describedby). `control` draws the input itself.
 */
function FieldShell({
  label,
  name,
  error,
  hint,
  control,
}: Pick<FieldProps, 'label' | 'name' | 'error' | 'hint'> & {
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

/** A labelled input with its hint and its error, wired for screen readers (aria-describedby). */
export function Field({ label, name, error, hint, onValue, type = 'text', ...rest }: FieldProps) {
  return (
    <FieldShell
      label={label}
      name={name}
      error={error}
      hint={hint}
      control={(aria) => (
        <input
          {...aria}
          name={name}
          type={type}
          onChange={onValue ? (e) => onValue(e.target.value) : undefined}
          {...rest}
        />
      )}
    />
  )
}

/**
 * An email address (sign in, sign up, recovery, the public forms): the label, the phone's email
 * keyboard and autofill, and the 254 characters an address may have, in one place.
 */
export function EmailField({ label, ...props }: Omit<FieldProps, 'label' | 'name' | 'type'> & { label?: string }) {
  const t = useT()
  return (
    <Field
      label={label ?? t('accounts.form.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      {...props}
    />
  )
}

/** A person's name (sign up, profile, the public forms): autofill, and the 100 characters it may have. */
export function NameField({ label, ...props }: Omit<FieldProps, 'label' | 'name'> & { label?: string }) {
  const t = useT()
  return <Field label={label ?? t('accounts.form.name')} name="name" autoComplete="name" maxLength={100} {...props} />
}

/** A password being chosen (sign up, profile): the browser may suggest one; 8 to 128 characters. */
export function NewPasswordField(props: Omit<FieldProps, 'name' | 'autoComplete' | 'minLength' | 'maxLength'>) {
  return <PasswordField name="password" autoComplete="new-password" minLength={8} maxLength={128} {...props} />
}

/** The password a person already has (sign in, the profile's check before a change): autofill; at most 128 characters. */
export function CurrentPasswordField(props: Omit<FieldProps, 'autoComplete' | 'maxLength'>) {
  return <PasswordField autoComplete="current-password" maxLength={128} {...props} />
}

/** A password field with a show/hide switch. */
export function PasswordField({ label, name, error, hint, onValue, ...rest }: FieldProps) {
  const t = useT()
  const [shown, setShown] = useState(false)
  return (
    <FieldShell
      label={label}
      name={name}
      error={error}
      hint={hint}
      control={(aria) => (
        <div className="password-wrap">
          <input
            {...rest}
            {...aria}
            name={name}
            type={shown ? 'text' : 'password'}
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
      )}
    />
  )
}

/**
 * A form's primary button: it waits for hydration and says `sending` while the call is out. It
 * submits its form, or, given `onClick`, runs that instead.
 */
export function BusyButton({
  busy,
  sending,
  testId,
  block = true,
  onClick,
  children,
}: {
  busy: boolean
  sending: string
  testId?: string
  /** The whole width of the form (most forms); false for a button beside others. */
  block?: boolean
  onClick?: () => void
  children: ReactNode
}) {
  const hydrated = useHydrated()
  return (
    <button
      className={`button button-primary${block ? ' button-block' : ''}`}
      type={onClick ? 'button' : 'submit'}
      onClick={onClick}
      disabled={!hydrated || busy}
      data-testid={testId}
    >
      {busy ? sending : children}
    </button>
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
    <LineIcon size={22} weight={1.8}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </LineIcon>
  )
}
