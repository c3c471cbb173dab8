// The sleep timer's fade through Web Audio (issue 42 §10; docs/decisions/064-*.md). Safari on
// iPhone and iPad ignores `volume` written by script (Apple's "Audio and video in Safari":
// volume is the hardware's, always 1 to a page), so the fade of decision 045 did nothing there.
// A GainNode after the element's MediaElementAudioSourceNode fades on every browser; where Web
// Audio is missing, `volume` is written as before.

type AudioContextClass = typeof AudioContext

let context: AudioContext | null = null
/** Each element is routed through Web Audio once (a second source for it throws), and stays so. */
const gains = new WeakMap<HTMLMediaElement, GainNode>()

function contextClass(): AudioContextClass | undefined {
  const g = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }
  return g.AudioContext ?? g.webkitAudioContext
}

/**
 * Called in the person's press that sets the timer: an AudioContext starts only from a gesture
 * on iOS and Chrome (else it stays suspended). The element is not routed yet: that waits for the
 * fade (`setLevel`), so a timer that is turned off changes nothing of how the sound plays.
 */
export function prepareFade() {
  const Ctx = contextClass()
  if (!Ctx) return
  try {
    context ??= new Ctx()
    if (context.state !== 'running') void context.resume().catch(() => {})
  } catch {
    context = null
  }
}

/** The element's gain, routing it now if the context runs (a suspended one would silence it). */
function gainOf(el: HTMLMediaElement): GainNode | null {
  const known = gains.get(el)
  if (known) return known
  if (!context || context.state !== 'running') return null
  try {
    const gain = context.createGain()
    context.createMediaElementSource(el).connect(gain).connect(context.destination)
    gains.set(el, gain)
    return gain
  } catch {
    return null
  }
}

/**
 * The sound's level, 0 to 1: through the element's gain when Web Audio can carry it (the element's
 * own volume then stays 1), else through `volume`. Full level (1) routes nothing new.
 */
export function setLevel(el: HTMLMediaElement, level: number) {
  const gain = level < 1 ? gainOf(el) : (gains.get(el) ?? null)
  if (gain) {
    if (gain.gain.value !== level) gain.gain.value = level
    if (el.volume !== 1) el.volume = 1
    return
  }
  if (el.volume !== level) el.volume = level
}

/**
 * The element plays (its `play` event, after a press): a context the system suspended since (a
 * call, the page in the background) is resumed, or a routed element would play silence.
 */
export function wakeAudio() {
  if (context && context.state !== 'running') void context.resume().catch(() => {})
}
