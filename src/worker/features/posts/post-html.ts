// Post bodies through the HTML allowlist (issue 20 §4; lib/html.ts): on save, on every read for
// a reader, on restore, and the cleaning of rows stored under an older allowlist (migration 0011,
// HTML_POLICY_VERSION). A body the allowlist cannot clean (issue 32 §1: the parser cannot read
// it, it nests too deep) is refused on save (422, a field error on `content`) and is shown to
// readers, and repaired in the database, as its escaped text: never a 500. Whatever a row holds
// (a BLOB, bytes that are not UTF-8, a body larger than any save makes), the minute cron repairs
// it into text D1 can keep, and never fails the rows beside it.
import { lt, sql } from 'drizzle-orm'
import { MAX_POST_CONTENT_CHARS } from '#shared/limits'
import { batch } from '#worker/db/query'
import { posts } from '#worker/db/schema'
import type { Ctx } from '#worker/context'
import { contentChanged } from '#worker/http/public-cache'
import { AppError } from '#worker/http/errors'
import { cleanHtml, HTML_POLICY_VERSION, htmlAsText, sanitizeHtml, UncleanHtml } from '#worker/lib/html'

const WORDS_PER_MINUTE = 200

/** Minutes to read an HTML body at 200 words a minute (SPEC §9), at least 1. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

const stored = (content: string) => ({
  content,
  htmlVersion: HTML_POLICY_VERSION,
  timeForReading: readingMinutes(content),
})

/**
 * What an editor's body is stored as: sanitised, with its version and reading time. A body the
 * allowlist cannot clean is refused (422 with a field error on `content`, in the caller's language).
 */
export async function cleanBody(html: string) {
  try {
    return stored(await cleanHtml(html))
  } catch (err) {
    if (!(err instanceof UncleanHtml)) throw err
    const message = err.reason === 'too_deep' ? 'posts_manage.content_too_deep' : 'posts_manage.content_unreadable'
    throw new AppError('validation', { fields: { content: [message] } })
  }
}

/** A body on its way to a reader: whatever wrote the row, only the allowlist leaves; what it cannot clean, as text. */
export async function readerBody(html: string): Promise<string> {
  try {
    return await sanitizeHtml(html)
  } catch (err) {
    if (err instanceof UncleanHtml) return htmlAsText(html)
    throw err
  }
}

/**
 * The most a repaired body may weigh in UTF-8: D1 keeps at most 2,000,000 bytes in one value (its
 * documented limit), and an update that writes more fails. A save never comes near it (at most
 * MAX_POST_CONTENT_CHARS characters, each written in 6 bytes at most); a row written some other
 * way can (a megabyte of "<" is 4 MB escaped).
 */
export const MAX_REPAIRED_BYTES = 1_900_000

const utf8Bytes = (s: string) => new TextEncoder().encode(s).byteLength

/** The first `n` UTF-16 units of `s`, not splitting a pair. */
const cut = (s: string, n: number) => (s.length <= n ? s : s.slice(0, /[\ud800-\udbff]/.test(s[n - 1]!) ? n - 1 : n))

/**
 * A stored body made what readers get (the cron, a restore): never refused, never a throw. What
 * cannot be cleaned, or would not fit in D1 once cleaned, is kept as the text of its first
 * MAX_POST_CONTENT_CHARS characters (what a save may hold; at most 6 bytes each escaped).
 */
async function repairedBody(html: string) {
  try {
    const clean = await cleanHtml(html)
    if (utf8Bytes(clean) <= MAX_REPAIRED_BYTES) return stored(clean)
  } catch {
    // cannot be cleaned: its text, below
  }
  return stored(htmlAsText(cut(html, MAX_POST_CONTENT_CHARS)))
}

/** Rows of a post snapshot (audit restore) cleaned like a save: an old snapshot may predate the allowlist. */
export async function cleanSnapshotRows<T extends Record<string, unknown>>(rows: T[]): Promise<T[]> {
  return Promise.all(
    rows.map(async (r) =>
      typeof r.content === 'string'
        ? { ...r, content: (await repairedBody(r.content)).content, html_version: HTML_POLICY_VERSION }
        : r,
    ),
  )
}

const BATCH = 50

/**
 * The data migration of 0011 (and of any later HTML_POLICY_VERSION): bodies cleaned with an
 * older version, or never, are sanitised and marked, BATCH a run (the minute cron, until none
 * is left; an indexed read of no row after that). A body an editor saved meanwhile is left to
 * that save (it carries the current version, and the update only matches the value it read).
 * Visitors' cached pages are purged.
 */
export async function cleanStoredPostHtml({
  env,
  db,
}: Pick<Ctx, 'env' | 'db'>): Promise<{ cleaned: number; changed: number }> {
  const stale = lt(posts.htmlVersion, HTML_POLICY_VERSION)
  const results = await db
    .select({
      id: posts.id,
      content: posts.content,
      // The value as SQLite holds it. The text D1 hands over is not always that value (a BLOB;
      // bytes that are not UTF-8, read as U+FFFD), and binding it back to find the row would
      // find nothing: the row would be read again every minute, or (a BLOB, bound as the array
      // the driver gave) fail the whole batch.
      kind: sql<string>`typeof(${posts.content})`,
      bytes: sql<number | null>`length(CAST(${posts.content} AS BLOB))`,
    })
    .from(posts)
    .where(stale)
    .limit(BATCH)
    .all()
  if (!results.length) return { cleaned: 0, changed: 0 }
  let changed = 0
  // Statements in `sql`, not the builder's update: that would also stamp updated_at (the editors'
  // "last update"), which a policy migration is not.
  const updates = await Promise.all(
    results.map(async (r) => {
      // The text read is the value itself when it is text that encodes back to the bytes held.
      const exact =
        r.kind === 'text' && r.content !== null && utf8Bytes(r.content) === r.bytes && !r.content.includes('\ufffd')
      const same = exact
        ? sql`content = ${r.content}`
        : sql`typeof(content) = ${r.kind} AND length(CAST(content AS BLOB)) IS ${r.bytes}`
      const clean = r.content === null ? null : await repairedBody(r.content)
      if (!clean || (exact && clean.content === r.content)) {
        return sql`UPDATE posts SET html_version = ${HTML_POLICY_VERSION}
                   WHERE id = ${r.id} AND html_version < ${HTML_POLICY_VERSION} AND ${same}`
      }
      changed++
      return sql`UPDATE posts SET content = ${clean.content}, html_version = ${clean.htmlVersion}, time_for_reading = ${clean.timeForReading}
                 WHERE id = ${r.id} AND html_version < ${clean.htmlVersion} AND ${same}`
    }),
  )
  await batch(db, updates)
  if (changed) await contentChanged(env)
  return { cleaned: results.length, changed }
}
