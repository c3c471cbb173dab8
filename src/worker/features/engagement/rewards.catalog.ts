// The rewards of SPEC §9 (issue 11 §2), the one list both the seed and the service read.
// Grouped by key; each is a level of one category (consistency, milestone, dedication). The
// titles and descriptions shown are translated from the key and level (i18n/engagement.ts);
// the English text stored here is what an admin tool or a raw export reads.
import type { RewardCategory } from '#shared/enums'

export interface CatalogReward {
  key: 'usage_streak' | 'active_days' | 'routes_completed' | 'plans_completed' | 'sessions_attended'
  category: RewardCategory
  level_id: number
  threshold: number
}

export const REWARD_CATALOG: readonly CatalogReward[] = [
  // Usage streaks of 1, 7, 30, 90, 180 and 365 days (SPEC §9), then two and three years.
  ...[1, 7, 30, 90, 180, 365, 730, 1095].map((threshold, i) => ({
    key: 'usage_streak' as const,
    category: 'consistency' as const,
    level_id: i + 1,
    threshold,
  })),
  // Milestones: 1 route, the first session attended, 1 and 2 plans completed (SPEC §9), then more plans.
  { key: 'routes_completed', category: 'milestone', level_id: 1, threshold: 1 },
  { key: 'sessions_attended', category: 'milestone', level_id: 1, threshold: 1 },
  { key: 'plans_completed', category: 'milestone', level_id: 2, threshold: 1 },
  { key: 'plans_completed', category: 'milestone', level_id: 3, threshold: 2 },
  ...[3, 5, 8, 12, 20].map((threshold, i) => ({
    key: 'plans_completed' as const,
    category: 'milestone' as const,
    level_id: i + 4,
    threshold,
  })),
  // Dedication: days with practice in all, whether in a row or not.
  ...[3, 10, 25, 50, 100, 200, 300, 500].map((threshold, i) => ({
    key: 'active_days' as const,
    category: 'dedication' as const,
    level_id: i + 1,
    threshold,
  })),
]

const TYPE_TEXT: Record<CatalogReward['key'], [string, string]> = {
  usage_streak: ['Usage streak', 'Days in a row with some practice (a freeze keeps a missed day).'],
  active_days: ['Days of practice', 'Every day you practised, in a row or not.'],
  routes_completed: ['Routes completed', 'Routes you finished, every unit.'],
  plans_completed: ['Plans completed', 'Plans you finished.'],
  sessions_attended: ['Sessions attended', 'Sessions with a psychologist you attended.'],
}

/** The rows the rewards table holds (English text; shown translated). */
export const catalogRows = () =>
  REWARD_CATALOG.map((r) => ({
    ...r,
    level_title: `Level ${r.level_id}`,
    type_title: TYPE_TEXT[r.key][0],
    type_description: TYPE_TEXT[r.key][1],
    description: `${TYPE_TEXT[r.key][0]}: ${r.threshold}`,
  }))
