import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import type { UnitStateDto } from '#shared/contract/playback'
import type { MessageKey } from '#shared/i18n/index'
import { usePage } from '#client/app/context.tsx'
import type { SavedProgress } from './progress'
import { SAVE_EVERY_MS, resumeAt, type PlayerState } from './rules'
import { usePlayerActions } from './usePlayerActions'
import { PlayerControls } from './PlayerControls'
import { SleepControls } from './SleepControls'
import { $sleepStopped, awake, endOfUnitReached } from './sleep'
import { Transcript } from './Transcript'
import { wakeAudio } from './fade'
import { setSessionState, updatePositionState, useMediaSession } from './useMediaSession'
import { useSaving } from './useSaving'
import './player.css'

export type PlayableUnit = UnitStateDto & { media: NonNullable<UnitStateDto['media']> }

export interface PlayerProps {
  unit: PlayableUnit
  /** The route's title: the "artist" on the lock screen (Media Session). */
  routeTitle: string
  /** The route's cover: the lock screen's artwork for a unit without its own (issue 42 §10). */
  routeCover?: string | null
  /** Start playing once loaded (the person chose this unit). */
  autoPlay?: boolean
  /** Every answered save: the page updates the list (a completion unlocks the next unit). */
  onSaved: (saved: SavedProgress) => void
  /** The unit after this one, when it may be played: offered once this one has ended. */
  next?: { title: string; play: () => void } | null
  /**
   * Continuous play through the route (issue 34 §2): this device's choice, and its switch. Absent
   * where nothing follows (the Downloads screen plays one unit): no switch.
   */
  continuous?: boolean
  onContinuous?: (on: boolean) => void
  /** The unit ended; `bySleep`: an end-of-unit sleep timer was waiting for it (nothing more plays). */
  onEnded: (bySleep: boolean) => void
  /** It plays (the media's play event): continuous play waits for nothing any more. */
  onPlay: () => void
}

/**
 * SPEC §4's player for one unit: idle → ready → playing ⇄ paused → ended. Play/pause, a
 * seekable bar, elapsed and total time, back 1 s, forward 3 s (quick presses accumulate,
 * rules.ts forwardStep), skip to 3 s before the end, speed (PlayerControls), lock-screen controls
 * (useMediaSession), a transcript under it and, for video, captions from the same WebVTT. Play
 * errors are only logged (console.warn). The position is saved every 10 s while playing, on
 * pause, on seeking while paused, at the end (completed), and when the page is hidden or left
 * (useSaving); it resumes where it was, from the server. Under it, the sleep timer and
 * continuous play (SleepControls, issue 34 §2).
 */
export function Player({ unit, routeTitle, routeCover, autoPlay, onSaved, next, ...night }: PlayerProps) {
  const { t, locale } = usePage()
  const media = useRef<HTMLAudioElement & HTMLVideoElement>(null)
  const toggleButton = useRef<HTMLButtonElement>(null)
  const [state, setState] = useState<PlayerState>('idle')
  const [current, setCurrent] = useState(() => resumeAt(unit.position, unit.duration_seconds))
  const [duration, setDuration] = useState(unit.duration_seconds ?? 0)
  const [rate, setRate] = useState(1)
  const lastPositionState = useRef(0)
  const video = unit.kind === 'video'
  // The signed URL changes every hour: a later answer must not reload what is playing (an
  // expired URL is still served through the session cookie).
  const [src] = useState(unit.media.url)
  const { saved, persist } = useSaving(unit.id, unit.position, media, onSaved)

  const { play, pause, seek, rewind, forward, skipEnd } = usePlayerActions(media, duration, setCurrent)
  useMediaSession(
    { title: unit.title, routeTitle, cover: unit.cover ?? routeCover ?? null },
    { play, pause, rewind, forward, seek },
  )

  // ── media events ──────────────────────────────────────────────────────────────────────────
  const metadataReady = (el: HTMLMediaElement) => {
    const d = Number.isFinite(el.duration) ? el.duration : (unit.duration_seconds ?? 0)
    setDuration(d)
    const start = resumeAt(saved.current.position, d)
    if (start > 0) el.currentTime = start
    setCurrent(start)
    el.playbackRate = rate
    setState((s) => (s === 'idle' ? 'ready' : s))
    // Continuous play's next unit, unless the sleep timer ran out while it loaded (a unit
    // chosen by hand said it was awake first: RouteUnits `pick`).
    if (autoPlay && !$sleepStopped.get()) play()
  }
  // A file from the device's cache can have its metadata before React has committed the element
  // (a lazily shown player: the Downloads screen), and React drops an event of an element not yet
  // committed: the player then stayed "Loading" with the file ready. Read it once mounted.
  useEffect(() => {
    const el = media.current
    if (el && el.readyState >= HTMLMediaElement.HAVE_METADATA) metadataReady(el)
    // Once, at mount: later loads come through the event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const events = {
    onLoadedMetadata: (e: SyntheticEvent<HTMLMediaElement>) => metadataReady(e.currentTarget),
    onDurationChange: (e: SyntheticEvent<HTMLMediaElement>) => {
      const d = e.currentTarget.duration
      if (Number.isFinite(d) && d > 0) setDuration(d)
    },
    onPlay: () => {
      // Playing again: what the sleep timer paused is over (its line goes, a later pause is the person's).
      awake()
      wakeAudio()
      night.onPlay()
    },
    onPlaying: (e: SyntheticEvent<HTMLMediaElement>) => {
      setState('playing')
      setSessionState('playing')
      updatePositionState(e.currentTarget)
    },
    onPause: (e: SyntheticEvent<HTMLMediaElement>) => {
      setSessionState('paused')
      if (e.currentTarget.ended) return
      setState('paused')
      persist()
    },
    onEnded: (e: SyntheticEvent<HTMLMediaElement>) => {
      setState('ended')
      setCurrent(e.currentTarget.duration)
      setSessionState('none')
      night.onEnded(endOfUnitReached())
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
        <PlayerControls
          {...{ state, current, total, rate, toggleButton, seek, play, pause, rewind, forward, skipEnd, changeRate }}
        />
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="player-status">
          {t(stateKey)}
        </p>
        <SleepControls
          media={media}
          playing={state === 'playing'}
          continuous={night.continuous ?? false}
          onContinuous={night.onContinuous}
        />
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
