// The bundled admin (issue 12): who may make each admin call, the lists, units, users, audit
// and restore, uploads refused with their messages, the outside helpers faked at fetch.
import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminCalls } from '#shared/contract/admin'
import { adminFilesCalls } from '#shared/contract/admin.files'
import { api, json } from '../helpers'
import { auditLog, routeCategories, routes, trackingEvents } from '#worker/db/schema'
import { drop, given, givenRows, makePost, makeRoute, makeSymptom, patch, unique } from '../factories'
import { auditRows, mp3, people, png, send, upload, usageEvents } from './support'

let admin: string
let publisher: string
let patient: string
let adminId: number

beforeAll(async () => {
  const p = await people()
  admin = p.admin.token
  publisher = p.publisher.token
  patient = p.patient.token
  adminId = p.admin.id
})

afterEach(() => vi.restoreAllMocks())

describe('who may make the admin calls', () => {
  const calls = [...adminCalls, ...adminFilesCalls]
  it.each(calls.map((c) => [`${c.method} /v1${c.path}`, c] as const))(
    '%s: a visitor 401, a patient 403',
    async (_, call) => {
      const path = `/v1${call.path.replace(':target', 'title')}`
      const visitor = await send(call.method, path, null)
      expect(visitor.status).toBe(401)
      expect((await json(visitor)).message).toBe('Unauthenticated.')
      const asPatient = await send(call.method, path, patient)
      expect(asPatient.status).toBe(403)
      expect((await json(asPatient)).message).toBe('Unauthorized')
    },
  )

  it('a publisher may edit content but is refused users, plans, events, the audit', async () => {
    expect((await send('GET', '/v1/admin/routes', publisher)).status).toBe(200)
    expect((await send('GET', '/v1/admin/posts', publisher)).status).toBe(200)
    for (const path of ['/v1/users', '/v1/admin/plans', '/v1/admin/events', '/v1/admin/audit'])
      expect((await send('GET', path, publisher)).status, path).toBe(403)
    expect(
      (
        await send('POST', '/v1/admin/user/credits', publisher, {
          user_id: String(adminId),
          amount_cents: '100',
          reason: 'x',
        })
      ).status,
    ).toBe(403)
  })

  it('the /admin page: 403 to a patient and a psychologist, redirect to sign in for a visitor, served to an admin and a publisher', async () => {
    const visitor = await api('/en/admin', { redirect: 'manual' })
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toMatch(/^\/en\/login\?redirect=/)
    const refused = await api('/en/admin', { headers: { authorization: `Bearer ${patient}` } })
    expect(refused.status).toBe(403)
    const html = await (await api('/admin', { headers: { authorization: `Bearer ${admin}` } })).text()
    expect(html).toContain('"screens":["routes"')
    const pub = await api('/en/admin', { headers: { authorization: `Bearer ${publisher}` } })
    expect(pub.status).toBe(200)
    const body = await pub.text()
    expect(body).toContain('"screens":["routes","route_categories","post_categories","symptoms","posts","files"]')
  })
})

describe('lists', () => {
  it('hidden routes are listed to editors, searched, sorted and paged', async () => {
    const tag = unique('adminlist').toLowerCase()
    for (const i of [1, 2, 3])
      await send('POST', '/v1/route', admin, { language: 'es', slug: `${tag}-${i}`, title: `${tag} ${i}`, status: '2' })
    const res = await send('GET', '/v1/admin/routes', publisher, {
      'filters[search]': tag,
      order_by: 'title desc',
      per_page: '2',
      page: '1',
    })
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.rows.map((r: any) => r.title)).toEqual([`${tag} 3`, `${tag} 2`])
    expect(body.rows[0].status).toBe(2)
    expect(body.pagination).toMatchObject({ total: 3, last_page: 2, current_page: 1 })
  })

  it('a bad order or page is a translated 422, never a 500', async () => {
    const res = await send('GET', '/v1/admin/routes', admin, { order_by: 'password desc' }, 'es')
    expect(res.status).toBe(422)
    expect((await json(res)).errors.order_by).toBeTruthy()
  })
})

describe('units', () => {
  it('creates units last in their route, moves one up, deletes one; each write is audited', async () => {
    const route = await makeRoute({ units: 0 })
    const a = await json(
      await send('POST', '/v1/unit', admin, {
        route_id: String(route.id),
        title: 'Uno',
        kind: 'audio',
        media_key: 'units/a.mp3',
      }),
    )
    const b = await json(
      await send('POST', '/v1/unit', publisher, { route_id: String(route.id), title: 'Dos', kind: 'audio' }),
    )
    expect(a.message).toBe('Unit created.')
    const moved = await json(await send('POST', '/v1/unit/move', admin, { id: String(b.unit.id), direction: 'up' }))
    expect(moved.rows.map((u: any) => u.title)).toEqual(['Dos', 'Uno'])
    const del = await send('DELETE', '/v1/unit', admin, { id: String(a.unit.id) })
    expect(del.status).toBe(200)
    const trail = await auditRows('unit', a.unit.id)
    expect(trail.map((r) => r.action)).toEqual(['POST /v1/unit', 'DELETE /v1/unit'])
    expect(JSON.parse(trail[0].after).units[0].title).toBe('Uno')
    expect(JSON.parse(trail[1].before).units[0].title).toBe('Uno')
    expect(trail[1].after).toBeNull()
    const edited = await json(
      await send('POST', '/v1/unit', publisher, {
        id: String(b.unit.id),
        credits_creator: 'Ana',
        credits_dubbing: 'Luis',
        credits_interpretation: 'Eva',
        credits_author: 'Sol',
        kind: 'video',
        status: '2',
      }),
    )
    expect(edited.unit).toMatchObject({
      credits_creator: 'Ana',
      credits_dubbing: 'Luis',
      credits_interpretation: 'Eva',
      credits_author: 'Sol',
      kind: 'video',
      status: 2,
    })
    const missing = await send('POST', '/v1/unit', admin, { title: 'Sin ruta' })
    expect(missing.status).toBe(422)
    expect((await json(missing)).errors.route_id).toBeTruthy()
  })
})

describe('plans', () => {
  it("lists a plan's routes in order with their lock settings and the people it is assigned to", async () => {
    const plan = await json(
      await send('POST', '/v1/plan', admin, {
        language: 'es',
        slug: unique('plan').toLowerCase(),
        title: 'Plan admin',
      }),
    )
    const [r1, r2] = [await makeRoute(), await makeRoute()]
    await send('POST', '/v1/plan/route', admin, { plan_id: String(plan.plan.id), route_id: String(r2.id), order: '2' })
    await send('POST', '/v1/plan/route', admin, { plan_id: String(plan.plan.id), route_id: String(r1.id), order: '1' })
    await send('POST', '/v1/plan/setting', admin, {
      plan_id: String(plan.plan.id),
      route_id: String(r2.id),
      waiting_time_hours: '24',
      need_appointment: '1',
    })
    const p = await people()
    await send('POST', '/v1/plan/assign', admin, { plan_id: String(plan.plan.id), user_id: String(p.patient.id) })
    const routes = await json(
      await send('GET', '/v1/admin/plan/routes', admin, { 'filters[plan_id]': String(plan.plan.id) }),
    )
    expect(routes.rows.map((r: any) => [r.route_id, r.waiting_time_hours, r.need_appointment])).toEqual([
      [r1.id, 0, 0],
      [r2.id, 24, 1],
    ])
    const users = await json(
      await send('GET', '/v1/admin/plan/users', admin, { 'filters[plan_id]': String(plan.plan.id) }),
    )
    expect(users.rows.map((r: any) => r.user_id)).toEqual([p.patient.id])
    expect(
      (await send('GET', '/v1/admin/plan/routes', publisher, { 'filters[plan_id]': String(plan.plan.id) })).status,
    ).toBe(403)
  })
})

describe('properties', () => {
  it('an admin creates, updates and deletes a property; a taken key is 409; a publisher is refused', async () => {
    const key = `e2e_${Date.now().toString(36)}`
    const created = await send('POST', '/v1/route/property', admin, { key, value: '3', description: 'Free days' })
    expect(created.status).toBe(201)
    const body = await json(created)
    expect(body.message).toBe('Property created.')
    expect((await send('POST', '/v1/route/property', admin, { key, value: '4' })).status).toBe(409)
    const updated = await json(
      await send('POST', '/v1/route/property', admin, { id: String(body.property.id), value: '5' }, 'es'),
    )
    expect(updated).toMatchObject({ message: 'Propiedad actualizada.', property: { key, value: '5' } })
    expect((await send('POST', '/v1/route/property', publisher, { key: `${key}_x` })).status).toBe(403)
    expect(
      (await json(await send('DELETE', '/v1/route/property', admin, { id: String(body.property.id) }))).message,
    ).toBe('Property deleted.')
    expect((await auditRows('property', body.property.id)).map((r) => r.action)).toEqual([
      'POST /v1/route/property',
      'POST /v1/route/property',
      'DELETE /v1/route/property',
    ])
  })
})

describe('users', () => {
  it('an admin sets a role and subscriber, adjusts credits in the ledger with a reason, all audited', async () => {
    const p = await people()
    const saved = await send('POST', '/v1/admin/user', admin, { id: String(p.patient.id), role: '2', subscriber: '1' })
    expect(saved.status).toBe(200)
    expect((await json(saved)).user).toMatchObject({ role: 2, subscriber: 1 })
    const adj = await send('POST', '/v1/admin/user/credits', admin, {
      user_id: String(p.patient.id),
      amount_cents: '2500',
      reason: 'Goodwill after an outage',
    })
    expect(adj.status).toBe(200)
    expect((await json(adj)).credits_cents).toBe(2500)
    const ledger = await env.DB.prepare(
      "SELECT amount_cents, reason, reference FROM credit_ledger WHERE user_id = ? AND reason = 'admin_adjustment'",
    )
      .bind(p.patient.id)
      .all<any>()
    expect(ledger.results).toHaveLength(1)
    expect(ledger.results[0].reference).toContain('Goodwill after an outage')
    const trail = await auditRows('user', p.patient.id)
    expect(trail.map((r) => r.action)).toEqual(['POST /v1/admin/user', 'POST /v1/admin/user/credits'])
    expect(JSON.parse(trail[0].before).users[0].role).toBe(1)
    expect(JSON.parse(trail[0].after).users[0].role).toBe(2)
    expect(trail[0].before).not.toContain('password')
    const zero = await send('POST', '/v1/admin/user/credits', admin, {
      user_id: String(p.patient.id),
      amount_cents: '0',
      reason: 'x',
    })
    expect(zero.status).toBe(422)
  })
})

describe('audit and restore', () => {
  it('a deleted route comes back with its units and symptoms, once; the audit screen lists both', async () => {
    const symptom = await makeSymptom()
    const route = await makeRoute({ units: 2, symptoms: [{ id: symptom.id, primary: true }] })
    const del = await send('DELETE', '/v1/route', admin, { id: String(route.id) })
    expect(del.status).toBe(200)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM routes WHERE id = ?').bind(route.id).first('n')).toBe(0)
    const [deletion] = await auditRows('route', route.id)
    const restored = await send('POST', '/v1/admin/restore', admin, { audit_id: String(deletion.id) })
    expect(restored.status).toBe(200)
    expect(await json(restored)).toMatchObject({ entity: 'route', id: route.id, message: 'Restored.' })
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM units WHERE route_id = ?').bind(route.id).first('n')).toBe(2)
    expect(
      await env.DB.prepare('SELECT is_primary FROM route_symptoms WHERE route_id = ?')
        .bind(route.id)
        .first('is_primary'),
    ).toBe(1)
    const again = await send('POST', '/v1/admin/restore', admin, { audit_id: String(deletion.id) })
    expect(again.status).toBe(409)
    const list = await json(
      await send('GET', '/v1/admin/audit', admin, { 'filters[entity]': 'route', per_page: '100' }),
    )
    expect(list.rows.some((r: any) => r.action === 'POST /v1/admin/restore' && r.entity_id === route.id)).toBe(true)
  })

  it('a route whose category was deleted meanwhile cannot come back: 409 with the reason, nothing written', async () => {
    const route = await makeRoute({ units: 1 })
    const cat = await given(routeCategories, { language: 'es', slug: unique('c').toLowerCase(), title: 'Gone' })
    await patch(routes, route.id, { categoryId: cat })
    expect((await send('DELETE', '/v1/route', admin, { id: String(route.id) })).status).toBe(200)
    await drop(routeCategories, cat)
    const [deletion] = await auditRows('route', route.id)
    const res = await send('POST', '/v1/admin/restore', admin, { audit_id: String(deletion.id) })
    expect(res.status).toBe(409)
    expect((await json(res)).message).toMatch(/^It cannot be restored/)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM routes WHERE id = ?').bind(route.id).first('n')).toBe(0)
  })

  it('a deleted post comes back; a deletion older than 30 days or of a symptom cannot be restored', async () => {
    const post = await makePost()
    await send('DELETE', '/v1/post', admin, { id: String(post.id) })
    const [deletion] = await auditRows('post', post.id)
    expect((await send('POST', '/v1/admin/restore', admin, { audit_id: String(deletion.id) })).status).toBe(200)
    expect(
      await env.DB.prepare('SELECT deleted_at FROM posts WHERE id = ?').bind(post.id).first('deleted_at'),
    ).toBeNull()

    const post2 = await makePost()
    await send('DELETE', '/v1/post', admin, { id: String(post2.id) })
    const [old] = await auditRows('post', post2.id)
    await patch(auditLog, old.id, { createdAt: new Date(Date.now() - 31 * 86_400_000) })
    const late = await send('POST', '/v1/admin/restore', admin, { audit_id: String(old.id) })
    expect(late.status).toBe(422)
    expect((await json(late)).message).toBe('Only a route, post or plan deleted in the last 30 days can be restored.')

    const s = await makeSymptom()
    await send('DELETE', '/v1/symptom', admin, { id: String(s.id) })
    const [sd] = await auditRows('symptom', s.id)
    expect((await send('POST', '/v1/admin/restore', admin, { audit_id: String(sd.id) })).status).toBe(422)
  })

  it('a refused write leaves no audit row', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first('n')
    await send('POST', '/v1/route', admin, { language: 'es', slug: 'NOT A SLUG', title: 'x' })
    await send('POST', '/v1/route', patient, { language: 'es', slug: unique('r').toLowerCase(), title: 'x' })
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first('n')).toBe(before)
  })
})

describe('uploads to R2', () => {
  it('an audio file is stored, tagged, and served under /media', async () => {
    const out = await upload(admin, 'audio', 'calma.mp3', mp3(4096))
    expect(out.status).toBe(201)
    expect(out.body.message).toBe('File created.')
    expect(out.body.file).toMatchObject({ type: 'audio', tag: 'audio', size: 4096 })
    const media = await api(`/media/${out.key}`)
    expect(media.status).toBe(200)
    expect(media.headers.get('content-type')).toBe('audio/mpeg')
    await media.arrayBuffer()
  })

  it('covers of 19:11 and 11:11 are accepted', async () => {
    expect((await upload(publisher, 'route_cover', 'c.png', png(1900, 1100))).status).toBe(201)
    expect((await upload(publisher, 'post_cover', 'c.png', png(1100, 1100))).status).toBe(201)
  })

  it('a wrong type is refused at the start with its message, in both languages', async () => {
    const en = await upload(admin, 'audio', 'picture.png', png(10, 10))
    expect(en.stage).toBe('start')
    expect(en.status).toBe(422)
    expect(en.body.message).toBe('We encountered an issue uploading the file.')
    expect(en.body.errors.filename[0]).toContain('This type of file cannot be uploaded here')
    const es = await upload(admin, 'audio', 'picture.png', png(10, 10), 'es')
    expect(es.body.message).toBe('Tuvimos un problema al subir el archivo.')
  })

  it('bytes that are not what the name says are refused after the upload and nothing is kept', async () => {
    const files = await env.DB.prepare('SELECT COUNT(*) AS n FROM files').first('n')
    const out = await upload(admin, 'audio', 'fake.mp3', new TextEncoder().encode('<html>not audio</html>'))
    expect(out.stage).toBe('complete')
    expect(out.status).toBe(422)
    expect(out.body.errors.filename[0]).toContain('This type of file cannot be uploaded here')
    expect(await env.MEDIA.head(out.key!)).toBeNull()
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM files').first('n')).toBe(files)
  })

  it('an oversize file is refused with its message', async () => {
    const res = await send('POST', '/v1/file/upload', admin, {
      tag: 'route_cover',
      filename: 'big.png',
      size: String(6 * 1024 * 1024),
    })
    expect(res.status).toBe(422)
    const body = await json(res)
    expect(body.message).toBe('We encountered an issue uploading the file.')
    expect(body.errors.size[0]).toBe('The file is too large: at most 5 MB.')
  })

  it('a cover of the wrong ratio is refused and deleted', async () => {
    const out = await upload(admin, 'route_cover', 'wide.png', png(1600, 900))
    expect(out.status).toBe(422)
    expect(out.body.message).toBe('We encountered an issue uploading the file.')
    expect(out.body.errors.ratio[0]).toBe('A cover must be 19:11 or 11:11 (this one is 1600×900).')
    expect(await env.MEDIA.head(out.key!)).toBeNull()
  })

  it('a completion with wrong parts fails with the upload message and leaves no object or row', async () => {
    const start = await json(
      await send('POST', '/v1/file/upload', admin, { tag: 'audio', filename: 'x.mp3', size: '100' }),
    )
    const res = await send('POST', '/v1/file/upload/complete', admin, {
      key: start.upload.key,
      upload_id: start.upload.upload_id,
      parts: '1:bogus',
    })
    expect(res.status).toBe(422)
    expect((await json(res)).message).toBe('We encountered an issue uploading the file.')
    expect(await env.MEDIA.head(start.upload.key)).toBeNull()
  })

  it('a file is deleted with its object', async () => {
    const out = await upload(admin, 'audio', 'gone.mp3', mp3())
    const del = await send('DELETE', '/v1/file', admin, { id: String(out.body.file.id) })
    expect(del.status).toBe(200)
    expect(await env.MEDIA.head(out.key!)).toBeNull()
  })
})

describe('outside helpers, faked at fetch', () => {
  it('without keys: a translated "not configured" refusal', async () => {
    const post = await makePost()
    const res = await send('POST', '/v1/post/update_image_using_unsplash', admin, { id: String(post.id) }, 'es')
    expect(res.status).toBe(400)
    expect((await json(res)).message).toBe('Unsplash no está configurado en este servidor.')
    const ai = await send('GET', '/v1/ai/post/description', admin, { post_id: String(post.id) })
    expect(ai.status).toBe(400)
    expect((await json(ai)).message).toBe('AI is not configured on this server.')
  })

  it('with keys: Unsplash sets the cover (19:11 crop), AI answers its suggestion', async () => {
    const e = env as unknown as Record<string, string | undefined>
    e.UNSPLASH_ACCESS_KEY = 'test-unsplash'
    e.AI_API_KEY = 'test-ai'
    const real = globalThis.fetch
    const seen: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.startsWith('https://api.unsplash.com/')) {
        seen.push(`${url} ${new Headers(init?.headers).get('authorization')}`)
        return Response.json({ results: [{ urls: { raw: 'https://images.unsplash.com/photo-1?ixid=1' } }] })
      }
      if (url.startsWith('https://api.openai.com/')) {
        seen.push(`${url} ${new Headers(init?.headers).get('authorization')}`)
        return Response.json({ choices: [{ message: { content: ' Breathe slowly. ' } }] })
      }
      return real(input as RequestInfo, init)
    })
    try {
      const post = await makePost()
      const res = await send('POST', '/v1/post/update_image_using_unsplash', publisher, { id: String(post.id) })
      expect(res.status).toBe(200)
      expect((await json(res)).image_cover).toBe('https://images.unsplash.com/photo-1?ixid=1&w=1520&h=880&fit=crop')
      const ai = await send('GET', '/v1/ai/post/description', publisher, { post_id: String(post.id) })
      expect(ai.status).toBe(200)
      expect((await json(ai)).response).toBe('Breathe slowly.')
      expect(seen[0]).toContain('Client-ID test-unsplash')
      expect(seen[1]).toContain('Bearer test-ai')
      const bad = await send('GET', '/v1/ai/post/password', publisher, {})
      expect(bad.status).toBe(422)
      expect((await send('GET', '/v1/ai/post/constructor', publisher, {})).status).toBe(422)
    } finally {
      delete e.UNSPLASH_ACCESS_KEY
      delete e.AI_API_KEY
    }
  })
})

describe('events and the sitemap', () => {
  it('usage events filtered by event and page, and their CSV', async () => {
    const ev = await usageEvents()
    await givenRows(trackingEvents, { sessionId: 's2', event: 'other', page: '/routes', params: null })
    const list = await json(
      await send('GET', '/v1/admin/events', admin, { 'filters[event]': ev, 'filters[page]': '/routes' }),
    )
    expect(list.rows).toHaveLength(1)
    const csv = await json(await send('GET', '/v1/admin/events/export', admin, { event: ev }))
    expect(csv.rows).toBe(2)
    expect(csv.csv.split('\r\n')[0]).toBe('id,created_at,event,page,session_id,user_id,params')
    const bad = await send('GET', '/v1/admin/events', admin, { 'filters[from]': 'yesterday' })
    expect(bad.status).toBe(422)
  })

  it('regenerates the sitemap', async () => {
    const res = await send('POST', '/v1/admin/sitemap', admin)
    expect(res.status).toBe(200)
    expect((await json(res)).message).toMatch(/^Sitemap generated: \d+ addresses\.$/)
  })
})
