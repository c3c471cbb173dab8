// Closing a session that took place in one batch (decision 087): the close, the guest's
// first-session reward and its notice are written by the very batch that closed it, never by a
// concurrent one that found it closed, and nothing is written when the caller or the close is
// refused.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, CancellationReason, Role } from '#shared/enums'
import { makeAppointment } from '../factories'
import { register, setRole } from '../users/support'
import { socket } from '../engagement/sockets'
import { balance, call, guest, host, statusOf, tookPlace } from './support'

const rewardsOf = async (userId: number) =>
  (
    await env.DB.prepare(
      'SELECT r.key, r.threshold FROM user_rewards ur JOIN rewards r ON r.id = ur.reward_id WHERE ur.user_id = ?1',
    )
      .bind(userId)
      .all<{ key: string; threshold: number }>()
  ).results
const noticesOf = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT locale, title, description FROM in_app_notifications WHERE user_id = ?1 AND type = 'reward'",
    )
      .bind(userId)
      .all<{ locale: string; title: string; description: string }>()
  ).results
const close = (token: string, id: number, status: number = AppointmentStatus.attended, locale = 'en') =>
  call(token, 'POST', '/v1/appointment/close', { id: String(id), status: String(status) }, locale)

describe('closing a session writes its reward in its own batch (decision 087)', () => {
  it('the same close sent 6 times at once: one close, one reward, one notice in the guest’s language, once on their socket', async () => {
    const h = await host()
    const g = await register({}, 'en')
    const id = await tookPlace(g.id, h.id)
    const live = await socket('/ws/notifications', { token: g.token })
    // The host asks in Spanish; the guest reads English.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => close(h.token, id, AppointmentStatus.attended, 'es')),
    )
    const statuses = answers.map((a) => a.res.status)
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([])
    const won = answers.find((a) => a.res.status === 200)!
    expect(won.body.appointment.status).toBe(AppointmentStatus.attended)
    expect(won.body.message).toBe('Cita cerrada.')
    for (const lost of answers.filter((a) => a.res.status === 409))
      expect(lost.body.message).toBe('Esta cita no se puede cerrar ahora.')
    expect(await statusOf(id)).toBe(AppointmentStatus.attended)
    expect(await rewardsOf(g.id)).toEqual([{ key: 'sessions_attended', threshold: 1 }])
    expect(await noticesOf(g.id)).toEqual([
      { locale: 'en', title: 'A new reward is yours', description: expect.stringContaining('first session') },
    ])
    expect(JSON.parse(await live.nth(1))).toMatchObject({
      type: 'notification',
      notification: { title: 'A new reward is yours' },
    })
    await new Promise((r) => setTimeout(r, 200))
    expect(live.received).toHaveLength(1)
    live.ws.close()
  })

  it('a Spanish-speaking guest’s reward is noted in Spanish, whatever the host asks in', async () => {
    const h = await host()
    const g = await register({}, 'es')
    const id = await tookPlace(g.id, h.id)
    expect((await close(h.token, id, AppointmentStatus.attended, 'en')).res.status).toBe(200)
    expect(await noticesOf(g.id)).toEqual([
      { locale: 'es', title: 'Tienes una nueva recompensa', description: expect.stringContaining('primera sesión') },
    ])
  })

  it('a close racing the host’s cancel of the same session: one wins; a close gives the reward and no refund, a cancel refunds and gives none', async () => {
    for (let round = 0; round < 6; round++) {
      const h = await host()
      const g = await guest(0)
      const id = await tookPlace(g.id, h.id)
      const [closed, cancelled] = await Promise.all([
        close(h.token, id),
        call(h.token, 'POST', '/v1/appointment/cancel', {
          id: String(id),
          reason: String(CancellationReason.schedule_conflict),
        }),
      ])
      expect([closed.res.status, cancelled.res.status].sort(), JSON.stringify([closed.body, cancelled.body])).toEqual([
        200, 409,
      ])
      if (closed.res.status === 200) {
        expect(await statusOf(id)).toBe(AppointmentStatus.attended)
        expect(await rewardsOf(g.id)).toHaveLength(1)
        expect(await noticesOf(g.id)).toHaveLength(1)
        expect(await balance(g.id)).toBe(0)
      } else {
        expect(await statusOf(id)).toBe(AppointmentStatus.cancelled)
        expect(await rewardsOf(g.id)).toEqual([])
        expect(await noticesOf(g.id)).toEqual([])
        expect(await balance(g.id)).toBe(4_500)
      }
    }
  })

  it('a host whose password D1 changed (session ended elsewhere) or whose role D1 removed closes nothing: 401, 403', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    // Written in D1 alone, as a change at another location is before KV carries it (decision 038).
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.patient, h.id).run()
    expect((await close(h.token, id)).res.status).toBe(403)
    await env.DB.prepare('UPDATE users SET role = ?1 WHERE id = ?2').bind(Role.psychologist, h.id).run()
    await env.DB.prepare("UPDATE users SET password_hash = 'changed-elsewhere' WHERE id = ?1").bind(h.id).run()
    expect((await close(h.token, id)).res.status).toBe(401)
    expect(await statusOf(id)).toBe(AppointmentStatus.confirmed)
    expect(await rewardsOf(g.id)).toEqual([])
    expect(await noticesOf(g.id)).toEqual([])
  })

  it('a refused close writes nothing and says why, translated: the guest 403, a stranger 404, not started or not confirmed 409', async () => {
    const h = await host()
    const g = await guest()
    const stranger = await register()
    const id = await tookPlace(g.id, h.id)
    expect((await close(g.token, id)).res.status).toBe(403)
    expect((await close(stranger.token, id)).res.status).toBe(404)
    const otherHost = await host()
    expect((await close(otherHost.token, id)).res.status).toBe(404)
    expect((await close(h.token, 999_999_999)).res.status).toBe(404)
    const coming = await tookPlace(g.id, h.id, { startAt: Date.now() + 86_400_000 })
    const early = await close(h.token, coming, AppointmentStatus.attended, 'es')
    expect(early.res.status).toBe(409)
    expect(early.body.message).toBe('Esta cita no se puede cerrar ahora.')
    const pending = await makeAppointment(g.id, h.id, Date.now() - 7_200_000)
    const notConfirmed = await close(h.token, pending)
    expect(notConfirmed.res.status).toBe(409)
    expect(notConfirmed.body.message).toBe('This appointment cannot be closed now.')
    const bad = await call(h.token, 'POST', '/v1/appointment/close', { id: String(id), status: '2' }, 'es')
    expect(bad.res.status).toBe(422)
    expect(bad.body.errors.status).toBeDefined()
    for (const a of [id, coming]) expect(await statusOf(a)).toBe(AppointmentStatus.confirmed)
    expect(await statusOf(pending)).toBe(AppointmentStatus.pending)
    expect(await rewardsOf(g.id)).toEqual([])
    expect(await noticesOf(g.id)).toEqual([])
  })

  it('a reward that cannot be written never fails the close: closed (200), and neither the reward nor its notice half-written', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    // The reward's notice refused by the database itself (a fault only a test plants).
    await env.DB.prepare(
      "CREATE TRIGGER no_reward_notices BEFORE INSERT ON in_app_notifications WHEN NEW.type = 'reward' BEGIN SELECT RAISE(ABORT, 'no reward notices'); END",
    ).run()
    try {
      const closed = await close(h.token, id)
      expect(closed.res.status, JSON.stringify(closed.body)).toBe(200)
      expect(closed.body.appointment.status).toBe(AppointmentStatus.attended)
    } finally {
      await env.DB.prepare('DROP TRIGGER no_reward_notices').run()
    }
    expect(await statusOf(id)).toBe(AppointmentStatus.attended)
    expect(await rewardsOf(g.id)).toEqual([])
    expect(await noticesOf(g.id)).toEqual([])
  })

  it('closed as run over (finished_by_overtime): closed, no reward; an admin may close any session', async () => {
    const h = await host()
    const g = await guest()
    const id = await tookPlace(g.id, h.id)
    const over = await close(h.token, id, AppointmentStatus.finished_by_overtime)
    expect(over.res.status).toBe(200)
    expect(over.body.appointment.status).toBe(AppointmentStatus.finished_by_overtime)
    expect(await rewardsOf(g.id)).toEqual([])
    const admin = await register()
    await setRole(admin.id, Role.admin)
    const other = await tookPlace(g.id, h.id, { startAt: Date.now() - 7_200_000 })
    const byAdmin = await close(admin.token, other)
    expect(byAdmin.res.status).toBe(200)
    expect(await rewardsOf(g.id)).toEqual([{ key: 'sessions_attended', threshold: 1 }])
  })
})
