// The database at a real distance (issue 43 §3, docs/decisions/063): at the edge each D1 round is
// a trip to a replica or the primary, so a signed-in page and every /v1 call it makes wait on at
// most ONE round (writes included: one batch), read as on an isolate that has not met the person
// (the person's rows not kept: the test pool's default). Rounds are deterministic; time is not,
// so only rounds are asserted, and of D1_DELAY_MS only that it is waited (a lower bound).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '#worker/index'
import { rewardCatalog } from '#worker/features/engagement/engagement.service'
import { activeDays } from '../factories'
import { api, json, PRODUCTION_VARS } from '../helpers'
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

  // Decision 079: the catalogue's check (a read, then the rows if missing) went before the page's
  // batch, and a reward reached another way (an older account, a day written by a job) was
  // given and then told one notice at a time after it. Now one batch: the catalogue's rows (no-ops
  // once there), the notices and the rewards they tell, then the page's reads.
  it('GET /v1/rewards on an isolate that has not checked the catalogue, and one that gives a reward on the way, waits on one round', async () => {
    rewardCatalog.complete = false // as an isolate that has never answered a rewards call
    const fresh = await ask('/v1/rewards')
    expect(fresh.status).toBe(200)
    expect.soft(roundsOf(fresh), 'fresh isolate').toBe(1)
    expect(rewardCatalog.complete).toBe(true)

    // Ten active days written by someone else (as a job or an older account would): the
    // dedication rewards of 3 and 10 days are reached and not held.
    const me = await env.DB.prepare('SELECT id FROM users WHERE email = ?1')
      .bind('patient@demo.calma.app')
      .first<{ id: number }>()
    const unread = async () =>
      (await json(await ask('/v1/notifications/unread'))).notifications.filter(
        (n: { type?: string }) => n.type === 'reward',
      ).length
    const noticesBefore = await unread()
    await activeDays(
      me!.id,
      Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)),
    )
    rewardCatalog.complete = false
    const giving = await ask('/v1/rewards')
    expect(giving.status).toBe(200)
    const page = await json(giving)
    const dedication = page.rewards.find((g: { key: string }) => g.key === 'active_days')
    expect(
      dedication.rewards.filter((r: { is_acquired: boolean }) => r.is_acquired).map((r: any) => r.criteria.gte),
    ).toEqual(expect.arrayContaining([3, 10]))
    expect.soft(roundsOf(giving), 'a look that gives rewards').toBe(1)
    // Each reward told once, in the person's notices; a second look gives and tells nothing.
    expect((await unread()) - noticesBefore).toBeGreaterThanOrEqual(2)
    const after = await unread()
    const again = await ask('/v1/rewards')
    expect(roundsOf(again)).toBe(1)
    expect(await unread()).toBe(after)
  })

  it('a reward claim, refused (not earned: 404; claimed already: 409) or done, waits on one round', async () => {
    const page = await json(await ask('/v1/rewards'))
    const all = page.rewards.flatMap(
      (g: { rewards: { id: number; is_acquired: boolean; is_claimed: boolean }[] }) => g.rewards,
    )
    const held = all.find((r: { is_acquired: boolean; is_claimed: boolean }) => r.is_acquired && !r.is_claimed)
    const notHeld = all.find((r: { is_acquired: boolean }) => !r.is_acquired)
    expect(held, 'a reward earned and not claimed').toBeDefined()
    expect(notHeld, 'a reward not earned').toBeDefined()
    const claim = (id: number, locale = 'es') =>
      api('/v1/rewards/claim', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        locale,
        form: { reward_id: String(id) },
      })
    const seen: Record<string, number> = {}
    const done = await claim(held.id)
    expect(done.status).toBe(200)
    seen.claimed = roundsOf(done)
    const twice = await claim(held.id, 'en')
    expect(twice.status).toBe(409)
    expect((await json(twice)).message).toBe('You have already claimed this reward.')
    seen['claimed already'] = roundsOf(twice)
    const notEarned = await claim(notHeld.id, 'es')
    expect(notEarned.status).toBe(404)
    const body = await json(notEarned)
    expect(body.errors.reward_id[0]).toBe(body.message)
    seen['not earned'] = roundsOf(notEarned)
    const unknown = await claim(999_999, 'en')
    expect(unknown.status).toBe(404)
    seen.unknown = roundsOf(unknown)
    console.warn('[d1 rounds, reward claim]', JSON.stringify(seen))
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBe(1)
    // Claimed once: the page says so.
    const later = await json(await ask('/v1/rewards'))
    const row = later.rewards
      .flatMap((g: { rewards: any[] }) => g.rewards)
      .find((r: { id: number }) => r.id === held.id)
    expect(row.is_claimed).toBe(true)
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

  it('a local page says where its time went (Server-Timing: the session, the loader, the render, D1, the whole); a deployed Worker says nothing', async () => {
    const ctx = createExecutionContext()
    const res = await worker.fetch(
      new Request('http://localhost/journey', { headers: { cookie: `calma_session=${token}` } }),
      { ...env, D1_DELAY_MS: '40' } as never,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(res.status).toBe(200)
    const spans = Object.fromEntries(
      (res.headers.get('server-timing') ?? '').split(', ').map((s) => {
        const [name, dur] = s.split(';dur=')
        return [name, Number(dur)]
      }),
    )
    expect(Object.keys(spans).sort()).toEqual(['d1', 'load', 'render', 'session', 'total'])
    // The loader waits on its one round; the whole holds every span.
    expect(spans.load).toBeGreaterThanOrEqual(40 - 1)
    expect(spans.d1).toBeGreaterThanOrEqual(40 - 1)
    expect(spans.total).toBeGreaterThanOrEqual(spans.load + spans.render - 1)
    const visitor = await api('/', { redirect: 'manual' })
    expect(visitor.headers.get('server-timing')).not.toBeNull() // local: a visitor's page is timed too
    const prodCtx = createExecutionContext()
    const prod = await worker.fetch(new Request('http://localhost/'), { ...env, ...PRODUCTION_VARS } as never, prodCtx)
    await waitOnExecutionContext(prodCtx)
    expect(prod.headers.get('server-timing')).toBeNull()
  })
})
