// What a person shares with a psychologist they have a session with (issue 44 §1, decision 067),
// and every time that psychologist looked. One domain of the D1 schema; ../schema.ts re-exports it.

import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json, belongsTo, linksTo, timestamps } from './columns'
import { appointments } from './appointments'
import { users } from './users'

/**
 * One row per person and psychologist: the four choices, each off until the person turns it on
 * (nothing is shared by default). Withdrawing turns them off; the share also ends by itself 90
 * days after the last session with that psychologist, computed when it is read (no job). Health
 * data's door: gone with the person (cascade = erasure) and with the psychologist's account.
 */
export const shares = sqliteTable(
  'shares',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    hostId: belongsTo('host_id', () => users.id),
    /** The 30-day trend of check-ins (moods only). */
    checkins: bool('checkins').notNull().default(false),
    /** The check-ins' notes, shared separately from the moods. */
    notes: bool('notes').notNull().default(false),
    /** Routes and units completed, minutes listened, days active since the last session. */
    practice: bool('practice').notNull().default(false),
    safetyPlan: bool('safety_plan').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('shares_user_host_uq').on(t.userId, t.hostId), index('shares_host_idx').on(t.hostId)],
)

/** What a share's view can have shown: the names of the answer's fields. */
export type ShareViewPart = 'checkins' | 'notes' | 'practice' | 'safety_plan' | 'recommendations'

/**
 * Each time a psychologist's GET /v1/appointment/shared answered: who, when, for which session,
 * what they saw. The person reads their own list; it goes with them. A psychologist who erases
 * their account leaves the line with no one attached (the person still knows someone looked).
 */
export const shareViews = sqliteTable(
  'share_views',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    hostId: linksTo('host_id', () => users.id),
    appointmentId: linksTo('appointment_id', () => appointments.id),
    seen: json<ShareViewPart[]>('seen').notNull(),
    /** The host's name when they looked, so a line outlives a renamed or erased account. */
    hostName: text('host_name'),
    createdAt: createdAt(),
  },
  (t) => [index('share_views_user_created_idx').on(t.userId, t.createdAt)],
)

export type Share = typeof shares.$inferSelect
export type ShareView = typeof shareViews.$inferSelect
