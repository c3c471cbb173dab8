/**
 * Shapes of the demo content seeded by ../seed.ts, which reads the data files of this folder:
 * categories, symptoms, audio clips, routes (routes-1, routes-2), posts (posts-es, posts-en),
 * plans and users, in Spanish and English.
 *
 * Data only (no database code). Rows are separate per language; `key` fields are
 * language-independent and link the Spanish and English versions of the same thing
 * (routes, symptoms, categories, plans). References between rows always use keys
 * (symptom keys, route keys, category slugs of the same language).
 */

import { Role } from '#shared/enums'

export type Language = 'es' | 'en'

export const languages: readonly Language[] = ['es', 'en']

/** Language-independent symptom keys. */
export type SymptomKey =
  | 'anxiety'
  | 'insomnia'
  | 'overthinking'
  | 'rumination'
  | 'sadness'
  | 'stress'
  | 'panic'
  | 'low-mood'

// Roles are SPEC §6's numbers, defined once in src/shared/enums.ts.
export { Role }
export type RoleValue = Role

export interface SeedCategory {
  /** Language-independent key, shared by the Spanish and English rows. */
  key: string
  language: Language
  slug: string
  title: string
}

export interface SeedSymptom {
  key: SymptomKey
  language: Language
  slug: string
  title: string
  seo_title: string
  seo_description: string
}

export interface SeedUnit {
  title: string
  description: string
  /** File name inside seed/media/, e.g. 'es-breathing-1.mp3'. Several units may share one file. */
  audio: string
  /** Real duration of the audio file, in whole seconds. */
  duration_seconds: number
}

/** A demo route's row: its text in one language (RouteText) and what it hangs on. */
export interface SeedRoute extends RouteText {
  /** Language-independent key, shared by the Spanish and English rows; plans and posts refer to it. */
  key: string
  language: Language
  /** Slug of a route category of the same language. */
  category: string
  /** Symptom keys; the first one is the primary symptom. */
  symptoms: SymptomKey[]
  order: number
  needs_appointment?: boolean
  /** In order; 3 to 6 units. */
  units: SeedUnit[]
}

export interface SeedPost {
  language: Language
  slug: string
  title: string
  description: string
  /** HTML with several <h2> and <h3> headings and paragraphs. */
  content: string
  tag: string
  tags: string[]
  /** Slug of a post category of the same language. */
  category: string
  author: string
  /** ISO date-time. */
  published_at: string
  /** Keys of routes (the row of the same language). */
  related_route_keys: string[]
  /** The article read aloud (the format bar, SPEC §2): R2 keys of demo media a unit also plays. */
  audios?: { key: string; title?: string; duration_seconds?: number }[]
  /** The article shown as a video (the format bar's video): R2 keys of the files in postMediaFiles. */
  videos?: { key: string; title?: string; duration_seconds?: number }[]
}

export interface SeedPlanRoute {
  /** Route key (the row of the plan's language). */
  route: string
  /** The previous route of the plan must be completed first (true for every route but the first). */
  need_previous_completed?: boolean
  /** Hours to wait after the previous route is completed. */
  waiting_time_hours?: number
  /** An appointment must be booked to open this route. */
  need_appointment?: boolean
  /** An appointment must have been attended (finished) to open this route. */
  need_finished_appointment?: boolean
}

export interface SeedPlan {
  /** Language-independent key ('anxiety-plan', 'insomnia-plan'). */
  key: string
  language: Language
  slug: string
  title: string
  description: string
  /** 1 public, 2 private. */
  visibility: 1 | 2
  /** Ordered. */
  routes: SeedPlanRoute[]
}

export interface SeedAvailability {
  /** 0 Sunday ... 6 Saturday (JavaScript Date#getDay), in the psychologist's timezone. */
  weekday: 0 | 1 | 2 | 3 | 4 | 5 | 6
  /** 'HH:MM', local time of the psychologist's timezone. */
  start: string
  /** 'HH:MM', local time; the last slot must end at or before this time. */
  end: string
  slot_minutes: number
}

export type LocatedAt = 'Colombia' | 'Mexico' | 'Spain' | 'India' | 'Venezuela'

export interface SeedPsychologist {
  name: string
  email: string
  /** E.164. */
  phone: string
  language: Language
  country_code: string
  nationality: LocatedAt
  located_at: LocatedAt
  degree: string
  speaks_in: Language[]
  specialist_in_symptoms: SymptomKey[]
  /** Route category key. */
  specialized_in_the_category: string
  timezone: string
  bio: Record<Language, string>
  availability: SeedAvailability[]
}

export interface SeedUser {
  email: string
  /** Plain text demo password; hash it when seeding. */
  password: string
  name: string
  role: RoleValue
  subscriber: boolean
  language: Language
  country_code: string
  /** E.164. */
  phone: string
  timezone: string
  /** Credits in dollars. */
  credits?: number
  /** Plan keys to assign (the plan row of the user's language). */
  assigned_plan_keys?: string[]
}

/** The audio clips of audio.ts; each has a Spanish and an English file, '<language>-<clip>.mp3'. */
export type ClipId =
  | 'welcome-1'
  | 'session-1'
  | 'breathing-1'
  | 'breathing-2'
  | 'breathing-3'
  | 'breathing-4'
  | 'grounding-1'
  | 'grounding-2'
  | 'grounding-3'
  | 'bodyscan-1'
  | 'bodyscan-2'
  | 'bodyscan-3'
  | 'bodyscan-4'
  | 'sleep-1'
  | 'sleep-2'
  | 'sleep-3'
  | 'sleep-4'
  | 'rumination-1'
  | 'rumination-2'
  | 'rumination-3'
  | 'rumination-4'
  | 'worry-1'
  | 'worry-2'
  | 'compassion-1'
  | 'compassion-2'
  | 'compassion-3'
  | 'compassion-4'
  | 'emotions-1'
  | 'emotions-2'
  | 'emotions-3'
  | 'emotions-4'
  | 'stress-1'
  | 'stress-2'
  | 'panic-1'
  | 'panic-2'
  | 'mood-1'
  | 'mood-2'
  | 'mood-3'

export interface Text2 {
  title: string
  description: string
}

// Route definitions (routes-1.ts, routes-2.ts): one per route, with the text of both languages.

/** A unit of a route definition: a clip, optionally with its own title and description per language. */
export type UnitDef = ClipId | { clip: ClipId; es?: Partial<Text2>; en?: Partial<Text2> }

export interface RouteText {
  slug: string
  title: string
  description: string
  seo_title: string
  seo_description: string
  tag: string
}

export interface RouteDef {
  key: string
  category: string
  symptoms: SymptomKey[]
  needs_appointment?: boolean
  units: UnitDef[]
  es: RouteText
  en: RouteText
}
