// The player's rules (SPEC §4 "Audio player"), kept apart from the component so they can be
// tested without a browser (test/playback/player-rules.test.ts).

export type PlayerState = 'idle' | 'ready' | 'playing' | 'paused' | 'ended'

/** SPEC §4: "Rewind defaults to 1 second". */
export const REWIND_SECONDS = 1
/** SPEC §4: "Forward defaults to 3 seconds". */
export const FORWARD_SECONDS = 3
/** SPEC §4: "quick repeated presses within 1 second accumulate with a factor of 0.7". */
export const FORWARD_BURST_MS = 1000
export const FORWARD_FACTOR = 0.7
/** SPEC §4: "Skip goes to 3 seconds before the end". */
export const SKIP_END_SECONDS = 3
/** How often the position is saved while playing (also on pause, end, and leaving the page). */
export const SAVE_EVERY_MS = 10_000
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const

/** The presses of one quick series of Forward: when the last one was, and how many so far. */
export interface ForwardBurst {
  at: number
  count: number
}

/**
 * How far one press of Forward jumps. Our reading of SPEC §4 ("forward defaults to 3 seconds;
 * quick repeated presses within 1 second accumulate with a factor of 0.7"): presses that each
 * come less than 1 s after the previous one form a series; every press of a series jumps at
 * once, and each jump is 0.7 times the one before it: 3 s, 2.1 s, 1.47 s, 1.03 s… So a series
 * accumulates 3, 5.1, 6.57, 7.6… seconds and never more than 10 s (3 / (1 - 0.7)): a few quick
 * taps move on a little further, and mashing the button cannot fling the listener far past the
 * part they wanted. A pause of 1 s or more starts a new series at 3 s again.
 */
export function forwardStep(burst: ForwardBurst | null, now: number): { seconds: number; burst: ForwardBurst } {
  const count = burst && now - burst.at < FORWARD_BURST_MS ? burst.count + 1 : 0
  return { seconds: FORWARD_SECONDS * FORWARD_FACTOR ** count, burst: { at: now, count } }
}

/** Where SPEC §4's Skip goes: 3 seconds before the end (the start, for a clip shorter than that). */
export const skipTarget = (duration: number) => Math.max(0, duration - SKIP_END_SECONDS)

/** A position inside [0, duration]. */
export const clampTime = (t: number, duration: number) =>
  Math.min(Math.max(0, t), Number.isFinite(duration) && duration > 0 ? duration : Math.max(0, t))

/**
 * Where a unit starts: the saved position, except a unit heard to (nearly) its end starts again
 * from the beginning.
 */
export function resumeAt(position: number, duration: number | null): number {
  if (!position || position < 0) return 0
  if (duration && position >= duration - 1) return 0
  return position
}

/** 0:05, 4:30, 1:02:03. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

export interface Cue {
  start: number
  end: number
  text: string
}

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{2})\.(\d{3})$/
function seconds(stamp: string): number | null {
  const m = TIMESTAMP.exec(stamp.trim())
  if (!m) return null
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000
}

const unescape = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')

/** The cues of a WebVTT file (text only: tags and settings dropped); [] for anything that is not WebVTT. */
export function parseVtt(text: string): Cue[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return []
  const cues: Cue[] = []
  for (let i = 1; i < lines.length; i++) {
    const arrow = lines[i]!.indexOf('-->')
    if (arrow < 0) continue
    const start = seconds(lines[i]!.slice(0, arrow))
    const end = seconds(
      lines[i]!.slice(arrow + 3)
        .trim()
        .split(/\s+/)[0] ?? '',
    )
    const body: string[] = []
    while (i + 1 < lines.length && lines[i + 1]!.trim() !== '') body.push(lines[++i]!)
    if (start === null || end === null || !body.length) continue
    cues.push({ start, end, text: unescape(body.join(' ')).trim() })
  }
  return cues
}

/** The cue being spoken at `t`, or -1. */
export const activeCue = (cues: readonly Cue[], t: number) => cues.findIndex((c) => t >= c.start && t < c.end)

/**
 * The unit the route page opens in the player: the first one the person may play and has not
 * completed (where they left off), else the first they may play, else none.
 */
export function pickCurrent(units: readonly { id: number; lock: string | null; completed: boolean }[]): number | null {
  return (units.find((u) => u.lock === null && !u.completed) ?? units.find((u) => u.lock === null))?.id ?? null
}
