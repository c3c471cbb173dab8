// Money proved by a simulator (issue 32 §2; docs/decisions/037): random histories of checkouts,
// renewals, grants as days pass, bookings, refund requests and approvals, Stripe Dashboard
// refunds, late, repeated and reordered webhook deliveries, Stripe failing or slow, and erasure,
// some steps at once, run on the real Worker against the reference model (simulator/model.ts).
// `npm test` runs SIM_HISTORIES (300); `npm run test:deep` 10,000 (VITE_MONEY_SIM_RUNS).
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, it, vi } from 'vitest'
import { historyArb, runHistory, Sim } from './simulator/sim'
import { forgetAdmin, simulatedClock } from './simulator/world'

const HISTORIES = Number(import.meta.env.VITE_MONEY_SIM_RUNS ?? 300)
const PER_TEST = 50
/** Steps drawn per history after its first purchase (fast-check's commands: 0 to this many). */
const MAX_STEPS = 10
const START = Date.UTC(2031, 0, 6, 8, 0)
/** Another seed explores other histories (a failure prints its seed and its shrunk history). */
const SEED = Number(import.meta.env.VITE_MONEY_SEED ?? 0x37)

beforeAll(() => forgetAdmin())
afterAll(() => {
  vi.useRealTimers()
  if (import.meta.env.VITE_MONEY_DEBUG)
    console.info([...Sim.timing].map(([k, v]) => `${k}: ${v.n} × ${(v.ms / v.n).toFixed(1)} ms`).join('\n'))
})

/** `seed:path` of a failure fast-check printed: that shrunk history alone, again. */
const REPLAY = import.meta.env.VITE_MONEY_REPLAY as string | undefined

describe('money simulator', () => {
  if (REPLAY) {
    it(`replays ${REPLAY}`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      vi.spyOn(console, 'log').mockImplementation(() => {})
      simulatedClock(START)
      // fast-check's path is itself `a:b:c…`: only the first ':' ends the seed.
      const cut = REPLAY.indexOf(':')
      const [seed, path] = cut < 0 ? [REPLAY, undefined] : [REPLAY.slice(0, cut), REPLAY.slice(cut + 1)]
      await fc.assert(
        fc.asyncProperty(historyArb(MAX_STEPS), async (history) => {
          const sim = await runHistory(START, history)
          console.info(sim.log.join('\n'))
        }),
        { seed: Number(seed), path, numRuns: 1, endOnFailure: true },
      )
    }, 600_000)
    return
  }
  const chunks = Math.max(1, Math.ceil(HISTORIES / PER_TEST))
  for (let i = 0; i < chunks; i++) {
    const runs = Math.min(PER_TEST, HISTORIES - i * PER_TEST)
    it(`histories ${i * PER_TEST + 1}–${i * PER_TEST + runs}: the ledger, the model and Stripe agree`, async () => {
      // The app logs what it ignores and retries (expected here by the hundred); an error still fails.
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      vi.spyOn(console, 'log').mockImplementation(() => {})
      simulatedClock(START)
      await fc.assert(
        fc.asyncProperty(historyArb(MAX_STEPS), async (history) => {
          const sim = await runHistory(START, history)
          if (import.meta.env.VITE_MONEY_DEBUG) console.info(sim.log.join('\n'))
        }),
        { numRuns: runs, seed: SEED + i, endOnFailure: false },
      )
    }, 600_000)
  }
})
