// Check-ins: how a person feels, once a day on their own clock (issue 34 §4).
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { sql } from 'drizzle-orm'
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { Mood } from '#shared/checkins'
import { id, belongsTo, timestamps } from './columns'
import { users } from './users'

/**
 * One row per person and local day: a second check-in the same day updates it (the unique index
 * is what makes "never two" hold under two devices at once). Health data: read and written only
 * for the person themselves, in their export, gone with them (cascade), never sent to a vendor.
 */
export const checkins = sqliteTable(
  'checkins',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    day: text('day').notNull(), // 'YYYY-MM-DD' on the person's clock when they checked in
    /** 1 very low … 5 very good (shared/contract/checkins.ts MOODS). */
    mood: integer('mood').$type<Mood>().notNull(),
    note: text('note'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('checkins_user_day_uq').on(t.userId, t.day),
    check('checkins_mood_ck', sql`mood BETWEEN 1 AND 5`),
  ],
)
