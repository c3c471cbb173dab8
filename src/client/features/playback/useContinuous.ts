import { useCallback, useEffect, useRef, useState } from 'react'
import type { UnitStateDto } from '#shared/contract/playback'
import type { SavedProgress } from './progress'
import { $sleepStopped, readContinuous, writeContinuous } from './sleep'

/** Why continuous play stopped by itself: the next unit is locked, or the route is done. */
type Rest = 'next_locked' | 'route_done' | null

/**
 * Continuous play through a route's units (issue 34 §2): off by default, remembered on this
 * device (localStorage, read after hydration so the server's page and the first render agree).
 * When a unit ends with it on, the next one starts only once the completion's save is answered
 * (`saved`, with the route's units again): the server has recorded it and said what unlocked. A
 * locked or unavailable next unit stops here with a kind word; an end-of-unit sleep timer, or a
 * timer that paused the sound, stops it too (the unit did not end by itself, or `bySleep`), and so
 * does a minutes timer that runs out while the answer is on its way (`$sleepStopped`). A unit
 * heard again completes nothing new, so its answer has no units: the page's list (`known`, as
 * fresh as the page) tells what follows. The person playing anything while the answer is on its
 * way (`played`: the player's play event) wins: the late answer no longer moves the player.
 */
export function useContinuous(play: (unitId: number) => void, known: () => UnitStateDto[] | null) {
  const [continuous, setContinuous] = useState(false)
  const [rest, setRest] = useState<Rest>(null)
  /** The unit whose completion, once saved, moves to the next one. */
  const waiting = useRef<number | null>(null)
  useEffect(() => setContinuous(readContinuous()), [])

  const choose = useCallback((on: boolean) => {
    writeContinuous(on)
    setContinuous(on)
    if (!on) waiting.current = null
  }, [])

  const ended = useCallback(
    (unitId: number, bySleep: boolean) => {
      setRest(null)
      waiting.current = continuous && !bySleep ? unitId : null
    },
    [continuous],
  )

  /** Something plays (by hand, or the next unit started): no answer on its way moves the player. */
  const played = useCallback(() => {
    waiting.current = null
  }, [])

  /** Every answered save: the one that completed the unit that ended moves on. */
  const saved = useCallback(
    (res: SavedProgress) => {
      if (waiting.current !== res.unit.id || !res.unit.completed) return
      waiting.current = null
      // The sleep timer ran out after the unit ended: nothing more plays.
      if ($sleepStopped.get()) return
      const list = res.units ?? known()
      const at = list?.findIndex((u) => u.id === res.unit.id) ?? -1
      if (!list || at < 0) return
      const next = list[at + 1]
      if (!next) return setRest('route_done')
      if (next.lock !== null || next.media === null) return setRest('next_locked')
      play(next.id)
    },
    [play, known],
  )

  const clearRest = useCallback(() => setRest(null), [])
  return { continuous, choose, ended, played, saved, rest, clearRest }
}
