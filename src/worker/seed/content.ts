// The demo content (data only, no database code, one file per domain under ./data/) and what
// every seeding step shares: where a unit's media lives and what a run reports.
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '#worker/db/client'
import { users } from '#worker/db/schema'
import * as audioData from './data/audio'
import * as careData from './data/care'
import * as categoryData from './data/categories'
import * as planData from './data/plans'
import * as postData from './data/posts'
import * as routeData from './data/routes'
import * as symptomData from './data/symptoms'
import * as transcriptData from './data/transcripts'
import * as typeData from './data/types'
import * as userData from './data/users'

/** The demo content (data only, no database code), one file per domain under ./data/. */
export const content = {
  ...typeData,
  ...audioData,
  ...transcriptData,
  ...categoryData,
  ...symptomData,
  ...routeData,
  ...postData,
  ...planData,
  ...userData,
  ...careData,
}

export interface SeedReport {
  routes: number
  units: number
  posts: number
  symptoms: number
  plans: number
  users: number
  media: number
}

export const mediaKey = (file: string) => `units/${file}`

/** A seeded row's id by its demo key and language, as the database holds it now (null: not seeded). */
export type IdOf = (key: string, language: string) => number | undefined

/**
 * Inserts one demo row unless its unique key (slug and language, or email) is already there, and
 * answers the new row's id: undefined when it was there, so a second run writes nothing under it.
 */
export async function insertNew<T extends SQLiteTable & { id: SQLiteColumn }>(
  db: Db,
  table: T,
  values: T['$inferInsert'],
): Promise<number | undefined> {
  const [row] = await db
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: table.id as SQLiteColumn })
  return row?.id as number | undefined
}

/** Demo accounts never reach the expired page. */
const FAR_FUTURE = new Date('2099-12-31T00:00:00Z')

/** What every demo person's row starts with: who they are, and an account that never expires. */
export const demoAccount = (
  p: { email: string; name: string; language: 'es' | 'en'; country_code: string; timezone: string },
  passwordHash: string,
) =>
  ({
    email: p.email,
    name: p.name,
    passwordHash,
    language: p.language,
    countryCode: p.country_code,
    timezone: p.timezone,
    freeAccessUntil: FAR_FUTURE,
    legalAgeConfirmedAt: new Date(),
  }) satisfies typeof users.$inferInsert
