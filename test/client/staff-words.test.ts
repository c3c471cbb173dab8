// Issue 34 §5: the staff forms' words. A datetime-local wall clock read in the staff member's
// zone becomes the instant the contract wants (and back), across a change of clocks; the audit
// trail's change reads as field: before → after; sizes read as people say them.
import { describe, expect, it } from 'vitest'
import { instantToLocal, localToInstant } from '#client/features/admin/when.ts'
import { diffSnapshots, parseSnapshot, shortValue } from '#client/features/admin/diff.ts'
import { formatBytes } from '#client/components/words.ts'

describe('date-time fields in the staff zone', () => {
  it('a wall clock in Madrid, New York and UTC is the right instant, winter and summer', () => {
    expect(localToInstant('2026-12-01T09:30', 'Europe/Madrid')).toBe('2026-12-01T08:30:00.000Z')
    expect(localToInstant('2026-07-01T09:30', 'Europe/Madrid')).toBe('2026-07-01T07:30:00.000Z')
    expect(localToInstant('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z')
    expect(localToInstant('2026-12-01T09:30', 'UTC')).toBe('2026-12-01T09:30:00.000Z')
    // The night the clocks go back in Madrid (25 Oct 2026, 03:00 → 02:00): 04:00 is after it.
    expect(localToInstant('2026-10-25T04:00', 'Europe/Madrid')).toBe('2026-10-25T03:00:00.000Z')
    expect(localToInstant('', 'Europe/Madrid')).toBe('')
    expect(localToInstant('mañana', 'Europe/Madrid')).toBe('mañana')
  })

  it('an instant shows as the wall clock of the zone', () => {
    expect(instantToLocal('2026-12-01T08:30:00.000Z', 'Europe/Madrid')).toBe('2026-12-01T09:30')
    expect(instantToLocal('2026-07-01T07:30:00.000Z', 'Europe/Madrid')).toBe('2026-07-01T09:30')
    expect(instantToLocal('', 'Europe/Madrid')).toBe('')
  })
})

describe('the audit diff', () => {
  it('lists only what changed, by field, the first table plain and the others numbered', () => {
    const before = { routes: [{ id: 3, title: 'Calma', status: 1, tags: ['a'] }], units: [{ title: 'Uno' }] }
    const after = { routes: [{ id: 3, title: 'Calma de noche', status: 2, tags: ['a'] }], units: [{ title: 'Dos' }] }
    expect(diffSnapshots(before, after)).toEqual([
      { field: 'title', before: 'Calma', after: 'Calma de noche' },
      { field: 'status', before: 1, after: 2 },
      { field: 'units 1 · title', before: 'Uno', after: 'Dos' },
    ])
  })

  it('a creation shows each field from nothing; a deletion each field to nothing', () => {
    expect(diffSnapshots(null, { form: [{ title_es: 'Hola', channel: 'email' }] })).toEqual([
      { field: 'title_es', before: undefined, after: 'Hola' },
      { field: 'channel', before: undefined, after: 'email' },
    ])
    expect(diffSnapshots({ posts: [{ slug: 'x' }] }, null)).toEqual([{ field: 'slug', before: 'x', after: undefined }])
  })

  it('values in a few words, and a snapshot cut short is said so', () => {
    const words = { yes: 'Sí', no: 'No' }
    expect(shortValue(null, words)).toBe('—')
    expect(shortValue(true, words)).toBe('Sí')
    expect(shortValue(['a', 'b'], words)).toBe('a, b')
    const long = shortValue('x'.repeat(500), words)
    expect(long).toHaveLength(60)
    expect(long.endsWith('…')).toBe(true)
    expect(parseSnapshot('{"routes":[{"id":1}]}')).toEqual({ value: { routes: [{ id: 1 }] }, cut: false })
    expect(parseSnapshot('{"routes":[{"id":1')).toEqual({ value: null, cut: true })
    expect(parseSnapshot(null)).toEqual({ value: null, cut: false })
  })
})

describe('sizes in people words', () => {
  it('kB, MB and GB in each language', () => {
    expect(formatBytes(3_400_000, 'es')).toBe('3,4 MB')
    expect(formatBytes(3_400_000, 'en')).toBe('3.4 MB')
    expect(formatBytes(820_000, 'en')).toBe('820 kB')
    expect(formatBytes(2_000_000_000, 'en')).toBe('2 GB')
  })
})
