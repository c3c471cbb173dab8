// Covers (issue 24 §5): a drawn picture for every demo route (one per route, both languages),
// post and plan, given only to rows without one, so an editor's own cover is never replaced.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { plans, posts, routes } from '#worker/db/schema'
import { content } from './content'

export async function seedCovers(db: Db, putCover: (key: string, variant: number) => Promise<void>) {
  /** The cover goes to the row of `table` with this slug and language, unless it has one. */
  const giveCover = (
    table: typeof routes | typeof posts | typeof plans,
    row: { slug: string; language: 'es' | 'en' },
    cover: string,
  ) =>
    db
      .update(table as typeof routes)
      .set({ images: { cover } })
      .where(and(eq(table.slug, row.slug), eq(table.language, row.language), isNull(table.images)))
  const routeKeys = [...new Set(content.routes.map((r) => r.key))]
  for (const [i, key] of routeKeys.entries()) {
    const cover = `covers/route-${key}.png`
    await putCover(cover, i)
    for (const r of content.routes.filter((x) => x.key === key)) await giveCover(routes, r, cover)
  }
  for (const [i, p] of content.posts.entries()) {
    const cover = `covers/post-${p.language}-${p.slug}.png`
    await putCover(cover, i + 3)
    await giveCover(posts, p, cover)
  }
  for (const [i, p] of content.plans.entries()) {
    const cover = `covers/plan-${p.language}-${p.slug}.png`
    await putCover(cover, i + 1)
    await giveCover(plans, p, cover)
  }
}
