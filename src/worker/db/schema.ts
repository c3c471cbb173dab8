// The single source of truth for the D1 database (DESIGN §5). Migrations in /migrations are
// generated from this index (and the ./schema/ files it re-exports) with `npm run db:generate`
// and never edited by hand once committed.
//
// Conventions (everyone relies on them):
// - SQL names are snake_case and written out explicitly on every column, so no drizzle `casing`
//   option is needed anywhere (raw `sql` and `drizzle(d1)` without options both work).
// - Ids: INTEGER PRIMARY KEY AUTOINCREMENT (except natural keys: stripe_events.id,
//   tracking_sessions.session_id, rate_windows.key).
// - Times: UTC, INTEGER milliseconds since the epoch (`mode: 'timestamp_ms'` → JS Date).
//   created_at is filled by drizzle on insert and, for raw SQL inserts, by a SQL default.
//   Exceptions: rate_windows.last_at is a plain number (ms) for raw SQL compares; calendar days
//   (activity_days.day, ranking_snapshots.day) are TEXT 'YYYY-MM-DD' in UTC.
// - Booleans: INTEGER 0/1 (`mode: 'boolean'`). JSON: TEXT (`mode: 'json'`), typed with $type.
// - Money and credits: INTEGER cents (DESIGN §5); a credit balance is SUM(credit_ledger.amount_cents).
// - Enum columns store the numbers/codes of src/shared/enums.ts (SPEC §4, §6).
// - CHECK and partial-index SQL name bare columns (not ${t.col}): drizzle would qualify them with
//   the table name, which breaks when drizzle-kit later rebuilds a table under a temporary name.
// - Deleting a user cascades to what is only theirs (progress, likes, assignments, rewards...)
//   and sets NULL where the row must outlive them (authorship, ledger, transactions, forms).
//
// This file is the index: the tables live in one file per domain under ./schema/ and are all
// re-exported here, so `#worker/db/schema` and drizzle.config.ts see every table in one place.

export type { Images, MediaRef } from './schema/columns'
export * from './schema/users'
export * from './schema/content'
export * from './schema/posts'
export * from './schema/plans'
export * from './schema/appointments'
export * from './schema/payments'
export * from './schema/engagement'
export * from './schema/files'
export * from './schema/tracking'
export * from './schema/forms'
export * from './schema/admin'
export * from './schema/checkins'
export * from './schema/push'
export * from './schema/care'
export * from './schema/shares'
