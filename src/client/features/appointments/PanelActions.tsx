import type { ReactNode } from 'react'

/**
 * The foot of an appointment's panel (cancel, move, meeting, close): its submit, and the quiet
 * button that leaves the panel as it was. Both wait while the panel's call is out.
 */
export function PanelActions({
  busy,
  ready = true,
  danger = false,
  testId,
  submit,
  leave,
  onLeave,
}: {
  busy: boolean
  /** False while the panel lacks what it needs (no reason chosen, no slot, nothing written). */
  ready?: boolean
  danger?: boolean
  testId: string
  submit: ReactNode
  leave: ReactNode
  onLeave: () => void
}) {
  return (
    <div className="appt-actions">
      <button
        type="submit"
        className={`button ${danger ? 'button-danger' : 'button-primary'}`}
        disabled={busy || !ready}
        data-testid={testId}
      >
        {submit}
      </button>
      <button type="button" className="button button-quiet" onClick={onLeave} disabled={busy}>
        {leave}
      </button>
    </div>
  )
}
