// Issue 21 §4: D1's Sessions API with the person's bookmark. Every request opens a session at
// the bookmark it brings (header `x-d1-bookmark`, else the `calma_bm` cookie), so its reads may
// go to a replica that has at least that write; a signed-in write hands the new bookmark back.
// Locally there is one database, so what this proves is the plumbing: the local workerd has
// withSession, a write returns a bookmark, and a NEW request carrying it sees the write.
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { makeRoute } from '../factories'
import { bearer, register } from '../users/support'

function bookmarkCookie(res: Response): string | null {
  for (const c of res.headers.getSetCookie()) {
    const m = /^calma_bm=([^;]*)/.exec(c)
    if (m) return m[1]!
  }
  return null
}

describe('read-your-writes through the D1 bookmark', () => {
  it('a saved progress is read back by a new request that carries the bookmark the save returned', async () => {
    const me = await register()
    const route = await makeRoute({ units: 2 })
    const unit = route.units[0]!.id
    const saved = await api('/v1/unit/progress', {
      method: 'POST',
      headers: bearer(me.token),
      form: { unit_id: String(unit), position: '300', completed: '1' },
    })
    expect(saved.status).toBe(200)
    const bookmark = saved.headers.get('x-d1-bookmark')
    expect(bookmark, 'a write hands back its bookmark').toMatch(/^[\w-]+$/)
    expect(bookmarkCookie(saved)).toBe(bookmark)

    // A new request, as another tab or device would make it, with the bookmark as a header…
    const read = await api(`/v1/route/units?route=${route.id}`, {
      headers: { ...bearer(me.token), 'x-d1-bookmark': bookmark! },
    })
    expect(read.status).toBe(200)
    const body = await json(read)
    expect(body.units.find((u: { id: number }) => u.id === unit)).toMatchObject({ completed: true, position: 300 })
    // …and a page with it as a cookie: the journey-side status sees it too.
    const page = await api(`/route/${route.slug}`, {
      headers: { cookie: `calma_session=${me.token}; calma_bm=${bookmark}` },
    })
    expect(page.status).toBe(200)
    // A read hands back no new bookmark (nothing to wait for).
    expect(read.headers.get('x-d1-bookmark')).toBeNull()
  })

  it('a bookmark that is not one is ignored, never a 500', async () => {
    const me = await register()
    for (const bad of ['not a bookmark!', 'x'.repeat(500), '../../etc']) {
      const res = await api('/v1/user', { headers: { ...bearer(me.token), 'x-d1-bookmark': bad } })
      expect(res.status, bad).toBe(200)
    }
  })
})
