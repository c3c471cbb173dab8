// Likes and stats of routes and posts (issue 6 §1–2; SPEC §4 like toggle, §7).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { posts } from '#worker/db/schema'
import { makePost, makeRoute, patch, patchUser } from '../factories'
import { bearer, register } from '../users/support'

const like = (kind: 'route' | 'post', id: number, token: string | null) =>
  api(`/v1/${kind}/update/like`, {
    method: 'POST',
    locale: 'en',
    headers: token ? bearer(token) : {},
    form: { [`${kind}_id`]: String(id) },
  })
const stats = (kind: 'route' | 'post', ref: string | number, token: string | null = null, locale = 'es') =>
  api(`/v1/${kind}/stats?${kind}=${ref}`, { locale, headers: token ? bearer(token) : {} })

describe('route likes', () => {
  it('toggles, counts every person once, tells each whether they liked it, and lists my liked routes', async () => {
    const route = await makeRoute({ language: 'es' })
    const [a, b] = await Promise.all([register(), register()])
    const first = await json(await like('route', route.id, a.token))
    expect(first).toMatchObject({
      success: true,
      message: 'Added to your favorites.',
      liked: true,
      stats: { likes: 1, views: 0 },
    })
    expect((await json(await like('route', route.id, b.token))).stats.likes).toBe(2)
    // By slug or id; liked_by_me is the caller's own.
    expect(await json(await stats('route', route.slug, a.token))).toMatchObject({
      route: { id: route.id, slug: route.slug, stats: { likes: 2 } },
      liked_by_me: true,
    })
    expect((await json(await stats('route', route.id))).liked_by_me).toBe(false)
    const mine = await json(await api('/v1/routes/liked_by_me', { locale: 'es', headers: bearer(a.token) }))
    expect(mine.routes.map((r: any) => r.id)).toEqual([route.id])
    expect(mine.routes[0].liked_by_me).toBe(true)

    // Toggle back: the count follows the rows.
    const again = await json(await like('route', route.id, a.token))
    expect(again).toMatchObject({ message: 'Removed from your favorites.', liked: false, stats: { likes: 1 } })
    // In Spanish too (SPEC §7: the like calls answer a message).
    const es = await api(`/v1/post/update/like`, {
      method: 'POST',
      locale: 'es',
      headers: bearer(a.token),
      form: { post_id: String((await makePost({ language: 'es' })).id) },
    })
    expect(await json(es)).toMatchObject({ liked: true, message: 'Añadido a tus favoritos.' })
    expect(
      (await json(await api('/v1/routes/liked_by_me', { locale: 'es', headers: bearer(a.token) }))).routes,
    ).toEqual([])
    // The GET /v1/routes stats agree.
    const listed = await json(
      await api(`/v1/routes?filters[slug]=${route.slug}&with_properties=stats`, {
        locale: 'es',
        headers: bearer(b.token),
      }),
    )
    expect(listed.routes[0]).toMatchObject({ stats: { likes: 1 }, liked_by_me: true })
  })

  it('concurrent toggles by many people are all counted', async () => {
    const route = await makeRoute()
    const people = await Promise.all(Array.from({ length: 8 }, () => register()))
    await Promise.all(people.map((p) => like('route', route.id, p.token)))
    expect((await json(await stats('route', route.id))).route.stats.likes).toBe(8)
    const rows = await env.DB.prepare("SELECT likes FROM content_stats WHERE target_type = 'route' AND target_id = ?1")
      .bind(route.id)
      .first<{ likes: number }>()
    expect(rows!.likes).toBe(8)
  })

  it('visitors cannot like (401); hidden, private or unknown routes answer 404 and store nothing', async () => {
    const route = await makeRoute()
    expect((await like('route', route.id, null)).status).toBe(401)
    const u = await register()
    for (const hidden of [
      await makeRoute({ status: 2 }),
      await makeRoute({ isPublic: false }),
      await makeRoute({ isActive: false }),
    ]) {
      const res = await like('route', hidden.id, u.token)
      expect(res.status).toBe(404)
      expect((await json(res)).message).toBe('We did not find what you are looking for.')
      expect((await stats('route', hidden.slug)).status).toBe(404)
    }
    expect((await like('route', 999999, u.token)).status).toBe(404)
    const likes = await env.DB.prepare('SELECT count(*) AS n FROM likes WHERE user_id = ?1')
      .bind(u.id)
      .first<{ n: number }>()
    expect(likes!.n).toBe(0)
    expect((await json(await like('route', 0, u.token))).errors.route_id).toHaveLength(1)
    expect((await stats('route', 'Not a slug!')).status).toBe(422)
    expect((await api('/v1/routes/liked_by_me')).status).toBe(401)
  })

  it('deleting a route forgets its likes and stats', async () => {
    const route = await makeRoute()
    const u = await register()
    await like('route', route.id, u.token)
    const admin = await register()
    await patchUser(admin.id, { role: 4 })
    expect(
      (await api('/v1/route', { method: 'DELETE', headers: bearer(admin.token), form: { id: String(route.id) } }))
        .status,
    ).toBe(200)
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM likes WHERE target_type = 'route' AND target_id = ?1) + (SELECT count(*) FROM content_stats WHERE target_type = 'route' AND target_id = ?1) AS n",
    )
      .bind(route.id)
      .first<{ n: number }>()
    expect(left!.n).toBe(0)
  })
})

describe('post likes', () => {
  it('toggles and reads stats of a published post; a deleted one is 404', async () => {
    const post = await makePost({ language: 'en' })
    const u = await register()
    expect(await json(await like('post', post.id, u.token))).toMatchObject({ liked: true, stats: { likes: 1 } })
    expect(await json(await stats('post', post.slug, u.token, 'en'))).toMatchObject({
      post: { id: post.id, stats: { likes: 1 } },
      liked_by_me: true,
    })
    await patch(posts, post.id, { deletedAt: new Date() })
    expect((await like('post', post.id, u.token)).status).toBe(404)
    expect((await stats('post', post.id)).status).toBe(404)
  })
})
