import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { saveProgress, saveProgressOnLeave, type SavedProgress } from './progress'

/**
 * Where the person is in a unit, kept on the server: `persist` saves the position when it moved
 * (or the completion), and the page being hidden or left saves it with fetch keepalive.
 */
export function useSaving(
  unitId: number,
  initial: number,
  media: RefObject<HTMLMediaElement | null>,
  onSaved: (saved: SavedProgress) => void,
) {
  const saved = useRef({ position: initial, at: Date.now() })
  const onSavedRef = useRef(onSaved)
  onSavedRef.current = onSaved
  const persist = useCallback(
    (opts: { completed?: boolean; leaving?: boolean } = {}, el: HTMLMediaElement | null = media.current) => {
      if (!el) return
      const position = Math.floor(el.currentTime)
      if (!opts.completed && position === saved.current.position) return
      saved.current = { position, at: Date.now() }
      if (opts.leaving) return saveProgressOnLeave(unitId, position, !!opts.completed)
      void saveProgress(unitId, position, !!opts.completed).then((res) => res && onSavedRef.current(res))
    },
    [unitId, media],
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
  }, [persist, media])

  return { saved, persist }
}
