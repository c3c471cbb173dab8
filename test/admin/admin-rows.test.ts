// Issue 24 §2: each admin answer has its own typed row (contract/admin.rows.ts). Every list and
// write is answered here and parsed strictly with its row schema: a column the repo selects but
// the schema lacks (the browser would drop it), one the schema names but the select lost, or a
// value of another type fails this file.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Table } from 'drizzle-orm'
import type { z } from 'zod'
import {
  ADMIN_LIST_ROWS,
  adminFileRow,
  adminPropertyRow,
  adminUnitRow,
  adminUserRow,
  type AdminListName,
} from '#shared/contract/admin'
import { rowOf } from '#worker/db/rows'
import {
  auditLog,
  files,
  planAssignments,
  planRoutes,
  plans,
  posts,
  properties,
  routes,
  symptoms,
  trackingEvents,
  units,
  users,
} from '#worker/db/schema'
import { json } from '../helpers'
import { givenRows, makePost, makeRoute, makeSymptom, unique } from '../factories'
import { mp3, people, send, upload } from './support'

let admin: string
let patientId: number

const strict = (schema: z.ZodObject, value: unknown) => {
  const parsed = schema.strict().safeParse(value)
  if (!parsed.success) throw new Error(`${JSON.stringify(value)}\n${parsed.error.message}`)
  return parsed.data
}

const PATHS: Record<AdminListName, string> = {
  routes: '/v1/admin/routes',
  posts: '/v1/admin/posts',
  symptoms: '/v1/admin/symptoms',
  plans: '/v1/admin/plans',
  plan_routes: '/v1/admin/plan/routes',
  plan_users: '/v1/admin/plan/users',
  units: '/v1/admin/units',
  files: '/v1/admin/files',
  audit: '/v1/admin/audit',
  events: '/v1/admin/events',
}

beforeAll(async () => {
  const p = await people()
  admin = p.admin.token
  patientId = p.patient.id
  // At least one row in every list, with the optional columns both filled and empty.
  const route = await makeRoute({ units: 2 })
  await makeRoute({ units: 0 })
  await makePost()
  await makeSymptom()
  const plan = await json(
    await send('POST', '/v1/plan', admin, { language: 'es', slug: unique('plan').toLowerCase(), title: 'Plan' }),
  )
  await send('POST', '/v1/plan/route', admin, { plan_id: String(plan.plan.id), route_id: String(route.id) })
  await send('POST', '/v1/plan/assign', admin, { plan_id: String(plan.plan.id), user_id: String(patientId) })
  expect((await upload(admin, 'audio', 'calma.mp3', mp3(2048))).status).toBe(201)
  await givenRows(
    trackingEvents,
    { sessionId: 's1', userId: null, event: 'rows', page: '/routes', params: {} },
    { sessionId: 's2', userId: patientId, event: 'rows', page: null, params: null },
  )
})

describe('typed admin answers', () => {
  it.each(Object.keys(PATHS) as AdminListName[])('GET %s: every row is exactly its entity', async (name) => {
    const res = await send('GET', PATHS[name], admin, { per_page: '50' })
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.rows.length, name).toBeGreaterThan(0)
    for (const row of body.rows) strict(ADMIN_LIST_ROWS[name], row)
  })

  it('the writes answer a unit, its route, a person and a property exactly', async () => {
    const route = await makeRoute({ units: 0 })
    const unit = await json(await send('POST', '/v1/unit', admin, { route_id: String(route.id), title: 'Uno' }))
    strict(adminUnitRow, unit.unit)
    await send('POST', '/v1/unit', admin, { route_id: String(route.id), title: 'Dos' })
    const moved = await json(
      await send('POST', '/v1/unit/move', admin, { id: String(unit.unit.id), direction: 'down' }),
    )
    expect(moved.rows).toHaveLength(2)
    for (const row of moved.rows) strict(adminUnitRow, row)
    const user = await json(await send('POST', '/v1/admin/user', admin, { id: String(patientId), subscriber: '1' }))
    expect(strict(adminUserRow, user.user)).toMatchObject({ id: patientId, subscriber: 1 })
    const key = `rows_${Date.now().toString(36)}`
    const property = await json(await send('POST', '/v1/route/property', admin, { key, value: '1' }))
    strict(adminPropertyRow, property.property)
    const file = await upload(admin, 'audio', 'otra.mp3', mp3(1024))
    strict(adminFileRow, file.body.file)
  })
})

// Issue 33 §3: the tables are the one source of the admin's columns. The contract restates them
// (it is bundled into the browser, which must not carry drizzle: docs/decisions/044), so each
// column a row shares with its table must agree with the table: null where the table allows it,
// a number or a text as stored (times in lists travel as ISO text: only their null is compared).
const SOURCES: [z.ZodObject, string, Table, boolean][] = [
  [ADMIN_LIST_ROWS.routes, 'routes', routes, true],
  [ADMIN_LIST_ROWS.posts, 'posts', posts, true],
  [ADMIN_LIST_ROWS.symptoms, 'symptoms', symptoms, true],
  [ADMIN_LIST_ROWS.plans, 'plans', plans, true],
  [ADMIN_LIST_ROWS.plan_routes, 'planRoutes', planRoutes, true],
  [ADMIN_LIST_ROWS.plan_users, 'planAssignments', planAssignments, true],
  [ADMIN_LIST_ROWS.units, 'units', units, true],
  [ADMIN_LIST_ROWS.files, 'files', files, true],
  [ADMIN_LIST_ROWS.audit, 'auditLog', auditLog, true],
  [ADMIN_LIST_ROWS.events, 'trackingEvents', trackingEvents, true],
  [adminUnitRow, 'units', units, false],
  [adminUserRow, 'users', users, false],
  [adminPropertyRow, 'properties', properties, false],
]

describe('admin rows agree with the tables', () => {
  it.each(SOURCES.map(([row, table, t, list]) => [table, row, t, list] as const))('%s', (table, row, t, list) => {
    const derived = rowOf(t).shape as Record<string, z.ZodType>
    const shared = Object.keys(row.shape).filter((k) => k in derived)
    expect(shared.length).toBeGreaterThan(2)
    for (const k of shared) {
      const ours = row.shape[k] as z.ZodType
      const theirs = derived[k]!
      expect(ours.safeParse(null).success, `${table}.${k} null`).toBe(theirs.safeParse(null).success)
      if (list && k.endsWith('_at')) continue
      expect(ours.safeParse(1).success, `${table}.${k} number`).toBe(theirs.safeParse(1).success)
      expect(ours.safeParse('1').success, `${table}.${k} text`).toBe(theirs.safeParse('1').success)
    }
  })
})
