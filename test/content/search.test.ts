import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '#worker/index'
import { contentChanged } from '#worker/http/public-cache'
import { api, json } from '../helpers'
import { posts, routes, routeSymptoms, symptoms, units } from '#worker/db/schema'
import {
  drop,
  given,
  makePost,
  makeRoute,
  makeSymptom,
  patch,
  STATUS,
  type MadePost,
  type MadeRoute,
  type MadeSymptom,
} from '../factories'

// issue 6 §3: the search of /routes, the blog and the symptom badges runs on SQLite FTS5
// (migrations/0003_search_fts.sql), kept in step by triggers. Storage is shared by the tests
// of this file, so each test searches for words only its own rows carry.

const slugs = (body: any, key = 'routes') => body[key].map((x: any) => x.slug)
// Rows here change by plain SQL (what the triggers must follow), behind the editors' back: each
// search purges the shared public answers first, as an editor's write would (decision 031).
const search = async (path: string, locale?: string) => {
  await contentChanged(env)
  const res = await api(path, locale ? { locale } : {})
  expect(res.status, path).toBe(200)
  return json(res)
}
const routesFor = async (q: string, extra = '', locale?: string) =>
  slugs(await search(`/v1/routes?filters[search]=${encodeURIComponent(q)}&per_page=100${extra}`, locale))
const postsFor = async (q: string, extra = '', locale?: string) =>
  slugs(await search(`/v1/posts?filters[search]=${encodeURIComponent(q)}&per_page=100${extra}`, locale), 'posts')
const symptomsFor = async (q: string, locale?: string) =>
  slugs(await search(`/v1/symptoms?filters[search]=${encodeURIComponent(q)}&per_page=100`, locale), 'symptoms')

describe('words are found whatever their case and accents', () => {
  const r: Record<string, MadeRoute> = {}
  const p: Record<string, MadePost> = {}
  let estres: MadeSymptom

  beforeAll(async () => {
    r.ansiedad = await makeRoute({ title: 'Ansiedad nocturna', order: 1 })
    r.estresAcento = await makeRoute({ title: 'Manejar el estrés', order: 2 })
    r.estresSin = await makeRoute({ title: 'Estres laboral', order: 3 })
    r.corazon = await makeRoute({ title: 'Corazón en calma', description: 'Respirar con el CORAZÓN abierto', order: 4 })
    r.anxiety = await makeRoute({ language: 'en', title: 'Anxiety at Night', order: 1 })
    p.cafe = await makePost({ language: 'en', title: 'Café and sleep' })
    p.panico = await makePost({ title: 'Ataques de PÁNICO' })
    estres = await makeSymptom({ slug: 'estres-agudo', title: 'Estrés agudo' })
  })

  it('ANSIEDÁD finds ansiedad and ansiedad finds ANSIEDÁD', async () => {
    expect(await routesFor('ANSIEDÁD')).toEqual([r.ansiedad!.slug])
    expect(await routesFor('ansiedad')).toEqual([r.ansiedad!.slug])
    expect(await routesFor('AnSiEdAd')).toEqual([r.ansiedad!.slug])
  })

  it('estres finds estrés and estrés finds estres', async () => {
    const both = [r.estresAcento!.slug, r.estresSin!.slug].sort()
    expect((await routesFor('estres')).sort()).toEqual(both)
    expect((await routesFor('estrés')).sort()).toEqual(both)
    expect((await routesFor('ESTRÉS')).sort()).toEqual(both)
    expect(await routesFor('corazon')).toEqual([r.corazon!.slug])
    expect(await symptomsFor('ESTRES')).toEqual([estres.slug])
    expect(await symptomsFor('estrés agudo')).toEqual([estres.slug])
  })

  it('in English too, and in posts', async () => {
    expect(await routesFor('ANXIETY', '', 'en')).toEqual([r.anxiety!.slug])
    expect(await routesFor('anxiety night', '', 'en')).toEqual([r.anxiety!.slug])
    expect(await postsFor('cafe', '', 'en')).toEqual([p.cafe!.slug])
    expect(await postsFor('CAFÉ', '', 'en')).toEqual([p.cafe!.slug])
    expect(await postsFor('panico')).toEqual([p.panico!.slug])
    // Each language searches its own rows.
    expect(await routesFor('anxiety')).toEqual([])
  })

  it('matches the last word as it is being typed, and whole words before it', async () => {
    expect(await routesFor('ansie')).toEqual([r.ansiedad!.slug])
    expect(await routesFor('noctu ansiedad')).toEqual([])
    expect(await routesFor('ansiedad noctu')).toEqual([r.ansiedad!.slug])
    expect(await symptomsFor('estr')).toEqual([estres.slug])
    // Punctuation after the last word says it is finished; one letter is never a prefix.
    expect(await routesFor('ansie.')).toEqual([])
    expect(await routesFor('ansiedad n')).toEqual([])
  })

  it('leaves out the little words unless nothing else was typed', async () => {
    // Were 'el', 'de', 'la' searched, diffuse would find nearly every route.
    expect((await routesFor('el estrés de la oficina y el trabajo', '&filters[diffuse]=1')).sort()).toEqual(
      [r.estresAcento!.slug, r.estresSin!.slug].sort(),
    )
    expect(await routesFor('ansiedad de la noche')).toEqual([])
    expect(await routesFor('la ansiedad')).toEqual([r.ansiedad!.slug])
    expect(await routesFor('at night', '', 'en')).toEqual([r.anxiety!.slug])
  })
})

describe('what a route, a post and a symptom are found by', () => {
  let route: MadeRoute
  let post: MadePost
  let symptom: MadeSymptom

  beforeAll(async () => {
    symptom = await makeSymptom({ slug: 'vertigo-subito', title: 'Vértigo súbito' })
    route = await makeRoute({
      title: 'Ruta de equilibrio',
      description: 'Para los mareos',
      tag: 'Cuerpo',
      symptoms: [{ id: symptom.id, primary: true }],
      units: [{ title: 'Mirada fija en el horizonte' }, { title: 'Unidad escondida quebranto', status: STATUS.hidden }],
    })
    post = await makePost({
      title: 'Un artículo cualquiera',
      description: 'Sin pistas',
      content:
        '<h2>Primera parte</h2><p>Hablamos del <strong>albatros</strong> y del&nbsp;faro.</p><ul><li>Uno</li></ul>',
      tag: 'Bienestar',
      tags: ['respiración', 'hábitos'],
    })
  })

  it("finds a route by its symptom's name, its tag and its visible units' titles", async () => {
    for (const words of ['vertigo', 'VÉRTIGO SÚBITO', 'cuerpo mareos', 'horizonte'])
      expect(await routesFor(words), words).toEqual([route.slug])
    // A hidden unit does not make its route findable.
    expect(await routesFor('quebranto')).toEqual([])
  })

  it('finds a post by the words of its body, its tag and its tags, not by its markup', async () => {
    for (const words of ['albatros', 'faro', 'bienestar', 'habitos respiracion'])
      expect(await postsFor(words), words).toEqual([post.slug])
    expect(await postsFor('strong')).toEqual([])
    expect(await postsFor('nbsp')).toEqual([])
  })
})

describe('order and diffuse', () => {
  const r: Record<string, MadeRoute> = {}
  const p: Record<string, MadePost> = {}

  beforeAll(async () => {
    // In route order the description-only match comes first; by relevance it comes last.
    r.descripcion = await makeRoute({
      title: 'Un camino sereno',
      description: 'Ejercicios para la zozobra de cada día',
      order: 1,
    })
    r.titulo = await makeRoute({ title: 'Zozobra y calma', order: 9 })
    r.sintoma = await makeRoute({
      title: 'Otra ruta más',
      order: 5,
      symptoms: [{ id: (await makeSymptom({ slug: 'zozobra', title: 'Zozobra' })).id }],
    })
    r.ambas = await makeRoute({ title: 'Zozobra del quetzal', order: 7 })
    r.quetzal = await makeRoute({ title: 'Vuelo del quetzal', order: 3 })
    p.viejoTitulo = await makePost({ title: 'Guía del colibrí', publishedAt: new Date('2024-01-01T00:00:00Z') })
    p.nuevoCuerpo = await makePost({
      title: 'Notas de jardín',
      content: '<p>Vimos un colibrí.</p>',
      publishedAt: new Date('2025-06-01T00:00:00Z'),
    })
  })

  it('lists a title match above a match in the description, and a symptom match between', async () => {
    expect(await routesFor('zozobra')).toEqual([r.ambas, r.titulo, r.sintoma, r.descripcion].map((x) => x!.slug))
    expect(await postsFor('colibri')).toEqual([p.viejoTitulo!.slug, p.nuevoCuerpo!.slug])
  })

  it('keeps an order the caller asks for', async () => {
    expect(await routesFor('zozobra', '&order_by=title')).toEqual(
      [r.sintoma, r.descripcion, r.ambas, r.titulo].map((x) => x!.slug),
    )
    expect(await routesFor('zozobra', '&order_by=order%20desc')).toEqual(
      [r.titulo, r.ambas, r.sintoma, r.descripcion].map((x) => x!.slug),
    )
    expect(await postsFor('colibri', '&order_by=title')).toEqual([p.viejoTitulo!.slug, p.nuevoCuerpo!.slug])
    expect(await postsFor('colibri', '&order_by=id%20desc')).toEqual([p.nuevoCuerpo!.slug, p.viejoTitulo!.slug])
  })

  it('needs every word, or any word with diffuse=1', async () => {
    expect(await routesFor('zozobra quetzal')).toEqual([r.ambas!.slug])
    const any = await search('/v1/routes?filters[search]=zozobra%20quetzal&filters[diffuse]=1&per_page=2')
    expect(any.pagination.total).toBe(5)
    // The route with both words first.
    expect(slugs(any)[0]).toBe(r.ambas!.slug)
    expect(await routesFor('zozobra nadaquever')).toEqual([])
    expect(await routesFor('zozobra nadaquever', '&filters[diffuse]=1')).toHaveLength(4)
  })

  it('pages through ranked results without repeating or losing any', async () => {
    const all = await routesFor('zozobra quetzal', '&filters[diffuse]=1')
    const pages: string[] = []
    for (let page = 1; page <= 3; page++) {
      pages.push(
        ...slugs(
          await search(`/v1/routes?filters[search]=zozobra%20quetzal&filters[diffuse]=1&per_page=2&page=${page}`),
        ),
      )
    }
    expect(pages).toEqual(all)
  })
})

describe('the index follows every write', () => {
  const indexedLikeRows = async () => {
    const routesOff = await env.DB.prepare(
      `SELECT count(*) AS n FROM routes_search_doc d FULL JOIN routes_fts f ON f.rowid = d.id
       WHERE d.id IS NULL OR f.rowid IS NULL OR f.title IS NOT d.title OR f.tag IS NOT d.tag OR f.symptoms IS NOT d.symptoms
         OR f.description IS NOT d.description OR f.units IS NOT d.units`,
    ).first<{ n: number }>()
    const postsOff = await env.DB.prepare(
      `SELECT count(*) AS n FROM posts_search_doc d FULL JOIN posts_fts f ON f.rowid = d.id
       WHERE d.id IS NULL OR f.rowid IS NULL OR f.title IS NOT d.title OR f.tags IS NOT d.tags OR f.description IS NOT d.description OR f.content IS NOT d.content`,
    ).first<{ n: number }>()
    const symptomsOff = await env.DB.prepare(
      `SELECT count(*) AS n FROM symptoms s FULL JOIN symptoms_fts f ON f.rowid = s.id WHERE s.id IS NULL OR f.rowid IS NULL OR f.title IS NOT s.title OR f.slug IS NOT s.slug`,
    ).first<{ n: number }>()
    return { routes: routesOff!.n, posts: postsOff!.n, symptoms: symptomsOff!.n }
  }

  it('a renamed route is found by its new words only, a deleted one not at all', async () => {
    const route = await makeRoute({ title: 'Mandrágora antigua', units: 2 })
    expect(await routesFor('mandragora')).toEqual([route.slug])
    await patch(routes, route.id, { title: 'Camelia nueva', description: 'Con pétalos' })
    expect(await routesFor('mandragora')).toEqual([])
    expect(await routesFor('camelia petalos')).toEqual([route.slug])
    await drop(routes, route.id)
    expect(await routesFor('camelia')).toEqual([])
    expect(await env.DB.prepare('SELECT count(*) AS n FROM routes_fts WHERE rowid = ?').bind(route.id).first('n')).toBe(
      0,
    )
  })

  it("a symptom's new name, a new or removed link, and a unit's title reach the route", async () => {
    const symptom = await makeSymptom({ slug: 'azafran', title: 'Azafrán' })
    const route = await makeRoute({ title: 'Ruta sin pistas', symptoms: [{ id: symptom.id }] })
    expect(await routesFor('azafran')).toEqual([route.slug])
    await patch(symptoms, symptom.id, { title: 'Cúrcuma' })
    expect(await routesFor('azafran')).toEqual([])
    expect(await routesFor('curcuma')).toEqual([route.slug])
    expect(await symptomsFor('curcuma')).toEqual(['azafran'])

    await drop(routeSymptoms, route.id, routeSymptoms.routeId)
    expect(await routesFor('curcuma')).toEqual([])
    await given(routeSymptoms, { routeId: route.id, symptomId: symptom.id })
    expect(await routesFor('curcuma')).toEqual([route.slug])
    await drop(symptoms, symptom.id)
    expect(await routesFor('curcuma')).toEqual([])
    expect(await symptomsFor('curcuma')).toEqual([])

    const unit = await given(units, { routeId: route.id, title: 'Canto del mirlo' })
    expect(await routesFor('mirlo')).toEqual([route.slug])
    await patch(units, unit, { status: STATUS.hidden })
    expect(await routesFor('mirlo')).toEqual([])
    await patch(units, unit, { status: STATUS.visible, title: 'Canto del jilguero' })
    expect(await routesFor('jilguero')).toEqual([route.slug])
    await drop(units, unit)
    expect(await routesFor('jilguero')).toEqual([])
  })

  it('an edited post is found by its new body, a deleted one not at all', async () => {
    const post = await makePost({ title: 'Nota breve', content: '<p>Sobre el ruiseñor.</p>' })
    expect(await postsFor('ruisenor')).toEqual([post.slug])
    await patch(posts, post.id, { content: '<p>Sobre la golondrina.</p>', tags: ['migración'] })
    expect(await postsFor('ruisenor')).toEqual([])
    expect(await postsFor('golondrina migracion')).toEqual([post.slug])
    await drop(posts, post.id)
    expect(await postsFor('golondrina')).toEqual([])
  })

  it('holds exactly the current text of every row after all these writes', async () => {
    expect(await indexedLikeRows()).toEqual({ routes: 0, posts: 0, symptoms: 0 })
    for (const t of ['routes_fts', 'posts_fts', 'symptoms_fts']) {
      // Raw on purpose: FTS5's own integrity command, which no table write can say.
      await env.DB.prepare(`INSERT INTO ${t} (${t}) VALUES ('integrity-check')`).run()
    }
  })
})

describe('whatever is typed', () => {
  const hostile = [
    '"',
    '""',
    '"ansiedad',
    'ansiedad"',
    '*',
    'ansi*',
    '* ansiedad',
    'NEAR(',
    'NEAR(a b, 2)',
    'a OR',
    'OR',
    'AND NOT',
    'ansiedad AND',
    '-x',
    '- ansiedad',
    'col:x',
    'title:ansiedad',
    '{title description}: ansiedad',
    ')))',
    '(((',
    '^ansiedad',
    '+ansiedad',
    "'; DROP TABLE routes; --",
    '%%',
    '_',
    '\\',
    '😀',
    '😀 ansiedad 🙂',
    '̈',
    'ñ'.repeat(200),
    'ansiedad '.repeat(22).trim(),
    'a b c d e f g h i j k l m n o p q r s t u v w x y z',
    Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '),
  ]

  let target: MadeRoute
  beforeAll(async () => {
    target = await makeRoute({ title: 'Ansiedad hostil', order: 1 })
  })

  it('never answers 500: only 200, or 422 for what no search box sends', async () => {
    for (const q of [...hostile, 'x'.repeat(201), 'a\u0000b', 'a\u0007b']) {
      for (const base of ['/v1/routes', '/v1/posts', '/v1/symptoms']) {
        for (const extra of ['', '&filters[diffuse]=1']) {
          const path = `${base}?filters[search]=${encodeURIComponent(q)}${extra}`
          const res = await api(path)
          expect([200, 422], `${path} → ${res.status}`).toContain(res.status)
          expect(typeof (await json(res)).success, path).toBe('boolean')
        }
      }
    }
    const tooLong = await api(`/v1/routes?filters[search]=${'x'.repeat(201)}`)
    expect(tooLong.status).toBe(422)
  })

  it('treats operators and quotes as plain text', async () => {
    // The word survives what surrounds it...
    for (const q of [
      '"ansiedad',
      'ansiedad"',
      'ansiedad AND',
      '+ansiedad',
      '^ansiedad',
      ':ansiedad',
      '(ansiedad)',
      '😀 ansiedad 🙂',
    ]) {
      expect(await routesFor(q), q).toContain(target.slug)
    }
    // ...and operators and column filters are only words, which no route has.
    expect(await routesFor('ansiedad NOT hostil')).toEqual([])
    expect(await routesFor('title:ansiedad')).toEqual([])
    expect(await routesFor('title:ansiedad', '&filters[diffuse]=1')).toContain(target.slug)
    expect(await routesFor('ansiedad OR nadaquever')).toEqual([])
    // Text without a word finds nothing (not everything).
    for (const q of ['%%', '*', '"', ')))', '😀', '-']) expect(await routesFor(q), q).toEqual([])
  })
})

describe('cost', () => {
  /** The real D1 binding, counting the statements a request prepares. */
  function countingD1(d1: D1Database) {
    const seen: string[] = []
    const db = new Proxy(d1, {
      get(target, prop, receiver) {
        if (prop === 'prepare') return (q: string) => (seen.push(q), target.prepare(q))
        const v = Reflect.get(target, prop, receiver)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
    return { db, seen }
  }
  async function statementsOf(path: string) {
    const { db, seen } = countingD1(env.DB)
    const ctx = createExecutionContext()
    const res = await worker.fetch(
      new Request(`http://localhost${path}`) as Parameters<typeof worker.fetch>[0],
      { ...env, DB: db } as never,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(res.status, path).toBe(200)
    return { n: seen.length, body: await json(res), seen }
  }

  it('makes the same few statements whether a search finds one route or thirty', async () => {
    const one = await makeSymptom({ slug: 'tomillo', title: 'Tomillo' })
    for (let i = 0; i < 30; i++) await makeRoute({ title: `Romero ${i}`, symptoms: [{ id: one.id }], units: 2 })
    await makeRoute({ title: 'Romero y lavanda', units: 1 })
    const few = await statementsOf('/v1/routes?filters[search]=lavanda&per_page=100&with_relations=units')
    const many = await statementsOf('/v1/routes?filters[search]=romero&per_page=100&with_relations=units')
    expect(few.body.routes).toHaveLength(1)
    expect(many.body.routes).toHaveLength(31)
    expect(many.n, many.seen.join('\n')).toBe(few.n)
    expect(many.n, many.seen.join('\n')).toBeLessThanOrEqual(4)
  })
})
