import { beforeAll, describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { makePost, makeRoute, makeSymptom, STATUS, type MadePost, type MadeRoute } from '../factories'

// Every answer is held to its call's contract by `api` (test/helpers.ts); these tests check
// that exactly the rows made here, and only those a visitor may see, come back.

const DAY = 86_400_000
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * DAY)
const newestFirst = (a: MadePost, b: MadePost) => b.publishedAt!.getTime() - a.publishedAt!.getTime()
const slugsOf = (list: { slug: string }[]) => list.map((x) => x.slug)

let anxietyRoutes: MadeRoute[]

describe('GET /v1/symptoms', () => {
  beforeAll(async () => {
    for (const [slug, title] of [
      ['tristeza', 'Tristeza'],
      ['insomnio', 'Insomnio'],
      ['ansiedad', 'Ansiedad'],
      ['fatiga', 'Fatiga'],
      ['estres', 'Estrés'],
    ]) {
      await makeSymptom({ slug, title })
    }
    await makeSymptom({ slug: 'insomnio-oculto', title: 'Insomnio oculto', status: STATUS.hidden })

    const anxiety = await makeSymptom({ language: 'en', slug: 'anxiety', title: 'Anxiety' })
    const mornings = await makeSymptom({ language: 'en', slug: 'anxious-mornings', title: 'Anxious mornings' })
    await makeSymptom({ language: 'en', slug: 'sadness', title: 'Sadness' })
    anxietyRoutes = [
      await makeRoute({
        language: 'en',
        slug: 'quiet-the-mind',
        title: 'Quiet the mind',
        order: 2,
        symptoms: [{ id: anxiety.id, primary: true }],
      }),
      await makeRoute({
        language: 'en',
        slug: 'first-steps',
        title: 'First steps',
        order: 1,
        symptoms: [{ id: anxiety.id }],
      }),
    ]
    // A hidden route is neither listed under its symptom nor counted, and cannot make
    // 'Anxious mornings' a symptom "with routes".
    for (const id of [anxiety.id, mornings.id]) {
      await makeRoute({ language: 'en', title: 'Hidden', order: 0, status: STATUS.hidden, symptoms: [{ id }] })
    }
  })

  it('answers 3 per page by default, by name, in the request language, visible ones only', async () => {
    const res = await api('/v1/symptoms')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.symptoms.map((s: any) => s.title)).toEqual(['Ansiedad', 'Estrés', 'Fatiga'])
    expect(body.pagination).toEqual({ current_page: 1, per_page: 3, total: 5, last_page: 2, from: 1, to: 3 })
    expect(body.symptoms.every((s: any) => s.language === 'es' && s.name === s.title)).toBe(true)
    const p2 = await json(await api('/v1/symptoms?page=2'))
    expect(p2.symptoms.map((s: any) => s.slug)).toEqual(['insomnio', 'tristeza'])
    const en = await json(await api('/v1/symptoms?per_page=100', { locale: 'en' }))
    expect(en.symptoms.map((s: any) => s.slug)).toEqual(['anxiety', 'anxious-mornings', 'sadness'])
  })

  it('searches by name or slug, and symptoms_with_routes keeps those with visible routes and lists them', async () => {
    const all = await json(await api('/v1/symptoms?filters[search]=anx', { locale: 'en' }))
    expect(all.symptoms.map((s: any) => [s.slug, s.routes_count])).toEqual([
      ['anxiety', 2],
      ['anxious-mornings', 0],
    ])
    expect(all.symptoms[0]).not.toHaveProperty('routes')

    const body = await json(
      await api('/v1/symptoms?filters[search]=anx&filters[symptoms_with_routes]=1', { locale: 'en' }),
    )
    expect(body.symptoms.map((s: any) => s.slug)).toEqual(['anxiety'])
    // Its visible routes in route order, the hidden one left out.
    expect(body.symptoms[0].routes).toEqual(
      [...anxietyRoutes].sort((a, b) => a.order - b.order).map(({ id, slug, title }) => ({ id, slug, title })),
    )
    expect(body.symptoms[0].routes_count).toBe(2)

    const es = await json(await api('/v1/symptoms?search=insom'))
    expect(es.symptoms.map((s: any) => s.title)).toEqual(['Insomnio'])
    // 'estres' is only in the slug of 'Estrés'.
    const bySlug = await json(await api('/v1/symptoms?search=estres'))
    expect(bySlug.symptoms.map((s: any) => s.title)).toEqual(['Estrés'])
  })
})

describe('GET /v1/posts', () => {
  let es: MadePost[]
  const esTests: MadePost[] = []
  const esPlans: MadePost[] = []
  const enTests: MadePost[] = []
  const enPlans: MadePost[] = []

  beforeAll(async () => {
    // Publication days deliberately out of insertion order.
    const days = [7, 2, 11, 5, 0, 9, 3, 10, 1, 8, 4, 6]
    const titles = [
      ['test', 'Test de ansiedad'],
      ['test', 'Test del sueño'],
      ['test', 'Test de estrés'],
      ['test', 'Test de ánimo'],
      ['plan', 'Plan de descanso'],
      ['plan', 'Plan para dormir'],
      ['plan', 'Plan semanal completo'],
      ['plan', 'Plan de respiración'],
      ['', 'Respirar mejor'],
      ['', 'Dormir bien'],
      ['', 'Calma diaria'],
      ['', 'Notas de otoño'],
    ] as const
    es = []
    for (const [i, [kind, title]] of titles.entries()) {
      const p = await makePost({
        slug: `es-${i}`,
        title,
        description: 'Una lectura breve.',
        publishedAt: day(days[i]!),
        timeForReading: 3,
      })
      es.push(p)
      if (kind === 'test') esTests.push(p)
      if (kind === 'plan') esPlans.push(p)
    }
    // Not published: hidden, deleted, and dated in the future. All would match 'test'.
    await makePost({ slug: 'es-oculto', title: 'Test oculto', status: STATUS.hidden, publishedAt: day(20) })
    await makePost({ slug: 'es-borrado', title: 'Test borrado', deletedAt: day(30), publishedAt: day(21) })
    await makePost({ slug: 'es-futuro', title: 'Test futuro', publishedAt: new Date(Date.now() + 30 * DAY) })

    for (const [i, title] of ['Anxiety test', 'Sleep test', 'Stress test', 'Mood test'].entries()) {
      enTests.push(await makePost({ language: 'en', slug: `en-test-${i}`, title, publishedAt: day(i) }))
    }
    for (const [i, title] of ['Rest plan', 'Weekly plan', 'Breathing plan'].entries()) {
      enPlans.push(await makePost({ language: 'en', slug: `en-plan-${i}`, title, publishedAt: day(10 - i) }))
    }
    await makePost({
      language: 'en',
      slug: 'better-sleep',
      title: 'Better sleep',
      content: '<h2>Before bed</h2><p>Dim the lights.</p><h3>Light</h3><p>Less screen time.</p>',
      timeForReading: 4,
      publishedAt: day(15),
    })
  })

  it('lists published posts newest first, without their bodies', async () => {
    const res = await api('/v1/posts')
    expect(res.status).toBe(200)
    const body = await json(res)
    const newest = [...es].sort(newestFirst)
    expect(slugsOf(body.posts)).toEqual(slugsOf(newest.slice(0, 10)))
    expect(body.pagination).toEqual({ current_page: 1, per_page: 10, total: 12, last_page: 2, from: 1, to: 10 })
    expect(body.posts[0].published_at).toBe(newest[0]!.publishedAt!.toISOString())
    for (const p of body.posts) expect(p).not.toHaveProperty('content')
    const p2 = await json(await api('/v1/posts?page=2'))
    expect(slugsOf(p2.posts)).toEqual(slugsOf(newest.slice(10)))
  })

  it("finds the footer's 'test' and 'plan' posts in each language: the 3 newest of each", async () => {
    const made = { es: { test: esTests, plan: esPlans }, en: { test: enTests, plan: enPlans } }
    for (const locale of ['es', 'en'] as const) {
      for (const search of ['test', 'plan'] as const) {
        const res = await api(`/v1/posts?filters[search]=${search}&per_page=3`, { locale })
        expect(res.status).toBe(200)
        const body = await json(res)
        expect(slugsOf(body.posts), `${locale} ${search}`).toEqual(
          slugsOf([...made[locale][search]].sort(newestFirst).slice(0, 3)),
        )
        expect(body.pagination.total, `${locale} ${search}`).toBe(made[locale][search].length)
      }
    }
  })

  it('returns one post with its h2/h3 body by slug, in its own language only', async () => {
    const res = await api('/v1/posts?filters[slug]=better-sleep', { locale: 'en' })
    expect(res.status).toBe(200)
    const one = await json(res)
    expect(one.posts).toHaveLength(1)
    expect(one.posts[0]).toMatchObject({
      slug: 'better-sleep',
      title: 'Better sleep',
      content: '<h2>Before bed</h2><p>Dim the lights.</p><h3>Light</h3><p>Less screen time.</p>',
      time_for_reading: 4,
    })
    expect((await json(await api('/v1/posts?filters[slug]=better-sleep'))).posts).toEqual([])
    expect((await json(await api('/v1/posts?filters[slug]=es-oculto'))).posts).toEqual([])
  })
})
