// The full-text search of routes, posts and symptoms (docs/API.md "Search"): the SQL fragments
// the list queries put in their WHERE and ORDER BY. The FTS5 tables, and the triggers that keep
// them in step with every write, are in migrations/0003_search_fts.sql (not in the drizzle
// schema: drizzle has no virtual tables).
import { sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteSelect } from 'drizzle-orm/sqlite-core'
import { ftsQuery } from './search'

/**
 * Each index and the bm25 weight of its columns, in the migration's column order: a word in the
 * title counts most, then the short lists (tag, symptoms), the description, and the body last.
 * FTS5's bm25 scales by the length of the whole row, so a long body weighs a little on every match.
 */
const INDEXES = {
  routes: { table: 'routes_fts', weights: [10, 5, 5, 2, 1] }, // title, tag, symptoms, description, units
  posts: { table: 'posts_fts', weights: [10, 5, 3, 1] }, // title, tags (tag + tags), description, content
  symptoms: { table: 'symptoms_fts', weights: [10, 2] }, // title, slug
} as const

export type Searchable = keyof typeof INDEXES

/** A search box's text, ready for one index. `match` null: no word was typed, nothing matches. */
export interface TextSearch {
  index: Searchable
  match: string | null
}

/** The search of a list call, or undefined when there is none. */
export function textSearch(
  index: Searchable,
  search: string | undefined,
  diffuse: boolean | number | undefined,
): TextSearch | undefined {
  const match = ftsQuery(search, !!diffuse)
  return match === undefined ? undefined : { index, match }
}

/** WHERE: only the rows whose text matches (the match is a bound parameter). */
export function matchesSearch(s: TextSearch, id: SQLiteColumn): SQL {
  if (s.match === null) return sql`0 = 1`
  const t = sql.raw(INDEXES[s.index].table)
  return sql`${id} IN (SELECT rowid FROM ${t} WHERE ${t} MATCH ${s.match})`
}

export interface Relevance {
  hits: SQL
  on: SQL
  /** bm25: lower is better, so order ascending. */
  rank: SQL
}

/**
 * The relevance of each matching row, as a table to join and the column to order by (best
 * first). bm25 runs once per match in a single FTS5 scan, not once per listed row; the
 * `LIMIT -1` keeps SQLite from flattening the scan into the outer query, where it could be
 * re-run for every row.
 */
export function searchRelevance(s: TextSearch, id: SQLiteColumn): Relevance | undefined {
  if (s.match === null) return undefined
  const { table, weights } = INDEXES[s.index]
  const t = sql.raw(table)
  const hits = sql.raw(`${table}_hits`)
  return {
    hits: sql`(SELECT rowid AS id, bm25(${t}, ${sql.raw(weights.map((w) => w.toFixed(1)).join(', '))}) AS score FROM ${t} WHERE ${t} MATCH ${s.match} LIMIT -1) AS ${hits}`,
    on: sql`${hits}.id = ${id}`,
    rank: sql`${hits}.score`,
  }
}

/** A list select (`.$dynamic()`) with the relevance joined, when there is one. */
export function withRelevance<T extends SQLiteSelect>(select: T, r: Relevance | undefined): T {
  return r ? (select.innerJoin(r.hits, r.on) as unknown as T) : select
}
