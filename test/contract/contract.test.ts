import { describe, expect, it } from 'vitest'
import { CALLS } from '#shared/contract/index'
import { api as apiRouter } from '#worker/app'

// issue 13 §2: every /v1 call lives in src/shared/contract, and the router serves exactly
// those calls. A call added to the router without its contract (or the other way) fails here.
describe('the contract and the router', () => {
  const served = apiRouter.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)
  const declared = CALLS.map((c) => `${c.method} ${c.path}`)

  it('serves every call the contract declares, and nothing it does not', () => {
    expect([...new Set(served)].sort()).toEqual([...new Set(declared)].sort())
  })

  it('declares each call once', () => {
    expect(declared.length).toBe(new Set(declared).size)
  })
})
