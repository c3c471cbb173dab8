import { applyD1Migrations, env } from 'cloudflare:test'
import { afterEach, beforeEach, vi } from 'vitest'
import { publicCache } from '#worker/http/public-cache'
import { personCache } from '#worker/http/person-cache'

// Real D1 in workerd, migrated from ./migrations before each test file (CONVENTIONS 10).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS!)

// Tests change rows directly (factories), not through an editor's call that purges the shared
// public answers: those are off here, and on in test/content/public-cache.test.ts.
publicCache.enabled = false
// Likewise the person's cached rows (http/person-cache.ts): on in test/speed/person-cache.test.ts.
personCache.enabled = false

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
