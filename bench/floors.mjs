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

/** The mail figure beside its floor: `calls` the provider received at `rate` a second. */
export function mailFloor({ seconds, calls, rate = 2, emails }) {
  const floor = calls / rate
  const bar = floor * 1.1
  return {
    seconds: Number(seconds.toFixed(1)),
    floor_s: Number(floor.toFixed(1)),
    bar_s: Number(bar.toFixed(1)),
    of_floor: Number((floor / seconds).toFixed(2)),
    ok: seconds <= bar,
    line: `mail: ${emails.toLocaleString('en')} in ${seconds.toFixed(0)} s; the provider's floor ${calls} calls ÷ ${rate}/s = ${floor.toFixed(0)} s (we reach ${((floor / seconds) * 100).toFixed(0)}% of it; bar ≤ ${bar.toFixed(0)} s: ${seconds <= bar ? 'met' : 'NOT met'}); load average ${uptime()}`,
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
