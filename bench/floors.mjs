// bench:scale's figures beside their floors (issue 43 §4; docs/decisions/063): mail against the
// provider's documented pace (its calls ÷ its requests a second: nothing can be faster) with the
// issue's bar at 10% above it; push against its bar (≤ 120 s for 100,000) with the CPU each side
// spent a push, read from /proc (the wall clock on a shared machine says more about the others'
// work than ours), and the load average beside each.
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

const TICKS = 100 // USER_HZ on Linux

/** utime + stime (ms) of `pid` and every process under it. */
export function treeCpuMs(pid) {
  if (!pid || process.platform !== 'linux') return null
  const parentOf = new Map()
  const cpu = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parentOf.set(Number(name), Number(f[1]))
      cpu.set(Number(name), ((Number(f[11]) + Number(f[12])) * 1000) / TICKS)
    } catch {
      // gone meanwhile
    }
  }
  let total = 0
  for (const [p, ms] of cpu) {
    for (let q = p; q; q = parentOf.get(q) ?? 0) {
      if (q === pid) {
        total += ms
        break
      }
      if (q === 1) break
    }
  }
  return total
}

/** Start measuring the CPU of the server's tree and of this process (the fakes run here). */
export function cpuMeter(serverPid) {
  const server0 = treeCpuMs(serverPid)
  const self0 = process.cpuUsage()
  return () => {
    const server1 = treeCpuMs(serverPid)
    const self = process.cpuUsage(self0)
    return {
      server_ms: server0 === null || server1 === null ? null : Math.round(server1 - server0),
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
    fake_cpu_us_per_push: bench,
    line: `push: ${delivered.toLocaleString('en')} of ${pushes.toLocaleString('en')} in ${seconds.toFixed(0)} s (bar ≤ ${bar.toFixed(0)} s: ${seconds <= bar && delivered === pushes ? 'met' : 'NOT met'}); CPU a push: the Worker (workerd) ${server ?? '?'} µs, the fake push service and the bench ${bench} µs; wall per push on 2 cores ${((seconds * 1e6) / Math.max(1, delivered)).toFixed(0)} µs; load average ${uptime()}`,
  }
}
