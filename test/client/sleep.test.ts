import { describe, expect, it } from 'vitest'
import {
  FADE_MS,
  choiceOf,
  fadeVolume,
  formatRemaining,
  remainingMs,
  startTimer,
} from '#client/features/playback/sleep.ts'

// The sleep timer's fade and schedule (issue 34 §2), as pure functions.
describe('the sleep timer', () => {
  it('keeps the volume full until the last 30 seconds, then fades it smoothly to silence', () => {
    expect(FADE_MS).toBe(30_000)
    expect(fadeVolume(null)).toBe(1)
    expect(fadeVolume(10 * 60_000)).toBe(1)
    expect(fadeVolume(30_000)).toBe(1)
    expect(fadeVolume(15_000)).toBe(0.5)
    expect(fadeVolume(0)).toBe(0)
    expect(fadeVolume(-5)).toBe(0)
    // Every quarter second goes down, never up, and no step is louder than 3 % of the volume.
    let last = 1
    for (let left = 30_000; left >= 0; left -= 250) {
      const v = fadeVolume(left)
      expect(v).toBeLessThanOrEqual(last)
      expect(last - v).toBeLessThan(0.03)
      expect(v).toBeGreaterThanOrEqual(0)
      last = v
    }
    expect(last).toBe(0)
    // Slow at both ends: the first and last seconds change less than the middle one.
    expect(1 - fadeVolume(29_000)).toBeLessThan(fadeVolume(15_500) - fadeVolume(14_500))
  })

  it('counts down to the chosen moment, or to the end of the unit at its speed', () => {
    const t = startTimer(15, 1_000)
    expect(t).toEqual({ until: 1_000 + 15 * 60_000, minutes: 15 })
    expect(choiceOf(t)).toBe(15)
    const media = { currentTime: 100, duration: 160, playbackRate: 2 }
    expect(remainingMs(t, 1_000 + 60_000, media)).toBe(14 * 60_000)
    expect(remainingMs(t, 1_000 + 20 * 60_000, media)).toBe(0)
    const end = startTimer('end', 0)
    expect(choiceOf(end)).toBe('end')
    expect(remainingMs(end, 0, media)).toBe(30_000)
    expect(remainingMs(end, 0, { ...media, duration: Number.NaN })).toBeNull()
    expect(remainingMs(null, 0, media)).toBeNull()
    expect(choiceOf(null)).toBeNull()
  })

  it('shows the time left rounded up', () => {
    expect(formatRemaining(15 * 60_000)).toBe('15:00')
    expect(formatRemaining(61_001)).toBe('1:02')
    expect(formatRemaining(1)).toBe('0:01')
    expect(formatRemaining(60 * 60_000)).toBe('1:00:00')
  })
})
