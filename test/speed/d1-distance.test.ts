// The database at a real distance (issue 43 §3, docs/decisions/063): at the edge each D1 round is
// a trip to a replica or the primary, so a signed-in page and every /v1 call it makes wait on at
// most ONE round (writes included: one batch), read as on an isolate that has not met the person
// (the person's rows not kept: the test pool's default). Rounds are deterministic; time is not,
// so only rounds are asserted, and of D1_DELAY_MS only that it is waited (a lower bound).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '#worker/index'
import { api, json } from '../helpers'
import { demoPatientToken } from './demo-patient'

let token = ''
let routeSlug = ''

beforeAll(async () => {
  token = await demoPatientToken()
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

/**
 * The signed-in pages, and the /v1 calls chromium sees each make as it opens (bench/d1-distance.mjs
 * lists them per run in docs/PERFORMANCE.md).
 */
const PAGES: Record<string, string[]> = {
  '/journey': ['/v1/my/plan/status'],
  // The streak's figures come with the page since decision 072 (it read /v1/rewards before).
  '/performance': ['/v1/my/plan/status'],
  '/appointments': [],
  '/profile': ['/v1/user'],
  '/downloads': [],
  '/route/{slug}': ['/v1/route/units?route={slug}'],
  '/subscription': ['/v1/my/transactions'],
  '/ranking': ['/v1/ranking'],
  '/rewards': ['/v1/rewards'],
}

const path = (p: string) => p.replace('{slug}', encodeURIComponent(routeSlug))
const ask = (p: string) =>
  p.startsWith('/v1/')
    ? api(path(p), { headers: { authorization: `Bearer ${token}` }, locale: 'es' })
    : api(path(p), { headers: { cookie: `calma_session=${token}` }, redirect: 'manual' })
const roundsOf = (res: Response) => Number(res.headers.get('x-d1-rounds'))

describe('D1 at a distance: one round a page and a call (issue 43 §3)', () => {
  it('every signed-in page, and every /v1 call it makes, waits on at most one D1 round', async () => {
    const seen: Record<string, number> = {}
    for (const [page, calls] of Object.entries(PAGES))
      for (const p of [page, ...calls]) {
        expect((await ask(p)).status, p).toBe(200) // the shared parts (content) cached, as on a busy location
        const res = await ask(p)
        expect(res.status, p).toBe(200)
        seen[p] = roundsOf(res)
      }
    console.warn('[d1 rounds, cold person]', JSON.stringify(seen))
    for (const [p, n] of Object.entries(seen)) expect(n, p).toBeLessThanOrEqual(1)
  })

  it('GET /v1/session, which every page calls, notes a known session in one round (a read and two writes were three)', async () => {
    const first = await json(await ask('/v1/session?pathname=%2Fjourney'))
    expect(first.new_session).toBe(true)
    const again = await ask(`/v1/session?pathname=%2Fjourney&session_id=${first.session_id}`)
    expect(again.status).toBe(200)
    expect((await json(again)).new_session).toBe(false)
    expect(roundsOf(again)).toBe(1)
  })

  it('a visitor’s cached page makes no D1 round', async () => {
    for (const p of ['/', '/routes', '/help', '/login', `/route/${encodeURIComponent(routeSlug)}`]) {
      await api(p, { redirect: 'manual' })
      const res = await api(p, { redirect: 'manual' })
      expect(res.status, p).toBe(200)
      expect(roundsOf(res), p).toBe(0)
    }
  })

  it('D1_DELAY_MS makes each round wait that long (a deployed Worker refuses it: test/security/production.test.ts)', async () => {
    const call = async (bindings: Record<string, unknown>) => {
      const ctx = createExecutionContext()
      const res = await worker.fetch(
        new Request(`http://localhost/v1/my/plan/status`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', locale: 'es' },
        }),
        bindings as never,
        ctx,
      )
      await waitOnExecutionContext(ctx)
      return res
    }
    const far = await call({ ...env, D1_DELAY_MS: '60' })
    expect(far.status).toBe(200)
    expect(roundsOf(far)).toBe(1)
    // x-d1-ms: the time at least one D1 call was in flight, delay included.
    expect(Number(far.headers.get('x-d1-ms'))).toBeGreaterThanOrEqual(60 * roundsOf(far) - 1)
  })
})
