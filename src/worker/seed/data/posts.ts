import { postsEn } from './posts-en'
import { postsEs } from './posts-es'
import type { SeedPost } from './types'

// ---------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------

/**
 * Media only articles use (seed/media): a 57-second 4-7-8 breathing pacer without words (a circle
 * grows for 4 s, stays 7 s, shrinks for 8 s; made once with ffmpeg's lavfi, 57 KB of H.264), the
 * same in both languages.
 */
export const postMediaFiles: string[] = ['breathing-4-7-8.mp4']

/** All posts, Spanish first. */
export const posts: SeedPost[] = [...postsEs, ...postsEn]
