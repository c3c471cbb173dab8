// Writes of the blog editors: posts, correlations, categories (CONVENTIONS 3).
import { and, asc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '#worker/db/client'
import { categoryRows } from '#worker/db/by-id'
import { correlatedWith } from './posts.repo'
import { postCategories, postCorrelations, posts, type NewPost, type Post } from '#worker/db/schema'

/** A post that is not deleted (any status). */
export const findLivePost = (db: Db, id: number): Promise<Post | undefined> =>
  db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), sql`${posts.deletedAt} IS NULL`))
    .get()
export const insertPost = (db: Db, values: NewPost) => db.insert(posts).values(values).returning().get()
export const updatePost = (db: Db, id: number, patch: Partial<NewPost>) =>
  db
    .update(posts)
    .set(patch)
    .where(and(eq(posts.id, id), sql`${posts.deletedAt} IS NULL`))
    .returning()
    .get()

/** Mark deleted (the address keeps answering the deleted-article page); false when already gone. */
export async function markPostDeleted(db: Db, id: number, now: Date) {
  const row = await db
    .update(posts)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(posts.id, id), sql`${posts.deletedAt} IS NULL`))
    .returning({ id: posts.id })
    .get()
  return !!row
}

/** Related posts of a post, in both directions, live ones only. */
export function correlationsOf(db: Db, postId: number) {
  const correlated = correlatedWith(postId)
  return db
    .select({ id: posts.id, slug: posts.slug, title: posts.title, language: posts.language })
    .from(postCorrelations)
    .innerJoin(posts, correlated.join)
    .where(and(correlated.where, sql`${posts.deletedAt} IS NULL`))
    .orderBy(asc(posts.title))
    .all()
}

/**
 * One row per pair, stored low id first, so (a, b) and (b, a) are the same pair for the unique
 * index: false when it exists already.
 */
export async function insertCorrelation(db: Db, a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a]
  const row = await db
    .insert(postCorrelations)
    .values({ postId: low, relatedPostId: high })
    .onConflictDoNothing()
    .returning({ id: postCorrelations.id })
    .get()
  return !!row
}

export async function deleteCorrelation(db: Db, a: number, b: number) {
  const row = await db
    .delete(postCorrelations)
    .where(
      or(
        and(eq(postCorrelations.postId, a), eq(postCorrelations.relatedPostId, b)),
        and(eq(postCorrelations.postId, b), eq(postCorrelations.relatedPostId, a)),
      ),
    )
    .returning({ id: postCorrelations.id })
    .get()
  return !!row
}

/** Post categories: by id, and a language's page (GET /v1/post/category). */
export const postCategoryRows = categoryRows(postCategories)
