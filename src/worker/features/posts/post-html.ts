// Post bodies through the HTML allowlist (issue 20 §4; lib/html.ts): on save, on every read for
// a reader, on restore, and the cleaning of rows stored under an older allowlist (migration 0011,
// HTML_POLICY_VERSION). A body the allowlist cannot clean (issue 32 §1: the parser cannot read
// it, it nests too deep) is refused on save (422, a field error on `content`) and is shown to
// readers, and repaired in the database, as its escaped text: never a 500.
import { lt, sql } from 'drizzle-orm'
import { getDb } from '#worker/db/client'
import { batch } from '#worker/db/query'
import { posts } from '#worker/db/schema'
import type { Env } from '#worker/env'
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

/** A stored body made what readers get (the cron, a restore): never refused, never a throw. */
async function repairedBody(html: string) {
  try {
    return stored(await cleanHtml(html))
  } catch {
    return stored(htmlAsText(html))
  }
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
 * that save (the update only matches the text it read). Visitors' cached pages are purged.
 */
export async function cleanStoredPostHtml(env: Env): Promise<{ cleaned: number; changed: number }> {
  const db = getDb(env.DB)
  const stale = lt(posts.htmlVersion, HTML_POLICY_VERSION)
  const results = await db.select({ id: posts.id, content: posts.content }).from(posts).where(stale).limit(BATCH).all()
  if (!results.length) return { cleaned: 0, changed: 0 }
  let changed = 0
  // Statements in `sql`, not the builder's update: that would also stamp updated_at (the editors'
  // "last update"), which a policy migration is not.
  const updates = await Promise.all(
    results.map(async (r) => {
      const clean = r.content === null ? null : await repairedBody(r.content)
      if (!clean || clean.content === r.content) {
        return sql`UPDATE posts SET html_version = ${HTML_POLICY_VERSION}
                   WHERE id = ${r.id} AND html_version < ${HTML_POLICY_VERSION} AND content IS ${r.content}`
      }
      changed++
      return sql`UPDATE posts SET content = ${clean.content}, html_version = ${clean.htmlVersion}, time_for_reading = ${clean.timeForReading}
                 WHERE id = ${r.id} AND html_version < ${clean.htmlVersion} AND content = ${r.content}`
    }),
  )
  await batch(db, updates)
  if (changed) await contentChanged(env)
  return { cleaned: results.length, changed }
}
