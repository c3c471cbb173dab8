import { useId } from 'react'
import { usePage } from '#client/app/context.tsx'

export type Boxes = { checkins: boolean; notes: boolean; practice: boolean; safety_plan: boolean }
export const NOTHING: Boxes = { checkins: false, notes: false, practice: false, safety_plan: false }
export const PARTS = ['checkins', 'notes', 'practice', 'safety_plan'] as const

/**
 * The four choices of what one psychologist sees (issue 44 §1), as switches: a native checkbox
 * with role="switch", its words and a hint, inside a fieldset named for that psychologist.
 */
export function ShareBoxes({
  legend,
  boxes,
  onChange,
  disabled,
}: {
  legend: string
  boxes: Boxes
  onChange: (next: Boxes) => void
  disabled?: boolean
}) {
  const { t } = usePage()
  const id = useId()
  return (
    <fieldset className="share-boxes">
      <legend>{legend}</legend>
      {PARTS.map((part) => (
        <div key={part} className="share-switch">
          <input
            id={`${id}-${part}`}
            type="checkbox"
            role="switch"
            name={part}
            checked={boxes[part]}
            aria-describedby={`${id}-${part}-hint`}
            disabled={disabled}
            onChange={(e) => onChange({ ...boxes, [part]: e.currentTarget.checked })}
            data-testid={`share-${part}`}
          />
          <label htmlFor={`${id}-${part}`}>
            <span>{t(`shares.parts.${part}`)}</span>
            <span id={`${id}-${part}-hint`} className="field-hint">
              {t(`shares.hints.${part}`)}
            </span>
          </label>
        </div>
      ))}
    </fieldset>
  )
}
