import { useStore } from '@nanostores/react'
import { $toasts, dismiss } from '#client/stores/toasts.ts'
import { useT } from './context'
import { useHydrated } from '#client/components/forms.tsx'

/** Notifications of SPEC §7/§9: success or danger, stacked, closable. */
export function Toasts() {
  const all = useStore($toasts)
  // A notice queued before React (a page that waited for a touch, decision 077) is drawn after
  // hydration, never during it: the server's HTML has no toast, and hydration must find the same.
  const toasts = useHydrated() ? all : []
  const t = useT()
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((x) => (
        <div
          key={x.id}
          className={`toast toast-${x.level}${x.type ? ` toast-type-${x.type}` : ''}`}
          data-testid="toast"
          data-key={x.key}
        >
          {x.title ? (
            <span>
              <strong className="toast-title">{x.title}</strong>
              {x.text && <span className="toast-text">{x.text}</span>}
            </span>
          ) : (
            <span>{x.text}</span>
          )}
          <button type="button" onClick={() => dismiss(x.id)} aria-label={t('frame.close')}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
