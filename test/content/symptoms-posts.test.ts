import { beforeAll, describe, expect, it } from 'vitest'
import { symptomsResponse } from '../../src/shared/contract/content'
import { postsResponse } from '../../src/shared/contract/posts'
import { api, json } from '../helpers'
import { seedContent } from '../factories'

beforeAll(async () => {
  await seedContent()
})

describe('GET /v1/symptoms', () => {
  it('answers 3 per page by default in the request language', async () => {
    const res = await api('/v1/symptoms')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(symptomsResponse.safeParse(body).success).toBe(true)
    expect(body.symptoms).toHaveLength(3)
    expect(body.pagination).toMatchObject({ per_page: 3, total: 8 })
    expect(body.symptoms.every((s: any) => s.language === 'es')).toBe(true)
  })

  it('searches by name, and symptoms_with_routes adds the related routes', async () => {
    const body = await json(await api('/v1/symptoms?filters[search]=anx&filters[symptoms_with_routes]=1', { locale: 'en' }))
    expect(body.symptoms.map((s: any) => s.slug)).toEqual(['anxiety'])
    expect(body.symptoms[0].routes.length).toBe(body.symptoms[0].routes_count)
    expect(body.symptoms[0].routes.length).toBeGreaterThan(0)
    const es = await json(await api('/v1/symptoms?search=insom'))
    expect(es.symptoms[0].title).toBe('Insomnio')
  })
})

describe('GET /v1/posts', () => {
  it('lists published posts newest first, without their bodies', async () => {
    const res = await api('/v1/posts')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(postsResponse.safeParse(body).success).toBe(true)
    expect(body.posts).toHaveLength(10)
    expect(body.pagination.total).toBe(11)
    expect(body.posts[0]).not.toHaveProperty('content')
    const dates = body.posts.map((p: any) => p.published_at)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it("finds the footer's 'test' and 'plan' posts in each language", async () => {
    for (const locale of ['es', 'en']) {
      for (const search of ['test', 'plan']) {
        const body = await json(await api(`/v1/posts?filters[search]=${search}&per_page=3`, { locale }))
        expect(body.posts, `${locale} ${search}`).toHaveLength(3)
        expect(body.posts.every((p: any) => p.language === locale)).toBe(true)
      }
    }
  })

  it('returns one post with its h2/h3 body by slug', async () => {
    const list = await json(await api('/v1/posts?per_page=1', { locale: 'en' }))
    const slug = list.posts[0].slug
    const one = await json(await api(`/v1/posts?filters[slug]=${slug}`, { locale: 'en' }))
    expect(one.posts).toHaveLength(1)
    expect(one.posts[0].content).toMatch(/<h2/)
    expect(one.posts[0].content).toMatch(/<h3/)
    expect(one.posts[0].time_for_reading).toBeGreaterThan(0)
  })
})
