/**
 * `npm test`: the static checks (typecheck, lint, format:check, one after another) side by side
 * with vitest, then e2e (decision 031). The checks are one thread each (tsc) or short, vitest's
 * one workerd leaves the second core half idle, so together they take the time of vitest alone;
 * e2e fills both cores by itself and runs last. Each side's output is printed whole when it ends
 * (not interleaved); the first failure stops what has not started, as `a && b && c` did.
 * `node scripts/test.mjs --no-e2e`: the first part only.
 */
import { spawn } from 'node:child_process'

const started = Date.now()
const secs = () => ((Date.now() - started) / 1000).toFixed(1)

/** Runs `npm run <script>`, its output kept; resolves to { ok, out, s }. */
function run(script) {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
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

const [checks, worker] = await Promise.all([inTurn(['typecheck', 'lint', 'format:check']), inTurn(['test:worker'])])
let ok = true
for (const r of [...checks, ...worker]) {
  process.stdout.write(`\n── npm run ${r.script} (${r.s} s) ──\n${r.out.trimEnd()}\n`)
  ok &&= r.ok
}
if (checks.length < 3) ok = false
console.log(`\n[${secs()} s] checks and vitest ${ok ? 'passed' : 'FAILED'}`)
if (!ok) process.exit(1)
if (process.argv.includes('--no-e2e')) process.exit(0)

// e2e prints as it goes (its lanes are already gathered by e2e/run.mjs).
const e2e = spawn('npm', ['run', '--silent', 'test:e2e'], { stdio: 'inherit' })
const code = await new Promise((resolve) => e2e.on('close', resolve))
console.log(`\n[${secs()} s] npm test ${code === 0 ? 'passed' : 'FAILED'}`)
process.exit(code ?? 1)
