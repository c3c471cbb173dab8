// Issue 21 §2: a signed-in patient's page is kept per session under their data version
// (http/person-cache.ts personalPage, docs/decisions/034-*) and served again with a fresh CSP
// nonce. What must hold: a repeat is a hit; another person never gets it; the person's own
// write shows in their next page; logout makes it unreachable.
import { describe, expect, it } from 'vitest'
import { withSpeedCaches } from './support'
import { api } from '../helpers'
import { bearer, register, setRole, updateProfile } from '../users/support'
import { Role } from '#shared/enums'

withSpeedCaches()

const page = async (token: string, path = '/rewards') => {
  const res = await api(path, { headers: { cookie: `calma_session=${token}` }, redirect: 'manual' })
  return { res, html: res.status === 200 ? await res.text() : '', cache: res.headers.get('x-page-cache') }
}

/** Ask until the page is served from the cache (the copy is kept after the answer, waitUntil). */
async function untilHit(token: string, path = '/rewards') {
  for (let i = 0; i < 6; i++) {
    const p = await page(token, path)
    if (p.cache === 'hit') return p
  }
  throw new Error(`${path} never served from the cache`)
}

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]

describe("a signed-in patient's cached page", () => {
  it('is a hit the next time, with a fresh nonce on its own scripts and the session in it', async () => {
    const a = await register({ name: 'Ana Cached' })
    const first = await page(a.token)
    expect(first.res.status).toBe(200)
    expect(first.cache).toBe('miss')
    const hit = await untilHit(a.token)
    expect(hit.res.headers.get('x-d1-calls')).toBe('0')
    const nonce = nonceOf(hit.res)
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(first.res))
    expect(hit.html).toContain(`nonce="${nonce}"`)
    expect(hit.html).not.toContain(`nonce="${nonceOf(first.res)}"`)
    expect(hit.html).toContain('Ana Cached')
    // Same page apart from its nonces.
    const plain = (html: string) => html.replace(/ nonce="[^"]*"/g, '')
    expect(plain(hit.html)).toBe(plain(first.html))
  })

  it('another person gets their own page, never the cached one of someone else', async () => {
    const a = await register({ name: 'Alba First' })
    const b = await register({ name: 'Bruno Second' })
    const aHit = await untilHit(a.token)
    const bFirst = await page(b.token)
    expect(bFirst.cache).toBe('miss')
    expect(bFirst.html).toContain('Bruno Second')
    expect(bFirst.html).not.toContain('Alba First')
    const bHit = await untilHit(b.token)
    expect(bHit.html).toContain('Bruno Second')
    expect(bHit.html).not.toContain('Alba First')
    // Each page carries its own session's CSRF token.
    const csrf = (html: string) => /name="csrf-token" content="([^"]+)"/.exec(html)?.[1]
    expect(csrf(bHit.html)).toBeTruthy()
    expect(csrf(bHit.html)).not.toBe(csrf(aHit.html))
  })

  it("the person's own write shows in their next page (no bookmark brought)", async () => {
    const a = await register({ name: 'Before Write' })
    await untilHit(a.token)
    const res = await updateProfile(a.token, { name: 'After Write' })
    expect(res.status).toBe(200)
    const next = await page(a.token)
    expect(next.cache).toBe('miss')
    expect(next.html).toContain('After Write')
    expect(next.html).not.toContain('Before Write')
  })

  it("a psychologist's or an admin's page is never kept (staff pages show other people's rows)", async () => {
    for (const role of [Role.psychologist, Role.admin]) {
      const staff = await register({ name: 'Staff Never Kept' })
      await setRole(staff.id, role)
      for (let i = 0; i < 4; i++) {
        const p = await page(staff.token, '/profile')
        expect(p.res.status).toBe(200)
        expect(p.cache).toBeNull()
      }
    }
  })

  it('logout makes the cached page unreachable', async () => {
    const a = await register({ name: 'Soon Gone' })
    await untilHit(a.token)
    const out = await api('/v1/user/logout', { method: 'POST', locale: 'en', headers: bearer(a.token) })
    expect(out.status).toBe(200)
    const after = await page(a.token)
    expect(after.res.status).toBe(302)
    expect(after.res.headers.get('location')).toMatch(/\/login/)
    expect(after.cache).toBeNull()
  })
})
