// The database at a real distance (issue 43 §3; docs/decisions/063): the built Worker with
// D1_DELAY_MS (every D1 round waits that long, as one to a primary or replica a region away
// does), the demo patient signed in. Per signed-in page: the time to first byte, p50 of
// sequential requests, cold (`x-d1-cold: 1`: the person's rows and page read as on an isolate
// that has not met them, what a first page or one 30 s after the last gets) and warm (the same
// page again); and every /v1 call chromium makes while it opens the page (cold too), with the
// D1 rounds the Worker counted (`x-d1-rounds`). Visitors' cached pages: their rounds once warm.
// Bars: cold TTFB p50 ≤ delay + 40 ms, ≤ 1 round per /v1 call, 0 for a visitor's cached page.
//
//   node bench/d1-distance.mjs          (after a build; own fresh state in .tmp)
//   npm run bench                        (wired in bench/run.mjs)
// Knobs: D1_DELAY_MS (default 80), BENCH_D1_SAMPLES (default 15).
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { log, prepareState, ROOT, startServer } from '../scripts/lib/server.mjs'

export const D1_DELAY = Number(process.env.D1_DELAY_MS) || 80
const SAMPLES = Number(process.env.BENCH_D1_SAMPLES) || 15
/** What a signed-in page may take over the rounds it waits on (the issue's bar: delay + 40 ms). */
const SLACK_MS = 40
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]
const PATIENT = { email: 'patient@demo.calma.app', password: 'Calma-demo-2026' }
const SIGNED_IN = [
  '/journey',
  '/performance',
  '/appointments',
  '/profile',
  '/downloads',
  '/route/{slug}',
  '/subscription',
  '/ranking',
  '/rewards',
]
const VISITOR = ['/', '/en/', '/routes', '/blog', '/help', '/login', '/route/4-ejercicios-para-el-insomnio']

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN
}

/** Time to the answer's headers (fetch resolves on them), and its D1 rounds. */
async function ttfb(url, headers) {
  const t = performance.now()
  const res = await fetch(url, { headers, redirect: 'manual' })
  const ms = performance.now() - t
  await res.arrayBuffer()
  // The Worker's own spans (http/timing.ts, local runs): the session's KV reads, the loader, the render.
  const spans = Object.fromEntries(
    (res.headers.get('server-timing') ?? '')
      .split(',')
      .map((s) => /^\s*([\w-]+);dur=([\d.]+)/.exec(s))
      .filter(Boolean)
      .map((m) => [m[1], Number(m[2])]),
  )
  return {
    ms,
    status: res.status,
    spans,
    calls: Number(res.headers.get('x-d1-calls') ?? NaN),
    rounds: Number(res.headers.get('x-d1-rounds') ?? NaN),
    // The time at least one D1 call was in flight, delay included: the rest of the TTFB is the
    // Worker's own work (the render), which a loaded machine stretches.
    d1Ms: Number(res.headers.get('x-d1-ms') ?? NaN),
  }
}

/** Every /v1 call chromium makes while `page` opens and settles, cold, with its D1 rounds. */
async function callsOf(browser, base, pagePath, token) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-d1-cold': '1' } })
  await context.addCookies([{ name: 'calma_session', value: token, url: base, httpOnly: true, sameSite: 'Lax' }])
  const page = await context.newPage()
  const calls = []
  page.on('response', (res) => {
    const u = new URL(res.url())
    if (u.origin !== base || !u.pathname.startsWith('/v1/')) return
    const h = res.headers()
    calls.push({
      call: `${res.request().method()} ${u.pathname}${u.pathname === '/v1/session' ? '' : u.search}`,
      status: res.status(),
      rounds: Number(h['x-d1-rounds'] ?? NaN),
    })
  })
  // Opened twice, the second counted: the first fills the location's shared caches (the route by
  // id, the ranking's top), as everyone's visits keep them filled; the person's rows stay cold.
  for (const pass of [0, 1]) {
    calls.length = 0
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 })
    await page.waitForTimeout(pass ? 1500 : 500)
  }
  await context.close()
  return calls
}

async function signIn(base) {
  const form = new FormData()
  form.set('email', PATIENT.email)
  form.set('password', PATIENT.password)
  const res = await fetch(`${base}/v1/user/authenticate`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', locale: 'es' },
  })
  const body = await res.json().catch(() => ({}))
  if (!body.user?.token) throw new Error(`the demo patient could not sign in: ${res.status}`)
  const headers = { accept: 'application/json', locale: 'es', authorization: `Bearer ${body.user.token}` }
  const status = await (await fetch(`${base}/v1/my/plan/status`, { headers })).json()
  return { token: body.user.token, routeSlug: status.status?.items?.[0]?.route?.slug ?? '' }
}

/**
 * Serve `persistDir` with D1_DELAY_MS and measure (see the top). `patient`: { token, routeSlug }
 * of a signed-in demo patient, or null to sign in here.
 */
export async function measureD1Distance({ persistDir, patient = null, delayMs = D1_DELAY, port }) {
  log(`D1 at a distance: the direct server with D1_DELAY_MS=${delayMs}`)
  const server = await startServer({
    persistDir,
    direct: true,
    vars: { D1_DELAY_MS: String(delayMs) },
    ...(port ? { port } : {}),
  })
  try {
    const base = server.url
    const who = patient ?? (await signIn(base))
    const cookie = { cookie: `calma_session=${who.token}` }
    const pages = []
    for (const p of SIGNED_IN) {
      const url = `${base}${p.replace('{slug}', encodeURIComponent(who.routeSlug))}`
      await ttfb(url, cookie) // the shared parts (content, symptoms) cached, as on a busy location
      const cold = []
      const warm = []
      for (let i = 0; i < SAMPLES; i++) {
        cold.push(await ttfb(url, { ...cookie, 'x-d1-cold': '1' }))
        warm.push(await ttfb(url, cookie))
      }
      pages.push({
        page: p,
        status: cold[0].status,
        cold_p50_ms: Number(median(cold.map((x) => x.ms)).toFixed(1)),
        cold_rounds: Math.max(...cold.map((x) => x.rounds)),
        cold_d1_p50_ms: Number(median(cold.map((x) => x.d1Ms)).toFixed(1)),
        cold_calls: Math.max(...cold.map((x) => x.calls)),
        cold_session_p50_ms: Number(median(cold.map((x) => x.spans.session ?? NaN)).toFixed(1)),
        cold_render_p50_ms: Number(median(cold.map((x) => x.spans.render ?? NaN)).toFixed(1)),
        cold_handler_p50_ms: Number(median(cold.map((x) => x.spans.total ?? NaN)).toFixed(1)),
        warm_p50_ms: Number(median(warm.map((x) => x.ms)).toFixed(1)),
        warm_rounds: Math.max(...warm.map((x) => x.rounds)),
      })
    }
    let browserError = null
    try {
      const { chromium } = await import('playwright-core')
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
      try {
        for (const p of pages) {
          p.calls = await callsOf(browser, base, p.page.replace('{slug}', encodeURIComponent(who.routeSlug)), who.token)
          p.max_call_rounds = p.calls.length ? Math.max(...p.calls.map((c) => c.rounds)) : 0
        }
      } finally {
        await browser.close()
      }
    } catch (e) {
      browserError = e.message ?? String(e)
    }
    const visitors = []
    for (const p of VISITOR) {
      await ttfb(`${base}${p}`, {})
      const again = await ttfb(`${base}${p}`, {})
      visitors.push({ page: p, rounds: again.rounds, ttfb_ms: Number(again.ms.toFixed(1)) })
    }
    const bar = delayMs + SLACK_MS
    const failed = [
      ...pages
        .filter((p) => !(p.cold_p50_ms <= bar))
        .map((p) => `${p.page}: cold TTFB p50 ${p.cold_p50_ms} ms > ${bar} ms`),
      ...pages.flatMap((p) =>
        (p.calls ?? [])
          .filter((c) => !(c.rounds <= 1))
          .map((c) => `${p.page}: ${c.call} waits ${c.rounds} D1 rounds (> 1)`),
      ),
      ...visitors
        .filter((v) => v.rounds !== 0)
        .map((v) => `visitor ${v.page}: ${v.rounds} D1 rounds once cached (> 0)`),
      ...(browserError ? [`the /v1 calls of each page not observed: ${browserError}`] : []),
    ]
    return { delay_ms: delayMs, samples: SAMPLES, bar_ms: bar, pages, visitors, failed }
  } finally {
    await server.stop()
  }
}

/** The block of docs/PERFORMANCE.md for a result of measureD1Distance. */
export function d1DistanceLines(r) {
  const lines = [
    `D1 at a distance: every D1 round delayed ${r.delay_ms} ms (\`D1_DELAY_MS=${r.delay_ms}\`, bench/d1-distance.mjs); TTFB is the p50 of ${r.samples} sequential requests, cold = \`x-d1-cold: 1\` (the person's rows read from D1, as a first page does), warm = the same page again. "/v1 calls" are those chromium made opening the page (cold), with the rounds each waited on. Bars: cold TTFB ≤ ${r.bar_ms} ms, every call ≤ 1 round.`,
    '',
    '| Signed-in page | cold TTFB p50 | its D1 wait p50 | rounds (calls) | session / render / handler p50 | warm TTFB p50 | rounds | /v1 calls on the page (rounds) | most rounds a call |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|',
  ]
  for (const p of r.pages) {
    const calls = (p.calls ?? []).map((c) => `\`${c.call}\` ${c.rounds}`).join(', ') || '–'
    lines.push(
      `| \`${p.page}\` | ${p.cold_p50_ms} ms${p.cold_p50_ms <= r.bar_ms ? '' : ' **FAIL**'} | ${p.cold_d1_p50_ms} ms | ${p.cold_rounds} (${p.cold_calls}) | ${p.cold_session_p50_ms} / ${p.cold_render_p50_ms} / ${p.cold_handler_p50_ms} ms | ${p.warm_p50_ms} ms | ${p.warm_rounds} | ${calls} | ${p.max_call_rounds ?? '–'}${(p.max_call_rounds ?? 0) <= 1 ? '' : ' **FAIL**'} |`,
    )
  }
  lines.push('')
  lines.push(
    `Visitors' cached pages, D1 rounds once cached: ${r.visitors.map((v) => `\`${v.page}\` ${v.rounds}`).join(', ')}.`,
  )
  return lines
}

// Standalone: a fresh seeded state of its own, the current build.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const stateDir = path.join(ROOT, '.tmp', `d1-distance-${process.pid}`)
  try {
    await prepareState(stateDir)
    const r = await measureD1Distance({ persistDir: stateDir, port: Number(process.env.PORT) || undefined })
    console.log(`\n${d1DistanceLines(r).join('\n')}\n`)
    await mkdir(path.join(ROOT, 'bench/out'), { recursive: true })
    await writeFile(path.join(ROOT, 'bench/out/d1-distance.json'), JSON.stringify(r, null, 2))
    if (r.failed.length) console.log(`D1 at a distance FAILED:\n- ${r.failed.join('\n- ')}`)
    else console.log('D1 at a distance: every bar met.')
    process.exitCode = r.failed.length ? 1 : 0
  } finally {
    await rm(stateDir, { recursive: true, force: true })
  }
}
