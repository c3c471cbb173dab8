// Editing the blog (issue 6 §2; SPEC §5 never correlated with itself, §6 roles, §9 reading time).
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { makePost, unique } from '../factories'
import { register, setRole } from '../users/support'
import { send } from '../admin/support'

let editor: string
let patient: string
beforeAll(async () => {
  const [p, u] = await Promise.all([register(), register()])
  await setRole(p.id, 8) // publisher
  editor = p.token
  patient = u.token
})

describe('POST /v1/post and DELETE /v1/post', () => {
  it('creates with the reading time at 200 words a minute, updates, then deletes: the post leaves the lists', async () => {
    const slug = unique('articulo')
    const words = Array.from({ length: 450 }, (_, i) => `palabra${i}`).join(' ')
    const made = await send(
      'POST',
      '/v1/post',
      editor,
      { language: 'es', slug, title: 'Dormir mejor', content: `<h2>Uno</h2><p>${words}</p>`, tags: 'sueño|calma' },
      'es',
    )
    expect(made.status).toBe(201)
    const { post, message } = await json(made)
    expect(message).toBe('Artículo creado.')
    expect(post).toMatchObject({ slug, title: 'Dormir mejor', time_for_reading: 3, tags: ['sueño', 'calma'] })
    expect((await json(await api(`/v1/posts?filters[slug]=${slug}`, { locale: 'es' }))).posts).toHaveLength(1)

    const upd = await json(
      await send('POST', '/v1/post', editor, {
        id: String(post.id),
        title: 'Dormir mucho mejor',
        content: '<p>corto</p>',
      }),
    )
    expect(upd).toMatchObject({ message: 'Post updated.', post: { title: 'Dormir mucho mejor', time_for_reading: 1 } })

    const del = await send('DELETE', '/v1/post', editor, { id: String(post.id) })
    expect(del.status).toBe(200)
    expect((await json(del)).message).toBe('Post deleted.')
    expect((await json(await api(`/v1/posts?filters[slug]=${slug}`, { locale: 'es' }))).posts).toEqual([])
    // Kept, marked deleted: its address shows the deleted-article page.
    const row = await env.DB.prepare('SELECT deleted_at IS NOT NULL AS gone FROM posts WHERE id = ?1')
      .bind(post.id)
      .first<{ gone: number }>()
    expect(row!.gone).toBe(1)
    expect((await send('DELETE', '/v1/post', editor, { id: String(post.id) })).status).toBe(404)
    expect((await send('POST', '/v1/post', editor, { id: String(post.id), title: 'Back' })).status).toBe(404)
  })

  it('a long article body is accepted (its own body limit), a taken slug is 409, a bad date 422', async () => {
    const long = `<p>${'calma '.repeat(20_000)}</p>` // ~120 KB, over the 64 KiB form limit
    const res = await send('POST', '/v1/post', editor, {
      language: 'en',
      slug: unique('long'),
      title: 'Long read',
      content: long,
    })
    expect(res.status).toBe(201)
    expect((await json(res)).post.time_for_reading).toBe(100)
    const taken = await makePost({ language: 'en' })
    const clash = await send('POST', '/v1/post', editor, { language: 'en', slug: taken.slug, title: 'Again' })
    expect(clash.status).toBe(409)
    const date = await send('POST', '/v1/post', editor, {
      language: 'en',
      slug: unique('d'),
      title: 'x',
      published_at: 'yesterday',
    })
    expect(date.status).toBe(422)
    expect((await json(date)).errors.published_at).toEqual(['The date is not valid.'])
  })

  it('visitors (401) and patients (403) cannot write', async () => {
    const p = await makePost()
    for (const [token, status] of [
      [null, 401],
      [patient, 403],
    ] as const) {
      expect((await send('POST', '/v1/post', token, { id: String(p.id), title: 'Hacked' })).status).toBe(status)
      expect((await send('DELETE', '/v1/post', token, { id: String(p.id) })).status).toBe(status)
      expect(
        (await send('POST', '/v1/post/correlation', token, { post_id: String(p.id), related_post_id: '1' })).status,
      ).toBe(status)
      expect((await send('GET', `/v1/post/correlations?post_id=${p.id}`, token)).status).toBe(status)
    }
  })
})

describe('correlations and categories', () => {
  it('relates two posts once in either order, never a post with itself', async () => {
    const [a, b] = await Promise.all([makePost(), makePost()])
    const self = await send(
      'POST',
      '/v1/post/correlation',
      editor,
      { post_id: String(a.id), related_post_id: String(a.id) },
      'es',
    )
    expect(self.status).toBe(422)
    expect((await json(self)).errors.related_post_id).toEqual(['Un artículo no puede relacionarse consigo mismo.'])
    const added = await json(
      await send('POST', '/v1/post/correlation', editor, { post_id: String(a.id), related_post_id: String(b.id) }),
    )
    expect(added.correlations.map((c: any) => c.id)).toEqual([b.id])
    expect(
      (await send('POST', '/v1/post/correlation', editor, { post_id: String(b.id), related_post_id: String(a.id) }))
        .status,
    ).toBe(409)
    const fromB = await json(await send('GET', `/v1/post/correlations?post_id=${b.id}`, editor))
    expect(fromB.correlations.map((c: any) => c.id)).toEqual([a.id])
    const removed = await json(
      await send('DELETE', '/v1/post/correlation', editor, { post_id: String(b.id), related_post_id: String(a.id) }),
    )
    expect(removed.correlations).toEqual([])
    expect(
      (await send('DELETE', '/v1/post/correlation', editor, { post_id: String(b.id), related_post_id: String(a.id) }))
        .status,
    ).toBe(404)
  })

  it('post categories: 100 per page, created and deleted by editors, listed for anyone', async () => {
    const slug = unique('habitos')
    const made = await json(
      await send('POST', '/v1/post/category', editor, { language: 'es', slug, title: 'Hábitos' }, 'es'),
    )
    expect(made.message).toBe('Categoría creada.')
    const list = await json(await send('GET', '/v1/post/categories?filters[language]=es', null))
    expect(list.pagination.per_page).toBe(100)
    expect(list.categories.map((c: any) => c.slug)).toContain(slug)
    expect(
      (await send('POST', '/v1/post/category', patient, { language: 'es', slug: unique('x'), title: 'x' })).status,
    ).toBe(403)
    expect((await send('DELETE', '/v1/post/category', editor, { id: String(made.category.id) })).status).toBe(200)
    // Deleting it again, or renaming it afterwards, finds nothing.
    expect((await send('DELETE', '/v1/post/category', editor, { id: String(made.category.id) })).status).toBe(404)
    expect(
      (await send('POST', '/v1/post/category', editor, { id: String(made.category.id), title: 'Otra' })).status,
    ).toBe(404)
  })
})
