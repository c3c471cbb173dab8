// Listening for sleep (issue 34 §2; docs/decisions/045-listening-for-sleep.md): the sleep timer's
// schedule and fade as pure functions, the running timer in a store (it outlives one unit:
// continuous play moves to the next unit's player), and this device's choice of continuous play.
import { atom } from 'nanostores'

/** The timer's choices in minutes, and "the end of this unit". */
export const SLEEP_MINUTES = [15, 30, 45, 60] as const
export type SleepChoice = (typeof SLEEP_MINUTES)[number] | 'end'
/** The sound fades to silence over the last 30 seconds before the pause. */
export const FADE_MS = 30_000
/** How often the timer looks at the clock (the fade's steps and the time shown). */
export const SLEEP_TICK_MS = 250

/** A running timer: until a moment, or until the unit being played ends. */
export type SleepTimer = { until: number; minutes: number } | { endOfUnit: true } | null

export function startTimer(choice: SleepChoice, now: number): SleepTimer {
  return choice === 'end' ? { endOfUnit: true } : { until: now + choice * 60_000, minutes: choice }
}

/** Which choice a running timer is (the menu marks it checked). */
export const choiceOf = (timer: SleepTimer): SleepChoice | null =>
  !timer ? null : 'endOfUnit' in timer ? 'end' : (timer.minutes as SleepChoice)

/**
 * Milliseconds left before the pause: to the chosen moment, or (end of unit) what is left of the
 * media at its speed. Null when no timer runs or the media's length is not known yet.
 */
export function remainingMs(
  timer: SleepTimer,
  now: number,
  media: { currentTime: number; duration: number; playbackRate: number },
): number | null {
  if (!timer) return null
  if ('until' in timer) return Math.max(0, timer.until - now)
  if (!Number.isFinite(media.duration) || media.duration <= 0) return null
  return (Math.max(0, media.duration - media.currentTime) * 1000) / (media.playbackRate || 1)
}

/**
 * The volume for what is left: full until the last FADE_MS, then down to 0 along a cosine
 * (slow at first, no audible step at the start or the end). Rounded to 1/1000 so the element
 * is not written 4 times a second with the same value in other words.
 */
export function fadeVolume(remaining: number | null, fade: number = FADE_MS): number {
  if (remaining === null || remaining >= fade) return 1
  if (remaining <= 0) return 0
  const x = remaining / fade
  return Math.round(((1 - Math.cos(Math.PI * x)) / 2) * 1000) / 1000
}

/** "14:05" or "1:00:00" for the time left (rounded up: 0:01 until the very end). */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The running timer, shared by the players of one page. */
export const $sleepTimer = atom<SleepTimer>(null)

const CONTINUOUS_KEY = 'calma.continuous'
/** Continuous play through a route: off unless this device chose it. */
export function readContinuous(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(CONTINUOUS_KEY) === '1'
  } catch {
    return false
  }
}
export function writeContinuous(on: boolean) {
  try {
    if (on) localStorage.setItem(CONTINUOUS_KEY, '1')
    else localStorage.removeItem(CONTINUOUS_KEY)
  } catch {
    // private mode: the choice lasts this page only
  }
}

/** The timer paused the sound (or let the unit end): the player says so, and nothing more plays. */
export const $sleepStopped = atom(false)

/** The person plays or chooses a unit by hand: awake, whatever the timer did before. */
export const awake = () => $sleepStopped.set(false)

export function chooseTimer(choice: SleepChoice | null, now: number) {
  $sleepStopped.set(false)
  $sleepTimer.set(choice === null ? null : startTimer(choice, now))
}

/**
 * A unit ended: when an end-of-unit timer was waiting for it, the timer is done and continuous
 * play stops here (true).
 */
export function endOfUnitReached(): boolean {
  const timer = $sleepTimer.get()
  if (!timer || !('endOfUnit' in timer)) return false
  $sleepTimer.set(null)
  $sleepStopped.set(true)
  return true
}
