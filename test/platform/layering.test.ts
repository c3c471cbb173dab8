import { describe, expect, it } from 'vitest'

// CONVENTIONS 3, held by a test so it does not drift: SQL lives only in *.repo.ts (and db/).
// Which module may import which (http/ imports no feature, no cycles, no other feature's repo)
// is the linter's: .oxlintrc.json, docs/decisions/027-lint-and-format.md.
const source = import.meta.glob<string>('../../src/worker/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const files = Object.entries(source).map(([path, text]) => ({ path: path.replace(/^(\.\.\/)+/, ''), text }))
const under = (dir: string) => files.filter((f) => f.path.startsWith(dir))

/** Raw SQL through the binding, or a drizzle query through a handle. */
const SQL = /\.prepare\(|\bdb\s*\.\s*(select|insert|update|delete|batch|run|all|get)\b|\bDB\s*\.\s*(batch|exec)\(/

describe('layering', () => {
  it('finds the worker sources', () => {
    expect(files.some((f) => f.path === 'src/worker/http/context.ts')).toBe(true)
  })

  it('cron jobs, http/ and the session module run no SQL of their own (it lives in *.repo.ts)', () => {
    const checked = [
      ...under('src/worker/cron/'),
      ...under('src/worker/http/'),
      ...files.filter((f) => f.path === 'src/worker/identity/'),
    ]
    expect(checked.length).toBeGreaterThan(3)
    const offenders = checked.filter((f) => !f.path.endsWith('.repo.ts') && SQL.test(f.text))
    expect(offenders.map((f) => f.path)).toEqual([])
  })
})
