// The safety plan on this device (issue 44 §4): kept here first, so it opens with no account and
// no network (the /help page is in the service worker's shell). In the account too when the
// person chooses; the later edit wins by its instant (decision 068).
import { emptySafetyPlan, type SafetyPlanSteps } from '#shared/safety'

const KEY = 'calma.safety_plan'

export interface DevicePlan {
  steps: SafetyPlanSteps
  /** When it was last edited (ms), on this device or the account's copy it came from. */
  updatedAt: number
  /** Keep it in the account too (the person's choice, on this device). */
  keep: boolean
  /** The account it was last in step with: another account signed in here does not see or send it. */
  owner: number | null
  /** An edit the account has not received yet (made offline, or the call failed). */
  pending: boolean
}

/** Whether this device keeps a plan: /help then starts React at once, to show it without a touch. */
export function hasDevicePlan(): boolean {
  try {
    return localStorage.getItem(KEY) !== null
  } catch {
    return false
  }
}

export function readDevicePlan(): DevicePlan | null {
  try {
    const raw = localStorage.getItem(KEY)
    if (!raw) return null
    const p = JSON.parse(raw) as Partial<DevicePlan>
    if (!p.steps || typeof p.updatedAt !== 'number') return null
    return {
      steps: { ...emptySafetyPlan(), ...p.steps },
      updatedAt: p.updatedAt,
      keep: p.keep !== false,
      owner: typeof p.owner === 'number' ? p.owner : null,
      pending: p.pending === true,
    }
  } catch {
    return null // storage blocked (a private window's settings) or a damaged copy: start afresh
  }
}

export function writeDevicePlan(plan: DevicePlan): boolean {
  try {
    localStorage.setItem(KEY, JSON.stringify(plan))
    return true
  } catch {
    return false
  }
}

/** Forgets this device's copy: the account it belonged to was erased. */
export function forgetDevicePlan() {
  try {
    localStorage.removeItem(KEY)
  } catch {
    /* nothing kept */
  }
}
