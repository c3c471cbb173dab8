// Decision 089, checked by an outside review: saving a share in one batch refuses exactly as before, in
// both languages, and writes nothing when it refuses.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { erase, register, setRole } from '../users/support'
import { pair, pastSession, psychologist, share } from './support'

const rowOf = (userId: number, hostId: number) =>
  env.DB.prepare('SELECT checkins, notes, practice, safety_plan FROM shares WHERE user_id = ?1 AND host_id = ?2')
    .bind(userId, hostId)
    .first()
const cancelAll = (userId: number, hostId: number) =>
  env.DB.prepare('UPDATE appointments SET status = ?1 WHERE guest_id = ?2 AND host_id = ?3')
    .bind(AppointmentStatus.cancelled, userId, hostId)
    .run()

describe('saving a share in one batch (decision 089, outside review): the refusals as before, nothing written', () => {
  it('a stranger: 422 host in es and en, no row; withdrawing from a stranger: 422 too', async () => {
    const person = await register({ password: '' })
    const stranger = await psychologist()
    const en = await share(person.token, stranger.id, { checkins: '1' })
    expect(en.res.status).toBe(422)
    expect(en.body.errors).toEqual({ host_id: [expect.any(String)] })
    const es = await share(person.token, stranger.id, { checkins: '1' }, 'es')
    expect(es.res.status).toBe(422)
    expect(es.body.errors.host_id[0]).not.toBe(en.body.errors.host_id[0])
    expect((await share(person.token, stranger.id, {})).res.status).toBe(422)
    expect(await rowOf(person.id, stranger.id)).toBeNull()
  })

  it('every session cancelled: sharing more refused (422), withdrawing allowed and written', async () => {
    const { person, host } = await pair()
    expect((await share(person.token, host.id, { checkins: '1' })).res.status).toBe(200)
    await cancelAll(person.id, host.id)
    const more = await share(person.token, host.id, { checkins: '1', notes: '1' })
    expect(more.res.status, JSON.stringify(more.body)).toBe(422)
    expect(await rowOf(person.id, host.id)).toEqual({ checkins: 1, notes: 0, practice: 0, safety_plan: 0 })
    const off = await share(person.token, host.id, {})
    expect(off.res.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body.share.checkins).toBe(false)
    expect(await rowOf(person.id, host.id)).toEqual({ checkins: 0, notes: 0, practice: 0, safety_plan: 0 })
  })

  it('cancelled-only sessions and no row yet: withdrawing is refused (no pair), nothing written', async () => {
    const { person, host } = await pair()
    await cancelAll(person.id, host.id)
    const off = await share(person.token, host.id, {})
    expect(off.res.status, JSON.stringify(off.body)).toBe(422)
    expect(await rowOf(person.id, host.id)).toBeNull()
  })

  it('the host left the role: host_left (es/en) with the field, nothing written; withdrawing allowed', async () => {
    const { person, host } = await pair()
    await pastSession(person.id, host.id, 3)
    expect((await share(person.token, host.id, { notes: '1' })).res.status).toBe(200)
    await setRole(host.id, Role.patient)
    const en = await share(person.token, host.id, { checkins: '1' })
    expect(en.res.status).toBe(422)
    expect(en.body.message).toBe('This psychologist no longer sees people at Calma.')
    expect(en.body.errors).toEqual({ host_id: ['This psychologist no longer sees people at Calma.'] })
    const es = await share(person.token, host.id, { checkins: '1' }, 'es')
    expect(es.body.message).toBe('Este psicólogo ya no atiende en Calma.')
    expect(await rowOf(person.id, host.id)).toEqual({ checkins: 0, notes: 1, practice: 0, safety_plan: 0 })
    const off = await share(person.token, host.id, {})
    expect(off.res.status).toBe(200)
    expect(await rowOf(person.id, host.id)).toEqual({ checkins: 0, notes: 0, practice: 0, safety_plan: 0 })
  })

  it('the host erased: sharing and withdrawing both refused (422), nothing written', async () => {
    const { person, host } = await pair()
    expect((await share(person.token, host.id, { notes: '1' })).res.status).toBe(200)
    expect((await erase(host.token)).status).toBe(200)
    expect((await share(person.token, host.id, { checkins: '1' })).res.status).toBe(422)
    expect((await share(person.token, host.id, {})).res.status).toBe(422)
    expect(await rowOf(person.id, host.id)).toBeNull()
  })

  it('an admin host still sees people: sharing with them is allowed', async () => {
    const { person, host } = await pair()
    await setRole(host.id, Role.admin)
    const r = await share(person.token, host.id, { practice: '1' })
    expect(r.res.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.share.active).toBe(true)
  })
})
