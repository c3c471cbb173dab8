import { useStore } from '@nanostores/react'
import { useEffect, useState, type RefObject } from 'react'
import { setLevel } from './fade'
import { $sleepStopped, $sleepTimer, SLEEP_TICK_MS, fadeVolume, remainingMs } from './sleep'

/**
 * The sleep timer acting on one media element: every tick the level follows the fade (through a
 * Web Audio gain where there is one: ./fade.ts), and when
 * the time is up the sound pauses, through the element's own pause, so the position is saved as
 * for any pause (Player's onPause). An end-of-unit timer fades over the unit's last seconds and
 * lets it end by itself (the completion is saved as usual). The volume is full again whenever no
 * timer runs. The clock is Date.now and setInterval, which e2e drives with page.clock.
 */
export function useSleepTimer(media: RefObject<HTMLMediaElement | null>) {
  const timer = useStore($sleepTimer)
  const stopped = useStore($sleepStopped)
  const [remaining, setRemaining] = useState<number | null>(null)

  useEffect(() => {
    if (!timer) {
      if (media.current) setLevel(media.current, 1)
      setRemaining(null)
      return
    }
    const tick = () => {
      const el = media.current
      if (!el) return
      const left = remainingMs(timer, Date.now(), el)
      setRemaining(left)
      setLevel(el, fadeVolume(left))
      if ('until' in timer && left === 0) {
        $sleepStopped.set(true)
        $sleepTimer.set(null)
        el.pause()
      }
    }
    tick()
    const id = window.setInterval(tick, SLEEP_TICK_MS)
    return () => window.clearInterval(id)
  }, [timer, media])

  return { timer, remaining, stopped }
}
