import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { api, json } from '../helpers'
import { bearer, register } from './support'
import { tokenHash } from '#worker/lib/crypto'

// A KV hiccup while the session is read must not turn every signed-in request into a 500:
// public pages and calls answer as for a visitor, and what needs the user answers 503 (not
// 401, which would tell the client the session ended and send the person to sign in). The
// session check reads KV only (no D1 since issue 21), so the failure is real and in KV: the
// session's record holds, for a moment, what cannot be read as a record.

/** Make the session record of `token` unreadable; answers a function that puts it back. */
async function breakSession(token: string) {
  const key = `session:${await tokenHash(env as never, token)}`
  const kept = await env.KV.get(key)
  await env.KV.put(key, '{not json')
  return () => env.KV.put(key, kept!)
}

/** The page's embedded boot data (render.tsx `__BOOT__`). */
async function boot(res: Response) {
  const html = await res.text()
  const m = /<script id="__BOOT__"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  expect(m).not.toBeNull()
  return JSON.parse(m![1]!) as { user: unknown; page: string }
}

describe('when the session cannot be read', () => {
  it('answers 503 where a user is needed, never 401 or a redirect to sign in, and public calls as to a visitor', async () => {
    const me = await register()
    const cookie = { cookie: `calma_session=${me.token}` }
    expect((await api('/v1/user', { headers: bearer(me.token) })).status).toBe(200)

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const restore = await breakSession(me.token)
    try {
      const mine = await api('/v1/user', { headers: bearer(me.token) })
      expect(mine.status).toBe(503)
      expect(await json(mine)).toMatchObject({ success: false })
      expect((await api('/v1/user/permissions', { headers: bearer(me.token) })).status).toBe(503)

      // A call that needs no user still answers, as to a visitor.
      expect((await api('/v1/symptoms', { headers: bearer(me.token) })).status).toBe(200)

      // A page that needs a user answers 503; it does not send the person to sign in.
      const profile = await api('/en/profile', { headers: cookie, redirect: 'manual' })
      expect(profile.status).toBe(503)
      expect(profile.headers.get('location')).toBeNull()

      // Public pages are the visitor's: one for everyone, and the sign-in page (which would
      // otherwise send a signed-in person home).
      for (const path of ['/en/terms', '/en/login']) {
        const page = await api(path, { headers: cookie, redirect: 'manual' })
        expect(page.status).toBe(200)
        expect((await boot(page)).user).toBeNull()
      }
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('session lookup failed'), expect.anything())
    } finally {
      await restore()
    }
    expect((await api('/v1/user', { headers: bearer(me.token) })).status).toBe(200)
  })

  it('serves the home page to a visitor when only the session read fails', async () => {
    const me = await register()
    const cookie = { cookie: `calma_session=${me.token}` }
    // Signed in, the home page (a 'guest' page) sends the person on to their journey.
    expect((await api('/', { headers: cookie, redirect: 'manual' })).status).toBe(302)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const restore = await breakSession(me.token)
    try {
      const home = await api('/', { headers: cookie, redirect: 'manual' })
      expect(home.status).toBe(200)
      expect((await boot(home)).user).toBeNull()
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('session lookup failed'), expect.anything())
    } finally {
      await restore()
    }
    expect((await api('/', { headers: cookie, redirect: 'manual' })).status).toBe(302)
  })
})
