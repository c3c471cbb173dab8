// Issue 21 §2: a signed-in request waits on D1 at most twice in sequence (independent reads go
// in one round: db.batch or reads started together), whatever the plan's or history's size.
// The Worker counts its rounds per request (db/rounds.ts) and says them in `x-d1-rounds` in
// local and test runs; the bench prints the same header per row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { personCache } from '#worker/http/person-cache'
import { api, json } from '../helpers'
import { demoPatientToken } from './demo-patient'

let token = ''
let routeSlug = ''

// The shared parts come from the versioned public cache, as in a real run (on in every test
// file: test/reset.ts).

beforeAll(async () => {
  token = await demoPatientToken()
  // A plan with progress: the first units of the plan's first route done.
  const status = await json(
    await api('/v1/my/plan/status', { headers: { authorization: `Bearer ${token}` }, locale: 'es' }),
  )
  routeSlug = status.status.items[0].route.slug
  const units = await json(
    await api(`/v1/route/units?route=${encodeURIComponent(routeSlug)}`, {
      headers: { authorization: `Bearer ${token}` },
      locale: 'es',
    }),
  )
  for (const u of units.units.slice(0, 2)) {
    const saved = await api('/v1/unit/progress', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      form: { unit_id: String(u.id), position: String(u.duration_seconds ?? 30), completed: '1' },
    })
    expect(saved.status).toBe(200)
  }
})

const PAGES = [
  '/journey',
  '/performance',
  '/route/{slug}',
  '/profile',
  '/subscription',
  '/appointments',
  '/ranking',
  '/rewards',
]
const CALLS = [
  '/v1/user',
  '/v1/my/plan/status',
  '/v1/route/units?route={slug}',
  '/v1/rewards',
  '/v1/ranking',
  '/v1/my/transactions',
]

/** Each page and call, with the most D1 rounds it may wait on (issue 21's bar was 2; issue 43 §3's is 1). */
const BUDGET: Record<string, number> = {
  '/journey': 1,
  '/performance': 1,
  '/route/{slug}': 1,
  '/profile': 1,
  '/subscription': 1,
  // Its list's first page is painted by the server since decision 081 (the browser's call before).
  '/appointments': 1,
  '/ranking': 0,
  '/rewards': 0,
  '/v1/user': 1,
  '/v1/my/plan/status': 1,
  '/v1/route/units?route={slug}': 1,
  '/v1/rewards': 1,
  '/v1/ranking': 1,
  '/v1/my/transactions': 1,
}

const ask = (p: string) => {
  const path = p.replace('{slug}', encodeURIComponent(routeSlug))
  return p.startsWith('/v1/')
    ? api(path, { headers: { authorization: `Bearer ${token}` }, locale: 'es' })
    : api(path, { headers: { cookie: `calma_session=${token}` }, redirect: 'manual' })
}

describe('D1 rounds of the signed-in patient (a plan with progress)', () => {
  it('every page and call waits on D1 at most once, once the shared parts are cached', async () => {
    expect(Object.keys(BUDGET)).toEqual([...PAGES, ...CALLS])
    const seen: Record<string, string> = {}
    for (const p of [...PAGES, ...CALLS]) {
      expect((await ask(p)).status, p).toBe(200) // warms the shared parts
      const res = await ask(p)
      expect(res.status, p).toBe(200)
      seen[p] = `${res.headers.get('x-d1-rounds')} rounds, ${res.headers.get('x-d1-calls')} calls`
    }
    console.warn('[d1 rounds]', JSON.stringify(seen, null, 1))
    for (const p of [...PAGES, ...CALLS])
      expect(Number(seen[p]!.split(' ')[0]), `${p}: ${seen[p]}`).toBeLessThanOrEqual(BUDGET[p]!)
  })

  it('the session check alone reads no D1: a page with no data of its own makes no D1 call', async () => {
    const res = await ask('/ranking')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('__BOOT__')
    expect(res.headers.get('x-d1-calls')).toBe('0')
  })
})

describe("with the person's rows cached (http/person-cache.ts, as in a real run)", () => {
  afterAll(() => {
    personCache.enabled = false
  })

  it('a warm signed-in page or call makes no D1 call at all', async () => {
    personCache.enabled = true
    const seen: Record<string, string> = {}
    for (const p of [...PAGES, ...CALLS]) {
      expect((await ask(p)).status, p).toBe(200) // warms the person's rows
      const res = await ask(p)
      expect(res.status, p).toBe(200)
      seen[p] = `${res.headers.get('x-d1-rounds')} rounds, ${res.headers.get('x-d1-calls')} calls`
    }
    // /appointments reads its list fresh, as GET /v1/appointments does (decision 081): its rows
    // change by the other person's hand (a psychologist confirms), which no cache of this person's
    // would hear of. One round (its page, count and people side by side), no more.
    for (const p of [...PAGES, ...CALLS])
      if (p === '/appointments') expect(seen[p], p).toMatch(/^1 rounds, /)
      else expect(seen[p], p).toBe('0 rounds, 0 calls')
  })
})
