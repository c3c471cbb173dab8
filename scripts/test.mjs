/**
 * `npm test`: the static checks (typecheck, lint, format:check, knip, one after another) side by side
 * with vitest, then e2e (decision 031). The checks are one thread each (tsc) or short, vitest's
 * one workerd leaves the second core half idle, so together they take the time of vitest alone;
 * e2e fills both cores by itself and runs last. Each side's output is printed whole when it ends
 * (not interleaved); the first failure stops what has not started, as `a && b && c` did.
 * e2e's set-up (build, migrations, seed into .tmp/e2e-prepared-<pid>) runs as a third side; e2e
 * then starts its server on it (E2E_STATE).
 * `node scripts/test.mjs --no-e2e`: the first part only, without e2e's set-up;
 * `--e2e-prepare-only`: the first part with e2e's set-up, then stop (to time it).
 */
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'

const started = Date.now()
const secs = () => ((Date.now() - started) / 1000).toFixed(1)

/** Runs `npm run <script>` (or a command given as an array), its output kept; resolves to { ok, out, s }. */
function run(script) {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const [cmd, ...args] = Array.isArray(script) ? script : ['npm', 'run', '--silent', script]
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ ok: code === 0, out, s: ((Date.now() - t0) / 1000).toFixed(1) }))
  })
}

/** The scripts one after another, stopping at the first that fails. */
async function inTurn(scripts) {
  const done = []
  for (const script of scripts) {
    const r = await run(script)
    done.push({ script, ...r })
    if (!r.ok) break
  }
  return done
}

// e2e's build, migrations and seed (~20 s, mostly one core) run beside them too: its server
// then starts on that state when vitest has passed.
const e2eState = `.tmp/e2e-prepared-${process.pid}`
const withE2e = !process.argv.includes('--no-e2e')
const [checks, worker, prepared] = await Promise.all([
  inTurn(['typecheck', 'lint', 'format:check', 'knip']),
  inTurn(['test:worker']),
  withE2e ? inTurn([[process.execPath, 'e2e/run.mjs', '--prepare', e2eState]]) : [],
])
let ok = true
for (const r of [...checks, ...worker, ...prepared]) {
  const name = Array.isArray(r.script) ? r.script.slice(1).join(' ') : `npm run ${r.script}`
  process.stdout.write(`\n── ${name} (${r.s} s) ──\n${r.out.trimEnd()}\n`)
  ok &&= r.ok
}
if (checks.length < 4 || (withE2e && !prepared.length)) ok = false
console.log(`\n[${secs()} s] checks and vitest ${ok ? 'passed' : 'FAILED'}`)
if (!ok) {
  if (withE2e) await rm(e2eState, { recursive: true, force: true })
  process.exit(1)
}
if (!withE2e || process.argv.includes('--e2e-prepare-only')) process.exit(0)

// e2e prints as it goes (its lanes are already gathered by e2e/run.mjs); it removes the state after.
const e2e = spawn('npm', ['run', '--silent', 'test:e2e'], {
  stdio: 'inherit',
  env: { ...process.env, E2E_STATE: e2eState },
})
const code = await new Promise((resolve) => e2e.on('close', resolve))
console.log(`\n[${secs()} s] npm test ${code === 0 ? 'passed' : 'FAILED'}`)
process.exit(code ?? 1)
