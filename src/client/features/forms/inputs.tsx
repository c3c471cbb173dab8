// The inputs of the public forms that Field.tsx does not have: a text area, a group of choices
// shown as cards (radio buttons), and the 1-10 scale of the feedback form. Each is labelled,
// says when it is invalid, and shows its error under it (data-testid `error-<name>`).
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react'
import './forms.css'

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string
  name: string
  value: string
  onValue: (v: string) => void
  error?: string
  hint?: ReactNode
  /** Shown after the label: 'Optional'. */
  tag?: string
}

export function TextArea({ label, name, value, onValue, error, hint, tag, maxLength, ...rest }: TextAreaProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errId = error ? `${id}-error` : undefined
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {tag && <span className="field-tag"> · {tag}</span>}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        maxLength={maxLength}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errId].filter(Boolean).join(' ') || undefined}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
      />
      {(hint || maxLength) && (
        <div className="field-foot">
          {hint ? (
            <p id={hintId} className="field-hint">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {maxLength && value.length > maxLength * 0.8 && (
            <span className="field-count" aria-hidden="true">
              {value.length}/{maxLength}
            </span>
          )}
        </div>
      )}
      {error && (
        <p id={errId} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}

export interface ChoiceOption {
  value: string
  label: string
  /** A second line (e.g. the hours of a call window). */
  detail?: string
}

/** One choice among a few, as large cards: a fieldset of radio buttons. */
export function Choices({
  name,
  legend,
  options,
  value,
  onValue,
  error,
  columns = 1,
}: {
  name: string
  legend: string
  options: ChoiceOption[]
  value: string
  onValue: (v: string) => void
  error?: string
  columns?: 1 | 2
}) {
  const id = useId()
  return (
    <fieldset
      className={`choices choices-${columns}${error ? ' field-invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={`choices-${name}`}
    >
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={`choice${value === o.value ? ' choice-on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onValue(o.value)}
            aria-invalid={error ? true : undefined}
          />
          <span className="choice-text">
            <span className="choice-label">{o.label}</span>
            {o.detail && <span className="choice-detail">{o.detail}</span>}
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** A score from `min` to `max` (the feedback's 1 to 10), with what each end means. */
export function Scale({
  name,
  legend,
  min,
  max,
  value,
  onValue,
  low,
  high,
  error,
}: {
  name: string
  legend: string
  min: number
  max: number
  value: string
  onValue: (v: string) => void
  low: string
  high: string
  error?: string
}) {
  const id = useId()
  const values = Array.from({ length: max - min + 1 }, (_, i) => String(min + i))
  return (
    <fieldset
      className={`scale${error ? ' field-invalid' : ''}`}
      aria-describedby={[`${id}-ends`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      data-testid={`scale-${name}`}
    >
      <legend className="visually-hidden">{legend}</legend>
      <div className="scale-options">
        {values.map((v) => (
          <label key={v} className={`scale-option${value === v ? ' scale-on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onValue(v)}
              aria-invalid={error ? true : undefined}
            />
            <span>{v}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-ends`} className="scale-ends">
        <span>{low}</span>
        <span>{high}</span>
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
