import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Env } from '#worker/env'
import { manifest } from '#worker/ssr/assets'

// The client build's manifest is read through the ASSETS binding once per isolate. Workers
// cancel the I/O of a request that has ended, so a read started by one request must not be
// what another request waits on: each miss reads for itself, and only a value is kept.
describe('the assets manifest', () => {
  it('a read that fails for one request does not fail another that reads at the same time', async () => {
    const good = { 'src/client/entry.tsx': { file: 'assets/entry-abc.js', isEntry: true } }
    let fail!: (e: Error) => void
    let reads = 0
    const assets = {
      fetch: (_req: Request) => {
        reads++
        if (reads === 1) return new Promise<Response>((_, reject) => (fail = reject))
        return Promise.resolve(Response.json(good))
      },
    } as unknown as Fetcher
    const fakeEnv = { ...env, ASSETS: assets } as Env
    const first = manifest(fakeEnv)
    const second = manifest(fakeEnv)
    fail(new Error('The request that started this read has ended'))
    expect(await first).toBeNull()
    expect(await second).toEqual(good)
    // Kept once read: later requests do not read again.
    expect(await manifest(fakeEnv)).toEqual(good)
    expect(reads).toBe(2)
  })
})
