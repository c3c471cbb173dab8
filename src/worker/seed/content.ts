// The demo content (data only, no database code, one file per domain under ./data/) and what
// every seeding step shares: where a unit's media lives and what a run reports.
import * as audioData from './data/audio'
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
