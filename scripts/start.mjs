/**
 * `npm start`: build, migrate and seed .wrangler/state (both idempotent: starting twice adds
 * nothing), then serve the built app on http://localhost:8787 until Ctrl-C.
 *
 *   PORT=8788 npm start     another port
 *   SKIP_BUILD=1 npm start  serve the current dist/
 *   NO_SEED=1 npm start     migrations only
 *   D1_DELAY_MS=80 npm start  every D1 round waits 80 ms, as at a far replica (docs/PERFORMANCE.md "D1 at a distance")
 */
import { buildApp, log, portInUse, prepareState, startServer } from './lib/server.mjs'

const port = Number(process.env.PORT) || 8787
const persistDir = '.wrangler/state'

if (await portInUse(port)) {
  console.error(
    `Port ${port} is already in use (another \`npm start\` or \`wrangler dev\`?). Stop it, or run PORT=<other> npm start.`,
  )
  process.exit(1)
}

try {
  if (!process.env.SKIP_BUILD) await buildApp()
  const { seeded } = await prepareState(persistDir, { seed: !process.env.NO_SEED })
  log(`wrangler dev on port ${port}`)
  // D1 at a distance (issue 43 §3): a var of this run only; a deployed Worker refuses it.
  const vars = process.env.D1_DELAY_MS ? { D1_DELAY_MS: process.env.D1_DELAY_MS } : {}
  const server = await startServer({ port, persistDir, stdio: 'inherit', logLevel: 'info', testScheduled: true, vars })
  const url = `http://localhost:${port}`
  console.log(`
  Calma is running at ${url}/  (English: ${url}/en/)
  API: ${url}/v1/…   Cron now: ${url}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*
${
  seeded
    ? `
  Demo logins (password Calma-demo-2026):
    patient@demo.calma.app      patient (Spanish, anxiety plan)
    subscriber@demo.calma.app   subscribed patient with credits
    patient.en@demo.calma.app   patient (English)
    psico1@demo.calma.app       psychologist
    admin@demo.calma.app        administrator
`
    : '\n  (no demo content: scripts/seed.ts is missing)\n'
}
  State: ${persistDir}   Ctrl-C to stop.
`)
  let stopping = false
  const shutdown = async () => {
    if (stopping) return
    stopping = true
    await server.stop()
    process.exit(0)
  }
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void shutdown())
  const code = await server.exited
  if (!stopping) {
    console.error(`wrangler dev stopped (exit ${code})`)
    process.exit(code || 1)
  }
} catch (e) {
  console.error(`\nnpm start failed: ${e.message ?? e}`)
  process.exit(1)
}
