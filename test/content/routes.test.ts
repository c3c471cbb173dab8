import { beforeAll, describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { makeRoute, makeSymptom, makeUser, STATUS, type MadeRoute, type MadeSymptom, type MadeUser } from '../factories'

// Every answer is held to listRoutes' contract by `api` (test/helpers.ts); these tests check
// that the rows this file made, and only those a visitor may see, come back in the right order.

const slugs = (body: any) => body.routes.map((r: any) => r.slug)
const byOrder = (a: MadeRoute, b: MadeRoute) => a.order - b.order || a.id - b.id

let insomnio: MadeSymptom
let ansiedad: MadeSymptom
let author: MadeUser
/** The 12 visible Spanish routes, in list order (order, then id). */
let visibleEs: MadeRoute[]
/** The 3 visible English routes, in list order. */
let visibleEn: MadeRoute[]
const r: Record<string, MadeRoute> = {}

beforeAll(async () => {
  insomnio = await makeSymptom({ slug: 'insomnio', title: 'Insomnio' })
  ansiedad = await makeSymptom({ slug: 'ansiedad', title: 'Ansiedad' })
  const insomnia = await makeSymptom({ language: 'en', slug: 'insomnia', title: 'Insomnia' })
  author = await makeUser({ name: 'Lucía Autora' })

  // Inserted out of order on purpose: the list follows `order`, then id, never insertion.
  r.respirar = await makeRoute({
    slug: 'respirar-para-dormir',
    title: 'Respirar para dormir',
    description: 'Ejercicios de calma nocturna', // 'insomnio' only through its symptom
    order: 5,
    symptoms: [{ id: ansiedad.id }, { id: insomnio.id, primary: true }],
    units: [
      { title: 'Respiración 4-7-8', order: 1 },
      { title: 'Unidad oculta', order: 2, status: STATUS.hidden },
      { title: 'Cuerpo en calma', order: 3 },
      { title: 'Soltar el día', order: 4 },
    ],
    createdBy: author.id,
    images: { cover: 'routes/respirar-cover.jpg', square: 'routes/respirar-square.jpg' },
  })
  r.titulo = await makeRoute({ slug: 'insomnio-y-descanso', title: 'Insomnio y descanso', order: 2 })
  r.descripcion = await makeRoute({
    slug: 'mananas-tranquilas',
    title: 'Mañanas tranquilas',
    description: 'Contra el insomnio de madrugada',
    order: 9,
  })
  r.xylofono = await makeRoute({ slug: 'xylofono-sereno', title: 'Xylofono sereno', order: 11 })
  r.ambas = await makeRoute({
    slug: 'xylofono-contra-el-insomnio',
    title: 'Xylofono contra el insomnio',
    order: 1,
    symptoms: [{ id: insomnio.id }],
  })
  r.porcentaje = await makeRoute({ slug: 'cien-por-cien-calma', title: '100% calma', order: 7 })
  r.guiones = await makeRoute({ slug: 'paso-a-paso', title: 'paso_a_paso', order: 3 })
  const fillers = []
  // Two share order 10: the id breaks the tie, so pages never overlap.
  for (const [i, order] of [4, 6, 8, 10, 10].entries())
    fillers.push(await makeRoute({ slug: `ruta-de-calma-${i + 1}`, title: `Ruta de calma ${i + 1}`, order, units: i }))

  // Not for visitors: hidden, private, inactive. Each would match the searches and filters
  // below, and sorts first (order 0), so any leak shows.
  for (const [slug, extra] of [
    ['insomnio-oculto', { status: STATUS.hidden }],
    ['insomnio-privado', { isPublic: false }],
    ['insomnio-inactivo', { isActive: false }],
  ] as const) {
    await makeRoute({
      slug,
      title: `Insomnio ${slug.split('-')[1]} xylofono 100% paso_a_paso`,
      order: 0,
      symptoms: [{ id: insomnio.id, primary: true }],
      units: 2,
      ...extra,
    })
  }

  // English: one shares a Spanish slug (a slug is unique per language only).
  r.breathe = await makeRoute({
    language: 'en',
    slug: 'respirar-para-dormir',
    title: 'Breathe to sleep',
    order: 2,
    symptoms: [{ id: insomnia.id, primary: true }],
  })
  r.sleep = await makeRoute({ language: 'en', slug: 'sleep-better-tonight', title: 'Sleep better tonight', order: 1 })
  r.mornings = await makeRoute({ language: 'en', slug: 'calm-mornings', title: 'Calm mornings', order: 3 })
  await makeRoute({
    language: 'en',
    slug: 'hidden-in-english',
    title: 'Hidden in English',
    order: 0,
    status: STATUS.hidden,
  })

  visibleEs = [r.respirar, r.titulo, r.descripcion, r.xylofono, r.ambas, r.porcentaje, r.guiones, ...fillers].sort(
    byOrder,
  )
  visibleEn = [r.breathe, r.sleep, r.mornings].sort(byOrder)
})

describe('GET /v1/routes', () => {
  it('answers the first 10 of the 12 visible Spanish routes by default, in route order', async () => {
    const res = await api('/v1/routes')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.success).toBe(true)
    expect(slugs(body)).toEqual(visibleEs.slice(0, 10).map((x) => x.slug))
    expect(body.pagination).toEqual({ current_page: 1, per_page: 10, total: 12, last_page: 2, from: 1, to: 10 })
    expect(body.routes.every((x: any) => x.language === 'es')).toBe(true)
  })

  it('pages through the rest, and orders by the column and direction asked', async () => {
    const p2 = await json(await api('/v1/routes?page=2'))
    expect(slugs(p2)).toEqual(visibleEs.slice(10).map((x) => x.slug))
    expect(p2.pagination).toEqual({ current_page: 2, per_page: 10, total: 12, last_page: 2, from: 11, to: 12 })

    const desc = await json(await api('/v1/routes?order_by=order%20desc&per_page=100'))
    expect(slugs(desc)).toEqual([...visibleEs].sort((a, b) => b.order - a.order || a.id - b.id).map((x) => x.slug))

    const byTitle = await json(await api('/v1/routes?order_by=title&per_page=100'))
    expect(byTitle.routes.map((x: any) => x.title)).toEqual(
      visibleEs.map((x) => x.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    )

    const small = await json(await api('/v1/routes?per_page=4&page=3'))
    expect(slugs(small)).toEqual(visibleEs.slice(8, 12).map((x) => x.slug))
    expect(small.pagination).toEqual({ current_page: 3, per_page: 4, total: 12, last_page: 3, from: 9, to: 12 })
  })

  it('filters by language, in the filters[] form and bare; without a filter the locale header decides', async () => {
    const en = await json(await api('/v1/routes?filters[language]=en&per_page=100'))
    expect(slugs(en)).toEqual(visibleEn.map((x) => x.slug))
    expect(en.pagination.total).toBe(3)
    const bare = await json(await api('/v1/routes?language=en&per_page=100'))
    expect(slugs(bare)).toEqual(visibleEn.map((x) => x.slug))
    const viaHeader = await json(await api('/v1/routes?per_page=100', { locale: 'en' }))
    expect(viaHeader.routes.map((x: any) => x.id)).toEqual(visibleEn.map((x) => x.id))
    // An explicit filter wins over the header.
    const esUnderEn = await json(await api('/v1/routes?filters[language]=es&per_page=100', { locale: 'en' }))
    expect(esUnderEn.pagination.total).toBe(12)
  })

  it('searches titles, descriptions and symptom names; every word must match unless diffuse', async () => {
    const one = await json(await api('/v1/routes?filters[search]=insomnio&per_page=100'))
    // Through its symptom (respirar), title (titulo, ambas) and description (descripcion).
    expect(slugs(one)).toEqual([r.ambas, r.titulo, r.respirar, r.descripcion].map((x) => x!.slug))
    const upper = await json(await api('/v1/routes?search=INSOMNIO&per_page=100'))
    expect(slugs(upper)).toEqual(slugs(one))

    const both = await json(await api('/v1/routes?filters[search]=insomnio%20xylofono&per_page=100'))
    expect(slugs(both)).toEqual([r.ambas!.slug])
    const diffuse = await json(
      await api('/v1/routes?filters[search]=insomnio%20xylofono&filters[diffuse]=1&per_page=100'),
    )
    // Ranked by relevance (bm25, title weighted): both words first, then the rarer word's short title.
    expect(slugs(diffuse)).toEqual([r.ambas, r.xylofono, r.titulo, r.respirar, r.descripcion].map((x) => x!.slug))
    expect(diffuse.pagination.total).toBe(5)

    const none = await json(await api('/v1/routes?filters[search]=insomnio%20nadaquever'))
    expect(none.routes).toEqual([])
    expect(none.pagination).toMatchObject({ total: 0, from: null, to: null })
  })

  it('finds a route by slug in the request language, and treats LIKE wildcards in a search as text', async () => {
    const one = await json(await api('/v1/routes?filters[slug]=respirar-para-dormir'))
    expect(one.routes).toHaveLength(1)
    expect(one.routes[0]).toMatchObject({ id: r.respirar!.id, title: 'Respirar para dormir', language: 'es' })
    // The primary symptom first, then the others by name.
    expect(one.routes[0].symptoms).toEqual([
      { id: insomnio.id, slug: 'insomnio', title: 'Insomnio', is_primary: true },
      { id: ansiedad.id, slug: 'ansiedad', title: 'Ansiedad', is_primary: false },
    ])
    const en = await json(await api('/v1/routes?filters[slug]=respirar-para-dormir', { locale: 'en' }))
    expect(en.routes.map((x: any) => x.title)).toEqual(['Breathe to sleep'])
    expect((await json(await api('/v1/routes?filters[slug]=insomnio-oculto'))).routes).toEqual([])

    // '%%' and '_a_' would match almost every title if they reached LIKE as wildcards.
    expect((await json(await api('/v1/routes?filters[search]=%25%25'))).routes).toEqual([])
    expect(slugs(await json(await api('/v1/routes?filters[search]=_a_&per_page=100')))).toEqual([r.guiones!.slug])
    expect(slugs(await json(await api('/v1/routes?filters[search]=100%25&per_page=100')))).toEqual([r.porcentaje!.slug])
  })

  it('filters by symptom slug or id, and includes images, stats, units and createdBy only when asked', async () => {
    const bySlug = await json(await api('/v1/routes?filters[symptoms]=insomnio&per_page=100'))
    expect(slugs(bySlug)).toEqual([r.ambas!.slug, r.respirar!.slug])
    const byId = await json(await api(`/v1/routes?filters[symptoms]=${insomnio.id}&per_page=100`))
    expect(slugs(byId)).toEqual(slugs(bySlug))
    const either = await json(await api(`/v1/routes?filters[symptoms]=ansiedad|nadie&per_page=100`))
    expect(slugs(either)).toEqual([r.respirar!.slug])

    const plain = bySlug.routes.find((x: any) => x.slug === r.respirar!.slug)
    expect(plain.units_count).toBe(3)
    for (const key of ['stats', 'units', 'images', 'createdBy', 'liked_by_me'])
      expect(plain, key).not.toHaveProperty(key)

    const rich = await json(
      await api(
        '/v1/routes?filters[slug]=respirar-para-dormir&with_properties=images|stats&with_relations=createdBy|units',
      ),
    )
    const route = rich.routes[0]
    expect(route.stats).toEqual({ views: 0, likes: 0 })
    // Stored as R2 keys, answered as the URLs that serve them (issue 20 §8).
    expect(route.images).toEqual({
      cover: '/media/routes/respirar-cover.jpg',
      square: '/media/routes/respirar-square.jpg',
    })
    expect(route.createdBy).toEqual({ id: author.id, name: 'Lucía Autora' })
    // Visible units only, in order; the hidden one is neither listed nor counted.
    expect(route.units.map((u: any) => u.title)).toEqual(['Respiración 4-7-8', 'Cuerpo en calma', 'Soltar el día'])
    expect(route.units_count).toBe(3)

    const noAuthor = await json(await api('/v1/routes?filters[slug]=ruta-de-calma-1&with_relations=createdBy|units'))
    expect(noAuthor.routes[0]).toMatchObject({ createdBy: null, units: [], units_count: 0 })
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
    const res = await api('/v1/routes?per_page=5000')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.pagination).toEqual({ current_page: 1, per_page: 100, total: 12, last_page: 1, from: 1, to: 12 })
    expect(slugs(body)).toEqual(visibleEs.map((x) => x.slug))
  })

  it('refuses an order_by outside the allowed columns and a language it does not speak', async () => {
    const res = await api('/v1/routes?order_by=password_hash', { locale: 'en' })
    expect(res.status).toBe(422)
    expect((await json(res)).errors.order_by).toEqual(['This order is not accepted.'])
    const lang = await api('/v1/routes?filters[language]=fr', { locale: 'en' })
    expect(lang.status).toBe(422)
    expect((await json(lang)).errors['filters.language']).toEqual(['Choose one of the options.'])
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
    const res = await api('/v1/routes?page=50')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.routes).toEqual([])
    expect(body.pagination).toEqual({ current_page: 50, per_page: 10, total: 12, last_page: 2, from: null, to: null })
  })
})
