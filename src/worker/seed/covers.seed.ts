// Covers (issue 24 §5): a drawn picture for every demo route (one per route, both languages),
// post and plan, given only to rows without one, so an editor's own cover is never replaced.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { plans, posts, routes } from '#worker/db/schema'
import { content } from './content'

export async function seedCovers(db: Db, putCover: (key: string, variant: number) => Promise<void>) {
  const routeKeys = [...new Set(content.routes.map((r) => r.key))]
  for (const [i, key] of routeKeys.entries()) {
    const cover = `covers/route-${key}.png`
    await putCover(cover, i)
    for (const r of content.routes.filter((x) => x.key === key)) {
      await db
        .update(routes)
        .set({ images: { cover } })
        .where(and(eq(routes.slug, r.slug), eq(routes.language, r.language), isNull(routes.images)))
    }
  }
  for (const [i, p] of content.posts.entries()) {
    const cover = `covers/post-${p.language}-${p.slug}.png`
    await putCover(cover, i + 3)
    await db
      .update(posts)
      .set({ images: { cover } })
      .where(and(eq(posts.slug, p.slug), eq(posts.language, p.language), isNull(posts.images)))
  }
  for (const [i, p] of content.plans.entries()) {
    const cover = `covers/plan-${p.language}-${p.slug}.png`
    await putCover(cover, i + 1)
    await db
      .update(plans)
      .set({ images: { cover } })
      .where(and(eq(plans.slug, p.slug), eq(plans.language, p.language), isNull(plans.images)))
  }
}
