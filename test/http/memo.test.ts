import { afterEach, describe, expect, it } from 'vitest'
import { clearMemo, memo } from '#worker/http/memo'

afterEach(() => clearMemo())

describe('memo', () => {
  it('does not hand a failing load to a caller that arrives while it is in flight', async () => {
    let fail!: (e: Error) => void
    const first = memo('k', 60_000, () => new Promise<string>((_, reject) => (fail = reject)))
    // A second request misses while the first load is still running (e.g. the first request is
    // cancelled later): it loads its own value instead of sharing the first one's fate.
    const second = memo('k', 60_000, async () => 'mine')
    fail(new Error('the first request ended'))
    await expect(first).rejects.toThrow('the first request ended')
    await expect(second).resolves.toBe('mine')
  })

  it('after a failed load, the next caller loads again', async () => {
    await expect(memo('k', 60_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(memo('k', 60_000, async () => 'fresh')).resolves.toBe('fresh')
  })

  it('reuses a resolved value within the TTL and loads again after it', async () => {
    let loads = 0
    const load = async () => ++loads
    expect(await memo('t', 40, load)).toBe(1)
    expect(await memo('t', 40, load)).toBe(1)
    expect(loads).toBe(1)
    await new Promise((r) => setTimeout(r, 60))
    expect(await memo('t', 40, load)).toBe(2)
  })
})
