// The lock rules of a plan's routes (SPEC §4 "Plan route lock codes"), in one pure function over
// facts the repo gathered: each route's progress and last completion, the user's appointments by
// status, and now. No I/O, no clock: test/plans/locks.test.ts covers every code and boundary.
import { AppointmentStatus, type PlanLockCode } from '#shared/enums'

export interface LockSetting {
  /** Hours after the previous route's last completion before this route opens (0: none). */
  waitingTimeHours: number
  /** A booked (pending or confirmed) or attended appointment is needed. */
  needAppointment: boolean
  /** An attended appointment is needed. */
  needFinishedAppointment: boolean
}

export interface RouteFacts {
  /** 0-100: completed visible units / visible units. */
  percent: number
  /** The user's last unit completion in the route, or null. */
  lastCompletedAt: Date | null
  setting: LockSetting
}

/** How many of the user's appointments (as guest) are in each status. */
export type AppointmentCounts = Partial<Record<AppointmentStatus, number>>

export interface RouteLock {
  completed: boolean
  active: boolean
  locked: boolean
  nextToUnlock: boolean
  lockCode: PlanLockCode | null
  /** For waiting_time: milliseconds until the route opens; otherwise null. */
  waitMsLeft: number | null
}

const HOUR_MS = 60 * 60 * 1000

/**
 * - completed: progress 100 (never locked).
 * - The first route not completed is the frontier. It is active when its own conditions hold:
 *   the waiting time since the previous route's last completion has passed (`waiting_time`),
 *   an attended (or finished_by_overtime) appointment when needed (`need_finished_appointment`), a booked or attended one
 *   when needed (`need_appointment`). Otherwise it is locked with that code and next_to_unlock.
 * - The route after an active frontier is next_to_unlock, locked `route_not_completed`.
 * - Every later route not completed: locked `route_not_completed`.
 */
export function planLocks(routes: readonly RouteFacts[], appointments: AppointmentCounts, now: Date): RouteLock[] {
  const booked = (appointments[AppointmentStatus.pending] ?? 0) + (appointments[AppointmentStatus.confirmed] ?? 0)
  // A session that ran to its end without being closed (finished_by_overtime) took place too.
  const attended =
    (appointments[AppointmentStatus.attended] ?? 0) + (appointments[AppointmentStatus.finished_by_overtime] ?? 0)
  const out: RouteLock[] = []
  let frontier = -1
  let frontierActive = false
  routes.forEach((r, i) => {
    const completed = r.percent >= 100
    const base: RouteLock = {
      completed,
      active: false,
      locked: false,
      nextToUnlock: false,
      lockCode: null,
      waitMsLeft: null,
    }
    if (completed) return out.push(base)
    if (frontier === -1) {
      frontier = i
      const prev = i > 0 ? routes[i - 1]! : null
      let code: PlanLockCode | null = null
      let waitMsLeft: number | null = null
      const waitMs = r.setting.waitingTimeHours * HOUR_MS
      if (prev?.lastCompletedAt && waitMs > 0) {
        const left = prev.lastCompletedAt.getTime() + waitMs - now.getTime()
        if (left > 0) {
          code = 'waiting_time'
          waitMsLeft = left
        }
      }
      if (!code && r.setting.needFinishedAppointment && attended === 0) code = 'need_finished_appointment'
      if (!code && r.setting.needAppointment && booked + attended === 0) code = 'need_appointment'
      frontierActive = code === null
      return out.push(
        code ? { ...base, locked: true, nextToUnlock: true, lockCode: code, waitMsLeft } : { ...base, active: true },
      )
    }
    const next = frontierActive && i === frontier + 1
    return out.push({ ...base, locked: true, nextToUnlock: next, lockCode: 'route_not_completed' })
  })
  return out
}

/** The plan's progress: the mean of its routes' progress, floored (100 only when every route is). */
export function planProgress(routes: readonly { percent: number }[]): number {
  if (!routes.length) return 0
  return Math.floor(routes.reduce((s, r) => s + Math.min(100, Math.max(0, r.percent)), 0) / routes.length)
}
