// bench:scale's figures beside their floors (issue 43 §4; docs/decisions/063): mail against the
// provider's documented pace (its calls ÷ its requests a second: nothing can be faster) with the
// issue's bar at 10% above it; push against its bar (≤ 120 s for 100,000) with the CPU each side
// spent a push, read from /proc (the wall clock on a shared machine says more about the others'
// work than ours), and the load average beside each.
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

const TICKS = 100 // USER_HZ on Linux

/** utime + stime (ms) of `pid` and every process under it, in all and by process name (workerd, node). */
export function treeCpu(pid) {
  if (!pid || process.platform !== 'linux') return null
  const parentOf = new Map()
  const cpu = new Map()
  const nameOf = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parentOf.set(Number(name), Number(f[1]))
      cpu.set(Number(name), ((Number(f[11]) + Number(f[12])) * 1000) / TICKS)
      nameOf.set(Number(name), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))
    } catch {
      // gone meanwhile
    }
  }
  let total = 0
  const byName = {}
  for (const [p, ms] of cpu) {
    for (let q = p; q; q = parentOf.get(q) ?? 0) {
      if (q === pid) {
        total += ms
        byName[nameOf.get(p)] = (byName[nameOf.get(p)] ?? 0) + ms
        break
      }
      if (q === 1) break
    }
  }
  return { total, byName }
}

/** Start measuring the CPU of the server's tree and of this process (the fakes run here). */
export function cpuMeter(serverPid) {
  const server0 = treeCpu(serverPid)
  const self0 = process.cpuUsage()
  return () => {
    const server1 = treeCpu(serverPid)
    const self = process.cpuUsage(self0)
    const by = {}
    if (server0 && server1)
      for (const [name, ms] of Object.entries(server1.byName)) by[name] = Math.round(ms - (server0.byName[name] ?? 0))
    return {
      server_ms: server0 === null || server1 === null ? null : Math.round(server1.total - server0.total),
      server_by_process_ms: by,
      bench_ms: Math.round((self.user + self.system) / 1000),
    }
  }
}

const uptime = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')

/** Issue 43 §4's bar: 100,000 mails in 610 s (10% above its floor of 1,109 calls at 2 a second), scaled to `emails`. */
export const MAIL_BAR_S_PER_100K = 610

/**
 * The mail figure beside its floor: `calls` the provider received at `rate` a second. The bar is
 * the (610 s for 100,000, scaled): fixed, so a run that makes extra calls (429s) does not
 * raise it, as a bar of "10% above this run's calls" did; how far the run is from its own floor
 * is printed beside it (decision 078).
 */
export function mailFloor({ seconds, calls, rate = 2, emails }) {
  const floor = calls / rate
  const bar = (MAIL_BAR_S_PER_100K * emails) / 100_000
  const ok = seconds <= bar
  return {
    seconds: Number(seconds.toFixed(1)),
    floor_s: Number(floor.toFixed(1)),
    bar_s: Number(bar.toFixed(1)),
    of_floor: Number((floor / seconds).toFixed(2)),
    above_floor_pct: Number(((seconds / floor - 1) * 100).toFixed(1)),
    ok,
    line: `mail: ${emails.toLocaleString('en')} in ${seconds.toFixed(0)} s; the provider's floor ${calls} calls ÷ ${rate}/s = ${floor.toFixed(0)} s (${((seconds / floor - 1) * 100).toFixed(1)}% above it); bar ≤ ${bar.toFixed(0)} s (issue 43: 610 s for 100,000): ${ok ? 'met' : 'NOT met'}; load average ${uptime()}`,
  }
}

/**
 * Why the provider waited longer than its pace (1000/rate ms) before a call, from its own record
 * of the calls (decision 078): each gap's time beyond the pace is put on one cause.
 * - `margin`: under a further pace beyond (the turns' margin, a timer's jitter, one D1 round);
 * - `429_hold`: a call answered 429 in the second before (its Retry-After holds every sender);
 * - `retry_wait`: the call after the gap is a retry (its key was called before) and no fresh call
 *   was ready: the wait of a retry (a backoff, a Retry-After, a redelivery);
 * - `unanswered_in_flight`: a call that was never answered had left in the 8 s before, and nothing
 *   else was ready (the queue's batch waits for its slowest message);
 * - `idle`: none of these (nothing was ready: a queue batch's boundary, a claim, the blocks still
 *   writing mails).
 * Answers the sums (s) and the gaps of more than a second, each with its cause.
 */
export function mailGaps(calls, rate = 2) {
  const sorted = [...calls].sort((a, b) => a.at - b.at)
  const pace = 1000 / rate
  const seen = new Set()
  const by = { margin: 0, '429_hold': 0, retry_wait: 0, unanswered_in_flight: 0, idle: 0 }
  const long = []
  for (let i = 0; i < sorted.length; i++) {
    const c = sorted[i]
    const prev = sorted[i - 1]
    const retry = c.key !== null && seen.has(c.key)
    if (c.key !== null) seen.add(c.key)
    if (!prev) continue
    const beyond = c.at - prev.at - pace
    if (beyond <= 0) continue
    const before = (ms) => sorted.slice(Math.max(0, i - 40), i).filter((x) => x.at >= prev.at - ms)
    const cause =
      beyond < pace
        ? 'margin'
        : before(1000).some((x) => x.status === 429)
          ? '429_hold'
          : retry
            ? 'retry_wait'
            : before(8500).some((x) => x.fault === 'lost')
              ? 'unanswered_in_flight'
              : 'idle'
    by[cause] += beyond
    if (c.at - prev.at > 1000)
      long.push({
        at_s: Number((c.at / 1000).toFixed(1)),
        gap_ms: Math.round(c.at - prev.at),
        cause,
        next_is_retry: retry,
      })
  }
  return {
    beyond_pace_s: Object.fromEntries(Object.entries(by).map(([k, v]) => [k, Number((v / 1000).toFixed(1))])),
    gaps_over_1s: long,
  }
}

/** The push figure beside its bar (120 s for 100,000, scaled to `pushes`) and where the CPU went. */
export function pushFloor({ seconds, pushes, delivered, cpu }) {
  const bar = (120 * pushes) / 100_000
  const per = (ms) => (ms === null ? null : Number(((ms * 1000) / Math.max(1, delivered)).toFixed(0)))
  const server = per(cpu.server_ms)
  const bench = per(cpu.bench_ms)
  return {
    seconds: Number(seconds.toFixed(1)),
    bar_s: bar,
    ok: seconds <= bar && delivered === pushes,
    server_cpu_us_per_push: server,
    server_cpu_us_per_push_by_process: Object.fromEntries(
      Object.entries(cpu.server_by_process_ms ?? {}).map(([name, ms]) => [name, per(ms)]),
    ),
    fake_cpu_us_per_push: bench,
    line: `push: ${delivered.toLocaleString('en')} of ${pushes.toLocaleString('en')} in ${seconds.toFixed(0)} s (bar ≤ ${bar.toFixed(0)} s: ${seconds <= bar && delivered === pushes ? 'met' : 'NOT met'}); CPU a push: the server ${server ?? '?'} µs (${Object.entries(
      cpu.server_by_process_ms ?? {},
    )
      .map(([n, ms]) => `${n} ${per(ms)}`)
      .join(
        ', ',
      )}), the fake push service and the bench ${bench} µs; wall per push on 2 cores ${((seconds * 1e6) / Math.max(1, delivered)).toFixed(0)} µs; load average ${uptime()}`,
  }
}

/**
 * Where the mail run's time went, from the provider's own record of its calls (arrival times):
 * before the first call (the cron, the blocks writing the mails), the calls at the documented
 * pace (each call 1000/rate ms), the gaps longer than the pace (a sender waiting on something
 * else: a call that never answered, a retry's backoff, a 429's hold), and after the last call.
 * `calls`: the fake's calls ({ at, status, fault }); `start`, `end`: the run's ms on this clock.
 */
export function mailTimeline({ calls, start, end, rate = 2 }) {
  const at = calls.map((c) => c.at).sort((a, b) => a - b)
  if (!at.length) return null
  const pace = 1000 / rate
  const gaps = at.slice(1).map((t, i) => t - at[i])
  const sorted = [...gaps].sort((a, b) => a - b)
  const q = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0)
  const s = (ms) => Number((ms / 1000).toFixed(1))
  // Pairs closer than the window allows arrive only if the one before them was late: the spread
  // of arrivals two apart is what a 429 is made of (the window: at most `rate` in any second).
  const twoApart = at.slice(2).map((t, i) => t - at[i])
  return {
    before_first_call_s: s(at[0] - start),
    at_pace_s: s(gaps.length * pace),
    beyond_pace_s: s(gaps.reduce((n, g) => n + Math.max(0, g - pace), 0)),
    below_pace_s: s(gaps.reduce((n, g) => n + Math.max(0, pace - g), 0)),
    after_last_call_s: s(end - at[at.length - 1]),
    gap_ms: { p10: q(0.1), p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1) },
    gaps_over_2s: gaps.filter((g) => g > 2000).length,
    two_apart_under_1s: twoApart.filter((g) => g < 1000).length,
    by_status: calls.reduce(
      (m, c) => ({
        ...m,
        [c.fault !== 'none' ? c.fault : c.status]: (m[c.fault !== 'none' ? c.fault : c.status] ?? 0) + 1,
      }),
      {},
    ),
  }
}
