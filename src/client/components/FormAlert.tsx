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
