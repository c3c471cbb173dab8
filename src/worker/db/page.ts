// One page of a table's rows and how many rows match in all (SPEC §7 pagination), the two
// queries side by side: for the repos whose list is one table under one WHERE (categories, plans,
// appointments, users). Lists that join or rank (routes, posts, symptoms) build their own.
import { count, type SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'

export async function tablePage<T extends SQLiteTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ n: count() }).from(table).where(where),
  ])
  // The builder's own rows of `table`; its type is only deferred while T is generic.
  return { rows: rows as T['$inferSelect'][], total: total?.n ?? 0 }
}
