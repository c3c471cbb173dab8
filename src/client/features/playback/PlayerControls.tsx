import { usePage } from '#client/app/context.tsx'
import { SPEEDS, formatTime, type PlayerState } from './rules'
import { PauseIcon, PlayIcon, SkipIcon } from './icons'
import type { RefObject } from 'react'

/** What the back and forward buttons show (the same in every language). */
const REWIND_TEXT = '−1s'
const FORWARD_TEXT = '+3s'

interface PlayerControlsProps {
  state: PlayerState
  current: number
  total: number
  rate: number
  toggleButton: RefObject<HTMLButtonElement | null>
  seek: (to: number) => void
  play: () => void
  pause: () => void
  rewind: () => void
  forward: () => void
  skipEnd: () => void
  changeRate: (rate: number) => void
}

/** The seek bar (a range input: arrows, Page Up/Down, Home/End), the times and the buttons. */
export function PlayerControls(p: PlayerControlsProps) {
  const { t } = usePage()
  const { state, current, total } = p
  const playing = state === 'playing'
  const elapsedText = formatTime(current)
  const totalText = formatTime(total)
  /** A jump back or on: the name starts with the visible text, so "−1s" spoken or clicked by voice finds it (WCAG 2.5.3). */
  const seek = (text: string, label: string, onClick: () => void, testId: string) => (
    <button
      type="button"
      className="player-button"
      onClick={onClick}
      aria-label={`${text}, ${label}`}
      data-testid={testId}
      disabled={state === 'idle'}
    >
      <span aria-hidden="true">{text}</span>
    </button>
  )
  return (
    <>
      <input
        className="player-seek"
        name="seek"
        type="range"
        min={0}
        max={Math.max(1, Math.floor(total))}
        step={1}
        value={Math.min(Math.floor(current), Math.max(1, Math.floor(total)))}
        onChange={(e) => p.seek(Number(e.currentTarget.value))}
        aria-label={t('playback.seek')}
        aria-valuetext={t('playback.time_of', { elapsed: elapsedText, total: totalText })}
        data-testid="player-seek"
        disabled={state === 'idle'}
      />
      <div className="player-times" aria-hidden="true">
        <span data-testid="player-elapsed">{elapsedText}</span>
        <span data-testid="player-total">{totalText}</span>
      </div>
      <div className="player-controls">
        {seek(REWIND_TEXT, t('playback.rewind'), p.rewind, 'player-rewind')}
        <button
          ref={p.toggleButton}
          type="button"
          className="player-button player-toggle"
          onClick={playing ? p.pause : p.play}
          aria-label={playing ? t('playback.pause') : t('playback.play')}
          data-testid="player-toggle"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        {seek(FORWARD_TEXT, t('playback.forward'), p.forward, 'player-forward')}
        <button
          type="button"
          className="player-button"
          onClick={p.skipEnd}
          aria-label={t('playback.skip_end')}
          data-testid="player-skip"
          disabled={state === 'idle'}
        >
          <SkipIcon />
        </button>
        <label className="player-speed">
          <span>{t('playback.speed')}</span>
          <select
            name="speed"
            value={p.rate}
            onChange={(e) => p.changeRate(Number(e.currentTarget.value))}
            data-testid="player-speed"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {`${s}×`}
              </option>
            ))}
          </select>
        </label>
      </div>
    </>
  )
}
