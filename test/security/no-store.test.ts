import { describe, expect, it } from 'vitest'
import { api } from '../helpers'
import { bearer, login, register } from '../users/support'

// issue 14 §3: nothing personal is cached.
describe('Cache-Control on /v1', () => {
  it('is no-store on every answer that carries personal data or a token', async () => {
    const me = await register()
    expect(me.res.headers.get('cache-control')).toBe('no-store')
    const signIn = await login(me.email)
    expect(signIn.res.status).toBe(200)
    expect(signIn.res.headers.get('cache-control')).toBe('no-store')
    for (const path of ['/v1/user', '/v1/user/export', '/v1/user/permissions']) {
      const res = await api(path, { headers: bearer(me.token) })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    // A refusal too (it may echo what was sent).
    const refused = await api('/v1/user')
    expect(refused.status).toBe(401)
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })

  it('lets public lists be cached for visitors only, varying by language', async () => {
    const visitor = await api('/v1/routes')
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=60')
    expect(visitor.headers.get('vary')).toContain('locale')
    const me = await register()
    const signedIn = await api('/v1/routes', { headers: bearer(me.token) })
    expect(signedIn.headers.get('cache-control')).toBe('no-store')
  })
})
