// The plan route lock rules (SPEC §4), as a pure function: every code and the waiting-time boundary.
import { describe, expect, it } from 'vitest'
import { AppointmentStatus } from '#shared/enums'
import { planLocks, planProgress, type LockSetting, type RouteFacts } from '#worker/features/plans/locks'

const NONE: LockSetting = { waitingTimeHours: 0, needAppointment: false, needFinishedAppointment: false }
const HOUR = 3_600_000
const now = new Date('2026-01-10T12:00:00Z')
const r = (
  percent: number,
  setting: Partial<LockSetting> = {},
  lastCompletedAt: Date | null = percent >= 100 ? new Date(now.getTime() - 10 * HOUR) : null,
): RouteFacts => ({
  percent,
  lastCompletedAt,
  setting: { ...NONE, ...setting },
})

describe('planLocks', () => {
  it('completed, active, next to unlock and locked (route_not_completed)', () => {
    const out = planLocks([r(100), r(40), r(0), r(0)], {}, now)
    expect(out.map((l) => [l.completed, l.active, l.nextToUnlock, l.locked, l.lockCode])).toEqual([
      [true, false, false, false, null],
      [false, true, false, false, null],
      [false, false, true, true, 'route_not_completed'],
      [false, false, false, true, 'route_not_completed'],
    ])
  })

  it('the first route is active when nothing is done; every route completed leaves none active', () => {
    expect(planLocks([r(0), r(0)], {}, now).map((l) => l.active)).toEqual([true, false])
    expect(planLocks([r(100), r(100)], {}, now).every((l) => l.completed && !l.locked && !l.active)).toBe(true)
    expect(planLocks([], {}, now)).toEqual([])
  })

  it('waiting_time: locked one second before the wait ends, open one second after', () => {
    const done = new Date(now.getTime() - 2 * HOUR)
    const before = planLocks([r(100, {}, new Date(done.getTime() + 1000)), r(0, { waitingTimeHours: 2 })], {}, now)[1]!
    expect(before).toMatchObject({
      locked: true,
      active: false,
      nextToUnlock: true,
      lockCode: 'waiting_time',
      waitMsLeft: 1000,
    })
    const after = planLocks([r(100, {}, new Date(done.getTime() - 1000)), r(0, { waitingTimeHours: 2 })], {}, now)[1]!
    expect(after).toMatchObject({ locked: false, active: true, lockCode: null, waitMsLeft: null })
    const exactly = planLocks([r(100, {}, done), r(0, { waitingTimeHours: 2 })], {}, now)[1]!
    expect(exactly.active).toBe(true)
  })

  it('while the frontier waits, the route after it is locked but not next to unlock', () => {
    const out = planLocks([r(100, {}, now), r(0, { waitingTimeHours: 1 }), r(0)], {}, now)
    expect(out[1]).toMatchObject({ lockCode: 'waiting_time', nextToUnlock: true, waitMsLeft: HOUR })
    expect(out[2]).toMatchObject({ lockCode: 'route_not_completed', nextToUnlock: false, locked: true })
  })

  it('need_appointment: a pending, confirmed or attended appointment opens it; a cancelled one does not', () => {
    const routes = [r(100), r(0, { needAppointment: true })]
    expect(planLocks(routes, {}, now)[1]).toMatchObject({
      locked: true,
      nextToUnlock: true,
      lockCode: 'need_appointment',
    })
    expect(planLocks(routes, { [AppointmentStatus.cancelled]: 3 }, now)[1]!.lockCode).toBe('need_appointment')
    for (const s of [AppointmentStatus.pending, AppointmentStatus.confirmed, AppointmentStatus.attended]) {
      expect(planLocks(routes, { [s]: 1 }, now)[1]).toMatchObject({ active: true, locked: false, lockCode: null })
    }
  })

  it('need_finished_appointment: only an attended (or finished_by_overtime) appointment opens it', () => {
    const routes = [r(100), r(0, { needFinishedAppointment: true })]
    expect(planLocks(routes, { [AppointmentStatus.confirmed]: 1 }, now)[1]!.lockCode).toBe('need_finished_appointment')
    expect(planLocks(routes, { [AppointmentStatus.attended]: 1 }, now)[1]!.active).toBe(true)
    expect(planLocks(routes, { [AppointmentStatus.finished_by_overtime]: 1 }, now)[1]!.active).toBe(true)
  })

  it('the waiting time is checked before the appointments', () => {
    const out = planLocks([r(100, {}, now), r(0, { waitingTimeHours: 1, needFinishedAppointment: true })], {}, now)
    expect(out[1]!.lockCode).toBe('waiting_time')
  })

  it('plan progress is the floored mean: 100 only when every route is', () => {
    expect(planProgress([])).toBe(0)
    expect(planProgress([{ percent: 100 }, { percent: 99 }])).toBe(99)
    expect(planProgress([{ percent: 100 }, { percent: 100 }])).toBe(100)
  })
})
