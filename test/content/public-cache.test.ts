// Shared public answers (issue 6 "Speed"): a visitor's content lists come from the Cache API
// until an editor's write purges them; signed-in people always read D1. The cache is on in every
// test file (test/reset.ts); here rows are also written behind the editors' back (purge: false).
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { routes } from '#worker/db/schema'
import { makeRoute, patchBehind, unique } from '../factories'
import { bearer, register, setRole } from '../users/support'

describe('the shared public cache', () => {
  it('serves visitors the cached list until an edit purges it; signed-in people read fresh rows', async () => {
    const tag = unique('cachetag')
    const url = `/v1/routes?filters[tags]=${tag}&per_page=100`
    const first = await makeRoute({ tag })
    expect((await json(await api(url, { locale: 'es' }))).routes.map((r: any) => r.id)).toEqual([first.id])
    // A row written behind the editors' back: visitors still get the cached answer…
    const second = await makeRoute({ tag, order: 1, purge: false })
    expect((await json(await api(url, { locale: 'es' }))).routes.map((r: any) => r.id)).toEqual([first.id])
    // …a signed-in person does not.
    const me = await register()
    const fresh = await json(await api(url, { locale: 'es', headers: bearer(me.token) }))
    expect(fresh.routes.map((r: any) => r.id)).toEqual([first.id, second.id])
    // An editor's write purges: visitors see the change at once.
    const editor = await register()
    await setRole(editor.id, 8)
    const made = await api('/v1/route', {
      method: 'POST',
      headers: bearer(editor.token),
      form: { language: 'es', slug: unique('r'), title: 'Nueva', tag, order: '2' },
    })
    expect(made.status).toBe(201)
    const after = await json(await api(url, { locale: 'es' }))
    expect(after.routes.map((r: any) => r.id)).toEqual([first.id, second.id, (await json(made)).route.id])
    // A refused write purges nothing (and changes nothing).
    const third = await makeRoute({ tag, order: 3, purge: false })
    expect(
      (
        await api('/v1/route', {
          method: 'POST',
          headers: bearer(editor.token),
          form: { language: 'es', slug: 'Bad Slug', title: 'x' },
        })
      ).status,
    ).toBe(422)
    expect((await json(await api(url, { locale: 'es' }))).routes.map((r: any) => r.id)).not.toContain(third.id)
  })

  it("a visitor's page is rendered once per version, each answer with its own CSP nonce", async () => {
    const route = await makeRoute({ language: 'es', title: 'Antes' })
    const get = () => api(`/route/${route.slug}`, { headers: { accept: 'text/html' } })
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    const a = await get()
    const htmlA = await a.text()
    expect(htmlA).toContain('Antes')
    await patchBehind(routes, route.id, { title: 'Después' })
    const b = await get()
    const htmlB = await b.text()
    // Served from the cache: the old title, but a fresh nonce in the header and every script.
    expect(htmlB).toContain('Antes')
    const [na, nb] = [nonceOf(a), nonceOf(b)]
    expect(na && nb && na !== nb).toBe(true)
    expect(htmlB).toContain(`nonce="${nb}"`)
    expect(htmlB).not.toContain(`nonce="${na}"`)
    expect(b.headers.get('cache-control')).toBe('private, no-store')
    // An editor's write purges it.
    const editor = await register()
    await setRole(editor.id, 4)
    expect(
      (
        await api('/v1/route', {
          method: 'POST',
          headers: bearer(editor.token),
          form: { id: String(route.id), order: '5' },
        })
      ).status,
    ).toBe(200)
    expect(await (await get()).text()).toContain('Después')
  })
})

// Issue 21 §3: a signed-in route page shares the route with visitors but reads the person's
// own part; a like just made is counted there, whatever the shared copy (a minute old) says.
describe('a signed-in route page over the shared copy', () => {
  it('counts the like the person just made, and a visitor still gets the shared copy', async () => {
    const route = await makeRoute({ language: 'es' })
    const boot = async (token: string | null) => {
      const res = await api(`/route/${route.slug}`, { locale: 'es', headers: token ? bearer(token) : {} })
      expect(res.status).toBe(200)
      const html = await res.text()
      const raw = /<script id="__BOOT__"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!
      return JSON.parse(raw).data.route as { stats: { likes: number }; liked_by_me?: boolean }
    }
    const person = await register()
    expect((await boot(person.token)).stats.likes).toBe(0) // the shared copy is made now, with 0
    const liked = await api(`/v1/route/update/like`, {
      method: 'POST',
      locale: 'en',
      headers: bearer(person.token),
      form: { route_id: String(route.id) },
    })
    expect(liked.status).toBe(200)
    expect(await boot(person.token)).toMatchObject({ stats: { likes: 1 }, liked_by_me: true })
  })
})
