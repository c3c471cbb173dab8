import { and, or, sql, type SQL } from 'drizzle-orm'

/**
 * The words of a search box, lower-cased. At most 8 words of at most 40 characters each,
 * so a pasted paragraph cannot turn into a huge query.
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return []
  return q
    .toLowerCase()
    .split(/[\s,.;:!?¿¡"'()]+/)
    .map((w) => w.trim().slice(0, 40))
    .filter((w) => w.length >= 2)
    .slice(0, 8)
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`)

/** `lower(col) LIKE %term%` with LIKE's wildcards escaped. */
export const contains = (col: SQL | SQL.Aliased | unknown, term: string): SQL =>
  sql`lower(${col}) LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`

/**
 * Every term must match one of the fields; with `diffuse` any term is enough
 * (our reading of SPEC §7's `diffuse` filter: a looser search, see docs/API.md).
 */
export function matchTerms(terms: string[], diffuse: boolean, perTerm: (term: string) => SQL): SQL | undefined {
  if (!terms.length) return undefined
  const parts = terms.map(perTerm)
  return diffuse ? or(...parts) : and(...parts)
}
