// One page of a list and how many rows match in all (SPEC §7 pagination), the two queries side
// by side. `tablePage` for the lists that are one table under one WHERE (categories, plans,
// appointments, users); `withTotal` for those that join or rank (routes, posts, symptoms).
import { count, type SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'

export async function withTotal<R>(
  rows: PromiseLike<R[]>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  const [page, [all]] = await Promise.all([rows, total])
  return { rows: page, total: all?.n ?? 0 }
}

export async function tablePage<T extends SQLiteTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: { limit: number; offset: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { rows, total } = await withTotal(
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ n: count() }).from(table).where(where),
  )
  // The builder's own rows of `table`; its type is only deferred while T is generic.
  return { rows: rows as T['$inferSelect'][], total }
}
