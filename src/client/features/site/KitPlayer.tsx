import { useRef, useState } from 'react'
import { usePage } from '#client/app/context.tsx'

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`

/**
 * The insomnia landing's sample (SPEC §2): play/pause, progress, elapsed time; back to the start
 * when it ends. A public file (public/audio), not a unit: no sign-in needed to listen.
 */
export function KitPlayer({ src, title }: { src: string; title: string }) {
  const { t } = usePage()
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const toggle = () => {
    const a = audio.current
    if (!a) return
    if (a.paused) void a.play().catch((err) => console.warn('[kit player] play failed:', err))
    else a.pause()
  }
  return (
    <div className="kit-player" data-testid="kit-player" data-state={playing ? 'playing' : 'paused'}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration || 0)}
        onEnded={(e) => {
          // SPEC §2: the player resets when the audio ends.
          e.currentTarget.currentTime = 0
          setTime(0)
          setPlaying(false)
        }}
      />
      <button
        type="button"
        className="kit-toggle"
        onClick={toggle}
        aria-label={playing ? t('playback.pause') : t('playback.play')}
        data-testid="kit-toggle"
      >
        {playing ? (
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path fill="currentColor" d="M7 5h4v14H7zM13 5h4v14h-4z" />
          </svg>
        ) : (
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path fill="currentColor" d="M8 5.5v13l10.5-6.5z" />
          </svg>
        )}
      </button>
      <div className="kit-track">
        <strong>{title}</strong>
        <progress max={Math.max(1, duration)} value={time} aria-label={title} />
        <span className="kit-time" data-testid="kit-elapsed">
          {clock(time)}
          {duration > 0 ? ` / ${clock(duration)}` : ''}
        </span>
      </div>
    </div>
  )
}
