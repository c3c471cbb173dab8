// Access harness (issue 14 §6): every call of the contract against the table of who may make
// it (./access.ts). For each call: a visitor is refused 401 without data (or, for public
// calls, served); the allowed caller is served; every role a role call does not name is
// refused 403; and a second user pointing the call at the first (every id field filled with
// the first user's id) is refused, or answered with their own data only, and nothing of the
// first user's changes. Run: npx vitest run test/harness
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call } from '#shared/contract/call'
import { CALLS } from '#shared/contract/index'
import { Role } from '#shared/enums'
import { api } from '../helpers'
import { ACCESS, isRoleClass, makeContent, ROLES_OF, type AccessWorld, type Content } from './access'
import { pathParamsOf, wireNamesOf } from './shape'
import {
  bearer,
  callKey,
  checkAnswer,
  DUMMY_TOKEN,
  leaks,
  needsCaptcha,
  newTotals,
  setRole,
  signUp,
  stateOf,
  type Envelope,
  type Person,
} from './world'

const totals = newTotals()
let checks = 0
const PASSWORD = 'Calm-and-steady-42'
let credentials: AccessWorld['credentials']
let content: Content

/** Make `call` as `who` (null: a visitor) with `input` (the query of a GET, the form otherwise). */
async function send(
  call: Call,
  who: Person | null,
  input: Record<string, string>,
  label: string,
): Promise<{ res: Response; body: Envelope }> {
  const headers: Record<string, string> = { 'cf-connecting-ip': '192.0.2.10' }
  if (who) Object.assign(headers, bearer(who.token))
  if (needsCaptcha(call)) headers['x-captcha-token'] = DUMMY_TOKEN
  const rest = { ...input }
  let path = `/v1${call.path}`
  for (const p of pathParamsOf(call.path)) {
    path = path.replace(`:${p}`, encodeURIComponent(rest[p] ?? '1'))
    delete rest[p]
  }
  const init: Parameters<typeof api>[1] = { method: call.method, locale: 'en', headers }
  if (call.method === 'GET') {
    const q = new URLSearchParams(rest).toString()
    if (q) path += `?${q}`
  } else {
    init.form = rest
  }
  totals.inputs++
  const res = await api(path, init)
  const body = await checkAnswer(res, `${callKey(call)} as ${label} ${JSON.stringify(input)}`, totals)
  if (res.status >= 400) totals.refusals++
  return { res, body }
}

/** A refusal that shows nothing: only the envelope's own fields. */
function expectBareRefusal(body: Envelope, what: string) {
  expect(
    Object.keys(body).filter((k) => !['success', 'code', 'message'].includes(k)),
    `${what}: a refusal carried data`,
  ).toEqual([])
}

/** Every field that could name a user (`id`, `user_id`, `*_user_id`, and such path parameters), set to `target`'s id. */
function aimAt(call: Call, target: Person): Record<string, string> {
  const out: Record<string, string> = { id: String(target.id), user_id: String(target.id) }
  for (const name of [...wireNamesOf(call.request), ...pathParamsOf(call.path)])
    if (/^(id|(\w+_)?user_id)$/.test(name)) out[name] = String(target.id)
  return out
}

const world = (caller: Person | null): AccessWorld => ({ caller, credentials, content })

/**
 * One person per role for every role call (63 calls × 7 roles signed up 441 people, a third of
 * this file's time): a role call's valid input never names its caller, and a holder whose
 * session a call ended would fail the next call loudly, not pass it.
 */
const holders = new Map<number, Person>()
async function holderOf(name: string, role: number): Promise<Person> {
  let p = holders.get(role)
  if (!p) {
    p = await signUp(`role-${name}`)
    await setRole(p.id, role)
    holders.set(role, p)
  }
  return p
}

beforeAll(async () => {
  const p = await signUp('credentials', { password: PASSWORD })
  credentials = { email: p.email, password: PASSWORD }
  content = await makeContent()
}, 30_000)

afterAll(() => {
  console.log(
    `[access harness] calls covered: ${totals.calls.size}/${CALLS.length}, requests: ${totals.inputs}, answers checked: ${totals.answers}, ` +
      `refusals checked: ${totals.refusals}, access assertions: ${checks}, 500s seen: ${totals.fiveHundreds}`,
  )
})

describe('access harness', () => {
  it('ACCESS has a row for every call of CALLS, and none for a call that is gone', () => {
    const inContract = CALLS.map(callKey).sort()
    const inTable = Object.keys(ACCESS).sort()
    expect(
      inContract.filter((k) => !inTable.includes(k)),
      'calls with no row in test/harness/access.ts ACCESS: add one',
    ).toEqual([])
    expect(
      inTable.filter((k) => !inContract.includes(k)),
      'rows of ACCESS for calls that are not in CALLS: remove them',
    ).toEqual([])
  })

  for (const call of CALLS) {
    const key = callKey(call)
    it(`${key} (${ACCESS[key]?.access ?? 'NO ROW IN ACCESS'})`, { timeout: 60_000 }, async () => {
      const row = ACCESS[key]
      expect(row, `${key} has no row in test/harness/access.ts ACCESS`).toBeDefined()
      if (!row) return
      totals.calls.add(key)

      // 1. A visitor.
      const visitor = await send(call, null, await row.valid(world(null)), 'visitor')
      if (row.access === 'public') {
        expect(visitor.res.status, `${key}: a visitor is served`).toBeLessThan(300)
      } else {
        expect(visitor.res.status, `${key}: a visitor is refused 401`).toBe(401)
        expect(visitor.body.code).toBe('unauthenticated')
        expectBareRefusal(visitor.body, `${key} visitor`)
      }
      checks++

      // 2. Signed links: none is 401 (above), a forged one 403, the real one is served.
      if (row.access === 'link-or-user') {
        expect(row.link, `${key}: a link-or-user row needs link()`).toBeDefined()
        const holder = await signUp('linkholder')
        const link = await row.link!(holder)
        const forged = await send(call, null, { ...link, signature: 'x'.repeat(43) }, 'visitor with a forged link')
        expect(forged.res.status, `${key}: a forged link is refused 403`).toBe(403)
        expectBareRefusal(forged.body, `${key} forged link`)
        const other = await signUp('linkother')
        const borrowed = await send(
          call,
          null,
          { ...link, user_id: String(other.id) },
          'visitor with another user’s link',
        )
        expect(borrowed.res.status, `${key}: a link works only for its own user`).toBe(403)
        const real = await send(call, null, link, 'visitor with the signed link')
        expect(real.res.status, `${key}: the signed link is served`).toBeLessThan(300)
        checks += 3
      }

      // 3. Roles: the named roles are served, every other role of SPEC §6 is refused 403.
      if (isRoleClass(row.access)) {
        const allowed: readonly number[] = ROLES_OF[row.access]
        for (const [name, role] of Object.entries(Role)) {
          const p = await holderOf(name, role)
          const { res, body } = await send(call, p, await row.valid(world(p)), `${name} (role ${role})`)
          if (allowed.includes(role)) {
            expect(res.status, `${key}: ${name} is served`).toBeLessThan(300)
          } else {
            expect(res.status, `${key}: ${name} (role ${role}) is refused 403`).toBe(403)
            expect(body.code).toBe('unauthorized')
            expectBareRefusal(body, `${key} as ${name}`)
          }
          checks++
        }
        return
      }

      // 4. A signed-in patient (or the row's selfRole) making the call for themselves is served.
      const self = await signUp('self')
      if (row.selfRole !== undefined) await setRole(self.id, row.selfRole)
      const mine = await send(call, self, await row.valid(world(self)), 'patient')
      expect(
        mine.res.status,
        `${key}: a signed-in patient is served (${JSON.stringify(mine.body).slice(0, 200)})`,
      ).toBeLessThan(300)
      checks++
      if (row.access === 'public' && !row.prepareFirst) return

      // 5. A second user pointing the call at the first (who has rows of their own): refused,
      //    or served their own data; either way nothing of the first user changes or shows.
      const first = await signUp('first')
      const second = await signUp('second')
      await row.prepareFirst?.(first, world(first))
      const before = await stateOf(first)
      const aimed = await send(
        call,
        second,
        { ...(await row.valid(world(second))), ...aimAt(call, first) },
        'a second user naming the first',
      )
      const refused = aimed.res.status >= 400
      if (row.owner === 'names-id' || row.access === 'link-or-user') {
        expect([401, 403, 404], `${key}: a second user naming the first is refused`).toContain(aimed.res.status)
      } else if (refused) {
        expect([401, 403, 404], `${key}: a refusal of a second user is 401/403/404`).toContain(aimed.res.status)
      } else {
        // By design always the caller: whatever id was sent, the answer is the second user's.
        const body = aimed.body as Record<string, any>
        if (body.user) expect(body.user.id, `${key}: the answer's user is the caller`).toBe(second.id)
        if (body.export?.user) expect(body.export.user.id, `${key}: the export is the caller's`).toBe(second.id)
      }
      if (refused) expectBareRefusal(aimed.body, `${key} second user`)
      expect(leaks(aimed.body, first), `${key}: the answer shows the first user`).toBeNull()
      expect(row.leak?.(aimed.body, world(second)) ?? null, `${key}: the answer shows the first user's data`).toBeNull()
      expect(await stateOf(first), `${key}: the first user's data changed`).toEqual(before)
      checks += 3
    })
  }
})
