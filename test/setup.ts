import { applyD1Migrations, env } from 'cloudflare:test'
import { afterEach, beforeEach, vi } from 'vitest'
import { resetStorage } from './reset'

// Real D1 in workerd, migrated from ./migrations (once per runtime: the migrations already
// applied are skipped), and emptied before each test file (CONVENTIONS 10; test/reset.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS!)
await resetStorage()

// CONVENTIONS 12: an unexpected console.error fails the test. A test that expects one
// spies on console.error itself and restores it.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length)
    throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
})
