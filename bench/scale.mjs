// `npm run bench:scale` (issue 22 §5): N people (SCALE_PEOPLE, default 1,000,000) with two weeks
// of activity, a plan with progress and unread notices, written straight into the local D1 file
// (node:sqlite, one transaction of set-based INSERT … SELECT), then measured in the real runtime
// (workerd through Miniflare as the e2e suite runs it, the real queues): the nightly ranking, one notice to everyone until every
// delivery is written, SCALE_EMAILS mails (default 100,000) through the fake of Resend's contract
// (test/fakes/resend.ts) with 5% of calls failing, 1% timing out after sending and 1% answered 500
// after sending (an email notice, mailed by its blocks' consumers), the signed-in calls against
// the trivial call, and the D1 file size. Writes bench/out/scale.json and the table of docs/SCALING.md "Measured".
// Mail and push are printed beside their floors (bench/floors.mjs, issue 43 §4) with where the
// mail's time went and each process's CPU a push; a bar missed fails the run (exit code 1).
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { buildApp, freePort, log, NODE, prepareState, ROOT, sleep, startServer } from '../scripts/lib/server.mjs'
import { cpuMeter, mailFloor, mailGaps, mailTimeline, pushFloor } from './floors.mjs'

// node:sqlite needs Node 22: run again under the project's Node when this one is older.
if (Number(process.versions.node.split('.')[0]) < 22) {
  const r = spawnSync(NODE, [process.argv[1], ...process.argv.slice(2)], { stdio: 'inherit', env: process.env })
  process.exit(r.status ?? 1)
}
const { DatabaseSync } = await import('node:sqlite')

const PEOPLE = Number(process.env.SCALE_PEOPLE) || 1_000_000
// SCALE_EMAILS=0 skips the mail step (a push-only run); unset, 100,000.
const EMAILS = process.env.SCALE_EMAILS === undefined ? 100_000 : Number(process.env.SCALE_EMAILS)
// Devices with reminders on (issue 34 §1): a push notice to the first PUSHES people, one device each.
// SCALE_PUSHES=0 skips the push step (a mail-only run); unset, 100,000.
const PUSHES = process.env.SCALE_PUSHES === undefined ? 100_000 : Number(process.env.SCALE_PUSHES)
/** The fake push service's host (an allowed push host in config/local.vars PUSH_SERVICE_HOSTS). */
const PUSH_HOST = 'push.fake.example'
/**
 * SCALE_MINIFLARE_STRIP=0: Miniflare's outbound interceptor forwards each request as it is instead
 * of copying its headers (to drop a CF-Connecting-IP none of the app's fetches carries); unset,
 * Miniflare's default, as production's figures are taken (decision 085 measured both).
 */
const STRIP = process.env.SCALE_MINIFLARE_STRIP !== '0'
const PUSH_DEADLINE_MS = Number(process.env.SCALE_PUSH_DEADLINE_S || 1200) * 1000
const DAYS = 14
const FAIL_RATE = 0.05
const TIMEOUT_RATE = 0.01
const ERROR_AFTER_ACCEPT_RATE = 0.01
const BENCH_EMAIL_KEY = 're_bench_key'
const EMAIL_DEADLINE_MS = Number(process.env.SCALE_EMAIL_DEADLINE_S || 1800) * 1000
const stateDir = path.join(ROOT, '.tmp', `scale-${process.pid}`)
// SCALE_OUT: another file for a partial run (e.g. the push step at 100,000 people), and SCALE_DOC=0
// to leave docs/SCALING.md's table of the full million run as it is.
const OUT = path.resolve(ROOT, process.env.SCALE_OUT || 'bench/out/scale.json')
const DOC = path.join(ROOT, 'docs/SCALING.md')

let server
let provider
let pushService
const cleanup = async () => {
  await server?.stop().catch(() => {})
  provider?.close()
  pushService?.close()
  if (!process.env.SCALE_KEEP_STATE) await rm(stateDir, { recursive: true, force: true }).catch(() => {})
}
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void cleanup().then(() => process.exit(130)))

function d1File(dir) {
  const found = []
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.sqlite') && p.includes(`${path.sep}d1${path.sep}`)) found.push(p)
    }
  }
  walk(dir)
  return found.sort((a, b) => statSync(b).size - statSync(a).size)[0]
}
const bytesOf = (file) =>
  ['', '-wal'].reduce((n, s) => n + (statSync(file + s, { throwIfNoEntry: false })?.size ?? 0), 0)

/** The data, in one transaction: people, two weeks of activity (the triggers keep the running totals), a plan with progress, unread notices, pending mail. */
function generate(file, push) {
  const db = new DatabaseSync(file)
  const t0 = Date.now()
  const now = Date.now()
  const today = new Date(now).toISOString().slice(0, 10)
  db.exec('PRAGMA busy_timeout = 60000')
  db.exec('BEGIN')
  db.prepare(
    `INSERT INTO users (name, email, role, language, timezone, created_at, updated_at)
     WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?)
     SELECT 'Persona ' || x || ' Escala', 'p' || x || '@scale.test', 1, CASE x % 2 WHEN 0 THEN 'es' ELSE 'en' END, 'UTC', ?, ? FROM c`,
  ).run(PEOPLE, now, now)
  db.prepare(
    `INSERT INTO activity_days (user_id, day, points)
     WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ? - 1)
     SELECT u.id, date(?, '-' || d.n || ' days'), 10 FROM users u, d WHERE u.email LIKE '%@scale.test' AND (u.id * 7 + d.n) % 3 != 0`,
  ).run(DAYS, today)
  const plan = db.prepare('SELECT id FROM plans ORDER BY id LIMIT 1').get()
  const unit = db
    .prepare(
      'SELECT u.id FROM units u JOIN plan_routes pr ON pr.route_id = u.route_id WHERE pr.plan_id = ? ORDER BY pr."order", u."order" LIMIT 1',
    )
    .get(plan?.id ?? 0)
  if (plan)
    db.prepare(
      `INSERT OR IGNORE INTO plan_assignments (plan_id, user_id, assigned_at) SELECT ?, id, ? FROM users WHERE email LIKE '%@scale.test'`,
    ).run(plan.id, now)
  if (unit)
    db.prepare(
      `INSERT INTO unit_progress (user_id, unit_id, position_seconds, completed_at, updated_at) SELECT id, ?, 60, CASE id % 2 WHEN 0 THEN ? END, ? FROM users WHERE email LIKE '%@scale.test'`,
    ).run(unit.id, now, now)
  db.prepare(
    `INSERT INTO in_app_notifications (user_id, locale, level, type, close_after, title, created_at)
     WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 3)
     SELECT u.id, u.language, 'info', 'admin', 5000, 'Aviso ' || k.n, ? FROM users u, k WHERE u.email LIKE '%@scale.test'`,
  ).run(now)
  // An email notice to the first EMAILS people (explicit receivers), due in 2100: the mail step
  // makes it due. The cron claims it once and fans it out in blocks of 1,000 receivers; each
  // block's consumer writes its people's mails (one per delivery) and puts them on calma-mail.
  const mailNotice = db
    .prepare(
      `INSERT INTO admin_notifications (title, status, channel, send_at, created_at, copy, receivers)
       VALUES ('Recordatorio', 'pending', 'email', 4102444800000, ?1, '{"es":{"title":"Recordatorio"},"en":{"title":"Reminder"}}',
               (SELECT json_group_array(id) FROM (SELECT id FROM users WHERE email GLOB 'p[0-9]*@scale.test' ORDER BY id LIMIT ?2)))
       RETURNING id`,
    )
    .get(now, EMAILS).id
  // One device each for the first PUSHES people (reminders on, no quiet hours: the bench may run at
  // night), all with the keys of one browser subscription of the fake push service, and a push
  // notice to them due in 2100: the push step makes it due.
  db.prepare(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, language, quiet_hours, created_at)
     SELECT id, ?1 || id, ?2, ?3, language, 0, ?4 FROM users WHERE email GLOB 'p[0-9]*@scale.test' ORDER BY id LIMIT ?5`,
  ).run(push.prefix, push.keys.p256dh, push.keys.auth, now, PUSHES)
  const pushNotice = db
    .prepare(
      `INSERT INTO admin_notifications (title, status, channel, send_at, created_at, copy, receivers)
       VALUES ('Recordatorio', 'pending', 'push', 4102444800000, ?1, '{"es":{"title":"Tu momento de calma"},"en":{"title":"Your calm moment"}}',
               (SELECT json_group_array(id) FROM (SELECT id FROM users WHERE email GLOB 'p[0-9]*@scale.test' ORDER BY id LIMIT ?2)))
       RETURNING id`,
    )
    .get(now, PUSHES).id
  const devices = db.prepare('SELECT id, endpoint FROM push_subscriptions ORDER BY id').all()
  // The notice to everyone, due now: the first minute-cron run claims it.
  const notice = db
    .prepare(
      `INSERT INTO admin_notifications (title, status, channel, send_at, created_at, copy) VALUES ('Para todos', 'pending', 'in_app', 0, ?, '{"es":{"title":"Para todos"},"en":{"title":"For everyone"}}') RETURNING id`,
    )
    .get(now).id
  db.exec('COMMIT')
  const audience = db.prepare('SELECT count(*) AS n FROM users WHERE notifications_disabled_at IS NULL').get().n
  db.close()
  return { ms: Date.now() - t0, notice, mailNotice, pushNotice, devices, audience }
}

/**
 * A year of activity, measured on a sample (issue 22 §4): SAMPLE people × 365 days active two in
 * three (the bench's pattern) in a scratch file with the D1 file's own activity tables and
 * indexes, then the retention job's roll-up (ROLLUP_* of src/worker/cron/retention.repo.ts, the
 * same statements) of every day older than 60 days. Bytes from SQLite's dbstat (pages of each
 * table and index). `base` is everything else a generated person weighs in the D1 file.
 */
const SAMPLE = Number(process.env.SCALE_YEAR_SAMPLE) || 10_000
function yearOfDays(file) {
  const t0 = Date.now()
  const main = new DatabaseSync(file, { readOnly: true })
  const sizes = Object.fromEntries(
    main
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name')
      .all()
      .map((r) => [r.name, r.bytes]),
  )
  const ddl = main
    .prepare(
      "SELECT sql FROM sqlite_master WHERE tbl_name IN ('activity_days', 'activity_months') AND sql IS NOT NULL AND type IN ('table', 'index')",
    )
    .all()
    .map((r) => r.sql)
  const activityNames = main
    .prepare("SELECT name FROM sqlite_master WHERE tbl_name IN ('activity_days', 'activity_months')")
    .all()
    .map((r) => r.name)
  main.close()
  const total = Object.values(sizes).reduce((a, b) => a + b, 0)
  const activityNow = activityNames.reduce((n, name) => n + (sizes[name] ?? 0), 0)
  const scratchFile = path.join(stateDir, 'year-sample.sqlite')
  const db = new DatabaseSync(scratchFile)
  db.exec('PRAGMA foreign_keys = OFF') // the tables alone, without users
  for (const q of ddl) db.exec(q)
  const today = new Date().toISOString().slice(0, 10)
  db.prepare(
    `INSERT INTO activity_days (user_id, day, points)
     WITH RECURSIVE u(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM u WHERE id < ?),
                    d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 364)
     SELECT u.id, date(?, '-' || d.n || ' days'), 10 FROM d, u WHERE (u.id * 7 + d.n) % 3 != 0 ORDER BY d.n DESC, u.id`,
  ).run(SAMPLE, today)
  const bytesOfActivity = () =>
    db
      .prepare(
        "SELECT sum(pgsize) AS b FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name IN ('activity_days', 'activity_months'))",
      )
      .get().b
  const rows = db.prepare('SELECT count(*) AS n FROM activity_days').get().n
  const whole = bytesOfActivity()
  // The retention job's roll-up, to the end of the backlog (the job takes 5,000 rows a step).
  const cut = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)
  const OLDEST = 'SELECT id FROM activity_days WHERE day < ?1 ORDER BY day, id LIMIT ?2'
  const up = db.prepare(`INSERT INTO activity_months (user_id, month, active_days, frozen_days, points)
    SELECT user_id, substr(day, 1, 7), sum(frozen = 0), sum(frozen != 0), sum(points)
    FROM activity_days WHERE id IN (${OLDEST})
    GROUP BY user_id, substr(day, 1, 7)
    ON CONFLICT(user_id, month) DO UPDATE SET
      active_days = activity_months.active_days + excluded.active_days,
      frozen_days = activity_months.frozen_days + excluded.frozen_days,
      points = activity_months.points + excluded.points`)
  const del = db.prepare(`DELETE FROM activity_days WHERE id IN (${OLDEST})`)
  for (;;) {
    db.exec('BEGIN')
    up.run(cut, 100_000)
    const n = del.run(cut, 100_000).changes
    db.exec('COMMIT')
    if (n < 100_000) break
  }
  db.exec('VACUUM')
  const rolled = bytesOfActivity()
  const kept = db.prepare('SELECT count(*) AS n FROM activity_days').get().n
  const months = db.prepare('SELECT count(*) AS n FROM activity_months').get().n
  db.close()
  rmSync(scratchFile, { force: true })
  // Everything but activity is taken from the D1 file at the end of the run (with the notice to
  // everyone, the mail and free pages: the larger figure); here, what activity it holds now.
  const r = {
    sample_people: SAMPLE,
    day_rows: rows,
    bytes_per_day_row: Math.round(whole / rows),
    year_activity_bytes_per_person_whole: Math.round(whole / SAMPLE),
    year_activity_bytes_per_person_rolled: Math.round(rolled / SAMPLE),
    kept_day_rows_per_person: Number((kept / SAMPLE).toFixed(1)),
    month_rows_per_person: Number((months / SAMPLE).toFixed(1)),
    activity_bytes_in_file: activityNow,
    generated_file_bytes: total,
    measured_s: Number(((Date.now() - t0) / 1000).toFixed(1)),
  }
  log(
    `a year of days (sample of ${SAMPLE.toLocaleString('en')}): ${r.bytes_per_day_row} B a day row; a person's year ${r.year_activity_bytes_per_person_whole} B whole, ${r.year_activity_bytes_per_person_rolled} B rolled up`,
  )
  return r
}

/**
 * The email provider: test/fakes/resend.ts, the fake that keeps Resend's documented contract (one
 * Idempotency-Key header per request kept 24 h, 100 mails a batch, no attachments in a batch,
 * 2 requests a second per team, strict or permissive validation; docs/decisions/040), served over
 * HTTP. The outside world fails on top of it: 5% of calls 503 before anything is read, 1% are
 * accepted and sent and never answered, 1% are accepted and sent and answered 500.
 */
async function startProvider(port) {
  const { tsImport } = await import('tsx/esm/api')
  const { createFakeResend } = await tsImport('../test/fakes/resend.ts', import.meta.url)
  const fake = createFakeResend({
    apiKey: BENCH_EMAIL_KEY,
    keepBodies: false,
    fault: () => {
      const roll = Math.random()
      if (roll < FAIL_RATE) return 'unavailable'
      if (roll < FAIL_RATE + TIMEOUT_RATE) return 'lost'
      if (roll < FAIL_RATE + TIMEOUT_RATE + ERROR_AFTER_ACCEPT_RATE) return 'error-after-accept'
      return 'none'
    },
  })
  const srv = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (d) => chunks.push(d))
    req.on('end', () => void reply())
    async function reply() {
      try {
        const answer = await fake.handle(
          new Request(`http://127.0.0.1:${port}${req.url}`, {
            method: req.method,
            headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
            body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
          }),
        )
        // Sent, and the answer never comes: longer than the Worker waits (8 s).
        if (answer === 'lost') return void setTimeout(() => res.destroy(), 12_000)
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text())
      } catch (err) {
        res.writeHead(500).end(String(err))
      }
    }
  })
  srv.listen(port, '127.0.0.1')
  const stats = () => {
    const calls = fake.calls
    const count = (f) => calls.filter(f).length
    return {
      calls: calls.length,
      batch_calls: count((c) => c.endpoint === '/emails/batch'),
      single_calls: count((c) => c.endpoint === '/emails'),
      failed: count((c) => c.fault === 'unavailable'),
      timedOut: count((c) => c.fault === 'lost'),
      errorAfterAccept: count((c) => c.fault === 'error-after-accept'),
      rate_limited: count((c) => c.status === 429),
      replayed: count((c) => c.replayed),
      without_key: count((c) => c.key === null),
      key_conflicts: count((c) => c.status === 409),
      refused: count((c) => c.status >= 400 && c.status < 500 && c.status !== 429 && c.status !== 409),
      dropped_attachments: fake.inbox.filter((m) => m.dropped.length).length,
    }
  }
  return {
    close: () => srv.close(),
    received: fake.received,
    calls: () => fake.calls,
    inboxSize: () => fake.inbox.length,
    stats,
  }
}

/**
 * The push service: test/push/fake-push-service.ts (RFC 8030/8291/8292: the VAPID JWT verified,
 * TTL and aes128gcm required, every body's RFC 8188 header checked, a sample decrypted with the
 * browser's key). One browser subscription's keys stand for every device (generate() writes them).
 * SCALE_PUSH_FAKE=workerd (the default): a Worker in the server's workerd, its outbound service
 * (bench/push-service.worker.mjs says why); =node: an HTTP server in this process, reached through
 * a redirecting outbound Worker (decision 070's setup, for a before/after).
 * `stats(base)` answers { received, devices, refused, decryptedTitles }.
 */
async function startPushService(port) {
  const { tsImport } = await import('tsx/esm/api')
  const { FakePushService, browserSubscription } = await tsImport('../test/push/fake-push-service.ts', import.meta.url)
  // Devices name an https push service, as browsers' do (pushes go to nothing else); the server
  // sends that host's requests to the fake. The VAPID audience is this origin.
  const origin = `https://${PUSH_HOST}`
  const prefix = `${origin}/wpush/v2/p`
  // A push service decrypts nothing (only the browser can); the fake decrypts one body in
  // SCALE_PUSH_DECRYPT_EVERY (100 by default, 1 for all), checks every body's RFC 8188 header and
  // size and every request's VAPID JWT and headers (issue 43 §4: decrypting all 100,000 was a
  // third of the run's CPU).
  const decryptEvery = Number(process.env.SCALE_PUSH_DECRYPT_EVERY) || 100
  if (process.env.SCALE_PUSH_FAKE !== 'node') {
    const sub = await browserSubscription(`${prefix}0`)
    const { d } = await crypto.subtle.exportKey('jwk', sub.privateKey)
    const { build } = await import('esbuild')
    const bundle = path.join(stateDir, 'push-service.worker.js')
    await build({
      entryPoints: [path.join(ROOT, 'bench/push-service.worker.mjs')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      outfile: bundle,
      logLevel: 'warning',
    })
    return {
      keys: sub.keys,
      prefix,
      server: {
        outboundWorker: {
          path: bundle,
          vars: { PUSH_HOST, PUSH_FAKE: JSON.stringify({ origin, decryptEvery, prefix, keys: sub.keys, d }) },
          routes: [`${PUSH_HOST}/*`],
        },
      },
      stats: (base) =>
        new Promise((resolve, reject) => {
          const url = new URL(base)
          http
            .get(
              { host: url.hostname, port: url.port, path: '/__bench/stats', headers: { host: PUSH_HOST } },
              (res) => {
                const chunks = []
                res.on('data', (c) => chunks.push(c))
                res.on('end', () => {
                  try {
                    resolve(JSON.parse(Buffer.concat(chunks).toString()))
                  } catch (e) {
                    reject(e)
                  }
                })
              },
            )
            .on('error', reject)
        }),
      close: () => {},
    }
  }
  const fake = new FakePushService(origin, decryptEvery)
  const sub = await fake.subscribe('bench')
  fake.aliasPrefix(prefix, sub)
  const srv = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (d) => chunks.push(d))
    req.on('end', () => {
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      })
      fake
        .fetch(request)
        .then(async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers))
          res.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch(() => {
          res.writeHead(500)
          res.end()
        })
    })
  })
  await new Promise((resolve) => srv.listen(port, '127.0.0.1', resolve))
  return {
    keys: sub.keys,
    prefix,
    server: { redirects: { [PUSH_HOST]: `http://127.0.0.1:${port}` } },
    stats: async () => ({
      received: fake.received.length,
      devices: new Set(fake.received.map((r) => r.endpoint)).size,
      refused: fake.refused.length,
      refusedFirst: fake.refused.slice(0, 5),
      decryptedTitles: fake.received.filter((r) => r.payload !== null).map((r) => String(r.payload.title)),
    }),
    close: () => srv.close(),
  }
}

async function timed(url, init) {
  const t = performance.now()
  const res = await fetch(url, init)
  const text = await res.text()
  if (res.status >= 400) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`)
  return { ms: performance.now() - t, text }
}
/** Each call `n` times in turns (so a slow spell of the shared machine hits every call alike): median and mean ms. */
async function measureReads(base, calls, headers, n = 200) {
  const times = Object.fromEntries(Object.keys(calls).map((k) => [k, []]))
  for (const p of Object.values(calls)) await timed(base + p, { headers })
  for (let i = 0; i < n; i++)
    for (const [name, p] of Object.entries(calls)) times[name].push((await timed(base + p, { headers })).ms)
  return Object.fromEntries(
    Object.entries(times).map(([name, t]) => {
      const sorted = [...t].sort((a, b) => a - b)
      return [
        name,
        {
          path: calls[name],
          median_ms: Number(sorted[Math.floor(sorted.length / 2)].toFixed(2)),
          mean_ms: Number((t.reduce((a, b) => a + b, 0) / t.length).toFixed(2)),
        },
      ]
    }),
  )
}

/**
 * Counts on the D1 file in a worker thread (decision 078): the fake provider answers on this
 * process's event loop, and a synchronous count over 100,000 mails blocked it for long enough that
 * the calls that arrived meanwhile were taken together, closer than the provider allows (at
 * 100,000 mails, a 429 every 30 s, at each of the bench's reads). `count(sql, ...args)` answers
 * the query's `n`.
 */
function countsOffThread(file) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
     const { DatabaseSync } = require('node:sqlite')
     const db = new DatabaseSync(workerData.file, { readOnly: true })
     db.exec('PRAGMA busy_timeout = 60000')
     parentPort.on('message', ({ id, sql, args }) => {
       try {
         parentPort.postMessage({ id, n: db.prepare(sql).get(...args).n })
       } catch (err) {
         parentPort.postMessage({ id, error: String(err) })
       }
     })`,
    { eval: true, workerData: { file } },
  )
  const waiting = new Map()
  let seq = 0
  worker.on('message', ({ id, n, error }) => {
    const w = waiting.get(id)
    waiting.delete(id)
    if (error) w?.reject(new Error(error))
    else w?.resolve(n)
  })
  return {
    count: (sql, ...args) =>
      new Promise((resolve, reject) => {
        const id = ++seq
        waiting.set(id, { resolve, reject })
        worker.postMessage({ id, sql, args })
      }),
    close: () => worker.terminate(),
  }
}

try {
  if (!process.env.BENCH_SKIP_BUILD) await buildApp()
  // SCALE_SEEDED=<dir>: a seeded state kept there on the first run and copied on the next (the
  // seed is ~90 s of the machine; a rerun that measures one step needs it once).
  const seeded = process.env.SCALE_SEEDED && path.resolve(ROOT, process.env.SCALE_SEEDED)
  if (seeded && existsSync(seeded)) cpSync(seeded, stateDir, { recursive: true })
  else {
    await prepareState(stateDir)
    if (seeded) cpSync(stateDir, seeded, { recursive: true })
  }
  const file = d1File(stateDir)
  if (!file) throw new Error(`no D1 file under ${stateDir}`)
  // The signed-in calls at demo size first (the freshly seeded state), by the same person as at N.
  const providerPort = await freePort()
  provider = await startProvider(providerPort)
  const pushPort = await freePort()
  pushService = await startPushService(pushPort)
  const serve = () =>
    startServer({
      persistDir: stateDir,
      vars: { EMAIL_API_URL: `http://127.0.0.1:${providerPort}`, EMAIL_API_KEY: BENCH_EMAIL_KEY },
      // workerd through Miniflare, as the e2e suite runs it (scripts/lib/direct-server.mjs): the
      // same Worker, queues and cron without wrangler dev's proxy, and the push service's host
      // answered by the fake push service (startPushService).
      direct: true,
      ...pushService.server,
      // Miniflare's outbound interceptor (a Worker before every outgoing fetch, locally only):
      // its default unless SCALE_MINIFLARE_STRIP=0 (then it forwards each push as it is).
      stripCfConnectingIp: STRIP,
      timeoutMs: 180_000,
      // SCALE_SERVER_LOG=1: the Worker's own logs (console.warn of a failed push, a consumer's error) on this terminal.
      ...(process.env.SCALE_SERVER_LOG ? { stdio: 'inherit', logLevel: 'log' } : {}),
    })
  server = await serve()
  // A signed-in person (registered through the API, so the session is real).
  const form = new FormData()
  for (const [k, v] of Object.entries({
    email: `bench-${Date.now()}@scale.test`,
    password: 'Calma-bench-2026!',
    name: 'Bench Person',
    legal_age: '1',
  }))
    form.append(k, v)
  const reg = await fetch(`${server.url}/v1/user`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', 'x-captcha-token': `XXXX.DUMMY.TOKEN.XXXX.${Date.now()}` },
  })
  const token = (await reg.json()).user?.token
  if (!token) throw new Error(`register answered ${reg.status}`)
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json' }
  const planId = (() => {
    const db = new DatabaseSync(file, { readOnly: true })
    const id = db.prepare('SELECT id FROM plans ORDER BY id LIMIT 1').get()?.id
    db.close()
    return id
  })()
  const calls = {
    trivial: '/v1/symptoms?per_page=1',
    user: '/v1/user',
    plan_status: `/v1/my/plan/status?plan_id=${planId}`,
    ranking: '/v1/ranking',
    rewards: '/v1/rewards',
  }
  log('signed-in calls at demo size')
  const demoReads = await measureReads(server.url, calls, auth)
  await server.stop()
  server = null

  log(
    `generating ${PEOPLE.toLocaleString('en')} people, ${DAYS} days of activity, a plan, 3 unread notices each, an email notice to ${EMAILS.toLocaleString('en')}`,
  )
  const gen = generate(file, pushService)
  log(`generated in ${(gen.ms / 1000).toFixed(1)} s; D1 file ${(bytesOf(file) / 1e6).toFixed(0)} MB`)
  const year = yearOfDays(file)

  server = await serve()
  const base = server.url
  const read = new DatabaseSync(file, { readOnly: true })
  read.exec('PRAGMA busy_timeout = 60000')
  const countOf = (sql, ...args) => read.prepare(sql).get(...args).n

  // 1. The nightly ranking (the whole day's job, through the runtime's scheduled path).
  log('nightly ranking')
  const ranking = await timed(`${base}/__scheduled?cron=${encodeURIComponent('59 23 * * *')}`)
  const rankingS = ranking.ms / 1000
  log(
    `ranking: ${rankingS.toFixed(1)} s (${countOf("SELECT ranked AS n FROM ranking_days WHERE status = 'complete' ORDER BY day DESC LIMIT 1")} ranked)`,
  )

  // 2. Signed-in calls at this size, against the same calls at demo size (and the trivial call).
  log('signed-in calls at this size')
  const reads = {}
  const atN = await measureReads(base, calls, auth)
  for (const [name, x] of Object.entries(atN)) {
    const demo = demoReads[name]
    reads[name] = {
      path: x.path,
      demo_ms: demo.median_ms,
      median_ms: x.median_ms,
      mean_ms: x.mean_ms,
      ratio: Number((x.median_ms / demo.median_ms).toFixed(2)),
      vs_trivial: Number((x.median_ms / atN.trivial.median_ms).toFixed(2)),
    }
    log(`${x.path}: ${x.median_ms} ms at N, ${demo.median_ms} ms at demo size (${reads[name].ratio}×)`)
  }

  // 3. One notice to everyone: until every delivery and in-app row is written by the consumers.
  log(`a notice to everyone (${gen.audience.toLocaleString('en')} people)`)
  const f0 = Date.now()
  await timed(`${base}/__scheduled?cron=${encodeURIComponent('* * * * *')}`)
  let written = 0
  while (written < gen.audience && Date.now() - f0 < 15 * 60_000) {
    await sleep(1000)
    written = countOf('SELECT count(*) AS n FROM in_app_notifications WHERE notification_id = ?', gen.notice)
  }
  const fanoutS = (Date.now() - f0) / 1000
  log(
    `fan-out: ${written.toLocaleString('en')} of ${gen.audience.toLocaleString('en')} written in ${fanoutS.toFixed(1)} s`,
  )

  // 4. The email notice: made due, claimed by one minute-cron run, then only the queues (the
  // blocks' consumers write and enqueue the mails, calma-mail sends them): until every delivery
  // is sent and no mail of it is pending.
  /** The mail step (4.), or null when SCALE_EMAILS=0. */
  const mailStep = async () => {
    log(`an email notice to ${EMAILS.toLocaleString('en')} people through the fake provider`)
    const writer = new DatabaseSync(file)
    writer.exec('PRAGMA busy_timeout = 60000')
    writer.prepare('UPDATE admin_notifications SET send_at = 0 WHERE id = ?').run(gen.mailNotice)
    writer.close()
    const inboxBefore = provider.inboxSize()
    const e0 = Date.now()
    await timed(`${base}/__scheduled?cron=${encodeURIComponent('* * * * *')}`)
    const counts = countsOffThread(file)
    const undone = async () =>
      (await counts.count(
        "SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ? AND channel = 'email' AND status = 'pending'",
        gen.mailNotice,
      )) +
      (await counts.count(
        "SELECT count(*) AS n FROM notification_deliveries d JOIN email_outbox o ON o.delivery_id = d.id WHERE d.notification_id = ? AND o.status = 'pending'",
        gen.mailNotice,
      ))
    // Blocks not yet taken by a consumer have no deliveries: done only once all EMAILS are written.
    const mailDeliveries = () =>
      counts.count(
        "SELECT count(*) AS n FROM notification_deliveries WHERE notification_id = ? AND channel = 'email'",
        gen.mailNotice,
      )
    // The D1 file is read off this event loop (countsOffThread), every 30 s until the provider's
    // inbox holds every mail (a counter, no work), then every half second until no mail is pending
    // (the last calls' rows written).
    let pending = EMAILS
    let lastRead = Date.now()
    while (pending > 0 && Date.now() - e0 < EMAIL_DEADLINE_MS) {
      const inboxFull = provider.inboxSize() - inboxBefore >= EMAILS
      await sleep(inboxFull ? 500 : 1000)
      if (!inboxFull && Date.now() - lastRead < 30_000) continue
      lastRead = Date.now()
      pending = EMAILS - (await mailDeliveries()) + (await undone())
    }
    await counts.close()
    const emailS = (Date.now() - e0) / 1000
    // The floor counts this step's calls (not the bench person's welcome mail before it).
    const mailCalls = provider.calls().filter((c) => c.at >= e0)
    const mailVsFloor = mailFloor({ seconds: emailS, calls: mailCalls.length, emails: EMAILS })
    log(mailVsFloor.line)
    const mailTime = mailTimeline({ calls: mailCalls, start: e0, end: e0 + emailS * 1000 })
    log(`mail's time: ${JSON.stringify(mailTime)}`)
    // Every call the provider received (ms from the step's start, status, outside fault, key) and
    // each gap beyond its pace with its cause (decision 078): bench/out/mail-calls.json.
    const callLog = mailCalls.map((c) => ({
      at: c.at - e0,
      status: c.status,
      fault: c.fault,
      key: c.key?.slice(-12) ?? null,
      mails: c.mails,
      replayed: c.replayed,
    }))
    const gaps = mailGaps(callLog)
    mailTime.beyond_pace_by_cause_s = gaps.beyond_pace_s
    mailTime.gaps_over_1s = gaps.gaps_over_1s.length
    log(
      `mail: time beyond the pace by cause (s): ${JSON.stringify(gaps.beyond_pace_s)}; ${gaps.gaps_over_1s.length} gaps over 1 s`,
    )
    const callsOut = path.join(path.dirname(OUT), 'mail-calls.json')
    await mkdir(path.dirname(callsOut), { recursive: true })
    await writeFile(callsOut, JSON.stringify({ start: e0, end_ms: emailS * 1000, gaps, calls: callLog }) + '\n')
    log(`wrote ${path.relative(ROOT, callsOut)}`)
    const mailRows = (status) =>
      countOf(
        'SELECT count(*) AS n FROM notification_deliveries d JOIN email_outbox o ON o.delivery_id = d.id WHERE d.notification_id = ? AND o.status = ?',
        gen.mailNotice,
        status,
      )
    const sentRows = mailRows('sent')
    const deadRows = mailRows('dead')
    const delivered = [...provider.received().entries()].filter(([to]) => /^p\d+@scale\.test$/.test(to))
    const emailsSent = delivered.length
    const emailsDuplicated = delivered.filter(([, n]) => n > 1).length
    const emailsLost = EMAILS - emailsSent
    log(
      `emails: ${emailsSent} reached the inbox in ${emailS.toFixed(0)} s (${deadRows} dead letters, ${pending} still pending, ${sentRows} rows sent); provider: ${JSON.stringify(provider.stats())}`,
    )
    return { emailS, emailsSent, emailsDuplicated, emailsLost, deadRows, pending, mailVsFloor, mailTime }
  }
  const mail = EMAILS > 0 ? await mailStep() : null

  // 5. The push notice (issue 34 §1): made due, claimed by one minute-cron run, fanned out in blocks,
  // each block's due deliveries sent as 'devices' messages of 100 through calma-fanout, every push
  // encrypted (RFC 8291) and signed (VAPID) by the Worker, checked and decrypted by the fake push
  // service (test/push/fake-push-service.ts): until every device has its notice.
  /** The push step (5.), or null when SCALE_PUSHES=0 (a mail-only run). */
  const pushStep = async () => {
    log(
      `a push notice to ${PUSHES.toLocaleString('en')} devices through the fake push service (Miniflare's outbound interceptor ${STRIP ? "copying each push's headers, its default" : 'forwarding each push as it is: SCALE_MINIFLARE_STRIP=0'})`,
    )
    const pusher = new DatabaseSync(file)
    pusher.exec('PRAGMA busy_timeout = 60000')
    pusher.prepare('UPDATE admin_notifications SET send_at = 0 WHERE id = ?').run(gen.pushNotice)
    pusher.close()
    const p0 = Date.now()
    const meter = cpuMeter(server.child?.pid)
    await timed(`${base}/__scheduled?cron=${encodeURIComponent('* * * * *')}`)
    let got = await pushService.stats(base)
    while (got.devices < gen.devices.length && Date.now() - p0 < PUSH_DEADLINE_MS) {
      await sleep(2000)
      got = await pushService.stats(base)
    }
    const pushS = (Date.now() - p0) / 1000
    const cpu = meter()
    got = await pushService.stats(base)
    const pushReceived = got.received
    const pushDevices = got.devices
    const pushRefused = got.refused
    if (pushRefused) log(`push refused by the fake push service: ${JSON.stringify(got.refusedFirst)}`)
    // The sample decrypted by the fake: each the notice sent, in the person's language.
    const decrypted = got.decryptedTitles
    const decryptedRight = decrypted.filter((t) => ['Tu momento de calma', 'Your calm moment'].includes(t)).length
    const pushVsBar = pushFloor({ seconds: pushS, pushes: gen.devices.length, delivered: pushDevices, cpu })
    log(pushVsBar.line)
    log(
      `push: ${pushDevices.toLocaleString('en')} of ${gen.devices.length.toLocaleString('en')} devices got the notice in ${pushS.toFixed(0)} s (${pushReceived - pushDevices} twice, ${pushRefused} refused by the push service; ${decryptedRight} of ${decrypted.length} decrypted by the fake read the notice sent)`,
    )
    return { pushS, pushReceived, pushDevices, pushRefused, decrypted, decryptedRight, pushVsBar }
  }
  const push = PUSHES > 0 ? await pushStep() : null

  const dbBytes = bytesOf(file)
  // The projected year at 1,000,000 people: what a person weighs here besides their activity, plus a year of it.
  year.base_bytes_per_person = Math.round((dbBytes - year.activity_bytes_in_file) / PEOPLE)
  year.projected_year_bytes_1m_whole =
    (year.base_bytes_per_person + year.year_activity_bytes_per_person_whole) * 1_000_000
  year.projected_year_bytes_1m_rolled =
    (year.base_bytes_per_person + year.year_activity_bytes_per_person_rolled) * 1_000_000
  log(
    `projected D1 after a year at 1,000,000 people: ${(year.projected_year_bytes_1m_rolled / 1e9).toFixed(1)} GB rolled up (${(year.projected_year_bytes_1m_whole / 1e9).toFixed(1)} GB with every day kept)`,
  )
  const result = {
    people: PEOPLE,
    days: DAYS,
    generated_s: Number((gen.ms / 1000).toFixed(1)),
    ranking_s: Number(rankingS.toFixed(2)),
    fanout_s: Number(fanoutS.toFixed(1)),
    fanout_written: written,
    emails: EMAILS,
    emails_per_min: mail ? Math.round(mail.emailsSent / (mail.emailS / 60)) : null,
    emails_sent: mail?.emailsSent ?? null,
    emails_duplicated: mail?.emailsDuplicated ?? null,
    emails_lost: mail?.emailsLost ?? null,
    emails_dead: mail?.deadRows ?? null,
    emails_still_pending: mail?.pending ?? null,
    provider: provider.stats(),
    pushes: gen.devices.length,
    push_s: push ? Number(push.pushS.toFixed(1)) : null,
    push_miniflare_strips_headers: STRIP,
    pushes_delivered: push?.pushDevices ?? null,
    pushes_duplicated: push ? push.pushReceived - push.pushDevices : null,
    pushes_refused: push?.pushRefused ?? null,
    pushes_decrypted: push?.decrypted.length ?? null,
    pushes_decrypted_right: push?.decryptedRight ?? null,
    pushes_per_min: push ? Math.round(push.pushDevices / (push.pushS / 60)) : null,
    mail_vs_floor: mail?.mailVsFloor ?? null,
    mail_timeline: mail?.mailTime ?? null,
    push_vs_bar: push?.pushVsBar ?? null,
    db_bytes: dbBytes,
    bytes_per_person: Math.round(dbBytes / PEOPLE),
    reads,
    year,
    load_average: os.loadavg()[0],
    measured_at: new Date().toISOString(),
  }
  read.close()
  await mkdir(path.dirname(OUT), { recursive: true })
  await writeFile(OUT, JSON.stringify(result, null, 2) + '\n')
  log(`wrote ${path.relative(ROOT, OUT)}`)
  if (process.env.SCALE_DOC !== '0' && mail && push) await writeDoc(result)
  // Issue 43 §4's bars fail the run (exit code 1), as npm run bench's budgets do: mail within 10%
  // of the provider's floor with none lost and none twice, every push delivered once within its bar.
  const failed = [
    ...(!mail || mail.mailVsFloor.ok
      ? []
      : [`mail ${mail.mailVsFloor.seconds} s > ${mail.mailVsFloor.bar_s} s (issue 43's bar: 610 s for 100,000)`]),
    ...(mail && (mail.emailsLost || mail.emailsDuplicated)
      ? [`mail: ${mail.emailsLost} lost, ${mail.emailsDuplicated} twice`]
      : []),
    ...(!push || push.pushVsBar.ok
      ? []
      : [`push ${push.pushVsBar.seconds} s > ${push.pushVsBar.bar_s} s, or not every device reached`]),
    ...(push && push.pushReceived !== push.pushDevices ? [`push: ${push.pushReceived - push.pushDevices} twice`] : []),
  ]
  if (failed.length) {
    console.log(`Bars FAILED:\n- ${failed.join('\n- ')}`)
    process.exitCode = 1
  } else log('mail and push within their bars')
} catch (e) {
  console.error(e)
  process.exitCode = 1
} finally {
  await cleanup()
}

async function writeDoc(r) {
  const rows = [
    ['people', r.people.toLocaleString('en')],
    ['nightly ranking (ranking_s)', `${r.ranking_s} s`],
    [
      'notice to everyone, every in-app row written (fanout_s)',
      `${r.fanout_s} s (${r.fanout_written.toLocaleString('en')} rows)`,
    ],
    [
      'an email notice through Resend’s contract (2 requests a second), 5% of calls failing, 1% timing out after sending, 1% answered 500 after sending',
      `${r.emails_sent.toLocaleString('en')} sent of ${r.emails.toLocaleString('en')}, ${r.emails_duplicated} duplicated, ${r.emails_lost} lost (${r.emails_dead} dead letters), ${r.emails_per_min.toLocaleString('en')} a minute`,
    ],
    [
      'the provider’s calls (bench/out/scale.json `provider`)',
      `${r.provider.calls.toLocaleString('en')} (${r.provider.failed} 503, ${r.provider.timedOut} unanswered, ${r.provider.errorAfterAccept} 500 after sending, ${r.provider.rate_limited} 429); ${r.provider.replayed} answered from the key's record; ${r.provider.without_key} without an Idempotency-Key; ${r.provider.dropped_attachments} attachments dropped`,
    ],
    [
      'a push notice to every device, encrypted and signed by the Worker, checked and decrypted by the fake push service',
      `${r.pushes_delivered.toLocaleString('en')} delivered of ${r.pushes.toLocaleString('en')} in ${r.push_s} s (${r.pushes_per_min.toLocaleString('en')} a minute), ${r.pushes_duplicated} twice, ${r.pushes_refused} refused`,
    ],
    ...Object.entries(r.reads).map(([, x]) => [
      `GET ${x.path}`,
      `${x.median_ms} ms at N, ${x.demo_ms} ms at demo size: **${x.ratio}×** (${x.vs_trivial}× the trivial call)`,
    ]),
    [
      'D1 file (db_bytes)',
      `${(r.db_bytes / 1e6).toFixed(0)} MB, ${r.bytes_per_person.toLocaleString('en')} bytes a person`,
    ],
    [
      'a year of activity (sample, roll-up after 60 days)',
      `${r.year.bytes_per_day_row} B a day row; a person's year ${r.year.year_activity_bytes_per_person_whole.toLocaleString('en')} B whole, ${r.year.year_activity_bytes_per_person_rolled.toLocaleString('en')} B rolled up (${r.year.kept_day_rows_per_person} days + ${r.year.month_rows_per_person} months)`,
    ],
    [
      'projected D1 at 1,000,000 people after a year',
      `**${(r.year.projected_year_bytes_1m_rolled / 1e9).toFixed(1)} GB** with the roll-up (${(r.year.projected_year_bytes_1m_whole / 1e9).toFixed(1)} GB with every day kept; ${r.year.base_bytes_per_person.toLocaleString('en')} B a person besides activity)`,
    ],
  ]
  const block = [
    '<!-- scale:start (written by npm run bench:scale) -->',
    `Measured ${r.measured_at.slice(0, 16)} UTC on the development machine (load average ${r.load_average.toFixed(1)}; other sessions share its 2 cores):`,
    '',
    '| What | Figure |',
    '|---|---|',
    ...rows.map(([a, b]) => `| ${a} | ${b} |`),
    '<!-- scale:end -->',
  ].join('\n')
  let doc = await readFile(DOC, 'utf8')
  if (doc.includes('<!-- scale:start')) doc = doc.replace(/<!-- scale:start[\s\S]*?<!-- scale:end -->/, block)
  else doc += `\n## Measured (npm run bench:scale)\n\n${block}\n`
  await writeFile(DOC, doc)
  log('updated docs/SCALING.md')
}
