import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react'
import type { UnitStateDto } from '#shared/contract/playback'
import type { MessageKey } from '#shared/i18n/index'
import { usePage } from '#client/app/context.tsx'
import { saveProgress, saveProgressOnLeave, type SavedProgress } from './progress'
import {
  REWIND_SECONDS,
  SAVE_EVERY_MS,
  SPEEDS,
  activeCue,
  clampTime,
  forwardStep,
  formatTime,
  parseVtt,
  resumeAt,
  skipTarget,
  type Cue,
  type ForwardBurst,
  type PlayerState,
} from './rules'
import './player.css'

export type PlayableUnit = UnitStateDto & { media: NonNullable<UnitStateDto['media']> }

export interface PlayerProps {
  unit: PlayableUnit
  /** The route's title: the "artist" on the lock screen (Media Session). */
  routeTitle: string
  /** Start playing once loaded (the person chose this unit). */
  autoPlay?: boolean
  /** Every answered save: the page updates the list (a completion unlocks the next unit). */
  onSaved: (saved: SavedProgress) => void
  /** The unit after this one, when it may be played: offered once this one has ended. */
  next?: { title: string; play: () => void } | null
}

/** What the back and forward buttons show (the same in every language). */
const REWIND_TEXT = '−1s'
const FORWARD_TEXT = '+3s'

/**
 * SPEC §4's player for one unit: idle → ready → playing ⇄ paused → ended. Play/pause, a
 * seekable bar (a range input: arrows, Page Up/Down, Home/End), elapsed and total time, back
 * 1 s, forward 3 s (quick presses accumulate, rules.ts forwardStep), skip to 3 s before the
 * end, speed, lock-screen controls (Media Session), a transcript under it and, for video,
 * captions from the same WebVTT. Play errors are only logged (console.warn). The position is
 * saved every 10 s while playing, on pause, on seeking while paused, at the end (completed),
 * and when the page is hidden or left (fetch keepalive); it resumes where it was, from the server.
 */
export function Player({ unit, routeTitle, autoPlay, onSaved, next }: PlayerProps) {
  const { t, locale } = usePage()
  const media = useRef<HTMLAudioElement & HTMLVideoElement>(null)
  const toggleButton = useRef<HTMLButtonElement>(null)
  const [state, setState] = useState<PlayerState>('idle')
  const [current, setCurrent] = useState(() => resumeAt(unit.position, unit.duration_seconds))
  const [duration, setDuration] = useState(unit.duration_seconds ?? 0)
  const [rate, setRate] = useState(1)
  const saved = useRef({ position: unit.position, at: Date.now() })
  const burst = useRef<ForwardBurst | null>(null)
  const lastPositionState = useRef(0)
  const video = unit.kind === 'video'
  // The signed URL changes every hour: a later answer must not reload what is playing (an
  // expired URL is still served through the session cookie).
  const [src] = useState(unit.media.url)

  // ── saving ────────────────────────────────────────────────────────────────────────────────
  const onSavedRef = useRef(onSaved)
  onSavedRef.current = onSaved
  const persist = useCallback(
    (opts: { completed?: boolean; leaving?: boolean } = {}, el: HTMLMediaElement | null = media.current) => {
      if (!el) return
      const position = Math.floor(el.currentTime)
      if (!opts.completed && position === saved.current.position) return
      saved.current = { position, at: Date.now() }
      if (opts.leaving) return saveProgressOnLeave(unit.id, position, !!opts.completed)
      void saveProgress(unit.id, position, !!opts.completed).then((res) => res && onSavedRef.current(res))
    },
    [unit.id],
  )

  useEffect(() => {
    const el = media.current
    const leave = () => persist({ leaving: true })
    const hidden = () => document.visibilityState === 'hidden' && leave()
    window.addEventListener('pagehide', leave)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      window.removeEventListener('pagehide', leave)
      document.removeEventListener('visibilitychange', hidden)
      persist({}, el) // another unit was chosen: keep where this one was
    }
  }, [persist])

  // ── actions ───────────────────────────────────────────────────────────────────────────────
  const play = useCallback(() => {
    const el = media.current
    if (!el) return
    try {
      el.play()?.catch((err: unknown) => console.warn('[player] play failed:', err instanceof Error ? err.name : err))
    } catch (err) {
      console.warn('[player] play failed:', err)
    }
  }, [])
  const pause = useCallback(() => {
    try {
      media.current?.pause()
    } catch (err) {
      console.warn('[player] pause failed:', err)
    }
  }, [])
  const seek = useCallback(
    (to: number) => {
      const el = media.current
      if (!el) return
      const d = Number.isFinite(el.duration) ? el.duration : duration
      const target = clampTime(to, d)
      el.currentTime = target
      setCurrent(target)
    },
    [duration],
  )
  const rewind = useCallback(() => seek((media.current?.currentTime ?? 0) - REWIND_SECONDS), [seek])
  const forward = useCallback(() => {
    const step = forwardStep(burst.current, Date.now())
    burst.current = step.burst
    seek((media.current?.currentTime ?? 0) + step.seconds)
  }, [seek])
  const skipEnd = useCallback(
    () => seek(skipTarget(Number.isFinite(media.current?.duration) ? media.current!.duration : duration)),
    [seek, duration],
  )
  const playing = state === 'playing'

  // ── Media Session: lock-screen and headset controls ───────────────────────────────────────
  const actions = useRef({ play, pause, rewind, forward, seek })
  actions.current = { play, pause, rewind, forward, seek }
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined
    if (!session) return
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => actions.current.play()],
      ['pause', () => actions.current.pause()],
      ['seekbackward', () => actions.current.rewind()],
      ['seekforward', () => actions.current.forward()],
      ['seekto', (d) => d.seekTime !== undefined && actions.current.seek(d.seekTime)],
    ]
    try {
      session.metadata = new MediaMetadata({
        title: unit.title,
        artist: routeTitle,
        album: 'Calma',
        artwork: unit.cover ? [{ src: new URL(unit.cover, window.location.href).href }] : [],
      })
    } catch (err) {
      console.warn('[player] media session metadata:', err)
    }
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // an action this browser does not know
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // as above
        }
      }
    }
  }, [unit.title, unit.cover, routeTitle])

  const updatePositionState = (el: HTMLMediaElement) => {
    const session = navigator.mediaSession
    if (!session?.setPositionState || !Number.isFinite(el.duration) || el.duration <= 0) return
    try {
      session.setPositionState({
        duration: el.duration,
        playbackRate: el.playbackRate,
        position: Math.min(el.currentTime, el.duration),
      })
    } catch {
      // a position the browser refuses (during a seek): the next update fixes it
    }
  }

  // ── media events ──────────────────────────────────────────────────────────────────────────
  const events = {
    onLoadedMetadata: (e: SyntheticEvent<HTMLMediaElement>) => {
      const el = e.currentTarget
      const d = Number.isFinite(el.duration) ? el.duration : (unit.duration_seconds ?? 0)
      setDuration(d)
      const start = resumeAt(saved.current.position, d)
      if (start > 0) el.currentTime = start
      setCurrent(start)
      el.playbackRate = rate
      setState((s) => (s === 'idle' ? 'ready' : s))
      if (autoPlay) play()
    },
    onDurationChange: (e: SyntheticEvent<HTMLMediaElement>) => {
      const d = e.currentTarget.duration
      if (Number.isFinite(d) && d > 0) setDuration(d)
    },
    onPlaying: (e: SyntheticEvent<HTMLMediaElement>) => {
      setState('playing')
      if (navigator.mediaSession) navigator.mediaSession.playbackState = 'playing'
      updatePositionState(e.currentTarget)
    },
    onPause: (e: SyntheticEvent<HTMLMediaElement>) => {
      if (navigator.mediaSession) navigator.mediaSession.playbackState = 'paused'
      if (e.currentTarget.ended) return
      setState('paused')
      persist()
    },
    onEnded: (e: SyntheticEvent<HTMLMediaElement>) => {
      setState('ended')
      setCurrent(e.currentTarget.duration)
      if (navigator.mediaSession) navigator.mediaSession.playbackState = 'none'
      persist({ completed: true })
    },
    onTimeUpdate: (e: SyntheticEvent<HTMLMediaElement>) => {
      const el = e.currentTarget
      setCurrent(el.currentTime)
      if (!el.paused && Date.now() - saved.current.at >= SAVE_EVERY_MS) persist()
      if (Date.now() - lastPositionState.current > 1000) {
        lastPositionState.current = Date.now()
        updatePositionState(el)
      }
    },
    onSeeked: (e: SyntheticEvent<HTMLMediaElement>) => {
      updatePositionState(e.currentTarget)
      if (e.currentTarget.paused && state !== 'idle') persist()
    },
    onRateChange: (e: SyntheticEvent<HTMLMediaElement>) => updatePositionState(e.currentTarget),
    onError: (e: SyntheticEvent<HTMLMediaElement>) => {
      console.warn('[player] the media could not be loaded:', e.currentTarget.error?.code ?? 'unknown')
    },
  }

  useEffect(() => {
    if (autoPlay) toggleButton.current?.focus()
  }, [autoPlay])

  const changeRate = (value: number) => {
    setRate(value)
    if (media.current) media.current.playbackRate = value
  }

  const total = duration || unit.duration_seconds || 0
  const elapsedText = formatTime(current)
  const totalText = formatTime(total)
  const stateKey = `playback.states.${state}` as MessageKey
  const tracks = unit.media.transcripts

  return (
    <div className="player-wrap">
      <div
        className={`player player-${unit.kind}`}
        role="region"
        aria-label={t(video ? 'playback.video_player' : 'playback.audio_player')}
        data-testid="player"
        data-state={state}
        data-unit={unit.id}
      >
        {video ? (
          <video
            ref={media}
            className="player-video"
            src={src}
            preload="metadata"
            playsInline
            poster={unit.cover ?? undefined}
            {...events}
          >
            {tracks.map((tr) => (
              <track
                key={tr.language}
                kind="captions"
                src={tr.url}
                srcLang={tr.language}
                label={t(`playback.languages.${tr.language}`)}
                default={tr.language === locale}
              />
            ))}
          </video>
        ) : (
          <audio ref={media} src={src} preload="metadata" {...events} />
        )}
        <p className="player-title">
          <span className="player-now">{t('playback.now_playing')}</span>
          <strong data-testid="player-title">{unit.title}</strong>
        </p>
        <input
          className="player-seek"
          name="seek"
          type="range"
          min={0}
          max={Math.max(1, Math.floor(total))}
          step={1}
          value={Math.min(Math.floor(current), Math.max(1, Math.floor(total)))}
          onChange={(e) => seek(Number(e.currentTarget.value))}
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
          {/* The name starts with the visible text, so "−1s" spoken or clicked by voice finds it (WCAG 2.5.3). */}
          <button
            type="button"
            className="player-button"
            onClick={rewind}
            aria-label={`${REWIND_TEXT}, ${t('playback.rewind')}`}
            data-testid="player-rewind"
            disabled={state === 'idle'}
          >
            <span aria-hidden="true">{REWIND_TEXT}</span>
          </button>
          <button
            ref={toggleButton}
            type="button"
            className="player-button player-toggle"
            onClick={playing ? pause : play}
            aria-label={playing ? t('playback.pause') : t('playback.play')}
            data-testid="player-toggle"
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="player-button"
            onClick={forward}
            aria-label={`${FORWARD_TEXT}, ${t('playback.forward')}`}
            data-testid="player-forward"
            disabled={state === 'idle'}
          >
            <span aria-hidden="true">{FORWARD_TEXT}</span>
          </button>
          <button
            type="button"
            className="player-button"
            onClick={skipEnd}
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
              value={rate}
              onChange={(e) => changeRate(Number(e.currentTarget.value))}
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
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="player-status">
          {t(stateKey)}
        </p>
        {state === 'ended' && next && (
          <button
            type="button"
            className="button button-primary player-next"
            onClick={next.play}
            data-testid="player-next"
          >
            {t('playback.next', { title: next.title })}
          </button>
        )}
      </div>
      {tracks.length > 0 && <Transcript transcripts={tracks} current={current} onSeek={seek} />}
    </div>
  )
}

/** The unit's words under the player, the spoken cue marked; a cue's time seeks there. */
function Transcript({
  transcripts,
  current,
  onSeek,
}: {
  transcripts: PlayableUnit['media']['transcripts']
  current: number
  onSeek: (t: number) => void
}) {
  const { t, locale } = usePage()
  const [language, setLanguage] = useState(() =>
    transcripts.some((tr) => tr.language === locale) ? locale : transcripts[0]!.language,
  )
  const chosen = transcripts.find((tr) => tr.language === language) ?? transcripts[0]!
  const [cues, setCues] = useState<Cue[] | null>(null)
  useEffect(() => {
    let live = true
    fetch(chosen.url, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((text) => live && setCues(parseVtt(text)))
      .catch((err) => {
        console.warn('[player] transcript not loaded:', err instanceof Error ? err.message : err)
        if (live) setCues([])
      })
    return () => {
      live = false
    }
  }, [chosen.url])
  const active = cues ? activeCue(cues, current) : -1
  // Keep the spoken cue in view inside the list (never scrolling the page itself).
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const box = list.current
    const item = active >= 0 ? (box?.children[active] as HTMLElement | undefined) : undefined
    if (!box || !item) return
    const top = item.offsetTop // the list is positioned: offsets are within it
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - 8)
  }, [active])
  return (
    <section className="transcript" aria-labelledby="transcript-title" data-testid="transcript">
      <div className="transcript-head">
        <h3 id="transcript-title">{t('playback.transcript')}</h3>
        {transcripts.length > 1 && (
          <div className="transcript-languages" role="group" aria-label={t('playback.transcript_language')}>
            {transcripts.map((tr) => (
              <button
                key={tr.language}
                type="button"
                className="chip"
                aria-pressed={tr.language === chosen.language}
                lang={tr.language}
                onClick={() => setLanguage(tr.language)}
              >
                {t(`playback.languages.${tr.language}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {cues && (
        <ol ref={list} className="transcript-cues" lang={chosen.language}>
          {cues.map((c, i) => (
            <li key={`${c.start}-${i}`} aria-current={i === active ? 'true' : undefined}>
              <button type="button" onClick={() => onSeek(c.start)}>
                <span className="transcript-time">{formatTime(c.start)}</span>
                <span>{c.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
  </svg>
)
const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
  </svg>
)
const SkipIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path d="M5 6v12l8.5-6zM15 6h3v12h-3z" fill="currentColor" />
  </svg>
)
