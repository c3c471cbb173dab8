/**
 * The built Worker in workerd through Miniflare itself, without `wrangler dev`'s dev proxy
 * (scripts/lib/server.mjs `startServer({ direct: true })`; the e2e suite's server).
 *
 *   node scripts/lib/direct-server.mjs <persistDir> <port> [vars as JSON]
 *
 * `wrangler dev` runs two workerd processes: one holding its ProxyWorker (live reload, request
 * buffering while it rebuilds) and one holding the Worker; every request crosses both. Measured
 * on the 2-core machine (interleaved 2 s rounds, 16 connections, one seeded state), the trivial
 * `/v1` call answered ~780 req/s through wrangler dev and ~1,380 here: the proxy's hop cost about
 * 45% of the CPU of a small request. Production has no such proxy. What runs is the same: the
 * Worker and assets vite built (dist/calma/wrangler.json, which is what wrangler dev serves), its
 * bindings, queues, Durable Objects and cron handler read from that config by wrangler's own
 * `unstable_getMiniflareWorkerOptions`, and the state under `<persistDir>/v3` in wrangler's layout.
 * `npm start` keeps `wrangler dev` (a developer wants its live reload and its logs).
 * Prints `ready <url>` once it answers; SIGTERM disposes it.
 * CALMA_REDIRECTS (JSON, host → origin): the Worker's outgoing fetches to those hosts go to a local
 * fake instead (the scale bench's push service: the push library sends only to https endpoints,
 * and production's endpoints are the push services' https hosts). Other fetches go out unchanged.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'
import { ROOT } from './server.mjs'

const [persistDir, port, varsJson] = process.argv.slice(2)
if (!persistDir || !port) {
  console.error('usage: node scripts/lib/direct-server.mjs <persistDir> <port> [vars as JSON]')
  process.exit(2)
}

// CALMA_DIST: another copy of the build (an e2e lane's own, so a journey that rewrites its sw.js
// to play a deploy changes only its lane's server; e2e/run.mjs).
const config = path.join(
  process.env.CALMA_DIST ? path.resolve(process.env.CALMA_DIST) : path.join(ROOT, 'dist'),
  'calma/wrangler.json',
)
const { workerOptions, main } = unstable_getMiniflareWorkerOptions(config)
// Miniflare 5 takes the Worker's modules as a list (its v4 `modulesRules` discovery is gone):
// the entry first, then every chunk vite wrote beside it (lazy imports).
const dist = path.dirname(main)
const chunks = readdirSync(dist, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js') && path.join(dist, f) !== main)
delete workerOptions.modulesRules

// The settings of local runs, as wrangler dev gets them (server.mjs envFileArgs): config/local.vars,
// then the developer's .dev.vars, then this run's own.
const files = [path.join(ROOT, 'config/local.vars'), path.join(ROOT, '.dev.vars')]
const vars = {}
for (const f of files) {
  try {
    Object.assign(vars, parseEnv(readFileSync(f, 'utf8')))
  } catch {
    // .dev.vars is optional
  }
}
Object.assign(vars, varsJson ? JSON.parse(varsJson) : {})

const redirects = JSON.parse(process.env.CALMA_REDIRECTS || '{}')
/**
 * The Worker's outbound hook, as a second Worker in the same workerd: a redirected host's request
 * goes to its fake, the rest as they are. It was a function in this Node process; then every
 * outgoing fetch (each push, each mail call) crossed workerd → Node → the fake and back, and at
 * 5,000 pushes that hop was most of the server's CPU (issue 43 §4, docs/decisions/070).
 */
const ownOutbound = process.env.CALMA_OUTBOUND_WORKER
const outboundWorker = ownOutbound
  ? /**
     * CALMA_OUTBOUND_WORKER (an ES module's path), its vars in CALMA_OUTBOUND_VARS (JSON): the
     * outbound service is that Worker (the scale bench's push service itself, so a push crosses
     * no more Workers and no socket: bench/push-service.worker.mjs, decision 074). Requests to the
     * hosts of CALMA_OUTBOUND_ROUTES (JSON list) reach it from outside too (the bench reads its counts).
     */
    {
      name: 'calma-outbound',
      modules: [{ type: 'ESModule', path: path.resolve(ownOutbound) }],
      compatibilityDate: '2025-01-01',
      bindings: JSON.parse(process.env.CALMA_OUTBOUND_VARS || '{}'),
      routes: JSON.parse(process.env.CALMA_OUTBOUND_ROUTES || '[]'),
    }
  : {
      name: 'calma-outbound',
      modules: true,
      compatibilityDate: '2025-01-01',
      script: `const redirects = ${JSON.stringify(redirects)}
export default {
  async fetch(request) {
    const url = new URL(request.url)
    const to = redirects[url.host]
    if (!to) return fetch(request)
    return fetch(new Request(new URL(url.pathname + url.search, to), request))
  },
}`,
    }

const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: Number(port),
    resourcePersistencePath: path.resolve(persistDir, 'v3'),
    // /__scheduled?cron=<expr> runs a cron job (the e2e's engagement journeys use it).
    unsafeTriggerHandlers: true,
    log: new Log(LogLevel.WARN),
    logRequests: false,
    workers: [
      {
        ...workerOptions,
        name: 'calma',
        modules: [main, ...chunks.map((f) => path.join(dist, f))].map((p) => ({ type: 'ESModule', path: p })),
        modulesRoot: dist,
        bindings: { ...workerOptions.bindings, ...vars },
        ...(ownOutbound || Object.keys(redirects).length ? { outboundService: outboundWorker.name } : {}),
        // CALMA_STRIP_CF_CONNECTING_IP=0 (bench:scale with SCALE_MINIFLARE_STRIP=0): Miniflare's
        // outbound interceptor, a Worker in front of every outgoing fetch on the same thread, then
        // forwards each request as it is instead of copying its headers to drop CF-Connecting-IP
        // and add CF-Worker. The Worker's own fetches (a push, a mail call) are made fresh and never
        // carry CF-Connecting-IP, so the copy changes nothing they send; measured at 23-95 us of
        // the thread a push (issue 43 §4, docs/decisions/085). Unset: Miniflare's default.
        ...(process.env.CALMA_STRIP_CF_CONNECTING_IP === '0' ? { stripCfConnectingIp: false } : {}),
      },
      ...(ownOutbound || Object.keys(redirects).length ? [outboundWorker] : []),
    ],
  }),
)
const url = await mf.ready
console.log(`ready ${url.origin}`)

let closing = false
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    if (closing) return
    closing = true
    void mf.dispose().finally(() => process.exit(0))
  })
}
