// The demo articles (SPEC §3 "Post") with their related routes, stored already cleaned (the
// current HTML policy), so the cron never has to clean them again.
import type { Db } from '#worker/db/client'
import { postRoutes, posts } from '#worker/db/schema'
import { HTML_POLICY_VERSION } from '#worker/lib/html'
import { content, insertNew, type IdOf, type SeedReport } from './content'

const WORDS_PER_MINUTE = 200 // SPEC §9 reading speed

export async function seedPosts(
  db: Db,
  report: SeedReport,
  postCategoryId: (slug: string, language: string) => number | null,
  routeIdByKey: IdOf,
) {
  for (const p of content.posts) {
    const words = p.content
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length
    const postId = await insertNew(db, posts, {
      language: p.language,
      slug: p.slug,
      title: p.title,
      description: p.description,
      content: p.content,
      // Already what the allowlist keeps (test/security/html.test.ts proves it for every seeded body).
      htmlVersion: HTML_POLICY_VERSION,
      tag: p.tag,
      tags: p.tags,
      categoryId: postCategoryId(p.category, p.language),
      author: p.author,
      timeForReading: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
      publishedAt: new Date(p.published_at),
      audios: p.audios ?? null,
      videos: p.videos ?? null,
    })
    if (!postId) continue
    report.posts++
    const related = p.related_route_keys
      .map((k) => routeIdByKey(k, p.language))
      .filter((x): x is number => x !== undefined)
    if (related.length)
      await db
        .insert(postRoutes)
        .values(related.map((routeId) => ({ postId, routeId })))
        .onConflictDoNothing()
  }
}
