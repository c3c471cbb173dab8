import { useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { usePage } from '#client/app/context.tsx'
import { SLEEP_MINUTES, choiceOf, chooseTimer, formatRemaining, type SleepChoice } from './sleep'
import { useSleepTimer } from './useSleepTimer'
import { prepareFade } from './fade'

interface SleepControlsProps {
  media: RefObject<HTMLMediaElement | null>
  playing: boolean
  continuous: boolean
  /** Absent: no continuous-play switch (nothing follows this unit). */
  onContinuous?: (on: boolean) => void
}

/**
 * Listening for sleep (issue 34 §2): the sleep timer's button, with the time left on it, opening
 * a radio group (15, 30, 45, 60 minutes, the end of this unit) and "turn the timer off"; and the
 * continuous-play switch. Escape closes the group and gives the focus back to the button.
 */
export function SleepControls({ media, playing, continuous, onContinuous }: SleepControlsProps) {
  const { t } = usePage()
  const { timer, remaining, stopped } = useSleepTimer(media)
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const chosen = choiceOf(timer)
  const choose = (choice: SleepChoice | null) => {
    // The press is the gesture Web Audio needs to start; the fade goes through it (./fade.ts).
    if (choice !== null) prepareFade()
    chooseTimer(choice, Date.now())
    setOpen(false)
    toggle.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return
    setOpen(false)
    toggle.current?.focus()
  }
  const label = !timer
    ? t('playback.sleep.timer')
    : 'endOfUnit' in timer
      ? t('playback.sleep.remaining_end')
      : t('playback.sleep.remaining', { time: formatRemaining(remaining ?? 0) })
  const options: { value: SleepChoice; text: string }[] = [
    ...SLEEP_MINUTES.map((n) => ({ value: n, text: t('playback.sleep.minutes', { n }) })),
    { value: 'end', text: t('playback.sleep.end_of_unit') },
  ]
  return (
    <div className="sleep" onKeyDown={onKeyDown} data-testid="sleep">
      <div className="sleep-row">
        <button
          ref={toggle}
          type="button"
          className={`button button-small sleep-toggle${timer ? ' sleep-on' : ''}`}
          aria-expanded={open}
          aria-controls="sleep-menu"
          onClick={() => setOpen((o) => !o)}
          data-testid="sleep-toggle"
        >
          <MoonIcon />
          <span data-testid="sleep-remaining">{label}</span>
        </button>
        {onContinuous && (
          <label className="sleep-continuous">
            <input
              type="checkbox"
              role="switch"
              name="continuous"
              checked={continuous}
              aria-checked={continuous}
              aria-describedby="continuous-hint"
              onChange={(e) => onContinuous(e.currentTarget.checked)}
              data-testid="continuous"
            />
            <span>{t('playback.sleep.continuous')}</span>
            <span id="continuous-hint" className="visually-hidden">
              {t('playback.sleep.continuous_hint')}
            </span>
          </label>
        )}
      </div>
      {open && (
        <fieldset id="sleep-menu" className="sleep-menu" data-testid="sleep-menu">
          <legend>{t('playback.sleep.choose')}</legend>
          <div role="radiogroup" aria-label={t('playback.sleep.timer')} className="sleep-options">
            {options.map((o) => (
              <label key={o.value} className="chip sleep-option">
                <input
                  type="radio"
                  name="sleep"
                  value={o.value}
                  checked={chosen === o.value}
                  onChange={() => choose(o.value)}
                  data-choice={o.value}
                />
                <span>{o.text}</span>
              </label>
            ))}
          </div>
          {timer && (
            <button
              type="button"
              className="button button-small"
              onClick={() => choose(null)}
              data-testid="sleep-cancel"
            >
              {t('playback.sleep.cancel')}
            </button>
          )}
        </fieldset>
      )}
      <p className="sleep-status" role="status" aria-live="polite" data-testid="sleep-status">
        {stopped && !playing ? t('playback.sleep.stopped') : ''}
      </p>
    </div>
  )
}

const MoonIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
  </svg>
)
