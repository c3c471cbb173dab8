import { useEffect, useState } from 'react'
import { usePage } from '#client/app/context.tsx'

/** A quiet "loading" line, announced to screen readers. */
export function Loading({ text }: { text?: string }) {
  const { t } = usePage()
  return (
    <p className="appt-loading" role="status" data-testid="loading">
      <span className="appt-spinner" aria-hidden="true" />
      {text ?? t('appointment_pages.loading')}
    </p>
  )
}

/** Something could not be read: say so kindly, offer to try again. */
export function Problem({ onRetry }: { onRetry: () => void }) {
  const { t } = usePage()
  return (
    <div className="appt-soft" role="alert">
      <p>{t('appointment_pages.load_failed')}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        {t('appointment_pages.retry')}
      </button>
    </div>
  )
}

/**
 * Counts down from `ms` in whole seconds and then calls `onDone` (SPEC §2/§8: the appointment
 * page's redirect after 3 seconds). `active` false: nothing runs.
 */
export function useCountdown(ms: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(Math.ceil(ms / 1000))
  useEffect(() => {
    if (!active) return
    const end = Date.now() + ms
    setLeft(Math.ceil(ms / 1000))
    const timer = window.setInterval(() => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000))
      setLeft(s)
      if (s === 0) {
        window.clearInterval(timer)
        onDone()
      }
    }, 200)
    return () => window.clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, ms])
  return left
}
