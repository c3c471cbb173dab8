// Issue 21: a signed-in request checks its session from this isolate's memo (no HMAC, no KV read)
// for a few seconds (identity/, docs/decisions/034-*). KV stays the truth, and
// what ends a session here ends it AT ONCE: logout, a password change, an erasure. Each is
// tested right after a request that put the session in the memo.
import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { forgetSessions, sessionMemo } from '#worker/identity/memo'
import { api, json } from '../helpers'
import { bearer, changePassword, erase, login, register, updateProfile } from '../users/support'

beforeAll(() => {
  sessionMemo.enabled = true
})
afterAll(() => {
  forgetSessions('all')
  sessionMemo.enabled = false
})

const me = (token: string) => api('/v1/user', { headers: bearer(token), locale: 'en' })
const sessionReads = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([key]) => String(key).startsWith('session:')).length

/** A person signed in twice, each session verified once, so both sit in this isolate's memo. */
async function twoMemoizedSessions() {
  const r = await register()
  const other = (await login(r.email)).body.user.token as string
  for (const t of [r.token, other]) expect((await me(t)).status).toBe(200)
  return { r, other }
}

describe('the memo of verified sessions', () => {
  it('a second request reads no session from KV', async () => {
    const r = await register()
    expect((await me(r.token)).status).toBe(200)
    const kvGet = vi.spyOn(env.KV, 'get')
    const again = await me(r.token)
    expect(again.status).toBe(200)
    expect((await json(again)).user.id).toBe(r.id)
    expect(sessionReads(kvGet), 'served from the memo').toBe(0)
    kvGet.mockRestore()
  })

  it('logout ends a memoized session at once', async () => {
    const r = await register()
    expect((await me(r.token)).status).toBe(200)
    expect((await me(r.token)).status).toBe(200)
    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(r.token) })
    expect(out.status).toBe(200)
    expect((await me(r.token)).status).toBe(401)
    expect((await api('/v1/user', { headers: { cookie: `calma_session=${r.token}` } })).status).toBe(401)
  })

  it('a password change ends every memoized session of the person at once', async () => {
    const { r, other } = await twoMemoizedSessions()
    const res = await changePassword(r.token, 'A-brand-new-one-9')
    expect(res.status).toBe(200)
    const fresh = (await json(res)).user.token as string
    expect((await me(other)).status).toBe(401)
    expect((await me(r.token)).status).toBe(401)
    expect((await me(fresh)).status).toBe(200)
  })

  it('an erasure ends every memoized session of the person at once', async () => {
    const { r, other } = await twoMemoizedSessions()
    const res = await erase(r.token)
    expect(res.status).toBe(200)
    expect((await me(r.token)).status).toBe(401)
    expect((await me(other)).status).toBe(401)
  })

  it("a change to the person's row shows in the next request of every session (the memo is dropped)", async () => {
    const { r, other } = await twoMemoizedSessions()
    const res = await updateProfile(r.token, { name: 'Renamed Now' })
    expect(res.status).toBe(200)
    expect((await json(await me(other))).user.name).toBe('Renamed Now')
  })
})
