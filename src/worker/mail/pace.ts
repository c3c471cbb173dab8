// The provider's pace (Resend: at most `rate` requests a second per team; docs/decisions/040,
// 070 and 078): the turn each call takes, this isolate's own guard on what really leaves, and the
// wait before a failed message is tried again. Apart from provider.ts, which makes the calls.
import type { Env } from '#worker/env'

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve())

/** Resend's default: 2 requests a second per team (EMAIL_RATE_PER_SECOND when the team's limit was raised). */
export const DEFAULT_RATE = 2
/** The pace's row in rate_windows. */
export const PACE_KEY = 'mail:provider'
/**
 * What a turn keeps over the provider's own spacing (1000/rate ms): the provider counts arrivals
 * (at most `rate` in any second), and a call arrives a little after its turn (one D1 round, the
 * network), by a different little each time. Issue 43 §4 (docs/decisions/070): with the calls of a
 * batch side by side a turn is no longer late by the previous call's answer, so 15 ms is what is
 * kept; a 429 that jitter still draws costs one call and its Retry-After (a second), measured by
 * bench:scale beside the provider's floor. The same margin spaces this isolate's departures
 * (departureGuard): two calls apart are 1000 + 2 × the margin. 10 ms (was 15; decision 082): the
 * arrivals of a 10,000-mail run (bench/out/mail-calls.json, load 3.5) were 508–530 ms apart at 515,
 * two apart 1,024 ms at the closest, so the jitter took at most 6 of the 30 ms two calls kept;
 * 20 ms still keeps three times that, and 5 ms a call is 5.4 s of a 100,000-mail run.
 */
export const PACE_MARGIN_MS = 10
/**
 * How long before its turn a call makes its one D1 round (the hold check and the mark): more than
 * a loaded round takes, far less than a Retry-After (a second), so a 429 answered to the call
 * before this one is still seen.
 */
export const CHECK_AHEAD_MS = 150
/**
 * This isolate's own guard on what really leaves for the provider (issue 43 §4): the pace gives
 * turns, but a turn's timer can fire late on a busy isolate (a batch's bodies made, a block's mails
 * rendered) and the call after it on time, and the provider counts arrivals. So a call also leaves
 * no sooner than one pace (1000/rate + PACE_MARGIN_MS) after this isolate's last call, and
 * never during a 429's Retry-After. One pace, not "at most `rate` in a second" (decision 078):
 * that window let two calls ready together leave as a pair, the second of which reached the
 * provider behind the first, and the next pair's first then arrived less than a second after it
 * (bench:scale at 10,000 mails: calls in pairs ~1 s apart, 4–5 of 110 answered 429, each
 * costing its call and a second's hold). `wait(t)` answers how long a call ready at `t`
 * (Date.now()) waits, 0 when it may leave now (it is then counted as left); `hold(until)` is a
 * 429's Retry-After, seen at once by a call whose D1 check came before the hold was written (the
 * check is made CHECK_AHEAD_MS early).
 */
export function departureGuard(rate: number) {
  const spacing = Math.ceil(1000 / rate) + PACE_MARGIN_MS
  let last = -Infinity
  let held = 0
  return {
    wait(t: number) {
      const wait = Math.max(last + spacing - t, held - t)
      if (wait > 0) return wait
      last = t
      return 0
    },
    hold(until: number) {
      held = Math.max(held, until)
    },
  }
}
/** One guard per team rate this isolate calls at (one in production: EMAIL_RATE_PER_SECOND). */
const guards = new Map<number, ReturnType<typeof departureGuard>>()
export const guardFor = (rate: number) => {
  let g = guards.get(rate)
  if (!g) guards.set(rate, (g = departureGuard(rate)))
  return g
}
export async function leaveAtPace(rate: number) {
  const guard = guardFor(rate)
  for (let wait = guard.wait(Date.now()); wait > 0; wait = guard.wait(Date.now())) await sleep(wait)
}

/** Milliseconds between two provider calls: the team's requests a second, plus the margin above. */
export const rateOf = (env: Env) =>
  Number(env.EMAIL_RATE_PER_SECOND) > 0 ? Number(env.EMAIL_RATE_PER_SECOND) : DEFAULT_RATE
export const paceSpacing = (env: Env) => Math.ceil(1000 / rateOf(env)) + PACE_MARGIN_MS
/**
 * Seconds before the next try of a message tried `attempts` times, when the provider said no
 * Retry-After: 1 s after the first failure (the next second of the provider's window: most
 * failures are one call's, and a fixed 10 s idled the pace whenever the failed call was the last
 * one left, decision 078), then 10 s, 20 s, 40 s … at most 10 min, so an outage is not hammered.
 */
export const retryDelay = (attempts: number) => (attempts <= 1 ? 1 : Math.min(600, 10 * 2 ** (attempts - 2)))
