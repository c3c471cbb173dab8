// Blog: posts, post categories, related posts and routes.
// One domain of the D1 schema; ../schema.ts re-exports it and states the conventions.

import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  ts,
  createdAt,
  updatedAt,
  bool,
  json,
  id,
  contentStatus,
  anyText,
  type Images,
  type MediaRef,
  belongsTo,
  linksTo,
  slugged,
  slugPerLanguage,
} from './columns'
import { routes } from './content'
import { users } from './users'

// ═════════════════════════════════════════════════════════════════════════════════════════════
// Blog (SPEC §3 "Post", "Post category")
// ═════════════════════════════════════════════════════════════════════════════════════════════

export const postCategories = sqliteTable(
  'post_categories',
  {
    ...slugged(),
    createdAt: createdAt(),
  },
  (t) => [slugPerLanguage('post_categories', t)],
)

export const posts = sqliteTable(
  'posts',
  {
    ...slugged(),
    description: text('description'),
    /** HTML; h2/h3 headings build the table of contents (SPEC §2). Allowlisted (lib/html.ts). */
    content: anyText('content'),
    /** The HTML_POLICY_VERSION `content` was last sanitised with; 0: not yet (the minute cron cleans it). */
    htmlVersion: integer('html_version').notNull().default(0),
    status: contentStatus(),
    tag: text('tag'),
    tags: json<string[]>('tags'),
    quality: integer('quality'),
    /** Minutes, at 200 words per minute (SPEC §9). */
    timeForReading: integer('time_for_reading'),
    categoryId: linksTo('category_id', () => postCategories.id),
    author: text('author'),
    /** Whether search engines may index the post and it goes in the sitemap. */
    index: bool('index').notNull().default(true),
    images: json<Images>('images'),
    audios: json<MediaRef[]>('audios'),
    videos: json<MediaRef[]>('videos'),
    publishedAt: ts('published_at'),
    createdBy: linksTo('created_by', () => users.id),
    /** Soft delete: the slug then shows the deleted-article page (SPEC §2) instead of not-found. */
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(), // "last update" (SPEC §2)
  },
  (t) => [
    slugPerLanguage('posts', t),
    index('posts_language_status_published_idx').on(t.language, t.status, t.publishedAt),
    index('posts_html_version_idx').on(t.htmlVersion),
  ],
)

/** Related posts. SPEC §5 "A post cannot be correlated with itself". Store one row per direction
 *  or query both columns; the pair is unique either way. */
export const postCorrelations = sqliteTable(
  'post_correlations',
  {
    id: id(),
    postId: belongsTo('post_id', () => posts.id),
    relatedPostId: belongsTo('related_post_id', () => posts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_correlations_pair_uq').on(t.postId, t.relatedPostId),
    index('post_correlations_related_idx').on(t.relatedPostId),
    check('post_correlations_not_self', sql`post_id <> related_post_id`),
  ],
)

/** Routes related to a post (SPEC §3 "related routes"). */
export const postRoutes = sqliteTable(
  'post_routes',
  {
    id: id(),
    postId: belongsTo('post_id', () => posts.id),
    routeId: belongsTo('route_id', () => routes.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('post_routes_pair_uq').on(t.postId, t.routeId), index('post_routes_route_idx').on(t.routeId)],
)

// ── Row types ───────────────────────────────────────────────────────────────────────────────

export type PostCategory = typeof postCategories.$inferSelect
export type Post = typeof posts.$inferSelect
export type NewPost = typeof posts.$inferInsert
