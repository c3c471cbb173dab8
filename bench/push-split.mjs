// Where one push's CPU goes on the workerd thread, by side (issue 43 §4, docs/decisions/083):
//
//   node bench/push-split.mjs [pushes a round, 4000] [rounds, 3]
//
// bench:scale measures the whole workerd process a push; locally that one thread also runs
// Miniflare's outbound interceptor (a Worker in front of every outgoing fetch, which production
// does not have) and the fake push service (a push service runs on its own machines). Here the
// same Worker code makes and sends pushes in four ways, in one workerd (bench/push-split.worker.mjs),
// interleaved for `rounds` rounds, and the CPU of workerd a push is read from /proc for each:
//   build  the request made: RFC 8291 encryption and the VAPID header (ours)
//   sink   a made request sent by a service binding to a Worker that reads it and answers 201
//          (ours: the request leaving and its answer, plus a Worker receiving it)
//   fake   the same to the fake push service (+ its checks: the VAPID JWT, headers, RFC 8188 header)
//   out    the same by the global fetch, through Miniflare's interceptor to the fake (bench:scale's path)
// Differences: the fake's checks = fake − sink; the interceptor = out − fake. The rest of a push in
// bench:scale (D1, the queue, the consumer's JS) = its workerd figure − build − out.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare'
import { treeCpu } from './floors.mjs'
import { ROOT } from '../scripts/lib/server.mjs'

const N = Number(process.argv[2]) || 4000
const ROUNDS = Number(process.argv[3]) || 3
const bundle = path.join(ROOT, '.tmp', 'push-split.worker.js')
await build({
  entryPoints: [path.join(ROOT, 'bench/push-split.worker.mjs')],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  outfile: bundle,
  logLevel: 'warning',
})
const { tsImport } = await import('tsx/esm/api')
const { browserSubscription } = await tsImport('../test/push/fake-push-service.ts', import.meta.url)
const vars = parseEnv(readFileSync(path.join(ROOT, 'config/local.vars'), 'utf8'))
const origin = 'https://push.fake.example'
const sub = await browserSubscription(`${origin}/wpush/v2/split`)
const { d } = await crypto.subtle.exportKey('jwk', sub.privateKey)
const SPLIT = JSON.stringify({
  origin,
  d,
  vapid: { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY, subject: vars.VAPID_SUBJECT },
  device: { endpoint: sub.endpoint, ...sub.keys },
})
const worker = (name, extra = {}) => ({
  name,
  modules: [{ type: 'ESModule', path: bundle }],
  compatibilityDate: '2025-01-01',
  bindings: { ROLE: name, SPLIT },
  ...extra,
})
const mf = new Miniflare(
  convertV4MiniflareOptions({
    log: new Log(LogLevel.WARN),
    workers: [
      worker('app', { serviceBindings: { SINK: 'sink', FAKE: 'fake' }, outboundService: 'fake' }),
      worker('fake'),
      worker('sink'),
    ],
  }),
)
await mf.ready

const ways = ['build', 'sink', 'fake', 'out']
const samples = Object.fromEntries(ways.map((w) => [w, []]))
const workerdMs = () => treeCpu(process.pid)?.byName.workerd ?? NaN
for (const w of ways) await (await mf.dispatchFetch(`http://split/${w}?n=300`)).text() // warm up
const load0 = os.loadavg()
for (let r = 0; r < ROUNDS; r++)
  for (const w of ways) {
    const c0 = workerdMs()
    const ok = Number(await (await mf.dispatchFetch(`http://split/${w}?n=${N}`)).text())
    if (ok !== N) throw new Error(`${w}: ${ok} of ${N} answered 201`)
    samples[w].push(((workerdMs() - c0) * 1000) / N)
  }
await mf.dispose()
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const us = Object.fromEntries(ways.map((w) => [w, Math.round(median(samples[w]))]))
const result = {
  pushes_a_round: N,
  rounds: ROUNDS,
  workerd_us_a_push: us,
  samples_us: Object.fromEntries(ways.map((w) => [w, samples[w].map(Math.round)])),
  ours_build_us: us.build,
  ours_send_and_a_worker_receiving_us: us.sink,
  fake_checks_us: us.fake - us.sink,
  miniflare_interceptor_us: us.out - us.fake,
  load_average: [load0, os.loadavg()].map((l) => l.map((x) => x.toFixed(2)).join(' ')),
}
console.log(JSON.stringify(result, null, 2))
