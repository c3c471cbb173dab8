// The blog (SPEC §2 "/blog and /post/{slug}").
import { page } from '#shared/pages'

export const postsPages = {
  blog: page('/blog', 'public', 'pages.blog', () => import('./Blog')),
  post: page('/post/:slug', 'public', 'pages.post', () => import('./Post')),
  // Also what a deleted post's own URL answers, with 410 (worker/features/posts/posts.pages.ts).
  postDeleted: page('/post-deleted', 'public', 'pages.post_deleted', () => import('./DeletedPost'), { noindex: true }),
}
