// One guard for "go back to where you were" targets (src/shared/redirect.ts): the provider
// sign-in flow (GET /auth/<provider>?redirect=…) and the login page both use it, so the
// redirect a browser follows never leaves the site.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { safeRedirect } from '#shared/redirect'
import { sha256 } from '#worker/lib/crypto'
import { api } from '../helpers'

const FALLBACK = '/journey'

describe('safeRedirect', () => {
  it.each([
    ['tab', '/\t/evil.example/x'],
    ['newline', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['line separator', '/\u2028/evil.example'],
    ['paragraph separator', '/\u2029/evil.example'],
    ['backslash', '/x\\evil.example'],
    ['leading backslash', '\\\\evil.example'],
    ['protocol-relative', '//evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['absolute URL', 'https://evil'],
    ['javascript URL', 'javascript:alert(1)'],
    ['encoded protocol-relative', '%2F%2Fevil'],
    ['encoded tab', '/%09/evil.example/x'],
    ['encoded backslash', '/%5Cevil'],
    ['encoded slashes after the first', '/%2F%2Fevil.example'],
    ['double-encoded protocol-relative', '/%252F%252Fevil.example'],
    ['malformed escape', '/%E0%A4%A'],
    ['leading spaces', '  /journey'],
    ['leading space before //', ' //evil.example'],
    ['space inside', '/rou tes'],
    ['relative path', 'journey'],
    ['empty', ''],
  ])('refuses %s', (_name, target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK)
  })

  it('refuses what is not a string', () => {
    expect(safeRedirect(undefined, FALLBACK)).toBe(FALLBACK)
    expect(safeRedirect(null, FALLBACK)).toBe(FALLBACK)
    expect(safeRedirect(['/x'], FALLBACK)).toBe(FALLBACK)
  })

  it.each(['/routes?keyword=a%20b', '/en/journey', '/route/x?plan_id=3', '/', '/route/estr%C3%A9s', '/blog#latest'])(
    'accepts %s',
    (target) => {
      expect(safeRedirect(target, FALLBACK)).toBe(target)
    },
  )
})

describe('GET /auth/google?redirect=', () => {
  /** The flow the route stored in KV for the state it set in the calma_oauth cookie. */
  async function storedFlow(res: Response) {
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('calma_oauth='))
    const state = /^calma_oauth=([^;]*)/.exec(cookie ?? '')?.[1]
    expect(state).toBeTruthy()
    return env.KV.get<{ redirect: string }>(`oauth:${await sha256(state!)}`, 'json')
  }

  // The fallback is empty: the callback lands the person by role (landingPage, issue 42 §8), which
  // is only known once they are signed in.
  it('stores no target for a target a browser would read as another host (the callback lands by role)', async () => {
    const res = await api('/auth/google?redirect=/%09/evil.example/x', { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect((await storedFlow(res))?.redirect).toBe('')
  })

  it('keeps a same-site target', async () => {
    const res = await api(`/auth/google?lang=en&redirect=${encodeURIComponent('/en/route/x?plan_id=3')}`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    expect((await storedFlow(res))?.redirect).toBe('/en/route/x?plan_id=3')
  })
})
