// The closing job (docs/decisions/058): bounded per run, idempotent, and it leaves a session the
// host closed or reported alone; through the minute cron as Cloudflare runs it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, Role } from '#shared/enums'
import { makeAppointment, makeUser } from '../factories'
import { minuteCron } from '../helpers'

const HOUR = 3_600_000
const count = async (status: number, hostId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE status = ?1 AND host_id = ?2')
    .bind(status, hostId)
    .first<{ n: number }>())!.n
/** A run of the minute cron (never minute 30, when the hourly retention runs too). */
const cron = (at = Date.now()) => minuteCron(undefined, new Date(at).getUTCMinutes() === 30 ? at + 60_000 : at)

describe('the closing job', () => {
  it('closes at most 100 sessions a run, the oldest first; the next run takes the rest; a third changes nothing', async () => {
    const host = await makeUser({ role: Role.psychologist })
    const guest = await makeUser()
    const base = Date.now() - 30 * HOUR
    // 105 confirmed sessions that ended more than 6 hours ago (no credits: nothing to refund).
    for (let i = 0; i < 105; i++)
      await makeAppointment(guest.id, host.id, base + i * 60_000, {
        status: AppointmentStatus.confirmed,
        confirmedByGuestAt: new Date(base),
        confirmedByHostAt: new Date(base),
      })
    await cron()
    expect(await count(AppointmentStatus.attended, host.id)).toBe(100)
    expect(await count(AppointmentStatus.confirmed, host.id)).toBe(5)
    await cron(Date.now() + 60_000)
    expect(await count(AppointmentStatus.attended, host.id)).toBe(105)
    await cron(Date.now() + 120_000)
    expect(await count(AppointmentStatus.attended, host.id)).toBe(105)
  })

  it('leaves what the host closed as finished by overtime, and what ended less than 6 hours ago', async () => {
    const host = await makeUser({ role: Role.psychologist })
    const guest = await makeUser()
    const overtime = await makeAppointment(guest.id, host.id, Date.now() - 10 * HOUR, {
      status: AppointmentStatus.finished_by_overtime,
    })
    const recent = await makeAppointment(guest.id, host.id, Date.now() - 5 * HOUR, {
      status: AppointmentStatus.confirmed,
    })
    await cron()
    const statusOf = async (id: number) =>
      (await env.DB.prepare('SELECT status FROM appointments WHERE id = ?1').bind(id).first<{ status: number }>())!
        .status
    expect(await statusOf(overtime)).toBe(AppointmentStatus.finished_by_overtime)
    expect(await statusOf(recent)).toBe(AppointmentStatus.confirmed)
    // Six hours after its end (it ended 4 hours ago): closed.
    await cron(Date.now() + 2.5 * HOUR)
    expect(await statusOf(recent)).toBe(AppointmentStatus.attended)
  })
})
