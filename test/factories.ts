import { env } from 'cloudflare:test'
import { getDb } from '../src/worker/db/client'
import { seed, type SeedOptions } from '../src/worker/seed/seed'

/** A cheap stand-in hash for seeded demo users in tests that never sign them in. */
const fakeHash = async (p: string) => `test$${p.length}`

/** Seed the demo content into this test file's isolated D1 (no audio, no demo users by default). */
export function seedContent(only: SeedOptions['only'] = { routes: true, posts: true, plans: true, users: false }) {
  return seed(getDb(env.DB), { hashPassword: fakeHash, only })
}
