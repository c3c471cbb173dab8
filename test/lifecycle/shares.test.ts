// The lifecycle table's shares and views cells (issue 44 §5; docs/LIFECYCLE.md "Shares and
// views", decision 067): every life event of the person or their psychologist reaches what the
// person shares and the record of who looked. Through the Worker, on the real D1.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { Role } from '#shared/enums'
import { makeAppointment } from '../factories'
import { bearer, changePassword, erase, register, saveRole, setRole } from '../users/support'
import { api } from '../helpers'
import { DAY, call, pair, seeShared, share, viewCount } from '../shares/support'

const countOf = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0

async function anAdmin() {
  const a = await register({ name: 'Admin' })
  await setRole(a.id, Role.admin)
  return a
}

/** A pair whose person shares check-ins and practice, and whose host has looked once. */
async function sharing() {
  const p = await pair()
  await share(p.person.token, p.host.id, { checkins: '1', practice: '1' })
  expect((await seeShared(p.host.token, p.session)).res.status).toBe(200)
  return p
}

describe('shares and views through life events', () => {
  it('[psychologist role removed × shares] the former psychologist sees nothing, at once', async () => {
    const { person, host, session } = await sharing()
    const admin = await anAdmin()
    expect((await saveRole(bearer(admin.token), host.id, Role.patient)).status).toBe(200)
    const read = await seeShared(host.token, session)
    expect(read.res.status).toBe(403)
    expect((await call(host.token, 'GET', '/v1/appointment/sharers')).body.guest_ids).toEqual([])
    // The person's card says so; their choices stay theirs.
    const mine = await call(person.token, 'GET', '/v1/my/shares')
    expect(mine.body.shares).toEqual([
      expect.objectContaining({ host_id: host.id, checkins: true, active: false, host_active: false }),
    ])
  })

  it('[psychologist role removed × views] the views already recorded stay for the person', async () => {
    const { person, host } = await sharing()
    const admin = await anAdmin()
    await saveRole(bearer(admin.token), host.id, Role.patient)
    const views = await call(person.token, 'GET', '/v1/my/share/views')
    expect(views.body.views).toHaveLength(1)
    expect(views.body.views[0].host_id).toBe(host.id)
  })

  it('[psychologist leaves (erasure) × shares] their shares are gone; the views stay, with no one attached', async () => {
    const { person, host } = await sharing()
    expect((await erase(host.token)).status).toBe(200)
    expect(await countOf('SELECT count(*) AS n FROM shares WHERE host_id = ?1', host.id)).toBe(0)
    const views = await call(person.token, 'GET', '/v1/my/share/views')
    expect(views.res.status).toBe(200)
    expect(views.body.views).toEqual([expect.objectContaining({ host_id: null, host_name: 'Dr Lucía Gómez' })])
  })

  it('[erasure of a patient × shares] every share of theirs is gone', async () => {
    const { person } = await sharing()
    expect((await erase(person.token)).status).toBe(200)
    expect(await countOf('SELECT count(*) AS n FROM shares WHERE user_id = ?1', person.id)).toBe(0)
  })

  it('[erasure of a patient × views] the record of who looked goes with them', async () => {
    const { person } = await sharing()
    expect(await viewCount(person.id)).toBe(1)
    const admin = await anAdmin()
    expect((await erase(admin.token, person.id)).status).toBe(200)
    expect(await viewCount(person.id)).toBe(0)
  })

  it('[share withdrawn × every cache] the next read is refused; no answer could have been kept', async () => {
    const { person, host, session } = await pair()
    await share(person.token, host.id, { checkins: '1' })
    const before = await seeShared(host.token, session)
    // Neither a shared cache nor the browser keeps it, and the service worker never stores /v1.
    expect(before.res.headers.get('cache-control')).toBe('private, no-store')
    // The worker's build defines SW_VERSION; its rule of what is never stored needs none.
    ;(globalThis as { SW_VERSION?: string }).SW_VERSION ??= 'test'
    const { NEVER } = await import('../../src/sw/cache-names')
    expect(NEVER.test('/v1/appointment/shared')).toBe(true)
    await share(person.token, host.id, { checkins: '0' })
    expect((await seeShared(host.token, session)).res.status).toBe(403)
    // The same psychologist's other session with the person is refused too.
    const next = await makeAppointment(person.id, host.id, Date.now() + 5 * DAY)
    expect((await seeShared(host.token, next)).res.status).toBe(403)
  })

  it('[sign-out × shares] kept: the person signing out withdraws nothing', async () => {
    const { person, host, session } = await sharing()
    expect((await api('/v1/user/logout', { method: 'POST', headers: bearer(person.token) })).status).toBeLessThan(300)
    expect((await seeShared(host.token, session)).res.status).toBe(200)
  })

  it('[password change × shares] kept: a new password changes nothing shared', async () => {
    const p = await pair()
    const person = await register({ name: 'Ana' })
    await makeAppointment(person.id, p.host.id, Date.now() + DAY)
    await share(person.token, p.host.id, { notes: '1' })
    expect((await changePassword(person.token, 'Another-calm-password-7')).status).toBe(200)
    expect(await countOf('SELECT count(*) AS n FROM shares WHERE user_id = ?1 AND notes = 1', person.id)).toBe(1)
  })

  it('[time passes × shares] 90 days after the last session the share ends by itself, with no job', async () => {
    const person = await register({ password: '' })
    const { host } = await pair()
    const old = await makeAppointment(person.id, host.id, Date.now() - 91 * DAY, { status: 8 })
    await share(person.token, host.id, { checkins: '1' })
    expect((await seeShared(host.token, old)).res.status).toBe(403)
    const mine = await call(person.token, 'GET', '/v1/my/shares')
    expect(mine.body.shares[0]).toMatchObject({ checkins: true, active: false })
  })
})
