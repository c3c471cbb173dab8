// The player's rules (SPEC §4 "Audio player"; src/client/features/playback/rules.ts).
import { describe, expect, it } from 'vitest'
import {
  activeCue,
  clampTime,
  formatTime,
  forwardStep,
  parseVtt,
  pickCurrent,
  resumeAt,
  skipTarget,
  type ForwardBurst,
} from '#client/features/playback/rules.ts'

describe('the player rules', () => {
  it('forward jumps 3 s, and presses within 1 s of the last one jump 0.7 times the jump before', () => {
    const presses = (times: number[]) => {
      let burst: ForwardBurst | null = null
      return times.map((t) => {
        const step = forwardStep(burst, t)
        burst = step.burst
        return Math.round(step.seconds * 1000) / 1000
      })
    }
    expect(presses([0])).toEqual([3])
    expect(presses([0, 300, 600, 900])).toEqual([3, 2.1, 1.47, 1.029])
    // Each press is measured from the one before: a steady tapping stays one series.
    expect(presses([0, 900, 1800])).toEqual([3, 2.1, 1.47])
    // A pause of 1 s or more starts again at 3 s.
    expect(presses([0, 500, 1500, 5000])).toEqual([3, 2.1, 3, 3])
    // A series never adds up to more than 10 s.
    const many = presses(Array.from({ length: 60 }, (_, i) => i * 100))
    expect(many.reduce((a, b) => a + b, 0)).toBeLessThan(10)
    expect(many.reduce((a, b) => a + b, 0)).toBeGreaterThan(9.9)
  })

  it('skips to 3 s before the end, rewinds within the unit, and resumes where the person stopped', () => {
    expect(skipTarget(300)).toBe(297)
    expect(skipTarget(2)).toBe(0)
    expect(clampTime(-1, 300)).toBe(0)
    expect(clampTime(301, 300)).toBe(300)
    expect(clampTime(12, Number.NaN)).toBe(12)
    expect(resumeAt(150, 300)).toBe(150)
    expect(resumeAt(0, 300)).toBe(0)
    expect(resumeAt(299, 300)).toBe(0) // heard to the end: start again
    expect(resumeAt(40, null)).toBe(40)
  })

  it('writes times as m:ss (h:mm:ss past an hour)', () => {
    expect(formatTime(0)).toBe('0:00')
    expect(formatTime(5.9)).toBe('0:05')
    expect(formatTime(270)).toBe('4:30')
    expect(formatTime(3723)).toBe('1:02:03')
    expect(formatTime(Number.NaN)).toBe('0:00')
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00')
  })

  it('reads WebVTT cues, and finds the one being spoken', () => {
    const cues = parseVtt(
      '\uFEFFWEBVTT - demo\r\n\r\n1\r\n00:00.300 --> 00:04.114 align:start\r\nBusca una <i>postura</i> cómoda\r\ny respira.\r\n\r\nNOTE nada\r\n\r\n01:00:02.000 --> 01:00:03.500\r\nA &amp; B &lt;3\r\n',
    )
    expect(cues).toEqual([
      { start: 0.3, end: 4.114, text: 'Busca una postura cómoda y respira.' },
      { start: 3602, end: 3603.5, text: 'A & B <3' },
    ])
    expect(activeCue(cues, 2)).toBe(0)
    expect(activeCue(cues, 10)).toBe(-1)
    expect(parseVtt('not a vtt\n00:00.000 --> 00:01.000\nx')).toEqual([])
    expect(parseVtt('WEBVTT\n\nbroken --> 00:01.000\nx\n')).toEqual([])
  })

  it('opens the player on the first unit still to finish that the person may play', () => {
    expect(
      pickCurrent([
        { id: 1, lock: null, completed: true },
        { id: 2, lock: null, completed: false },
        { id: 3, lock: 'unit_not_completed', completed: false },
      ]),
    ).toBe(2)
    expect(
      pickCurrent([
        { id: 1, lock: null, completed: true },
        { id: 2, lock: 'no_privileges', completed: false },
      ]),
    ).toBe(1)
    expect(pickCurrent([{ id: 1, lock: 'login_needed', completed: false }])).toBeNull()
    expect(pickCurrent([])).toBeNull()
  })
})
