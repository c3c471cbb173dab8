// Two cancellations of one session at the same moment (found by the outside review of decision
// 084): only the batch that cancelled it pays its refund. A guest's cancel within 24 hours gives
// nothing back; a host's (or an admin's, or the leaving job's) landing beside it was refused 409
// but its batch still paid the guest in full, the refund asking only "cancelled, not yet refunded".
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AppointmentStatus, CancellationReason } from '#shared/enums'
import { getDb } from '#worker/db/client'
import * as repo from '#worker/features/appointments/appointments.repo'
import { LIVE } from '#worker/features/appointments/appointments.service'
import { givenCredits, makeAppointment } from '../factories'
import { balance, call, guest, host } from './support'

const HOUR = 3_600_000

/** A session `hoursAhead` from now, its 45 credits debited from the guest as a booking leaves them. */
async function bookedIn(guestId: number, hostId: number, hoursAhead: number) {
  const id = await makeAppointment(guestId, hostId, Date.now() + hoursAhead * HOUR, { priceCents: 4500 })
  await givenCredits(guestId, -4500, 'appointment_booking', `appointment:${id}`)
  return id
}

const cancelledBy = (id: number) =>
  env.DB.prepare('SELECT cancelled_by AS by FROM appointments WHERE id = ?1')
    .bind(id)
    .first<{ by: number | null }>()
    .then((r) => r!.by)

describe('of two cancellations at once, only the one that cancelled pays its refund', () => {
  it('a late guest cancel (nothing back) racing the host’s cancel: the guest is refunded only if the host’s won', async () => {
    const h = await host()
    const seen: string[] = []
    let paidByLoser = 0
    for (let i = 0; i < 12; i++) {
      const g = await guest()
      const id = await bookedIn(g.id, h.id, 6 + i / 60)
      const before = await balance(g.id)
      const form = { id: String(id), reason: String(CancellationReason.schedule_conflict) }
      const [byGuest, byHost] = await Promise.all([
        call(g.token, 'POST', '/v1/appointment/cancel', form),
        call(h.token, 'POST', '/v1/appointment/cancel', form),
      ])
      const back = (await balance(g.id)) - before
      const guestWon = (await cancelledBy(id)) === g.id
      seen.push(`${byGuest.res.status}/${byHost.res.status} ${guestWon ? 'guest' : 'host'} +${back}`)
      // One of them cancelled (200), the other was refused (409); what came back is the winner's rule.
      expect([byGuest.res.status, byHost.res.status].sort(), seen.join(' | ')).toEqual([200, 409])
      if (back !== (guestWon ? 0 : 4500)) paidByLoser++
    }
    expect(paidByLoser, seen.join(' | ')).toBe(0)
  })

  it('a cancel that read the session live but finds it cancelled by the guest at its write pays nothing', async () => {
    const h = await host()
    const g = await guest()
    const id = await bookedIn(g.id, h.id, 6)
    const before = await balance(g.id)
    const db = getDb(env.DB)
    const reason = { cancellationReason: CancellationReason.schedule_conflict, cancellationReasonText: null }
    // The guest's, within 24 hours: nothing back.
    const guestCancel = await repo.cancelBooking(
      db,
      id,
      LIVE,
      { ...reason, cancelledBy: g.id, now: Date.now() },
      {
        userId: g.id,
        cents: 0,
      },
    )
    expect(guestCancel.appointment?.status).toBe(AppointmentStatus.cancelled)
    // The host's, decided on the row as it was read before (live): all back, were it the one.
    const hostCancel = await repo.cancelBooking(
      db,
      id,
      LIVE,
      { ...reason, cancelledBy: h.id, now: Date.now() + 1 },
      {
        userId: g.id,
        cents: 4500,
      },
    )
    expect(hostCancel.appointment).toBeUndefined()
    expect(await balance(g.id)).toBe(before)
  })

  it('the leaving job’s cancel (a host leaving: all back) finding the guest’s late cancel made pays nothing', async () => {
    const h = await host()
    const g = await guest()
    const id = await bookedIn(g.id, h.id, 6)
    const before = await balance(g.id)
    const db = getDb(env.DB)
    const now = Date.now()
    await repo.cancelBooking(
      db,
      id,
      LIVE,
      {
        cancellationReason: CancellationReason.schedule_conflict,
        cancellationReasonText: null,
        cancelledBy: g.id,
        now,
      },
      { userId: g.id, cents: 0 },
    )
    // As leaving.service.ts cancelFor sends it, on the session it read live a moment before.
    const changed = await repo.transition(
      db,
      id,
      LIVE,
      {
        status: AppointmentStatus.cancelled,
        cancellationReason: null,
        cancellationReasonText: null,
        cancelledAt: new Date(now + 1),
        cancelledBy: null,
        updatedAt: new Date(now + 1),
      },
      { userId: g.id, cents: 4500, now: now + 1 },
    )
    expect(changed).toBe(false)
    expect(await balance(g.id)).toBe(before)
    expect(await cancelledBy(id)).toBe(g.id)
  })

  it('the leaving job’s cancel that did cancel still pays all back, once', async () => {
    const h = await host()
    const g = await guest()
    const id = await bookedIn(g.id, h.id, 6)
    const before = await balance(g.id)
    const db = getDb(env.DB)
    const now = Date.now()
    const set = {
      status: AppointmentStatus.cancelled,
      cancellationReason: null,
      cancellationReasonText: null,
      cancelledAt: new Date(now),
      cancelledBy: null,
      updatedAt: new Date(now),
    }
    expect(await repo.transition(db, id, LIVE, set, { userId: g.id, cents: 4500, now })).toBe(true)
    expect(await repo.transition(db, id, LIVE, set, { userId: g.id, cents: 4500, now })).toBe(false)
    expect((await balance(g.id)) - before).toBe(4500)
  })
})
