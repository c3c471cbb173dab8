import { describe, expect, it } from 'vitest'
import { socketOpening, whenSocketsSettled } from '#client/stores/sockets.ts'

/** Whether `p` has settled within a turn of the event loop. */
const settledSoon = (p: Promise<void>) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5))])

describe('the sockets a logout waits for (stores/sockets.ts)', () => {
  it('nothing opening: settled at once', async () => {
    expect(await settledSoon(whenSocketsSettled())).toBe(true)
  })

  it('waits for every handshake under way, each counted once', async () => {
    const first = socketOpening()
    const second = socketOpening()
    const waiting = whenSocketsSettled(10_000)
    first()
    first() // an 'error' then a 'close' of the same socket
    expect(await settledSoon(waiting)).toBe(false)
    second()
    expect(await settledSoon(waiting)).toBe(true)
  })

  it('gives up after its limit when a handshake never ends', async () => {
    const stuck = socketOpening()
    const t0 = Date.now()
    await whenSocketsSettled(30)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25)
    stuck()
  })
})
