// The article page (issue 6 §7): related articles (correlations first) and routes, formats,
// table of contents anchors, the blog's page-size selector.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { postCorrelations, postRoutes, posts } from '#worker/db/schema'
import { givenRows, makePost, makeRoute, patch } from '../factories'

const page = (path: string) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://localhost${path}`, { redirect: 'manual' })
const boot = (html: string) => JSON.parse(/<script id="__BOOT__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!)

describe('the article page', () => {
  it('shows correlated articles first, its routes, its audio format and anchored contents', async () => {
    const main = await makePost({ language: 'es', content: '<h2>Respirar</h2><p>Despacio.</p>' })
    const [linked, other] = await Promise.all([makePost({ language: 'es' }), makePost({ language: 'es' })])
    const route = await makeRoute({ language: 'es' })
    const hidden = await makeRoute({ language: 'es', status: 2 })
    await givenRows(postCorrelations, {
      postId: Math.min(main.id, linked.id),
      relatedPostId: Math.max(main.id, linked.id),
    })
    await givenRows(postRoutes, { postId: main.id, routeId: route.id }, { postId: main.id, routeId: hidden.id })
    await patch(posts, main.id, { audios: [{ key: 'posts/voz.mp3', title: 'Escuchar' }] })
    const res = await page(`/post/${main.slug}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const data = boot(html).data
    expect(data.related[0].id).toBe(linked.id)
    expect(data.related.map((p: any) => p.id)).not.toContain(main.id)
    expect(data.routes).toEqual([{ id: route.id, slug: route.slug, title: route.title }])
    expect(data.post.audios).toEqual([{ key: 'posts/voz.mp3', title: 'Escuchar' }])
    expect(html).toContain('data-testid="format-audio"')
    expect(html).toContain('<a href="#respirar">Respirar</a>')
    expect(html).toContain(`href="/route/${route.slug}"`)
    expect(html).not.toContain(`href="/route/${hidden.slug}"`)
    void other
  })

  it('the blog honours the page-size selector (5, 10, 20) and ignores other sizes', async () => {
    await Promise.all(Array.from({ length: 12 }, () => makePost({ language: 'en' })))
    const sizes = async (q: string) => boot(await (await page(`/en/blog${q}`)).text()).data.pagination.per_page
    expect(await sizes('')).toBe(5)
    expect(await sizes('?per_page=10')).toBe(10)
    expect(await sizes('?per_page=20')).toBe(20)
    expect(await sizes('?per_page=1000')).toBe(5)
    const html = await (await page('/en/blog?per_page=10')).text()
    expect(html).toContain('Articles per page')
    expect(html).toMatch(/href="\/en\/blog\?page=2&amp;per_page=10"/)
  })
})
