import { useCallback, useRef, type RefObject } from 'react'
import { REWIND_SECONDS, clampTime, forwardStep, skipTarget, type ForwardBurst } from './rules'

/** What the buttons, the keyboard and the lock screen do to the media (play errors are only logged). */
export function usePlayerActions(
  media: RefObject<HTMLMediaElement | null>,
  duration: number,
  setCurrent: (t: number) => void,
) {
  const burst = useRef<ForwardBurst | null>(null)
  const play = useCallback(() => {
    const el = media.current
    if (!el) return
    try {
      el.play()?.catch((err: unknown) => console.warn('[player] play failed:', err instanceof Error ? err.name : err))
    } catch (err) {
      console.warn('[player] play failed:', err)
    }
  }, [media])
  const pause = useCallback(() => {
    try {
      media.current?.pause()
    } catch (err) {
      console.warn('[player] pause failed:', err)
    }
  }, [media])
  const seek = useCallback(
    (to: number) => {
      const el = media.current
      if (!el) return
      const d = Number.isFinite(el.duration) ? el.duration : duration
      const target = clampTime(to, d)
      el.currentTime = target
      setCurrent(target)
    },
    [duration, media, setCurrent],
  )
  const rewind = useCallback(() => seek(timeOf(media) - REWIND_SECONDS), [seek, media])
  const forward = useCallback(() => {
    const step = forwardStep(burst.current, Date.now())
    burst.current = step.burst
    seek(timeOf(media) + step.seconds)
  }, [seek, media])
  const skipEnd = useCallback(() => seek(skipTarget(lengthOf(media) ?? duration)), [seek, duration, media])
  return { play, pause, seek, rewind, forward, skipEnd }
}

const timeOf = (media: RefObject<HTMLMediaElement | null>) => media.current?.currentTime ?? 0
const lengthOf = (media: RefObject<HTMLMediaElement | null>) => {
  const d = media.current?.duration
  return d !== undefined && Number.isFinite(d) ? d : null
}
