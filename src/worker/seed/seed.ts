// The demo (issue 24 §5): content in both languages, demo users per role, psychologists with
// availability, their weeks of practice. One step a file (*.seed.ts), run here in the order the
// rows need each other: the catalogue, routes, media, posts, plans, people, covers, practice.
import type { Db } from '#worker/db/client'
import { seedActivity } from './activity.seed'
import { seedCare } from './care.seed'
import { catalogIds, seedCatalog } from './catalog.seed'
import { content, type SeedReport } from './content'
import { seedCovers } from './covers.seed'
import { seedPlans } from './plans.seed'
import { seedPosts } from './posts.seed'
import { addNewUnits, fixUnitLengths, routeIds, seedMedia, seedRoutes } from './routes.seed'
import { seedUsers } from './users.seed'

export interface SeedOptions {
  /** Hashes demo passwords (features/users/password.ts); injected so Node and workerd can both seed. */
  hashPassword: (password: string) => Promise<string>
  /** Stores one unit's audio (or transcript) in R2 and answers its size in bytes; omitted where media does not matter (most worker tests). */
  putMedia?: (key: string, file: string) => Promise<number>
  /** Stores a drawn cover picture (scripts/lib/covers.ts) under `key` in R2; without it routes, posts and plans keep no cover. */
  putCover?: (key: string, variant: number) => Promise<void>
  /** Seed only this much content (tests); everything when omitted. `activity`: the demo community's weeks of practice. */
  only?: { routes?: boolean; posts?: boolean; plans?: boolean; users?: boolean; activity?: boolean }
  log?: (line: string) => void
}

/**
 * Demo content in both languages, demo users per role, psychologists with availability.
 * Idempotent: rows are keyed by (slug, language) or email and skipped when present, and a
 * route's units, symptoms and a plan's routes are only written when the route or plan is new.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedReport> {
  const only = opts.only ?? { routes: true, posts: true, plans: true, users: true, activity: true }
  const log = opts.log ?? (() => {})
  const report: SeedReport = { routes: 0, units: 0, posts: 0, symptoms: 0, plans: 0, users: 0, media: 0 }

  await seedCatalog(db, report)
  const ids = await catalogIds(db)
  if (only.routes !== false) await seedRoutes(db, report, ids)
  if (only.routes !== false) await addNewUnits(db, report)
  if (only.routes !== false) await fixUnitLengths(db)
  if (opts.putMedia) await seedMedia(db, report, opts.putMedia)
  const routeIdByKey = await routeIds(db)
  if (only.posts !== false) await seedPosts(db, report, ids.postCategoryId, routeIdByKey)
  if (only.plans !== false) await seedPlans(db, report, routeIdByKey)
  if (only.users !== false) await seedUsers(db, report, opts.hashPassword)
  if (opts.putCover) await seedCovers(db, opts.putCover)
  if (only.activity && only.users !== false)
    report.users += await seedActivity(db, await opts.hashPassword(content.DEMO_PASSWORD), Date.now())
  if (only.activity && only.users !== false) await seedCare(db, routeIdByKey, Date.now())

  log(`seeded ${JSON.stringify(report)}`)
  return report
}

// Re-exported for tests that look up seeded rows by what they are.
export { content }
