// Decision 089, found by an outside review: who may close, as before.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { setRole } from '../users/support'
import { call, guest, host, statusOf, tookPlace } from './support'

const close = (token: string, id: number) => call(token, 'POST', '/v1/appointment/close', { id: String(id) })

describe('decision 089 (outside review): sides of a close', () => {
  it('a psychologist who is the guest cannot close their own session (403); an admin who is the guest neither', async () => {
    const h = await host()
    const g = await host()
    const id = await tookPlace(g.id, h.id)
    expect((await close(g.token, id)).res.status).toBe(403)
    await setRole(g.id, Role.admin)
    expect((await close(g.token, id)).res.status).toBe(403)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
  })

  it('a patient in KV who is a psychologist in D1 only: refused as the patient KV says (403), nothing written', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    await setRole(h.id, Role.patient)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.psychologist, h.id).run()
    expect((await close(h.token, id)).res.status).toBe(403)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
  })

  it('an admin closes another host’s session in one round; a stranger psychologist gets 404; twice: 409', async () => {
    const h = await host()
    const other = await host()
    const boss = await host()
    await setRole(boss.id, Role.admin)
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    expect((await close(other.token, id)).res.status).toBe(404)
    const r = await close(boss.token, id)
    expect(r.res.status, JSON.stringify(r.body)).toBe(200)
    expect(await statusOf(id)).toBe(AppointmentStatus.attended)
    expect((await close(h.token, id)).res.status).toBe(409)
  })

  it('an admin demoted to publisher in D1 alone: 404 on another host’s session, nothing written', async () => {
    const h = await host()
    const boss = await host()
    await setRole(boss.id, Role.admin)
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.publisher, boss.id).run()
    expect((await close(boss.token, id)).res.status).toBe(404)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
  })
})
