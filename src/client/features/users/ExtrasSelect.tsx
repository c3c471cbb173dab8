import type { ReactNode } from 'react'

/** One labelled choice of the agenda's extras, with its field error under it. */
export function ExtrasSelect({
  id,
  name,
  label,
  value,
  onValue,
  error,
  children,
}: {
  id: string
  name: string
  label: string
  value: string
  onValue: (v: string) => void
  error?: string
  children: ReactNode
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        data-testid={`extras-${name}`}
      >
        {children}
      </select>
      {error && (
        <p className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  )
}
