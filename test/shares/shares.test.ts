// Shared with my psychologist, only by choice (issue 44 §1, §2) through the Worker on the real D1:
// nothing by default, each box the person's, the session's own psychologist the only reader (and
// only of what is shared), each read a view the person sees, refusals for everyone else.
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { activeDays, completeUnits, given, givenRows, makeAppointment, makeRoute } from '../factories'
import { checkins, recommendationRoutes, recommendations, safetyPlans } from '#worker/db/schema'
import { bearer, register, setRole } from '../users/support'
import { api } from '../helpers'
import { DAY, call, pair, pastSession, psychologist, seeShared, share, viewCount } from './support'

const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10)

describe('what I share', () => {
  it('shares nothing by default: the psychologist is listed with every box off and reads nothing', async () => {
    const { person, host, session } = await pair()
    const list = await call(person.token, 'GET', '/v1/my/shares')
    expect(list.res.status).toBe(200)
    expect(list.body.shares).toEqual([
      expect.objectContaining({
        host_id: host.id,
        checkins: false,
        notes: false,
        practice: false,
        safety_plan: false,
        active: false,
        host_active: true,
      }),
    ])
    const read = await seeShared(host.token, session)
    expect(read.res.status).toBe(403)
    expect(await viewCount(person.id)).toBe(0)
  })

  it('shows the host only what is shared, never cached, and each answer is a view the person sees', async () => {
    const { person, host, session } = await pair()
    await givenRows(
      checkins,
      { userId: person.id, day: dayAgo(3), mood: 2, note: 'Hard day at work' },
      { userId: person.id, day: dayAgo(1), mood: 4, note: null },
    )
    const saved = await share(person.token, host.id, { checkins: '1', notes: '0', practice: '1' }, 'es')
    expect(saved.res.status).toBe(200)
    expect(saved.body.message).toBe('Guardado. Tu psicólogo ve solo lo que elegiste.')
    expect(saved.body.share).toMatchObject({
      checkins: true,
      notes: false,
      practice: true,
      safety_plan: false,
      active: true,
    })

    const read = await seeShared(host.token, session)
    expect(read.res.status).toBe(200)
    expect(read.res.headers.get('cache-control')).toBe('private, no-store')
    expect(read.body.checkins.days).toHaveLength(30)
    expect(read.body.checkins.days.filter((d: { mood: number | null }) => d.mood !== null)).toHaveLength(2)
    expect(read.body.notes).toBeNull()
    expect(read.body.safety_plan).toBeNull()
    expect(read.body.practice).toMatchObject({ units_completed: 0, days_active: 0, minutes_listened: 0 })
    expect(read.body.guest).toEqual({ id: person.id, name: 'Ana Pérez' })

    const views = await call(person.token, 'GET', '/v1/my/share/views')
    expect(views.res.status).toBe(200)
    expect(views.body.views).toEqual([
      expect.objectContaining({
        host_id: host.id,
        host_name: 'Dr Lucía Gómez',
        appointment_id: session,
        seen: ['checkins', 'practice'],
      }),
    ])
  })

  it('a HEAD is answered as the read is, but shows nothing and so is not a view', async () => {
    const { person, host, session } = await pair()
    await share(person.token, host.id, { checkins: '1' })
    const head = await api(`/v1/appointment/shared?id=${session}`, { method: 'HEAD', headers: bearer(host.token) })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(await viewCount(person.id)).toBe(0)
    expect((await seeShared(host.token, session)).res.status).toBe(200)
    expect(await viewCount(person.id)).toBe(1)
  })

  it('notes are shared separately from the moods', async () => {
    const { person, host, session } = await pair()
    await givenRows(checkins, { userId: person.id, day: dayAgo(2), mood: 3, note: 'Slept better' })
    await share(person.token, host.id, { notes: '1' })
    const read = await seeShared(host.token, session)
    expect(read.res.status).toBe(200)
    expect(read.body.checkins).toBeNull()
    expect(read.body.notes).toEqual([{ day: dayAgo(2), note: 'Slept better' }])
  })

  it('counts the practice from the end of the previous session with this psychologist', async () => {
    const { person, host, session } = await pair()
    await pastSession(person.id, host.id, 10)
    const route = await makeRoute({
      units: [
        { title: 'Uno', durationSeconds: 300 },
        { title: 'Dos', durationSeconds: 600 },
      ],
    })
    const other = await makeRoute({
      units: [
        { title: 'Uno', durationSeconds: 120 },
        { title: 'Dos', durationSeconds: 120 },
      ],
    })
    await completeUnits(
      person.id,
      route.units.map((u) => u.id),
      Date.now() - 2 * DAY,
    )
    // Before the last session: not counted.
    await completeUnits(person.id, [other.units[0]!.id], Date.now() - 20 * DAY)
    await activeDays(person.id, [dayAgo(2), dayAgo(1), dayAgo(15)])
    await share(person.token, host.id, { practice: '1' })
    const read = await seeShared(host.token, session)
    expect(read.res.status).toBe(200)
    expect(read.body.practice).toMatchObject({
      routes_completed: 1,
      units_completed: 2,
      minutes_listened: 15,
      days_active: 2,
      routes: [{ id: route.id, title: expect.any(String), slug: expect.any(String) }],
    })
    expect(Date.parse(read.body.practice.since)).toBeLessThan(Date.now() - 9 * DAY)
  })

  it('refuses every other reader: another psychologist, an admin, the person, a session that is not there', async () => {
    const { person, host, session } = await pair()
    await share(person.token, host.id, { checkins: '1', practice: '1', safety_plan: '1' })
    const other = await psychologist('Dr Other')
    const admin = await register({ name: 'Admin' })
    await setRole(admin.id, Role.admin)
    for (const token of [other.token, admin.token, person.token]) {
      const read = await seeShared(token, session, 'es')
      expect(read.res.status).toBe(403)
      expect(read.body.message).toBe('No se comparte nada contigo para esta sesión.')
    }
    expect((await seeShared(host.token, session + 10_000)).res.status).toBe(403)
    expect((await call(host.token, 'GET', '/v1/appointment/shared?id=abc')).res.status).toBe(422)
    expect((await call('', 'GET', `/v1/appointment/shared?id=${session}`)).res.status).toBe(401)
    expect(await viewCount(person.id)).toBe(0)
    // Another psychologist's own session with someone else gives nothing of this person either.
    const theirs = await makeAppointment(person.id, other.id, Date.now() + 3 * DAY)
    expect((await seeShared(other.token, theirs)).res.status).toBe(403)
  })

  it('a withdrawn share is refused on the very next read', async () => {
    const { person, host, session } = await pair()
    await share(person.token, host.id, { checkins: '1' })
    expect((await seeShared(host.token, session)).res.status).toBe(200)
    const withdrawn = await share(person.token, host.id, {})
    expect(withdrawn.res.status).toBe(200)
    expect(withdrawn.body.message).toBe('Withdrawn. From now on they see nothing you had shared.')
    expect(withdrawn.body.share.active).toBe(false)
    expect((await seeShared(host.token, session)).res.status).toBe(403)
    expect(await viewCount(person.id)).toBe(1)
  })

  it('only while the pair has a live session or one that ended in the last 14 days', async () => {
    const person = await register({ password: '' })
    const host = await psychologist()
    const old = await pastSession(person.id, host.id, 20)
    await share(person.token, host.id, { checkins: '1' })
    expect((await seeShared(host.token, old)).res.status).toBe(403)
    const recent = await pastSession(person.id, host.id, 5)
    expect((await seeShared(host.token, recent)).res.status).toBe(200)
  })

  it('ends by itself 90 days after the last session', async () => {
    const person = await register({ password: '' })
    const host = await psychologist()
    await pastSession(person.id, host.id, 91)
    const saved = await share(person.token, host.id, { checkins: '1' })
    expect(saved.res.status).toBe(200)
    expect(saved.body.share.active).toBe(false)
    expect(Date.parse(saved.body.share.ends_at)).toBeLessThan(Date.now())
    // A new session booked with them opens it again.
    const next = await makeAppointment(person.id, host.id, Date.now() + DAY)
    expect((await seeShared(host.token, next)).res.status).toBe(200)
  })

  it('shares only with a psychologist the person has a session with, in both languages', async () => {
    const person = await register({ password: '' })
    const stranger = await psychologist()
    const en = await share(person.token, stranger.id, { checkins: '1' })
    expect(en.res.status).toBe(422)
    expect(en.body.errors.host_id).toEqual(['You can share only with a psychologist you have a session with.'])
    const es = await share(person.token, stranger.id, { checkins: '1' }, 'es')
    expect(es.body.errors.host_id).toEqual(['Solo puedes compartir con un psicólogo con quien tienes una sesión.'])
    // A cancelled session is not a session had.
    await makeAppointment(person.id, stranger.id, Date.now() + DAY, { status: AppointmentStatus.cancelled })
    expect((await share(person.token, stranger.id, { checkins: '1' })).res.status).toBe(422)
    const bad = await call(person.token, 'POST', '/v1/my/share', { host_id: String(stranger.id), checkins: 'yes' })
    expect(bad.res.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['checkins'])
  })

  it('the agenda hint names only the people sharing with the caller', async () => {
    const { person, host } = await pair()
    const quiet = await pair()
    await share(person.token, host.id, { practice: '1' })
    expect((await call(host.token, 'GET', '/v1/appointment/sharers')).body.guest_ids).toEqual([person.id])
    expect((await call(quiet.host.token, 'GET', '/v1/appointment/sharers')).body.guest_ids).toEqual([])
    expect((await call(person.token, 'GET', '/v1/appointment/sharers')).body.guest_ids).toEqual([])
  })

  it('the safety plan only when shared; this psychologist’s recommendations, and which routes were done', async () => {
    const { person, host, session } = await pair()
    const before = await pastSession(person.id, host.id, 7)
    const other = await psychologist('Dr Other')
    const done = await makeRoute({ units: [{ title: 'Uno', durationSeconds: 300 }] })
    const notYet = await makeRoute({ units: [{ title: 'Uno', durationSeconds: 300 }] })
    await givenRows(safetyPlans, {
      userId: person.id,
      warningSigns: ['I stop sleeping'],
      coping: ['A walk'],
      distractions: [],
      people: [{ name: 'Marta', phone: '+34600000000' }],
      professionals: [],
      environment: [],
    })
    const mine = await makeAppointment(person.id, other.id, Date.now() - 20 * DAY, {
      status: AppointmentStatus.attended,
    })
    const rec = await given(recommendations, {
      appointmentId: before,
      hostId: host.id,
      userId: person.id,
      note: 'Try the breathing one',
    })
    await givenRows(
      recommendationRoutes,
      { recommendationId: rec, routeId: done.id, position: 0 },
      { recommendationId: rec, routeId: notYet.id, position: 1 },
    )
    await given(recommendations, { appointmentId: mine, hostId: other.id, userId: person.id, note: 'Not for Lucía' })
    await completeUnits(person.id, [done.units[0]!.id], Date.now() - DAY)

    await share(person.token, host.id, { practice: '1' })
    const without = await seeShared(host.token, session)
    expect(without.res.status).toBe(200)
    expect(without.body.safety_plan).toBeNull()
    expect(without.body.recommendations).toEqual([
      expect.objectContaining({
        appointment_id: before,
        note: 'Try the breathing one',
        routes: [expect.objectContaining({ id: done.id }), expect.objectContaining({ id: notYet.id })],
      }),
    ])
    expect(without.body.practice.recommended).toEqual([
      expect.objectContaining({ id: done.id, done: true }),
      expect.objectContaining({ id: notYet.id, done: false }),
    ])

    await share(person.token, host.id, { practice: '1', safety_plan: '1' })
    const withPlan = await seeShared(host.token, session)
    expect(withPlan.body.safety_plan).toMatchObject({
      warning_signs: ['I stop sleeping'],
      people: [{ name: 'Marta', phone: '+34600000000' }],
    })
    const views = await call(person.token, 'GET', '/v1/my/share/views')
    expect(views.body.views[0].seen).toEqual(['practice', 'safety_plan', 'recommendations'])
  })
})
