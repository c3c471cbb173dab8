/**
 * Build, prepare and run the built app locally: shared by `npm start`, `npm run test:e2e` and
 * `npm run bench`.
 *
 * Everything runs on Node 22 (wrangler needs it; the system node may be older): we use the
 * running node when it is 22+, else the one the `node` devDependency installs.
 *
 * `wrangler dev` at the repo root serves what `vite build` wrote (dist/ plus the redirect in
 * .wrangler/deploy/config.json), in workerd, with D1/R2/KV/DO state under `--persist-to`.
 * `startServer({ direct: true })` serves the same build and state in workerd through Miniflare,
 * without wrangler dev's proxy in front (the e2e suite's server; scripts/lib/direct-server.mjs).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const major = Number(process.versions.node.split('.')[0])
const localNode = path.join(ROOT, 'node_modules/node/bin/node')
/** Node 22+ binary for child processes. */
export const NODE = major >= 22 || !existsSync(localNode) ? process.execPath : localNode

export const bin = {
  vite: path.join(ROOT, 'node_modules/vite/bin/vite.js'),
  wrangler: path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
  tsx: path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
}

export const SEED_SCRIPT = path.join(ROOT, 'scripts/seed.ts')
const DIRECT_SERVER = path.join(ROOT, 'scripts/lib/direct-server.mjs')

/**
 * The settings of local runs (wrangler.toml itself is production): config/local.vars, then the
 * developer's own .dev.vars when it exists. `--env-file` replaces wrangler's own .dev.vars
 * lookup, so both are named here; paths are absolute because wrangler resolves relative ones
 * against the config's folder (dist/calma after a build). docs/decisions/015-production-by-default.md
 */
export const LOCAL_VARS_FILE = path.join(ROOT, 'config/local.vars')
export function envFileArgs() {
  const devVars = path.join(ROOT, '.dev.vars')
  return ['--env-file', LOCAL_VARS_FILE, ...(existsSync(devVars) ? ['--env-file', devVars] : [])]
}

/**
 * Environment for wrangler: offline-friendly. Without CLOUDFLARE_CF_FETCH_ENABLED=false miniflare
 * tries to download the `Request.cf` placeholder from workers.cloudflare.com on every start and
 * prints a stack trace when there is no network.
 */
function childEnv(extra = {}) {
  return {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
    // Our node first, so any `#!/usr/bin/env node` a tool spawns gets Node 22 too.
    PATH: `${path.dirname(NODE)}${path.delimiter}${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    ...extra,
  }
}

const t0 = Date.now()
/** One progress line on stderr, with seconds since the script started. */
export function log(msg) {
  process.stderr.write(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}\n`)
}

/**
 * Run a Node script to completion. Output is captured and only shown when it fails
 * (or always, with `verbose`).
 */
export function runNode(script, args, { label = path.basename(script), verbose = false, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [script, ...args], {
      cwd: ROOT,
      env: childEnv(verbose ? env : { FORCE_COLOR: '0', ...env }),
      stdio: ['ignore', verbose ? 'inherit' : 'pipe', verbose ? 'inherit' : 'pipe'],
    })
    let out = ''
    child.stdout?.on('data', (d) => (out += d))
    child.stderr?.on('data', (d) => (out += d))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve(out)
      reject(new Error(`${label} failed (${signal ?? `exit ${code}`})\n${head(plain(out).trim(), 120)}`))
    })
  })
}

/** `vite build`: client into dist/client, Worker into dist/calma. */
export async function buildApp() {
  log('vite build')
  await runNode(bin.vite, ['build', '--logLevel', 'warn'], { label: 'vite build' })
  // The service worker is built from the client build's output (issue 23 §1).
  log((await runNode(path.join(ROOT, 'scripts', 'build-sw.mjs'), [], { label: 'build-sw' })).trim())
}

/**
 * Apply the D1 migrations and (when scripts/seed.ts exists and `seed` is on) the demo seed
 * into `persistDir`. Both steps are idempotent. Resolves to `{ seeded }`.
 */
export async function prepareState(persistDir, { seed = true } = {}) {
  const dir = path.resolve(ROOT, persistDir)
  await mkdir(dir, { recursive: true })
  const seeding = seed && existsSync(SEED_SCRIPT)
  if (seed && !seeding) log('scripts/seed.ts does not exist yet: no demo content')
  if (seeding) {
    // The seed applies the migrations first, in its own process (scripts/seed.ts --migrate): one
    // start of workerd instead of two, and no wrangler CLI (~22 s of a core, decision 056).
    log(`migrations and seed → ${path.relative(ROOT, dir) || dir}`)
    // The seed talks to its workerd through wrangler's platform proxy, whose socket has closed
    // under a D1 or R2 call with both cores busy ("fetch failed", "other side closed": a full
    // `npm test` lost its e2e run to it). The seed is idempotent: it is run again, from where the
    // state is, up to twice more; any other failure stops at once.
    for (let tries = 1; ; tries++) {
      try {
        await runNode(bin.tsx, [SEED_SCRIPT, '--persist-to', dir, '--migrate'], { label: 'seed' })
        return { seeded: true }
      } catch (e) {
        if (tries >= 3 || !/fetch failed|other side closed/.test(String(e?.message))) throw e
        log(`seed: the proxy's socket closed (try ${tries}): seeding again`)
      }
    }
  }
  log(`migrations → ${path.relative(ROOT, dir) || dir}`)
  // CI=true: wrangler asks no confirmation before applying.
  await runNode(bin.wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], {
    label: 'wrangler d1 migrations apply',
    env: { CI: 'true' },
  })
  return { seeded: false }
}

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort() {
  return (await freePorts(1))[0]
}

/** `n` distinct free ports: all held open at once, so the OS cannot hand out one twice. */
export async function freePorts(n) {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const srv = net.createServer()
          srv.unref()
          srv.on('error', reject)
          srv.listen(0, '127.0.0.1', () => resolve(srv))
        }),
    ),
  )
  const ports = servers.map((srv) => srv.address().port)
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))))
  return ports
}

/** True when something already listens on 127.0.0.1:port. */
export function portInUse(port) {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.once('error', (e) => resolve(e.code === 'EADDRINUSE' || e.code === 'EACCES'))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(false)))
  })
}

const running = new Set()
// A crashed or interrupted parent must not leave workerd behind.
process.on('exit', () => {
  for (const pid of running) killGroup(pid, 'SIGKILL')
})

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}

/**
 * Start `wrangler dev` on the built app and wait until `GET /` answers.
 *
 * @param {object} o
 * @param {number} [o.port] free port when omitted
 * @param {string} o.persistDir state directory (D1, R2, KV, DO)
 * @param {boolean} [o.testScheduled] also expose /__scheduled (the cron is always reachable at
 *   /cdn-cgi/handler/scheduled?cron=<expr>)
 * @param {'pipe'|'inherit'} [o.stdio] 'inherit' shows the server's output (npm start)
 * @param {string} [o.logLevel] wrangler --log-level (default warn: no per-request lines)
 * @param {number} [o.timeoutMs] startup timeout
 * @param {boolean} [o.direct] workerd through Miniflare, without wrangler dev (scripts/lib/direct-server.mjs)
 * @param {string} [o.dist] direct only: the build to serve when not ROOT/dist (an e2e lane's own copy)
 * @param {{ path: string, vars?: object, routes?: string[] }} [o.outboundWorker] direct only: the Worker every outgoing fetch goes to
 * @param {boolean} [o.stripCfConnectingIp] direct only: false, Miniflare's outbound interceptor forwards requests
 *   without copying their headers (bench:scale SCALE_MINIFLARE_STRIP=0; direct-server.mjs says why). Default Miniflare's (true).
 * @returns {Promise<{ url: string, port: number, child: import('node:child_process').ChildProcess,
 *   output: () => string, exited: Promise<number|null>, stop: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  if (!options.persistDir) throw new Error('startServer: persistDir is required')
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options)
    } catch (e) {
      // Free ports are picked then released: another process may grab one in between.
      if (attempt < 3 && /address already in use/i.test(e.message)) {
        log(
          `${options.direct ? 'the direct server' : 'wrangler dev'}: a port was taken meanwhile, retrying with others`,
        )
        continue
      }
      throw e
    }
  }
}

async function startOnce({
  port,
  persistDir,
  testScheduled = false,
  stdio = 'pipe',
  logLevel = 'warn',
  timeoutMs = 60_000,
  vars = {},
  direct = false,
  redirects = null,
  outboundWorker = null,
  dist = null,
  stripCfConnectingIp = true,
}) {
  const [freeMain, inspectorPort] = await freePorts(2)
  if (port != null && (await portInUse(port)))
    throw new Error(`port ${port} is already in use (another wrangler dev or npm start?)`)
  port ??= freeMain
  const dir = path.resolve(ROOT, persistDir)
  const args = [
    bin.wrangler,
    'dev',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--persist-to',
    dir,
    '--inspector-port',
    String(inspectorPort),
    '--log-level',
    logLevel,
    '--show-interactive-dev-session=false',
    ...envFileArgs(),
    // Extra settings of this run only (the scale bench points EMAIL_API_URL at its fake provider).
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
  ]
  if (testScheduled) args.push('--test-scheduled')
  // `direct`: the same built Worker and state in workerd through Miniflare, without wrangler
  // dev's proxy in front (scripts/lib/direct-server.mjs says why; the e2e suite's server).
  if (direct) args.splice(0, args.length, DIRECT_SERVER, dir, String(port), JSON.stringify(vars))
  const name = direct ? 'the direct server' : 'wrangler dev'

  // detached: its own process group, so stop() reaches wrangler's children (workerd) too.
  const child = spawn(NODE, args, {
    cwd: ROOT,
    // Captured output is shown as plain text when the start fails.
    env: childEnv({
      ...(stdio === 'pipe' ? { FORCE_COLOR: '0' } : {}),
      // direct only: outgoing fetches to these hosts go to local fakes (scripts/lib/direct-server.mjs).
      ...(direct && redirects ? { CALMA_REDIRECTS: JSON.stringify(redirects) } : {}),
      // direct only: the outbound service is this Worker ({ path, vars, routes }; the scale bench's push service).
      ...(direct && outboundWorker
        ? {
            CALMA_OUTBOUND_WORKER: outboundWorker.path,
            CALMA_OUTBOUND_VARS: JSON.stringify(outboundWorker.vars ?? {}),
            CALMA_OUTBOUND_ROUTES: JSON.stringify(outboundWorker.routes ?? []),
          }
        : {}),
      // direct only: the build to serve, when not ROOT/dist (an e2e lane's own copy).
      ...(direct && dist ? { CALMA_DIST: dist } : {}),
      ...(direct && !stripCfConnectingIp ? { CALMA_STRIP_CF_CONNECTING_IP: '0' } : {}),
    }),
    detached: true,
    stdio: ['ignore', stdio, stdio],
  })
  running.add(child.pid)
  // Keep the last 64 KB of output to explain a failed start.
  let out = ''
  const keep = (d) => {
    out += plain(String(d))
    if (out.length > 65536) out = out.slice(-65536)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child.pid)
      resolve(code ?? (signal ? 128 : null))
    })
    child.on('error', (e) => {
      keep(String(e.stack ?? e))
      running.delete(child.pid)
      resolve(1)
    })
  })

  const url = `http://127.0.0.1:${port}`
  let stopping
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        killGroup(child.pid, 'SIGKILL') // stragglers of an exited wrangler
        return
      }
      killGroup(child.pid, 'SIGTERM')
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
      // workerd may outlive wrangler for a moment: the group goes either way.
      killGroup(child.pid, 'SIGKILL')
      if (!done) await exited
    })())

  const deadline = Date.now() + timeoutMs
  let dead = false
  void exited.then(() => (dead = true))
  let last = 'no answer'
  while (true) {
    if (dead) {
      await stop()
      throw new Error(`${name} exited before answering on ${url}\n--- server output ---\n${out.trim()}`)
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(
        `${name} did not answer GET ${url}/ within ${timeoutMs / 1000} s (last: ${last})\n--- server output ---\n${out.trim()}`,
      )
    }
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(5000), redirect: 'manual' })
      await res.arrayBuffer()
      if (res.status < 500) break
      last = `HTTP ${res.status}`
    } catch (e) {
      last = e.cause?.code ?? e.message
    }
    await sleep(250)
  }
  return { url, port, child, output: () => out, exited, stop }
}

// Some wrangler messages are colored even when piped.
// eslint-disable-next-line no-control-regex
const plain = (s) => s.replace(/\x1b\[[0-9;]*m/g, '')

/** The first `n` lines: the first errors of a failed build say the most. */
const head = (s, n) => {
  const lines = s.split('\n')
  return lines.length <= n ? s : `${lines.slice(0, n).join('\n')}\n… (${lines.length - n} more lines)`
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
