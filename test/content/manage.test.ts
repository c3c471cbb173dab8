// Editing routes, symptoms and categories (issue 6 §1–2; SPEC §5 symptom assigned once, §6 roles).
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, json } from '../helpers'
import { makeRoute, makeSymptom, unique } from '../factories'
import { countRows, register, setRole } from '../users/support'
import { send } from '../admin/support'

const ADMIN = 4
const PUBLISHER = 8
const PSYCHOLOGIST = 2
let admin: string
let publisher: string
let patient: string
let psychologist: string

beforeAll(async () => {
  const [a, p, u, s] = await Promise.all([register(), register(), register(), register()])
  await Promise.all([setRole(a.id, ADMIN), setRole(p.id, PUBLISHER), setRole(s.id, PSYCHOLOGIST)])
  admin = a.token
  publisher = p.token
  patient = u.token
  psychologist = s.token
})

describe('POST /v1/route and DELETE /v1/route', () => {
  it('a publisher creates a route, updates it, and an admin deletes it; visitors then find nothing', async () => {
    const slug = unique('ruta-nueva')
    const created = await send(
      'POST',
      '/v1/route',
      publisher,
      { language: 'es', slug, title: 'Respira conmigo', description: 'Tres minutos', is_public: '1' },
      'es',
    )
    expect(created.status).toBe(201)
    const body = await json(created)
    expect(body.message).toBe('Ruta creada.')
    expect(body.route).toMatchObject({ slug, title: 'Respira conmigo', language: 'es', status: 1, is_public: true })
    const id = body.route.id

    const listed = await json(await api(`/v1/routes?filters[slug]=${slug}`, { locale: 'es' }))
    expect(listed.routes.map((r: any) => r.id)).toEqual([id])

    const updated = await send('POST', '/v1/route', publisher, { id: String(id), title: 'Respira despacio' })
    expect(updated.status).toBe(200)
    expect(await json(updated)).toMatchObject({
      message: 'Route updated.',
      route: { id, title: 'Respira despacio', description: 'Tres minutos', slug },
    })

    const gone = await send('DELETE', '/v1/route', admin, { id: String(id) })
    expect(gone.status).toBe(200)
    expect((await json(gone)).message).toBe('Route deleted.')
    expect((await json(await api(`/v1/routes?filters[slug]=${slug}`, { locale: 'es' }))).routes).toEqual([])
    expect((await send('DELETE', '/v1/route', admin, { id: String(id) })).status).toBe(404)
  })

  it('refuses a missing title, a bad slug and a slug taken in the same language (409 on the field)', async () => {
    const missing = await send('POST', '/v1/route', admin, { language: 'en', slug: unique('x') })
    expect(missing.status).toBe(422)
    expect((await json(missing)).errors.title).toEqual(['This field is required.'])
    const bad = await send('POST', '/v1/route', admin, { language: 'en', slug: 'Not A Slug!', title: 'x' })
    expect(bad.status).toBe(422)
    expect((await json(bad)).errors.slug).toEqual([
      'Use lowercase letters, numbers and hyphens (for example sleep-better).',
    ])
    const taken = await makeRoute({ language: 'en' })
    const clash = await send('POST', '/v1/route', admin, { language: 'en', slug: taken.slug, title: 'Another' })
    expect(clash.status).toBe(409)
    expect((await json(clash)).errors.slug).toEqual(['Another item in this language already uses this slug.'])
    // The same slug in the other language is fine.
    expect((await send('POST', '/v1/route', admin, { language: 'es', slug: taken.slug, title: 'Otra' })).status).toBe(
      201,
    )
    expect(await countRows('routes', 'slug = ?1', taken.slug)).toBe(2)
  })

  it('is refused to visitors (401), patients and psychologists (403), and changes nothing', async () => {
    const r = await makeRoute()
    for (const [token, status] of [
      [null, 401],
      [patient, 403],
      [psychologist, 403],
    ] as const) {
      expect((await send('POST', '/v1/route', token, { id: String(r.id), title: 'Hacked' })).status).toBe(status)
      expect((await send('DELETE', '/v1/route', token, { id: String(r.id) })).status).toBe(status)
      expect(
        (await send('POST', '/v1/route/symptom/assign', token, { route_id: String(r.id), symptom_id: '1' })).status,
      ).toBe(status)
      expect((await send('POST', '/v1/symptom', token, { language: 'es', slug: unique('s'), title: 'x' })).status).toBe(
        status,
      )
      expect(
        (await send('POST', '/v1/route/category', token, { language: 'es', slug: unique('c'), title: 'x' })).status,
      ).toBe(status)
      expect((await send('GET', '/v1/route/properties', token)).status).toBe(status)
    }
    const row = await env.DB.prepare('SELECT title FROM routes WHERE id = ?1').bind(r.id).first<{ title: string }>()
    expect(row!.title).toBe(r.title)
    // Properties are for admins only, not publishers.
    expect((await send('GET', '/v1/route/properties', publisher)).status).toBe(403)
    expect((await send('GET', '/v1/route/properties', admin)).status).toBe(200)
  })
})

describe("the editor's answer", () => {
  it('shows the route as the lists do: its visible units counted, its symptoms', async () => {
    const s = await makeSymptom({ language: 'es' })
    const r = await makeRoute({ language: 'es', units: 3, symptoms: [{ id: s.id, primary: true }] })
    const res = await json(await send('POST', '/v1/route', admin, { id: String(r.id), tag: 'calma' }))
    expect(res.route).toMatchObject({
      id: r.id,
      tag: 'calma',
      units_count: 3,
      symptoms: [{ id: s.id, is_primary: true }],
    })
  })
})

describe('route symptoms', () => {
  it('assigns once (409 in both languages), sets one primary, unassigns', async () => {
    const route = await makeRoute({ language: 'es' })
    const [a, b] = await Promise.all([
      makeSymptom({ language: 'es', title: 'Ansiedad' }),
      makeSymptom({ language: 'es', title: 'Insomnio' }),
    ])
    const form = (s: { id: number }) => ({ route_id: String(route.id), symptom_id: String(s.id) })
    const first = await send('POST', '/v1/route/symptom/assign', publisher, form(a), 'es')
    expect(first.status).toBe(200)
    expect((await json(first)).symptoms.map((s: any) => s.id)).toEqual([a.id])
    const twice = await send('POST', '/v1/route/symptom/assign', publisher, form(a), 'es')
    expect(twice.status).toBe(409)
    expect((await json(twice)).message).toBe('El síntoma ya está asignado a la ruta.')
    const twiceEn = await send('POST', '/v1/route/symptom/assign', publisher, form(a), 'en')
    expect((await json(twiceEn)).message).toBe('The symptom is already assigned to the route.')
    // Concurrent duplicates: exactly one row, whatever the interleaving.
    const racing = await Promise.all([1, 2, 3].map(() => send('POST', '/v1/route/symptom/assign', publisher, form(b))))
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409])
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM route_symptoms WHERE route_id = ?1')
      .bind(route.id)
      .first<{ n: number }>()
    expect(rows!.n).toBe(2)

    const primary = await json(await send('POST', '/v1/route/symptom/apply/primary', publisher, form(b)))
    expect(primary.symptoms[0]).toMatchObject({ id: b.id, is_primary: true })
    const switched = await json(await send('POST', '/v1/route/symptom/apply/primary', publisher, form(a)))
    expect(switched.symptoms.filter((s: any) => s.is_primary).map((s: any) => s.id)).toEqual([a.id])

    const listed = await json(await send('GET', `/v1/route/symptoms?route_id=${route.id}`, null))
    expect(listed.symptoms.map((s: any) => s.id).sort()).toEqual([a.id, b.id].sort())

    const removed = await send('DELETE', '/v1/route/symptom/unassign', publisher, form(a))
    expect((await json(removed)).symptoms.map((s: any) => s.id)).toEqual([b.id])
    expect((await send('DELETE', '/v1/route/symptom/unassign', publisher, form(a))).status).toBe(404)
    expect((await send('POST', '/v1/route/symptom/apply/primary', publisher, form(a))).status).toBe(404)
  })

  it('refuses an unknown route or symptom (404) and a symptom of the other language (422)', async () => {
    const route = await makeRoute({ language: 'es' })
    const english = await makeSymptom({ language: 'en' })
    expect(
      (await send('POST', '/v1/route/symptom/assign', admin, { route_id: '999999', symptom_id: String(english.id) }))
        .status,
    ).toBe(404)
    expect(
      (await send('POST', '/v1/route/symptom/assign', admin, { route_id: String(route.id), symptom_id: '999999' }))
        .status,
    ).toBe(404)
    const mixed = await send('POST', '/v1/route/symptom/assign', admin, {
      route_id: String(route.id),
      symptom_id: String(english.id),
    })
    expect(mixed.status).toBe(422)
    expect((await json(mixed)).errors.symptom_id).toEqual(['The symptom and the route must be in the same language.'])
  })
})

describe('symptoms and route categories', () => {
  it('creates, updates and deletes a symptom; deleting it unlinks its routes', async () => {
    const slug = unique('calma')
    const made = await send('POST', '/v1/symptom', publisher, { language: 'es', slug, title: 'Calma' }, 'es')
    expect(made.status).toBe(201)
    const { symptom, message } = await json(made)
    expect(message).toBe('Síntoma creado.')
    expect(symptom).toMatchObject({ slug, title: 'Calma', name: 'Calma', routes_count: 0 })
    const route = await makeRoute({ symptoms: [{ id: symptom.id }] })
    const upd = await json(
      await send('POST', '/v1/symptom', publisher, { id: String(symptom.id), title: 'Calma profunda' }),
    )
    expect(upd.symptom).toMatchObject({ title: 'Calma profunda', routes_count: 1 })
    expect((await send('DELETE', '/v1/symptom', admin, { id: String(symptom.id) })).status).toBe(200)
    const links = await env.DB.prepare('SELECT count(*) AS n FROM route_symptoms WHERE route_id = ?1')
      .bind(route.id)
      .first<{ n: number }>()
    expect(links!.n).toBe(0)
  })

  it('categories: listed publicly (100 per page), created, renamed, deleted; routes lose the category, not themselves', async () => {
    const slug = unique('sueno')
    const made = await json(
      await send('POST', '/v1/route/category', admin, { language: 'es', slug, title: 'Sueño' }, 'es'),
    )
    expect(made.message).toBe('Categoría creada.')
    const route = await json(
      await send('POST', '/v1/route', admin, {
        language: 'es',
        slug: unique('r'),
        title: 'Dormir',
        category_id: String(made.category.id),
      }),
    )
    expect(route.route.category).toMatchObject({ id: made.category.id, title: 'Sueño' })
    const list = await json(await send('GET', '/v1/route/categories?filters[language]=es', null))
    expect(list.pagination.per_page).toBe(100)
    expect(list.categories.map((c: any) => c.slug)).toContain(slug)
    expect(
      (
        await json(
          await send('POST', '/v1/route/category', admin, { id: String(made.category.id), title: 'Dormir mejor' }),
        )
      ).category.title,
    ).toBe('Dormir mejor')
    expect((await send('DELETE', '/v1/route/category', admin, { id: String(made.category.id) })).status).toBe(200)
    expect((await send('DELETE', '/v1/route/category', admin, { id: String(made.category.id) })).status).toBe(404)
    const row = await env.DB.prepare('SELECT category_id FROM routes WHERE id = ?1')
      .bind(route.route.id)
      .first<{ category_id: number | null }>()
    expect(row).toEqual({ category_id: null })
    expect(
      (await send('POST', '/v1/route', admin, { language: 'es', slug: unique('r'), title: 'x', category_id: '999999' }))
        .status,
    ).toBe(404)
  })
})
