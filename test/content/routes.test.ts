import { beforeAll, describe, expect, it } from 'vitest'
import { routesResponse } from '../../src/shared/contract/content'
import { api, json } from '../helpers'
import { seedContent } from '../factories'

beforeAll(async () => {
  await seedContent()
})

describe('GET /v1/routes', () => {
  it('answers the envelope with 10 seeded routes by default, in the response shape the client checks', async () => {
    const res = await api('/v1/routes')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(routesResponse.safeParse(body).success).toBe(true)
    expect(body.success).toBe(true)
    expect(body.routes).toHaveLength(10)
    expect(body.pagination).toEqual({ current_page: 1, per_page: 10, total: 21, last_page: 3, from: 1, to: 10 })
    expect(body.routes.every((r: any) => r.language === 'es')).toBe(true)
  })

  it('pages through the rest and orders by the route order', async () => {
    const p3 = await json(await api('/v1/routes?page=3'))
    expect(p3.routes).toHaveLength(1)
    expect(p3.pagination).toMatchObject({ current_page: 3, from: 21, to: 21 })
    const desc = await json(await api('/v1/routes?order_by=order%20desc&per_page=2'))
    expect(desc.routes[0].order).toBeGreaterThan(desc.routes[1].order)
  })

  it('filters by language, in the filters[] form and bare', async () => {
    const en = await json(await api('/v1/routes?filters[language]=en&per_page=100'))
    expect(en.pagination.total).toBe(21)
    expect(en.routes.every((r: any) => r.language === 'en')).toBe(true)
    const bare = await json(await api('/v1/routes?language=en&per_page=1'))
    expect(bare.routes[0].language).toBe('en')
    // Without a filter the request's locale decides.
    const viaHeader = await json(await api('/v1/routes?per_page=1', { locale: 'en' }))
    expect(viaHeader.routes[0].language).toBe('en')
  })

  it('searches titles, descriptions and symptom names; every word must match unless diffuse', async () => {
    const body = await json(await api('/v1/routes?filters[search]=insomnio&per_page=100'))
    const slugs = body.routes.map((r: any) => r.slug)
    expect(slugs).toContain('4-ejercicios-para-el-insomnio')
    expect(body.routes.length).toBeLessThan(21)
    const none = await json(await api('/v1/routes?filters[search]=insomnio%20xylofono'))
    expect(none.routes).toHaveLength(0)
    const diffuse = await json(await api('/v1/routes?filters[search]=insomnio%20xylofono&filters[diffuse]=1&per_page=100'))
    expect(diffuse.routes.length).toBe(body.routes.length)
  })

  it('finds a route by slug and treats LIKE wildcards in a search as text', async () => {
    const one = await json(await api('/v1/routes?filters[slug]=descubre-y-comprende-tus-emociones'))
    expect(one.routes).toHaveLength(1)
    expect(one.routes[0].symptoms.find((s: any) => s.is_primary)).toBeTruthy()
    const wild = await json(await api('/v1/routes?filters[search]=%25%25'))
    expect(wild.routes).toHaveLength(0)
  })

  it('filters by symptom slug and includes images, stats, units and createdBy only when asked', async () => {
    const plain = await json(await api('/v1/routes?filters[symptoms]=insomnio&per_page=1'))
    expect(plain.routes[0].symptoms.map((s: any) => s.slug)).toContain('insomnio')
    expect(plain.routes[0]).not.toHaveProperty('stats')
    expect(plain.routes[0]).not.toHaveProperty('units')
    const rich = await json(await api('/v1/routes?per_page=1&with_properties=images|stats&with_relations=createdBy|units'))
    expect(rich.routes[0].stats).toEqual({ views: 0, likes: 0 })
    expect(rich.routes[0]).toHaveProperty('images')
    expect(rich.routes[0].createdBy).toBeNull()
    expect(rich.routes[0].units.length).toBe(rich.routes[0].units_count)
    expect(rich.routes[0].units.length).toBeGreaterThanOrEqual(3)
  })
})

describe('list parameters', () => {
  it('refuses what cannot be a page with field errors in the request language (422, never 500)', async () => {
    const es = await api('/v1/routes?per_page=abc&page=-1')
    expect(es.status).toBe(422)
    const body = await json(es)
    expect(body).toMatchObject({ success: false, message: 'Error de validación en los datos proporcionados.' })
    expect(body.errors).toEqual({ page: ['Debe ser como mínimo 1.'], per_page: ['Debe ser un número.'] })
    const en = await json(await api('/v1/routes?per_page=abc&page=-1', { locale: 'en' }))
    expect(en.errors).toEqual({ page: ['It must be at least 1.'], per_page: ['It must be a number.'] })
  })

  it('clamps a large per_page to 100 rather than refusing it', async () => {
    const body = await json(await api('/v1/routes?per_page=5000'))
    expect(body.pagination.per_page).toBe(100)
    expect(body.routes).toHaveLength(21)
  })

  it('refuses an order_by outside the allowed columns and a language it does not speak', async () => {
    const res = await api('/v1/routes?order_by=password_hash', { locale: 'en' })
    expect(res.status).toBe(422)
    expect((await json(res)).errors.order_by).toEqual(['This order is not accepted.'])
    const lang = await json(await api('/v1/routes?filters[language]=fr', { locale: 'en' }))
    expect(lang.errors['filters.language']).toEqual(['Choose one of the options.'])
  })

  it('never answers 500 to odd input', async () => {
    const odd = [
      '/v1/routes?page=1e999',
      '/v1/routes?page=99999999999999999999',
      '/v1/routes?per_page=1.5',
      '/v1/routes?filters=abc',
      '/v1/routes?filters[search]=' + 'a'.repeat(500),
      '/v1/routes?with_properties=' + '|'.repeat(300),
      '/v1/routes?filters[symptoms]=%00%27%22',
      '/v1/routes?order_by=order%20sideways',
      '/v1/symptoms?filters[symptoms_with_routes]=maybe',
      '/v1/posts?filters[diffuse]=2',
      '/v1/posts?page[]=1&page[]=2',
    ]
    for (const path of odd) {
      const res = await api(path)
      expect(res.status, path).toBeLessThan(500)
      const body = await json(res)
      expect(typeof body.success, path).toBe('boolean')
    }
  })

  it('passes a large page past the end as an empty page with the right totals', async () => {
    const body = await json(await api('/v1/routes?page=50'))
    expect(body.routes).toEqual([])
    expect(body.pagination).toMatchObject({ current_page: 50, total: 21, last_page: 3, from: null, to: null })
  })
})
